"""Zero, the blackjack/baccarat hybrid, from Python: ``cardedge zero CMD --option V`` is
``cardedge.zero.CMD(option=V)`` (``pays`` besides the shared commands), and ``Rules``,
``rules("published")``, ``shoe(6)``, ``evaluate``, ``basic_chart``... reach the objects
underneath under the names ``cardedge.blackjack`` uses (conventions: ``cardedge.api.core``).

Examples:
    >>> import cardedge.zero as zero
    >>> table = zero.edge(decks=6, rules="published")  # doctest: +SKIP
    >>> table.rows()[0]["house_edge_percent"]  # doctest: +SKIP
    2.2637009546182045
"""

from typing import TYPE_CHECKING

from cardedge.api.core import lazy_exports
from cardedge.api.zero import (
    CLASSES,
    basic_chart,
    chart,
    compare,
    count,
    edge,
    eor,
    evaluate,
    evaluate_chart,
    exceptions,
    grid,
    hands,
    indices,
    load_chart,
    pays,
    policy,
    report,
    returns,
    rules,
    shoe,
    simulate,
    solve,
    study,
    variants,
)

if TYPE_CHECKING:  # imported when first used (``lazy_exports``): no kernels on import
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.policy import OPTIMAL_POLICY as OPTIMAL
    from cardedge.analysis.zero.round import RoundResult
    from cardedge.analysis.zero.rules import ZeroRules as Rules
    from cardedge.reports.core.render import Table, Tables, render_many
    from cardedge.strategy.zero.charts import ZeroChart as Chart

# Written out, not computed, so that editors, type checkers and the documentation see them;
# tests/test_api.py checks the list against the API's COMMANDS, OBJECTS and classes.
# fmt: off
__all__ = [
    "edge", "grid", "solve", "hands", "returns", "eor", "count", "compare", "variants",
    "simulate", "report", "chart", "exceptions", "indices", "study", "pays",
    "rules", "shoe", "evaluate", "policy", "basic_chart", "evaluate_chart", "load_chart",
    "Shoe", "Table", "Tables", "render_many", "Rules", "Chart", "RoundResult", "OPTIMAL",
]
# fmt: on
__getattr__, __dir__, _classes = lazy_exports(__name__, CLASSES)
