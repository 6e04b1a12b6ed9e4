"""Zero, the blackjack/baccarat hybrid, from Python: ``cardedge zero CMD --option V`` is
``cardedge.zero.CMD(option=V)`` (``pays`` besides the shared commands), and ``Rules``,
``rules("published", 6)``, ``evaluate``, ``basic_chart``... reach the objects underneath under
the names ``cardedge.blackjack`` uses (conventions: ``cardedge.api.core``).

Example:
    >>> import cardedge.zero as zero
    >>> table = zero.edge(decks=6, rules="published")  # doctest: +SKIP
    >>> table.rows()[0]["house_edge_percent"]  # doctest: +SKIP
    2.2637009546182045
"""

from cardedge.api.core import lazy_exports
from cardedge.api.zero import *  # noqa: F403 (the commands' and the objects' functions)
from cardedge.api.zero import CLASSES, COMMANDS  # noqa: F401
from cardedge.api.zero import __all__ as _functions

__getattr__, __dir__, _classes = lazy_exports(__name__, CLASSES)
__all__ = [*_functions, *_classes]
