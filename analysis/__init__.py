"""cardedge analysis: exact, enumeration-based evaluators for Zero and blackjack.

Layers, in data-flow order: ``cards``/``shoe`` (shared), then per game ``rules`` ->
``dealer`` -> ``player`` -> ``round`` -> ``tables``. ``strategy`` builds on this package,
never the reverse.
"""

# Before any kernel module: cached kernels load without numba's compiler-only refresh.
from cardedge.analysis.core import cache_load  # noqa: F401, E402
