"""European blackjack from Python: each ``cardedge blackjack`` command is a function of the
same name (``dealer`` too) taking its options as keywords, e.g. ``edge(decks=6, peek=True)``;
the objects underneath (``Rules``, ``Chart``, ``evaluate``, ``policy``...) carry the names
``cardedge.zero`` gives them. How keywords, results and progress work: ``cardedge.api.core``.

Example:
    >>> import cardedge.blackjack as blackjack
    >>> table = blackjack.edge(decks=6, peek=True)  # doctest: +SKIP
    >>> table.rows()[0]["house_edge_percent"]  # doctest: +SKIP
    0.40287023611541156
"""

from cardedge.api.blackjack import *  # noqa: F403 (the commands' and the objects' functions)
from cardedge.api.blackjack import CLASSES, COMMANDS  # noqa: F401
from cardedge.api.blackjack import __all__ as _functions
from cardedge.api.core import lazy_exports

__getattr__, __dir__, _classes = lazy_exports(__name__, CLASSES)
__all__ = [*_functions, *_classes]
