"""The exact evaluators of Zero and blackjack: every number is summed over every deal.

``core``: ranks and point values (``cards``), the shoe (``shoe``), memo keys (``memo``), count
systems with their data files (``counts``), true-count compositions (``indices``), and the cached
kernels' loader (``cache_load``). Per game (``zero``, ``blackjack``), in data-flow order:
``rules`` -> ``dealer`` -> ``player`` -> ``split`` -> ``round`` -> ``outcomes``, with the
``actions`` enum, the ``policy`` the evaluator plays, ``shoes`` (the smallest shoe the rules
need) and ``reference``, the slow twin in exact fractions. ``strategy`` builds on this package,
never the reverse.
"""

# Before any kernel module: cached kernels load without numba's compiler-only refresh.
from cardedge.analysis.core import cache_load  # noqa: F401, E402
