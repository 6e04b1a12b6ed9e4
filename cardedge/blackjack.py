"""European blackjack from Python: each ``cardedge blackjack`` command is a function of the
same name (``dealer`` too) taking its options as keywords, e.g. ``edge(decks=6, peek=True)``;
the objects underneath (``Rules``, ``Chart``, ``evaluate``, ``policy``...) carry the names
``cardedge.zero`` gives them. How keywords, results and progress work: ``cardedge.api.core``.

Examples:
    >>> import cardedge.blackjack as blackjack
    >>> table = blackjack.edge(decks=6, peek=True)  # doctest: +SKIP
    >>> table.rows()[0]["house_edge_percent"]  # doctest: +SKIP
    0.40287023611541156
"""

from typing import TYPE_CHECKING

from cardedge.api.blackjack import (
    CLASSES,
    basic_chart,
    chart,
    compare,
    count,
    dealer,
    edge,
    eor,
    evaluate,
    evaluate_chart,
    exceptions,
    grid,
    hands,
    indices,
    load_chart,
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
from cardedge.api.core import lazy_exports

if TYPE_CHECKING:  # imported when first used (``lazy_exports``): no kernels on import
    from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY as OPTIMAL
    from cardedge.analysis.blackjack.round import RoundResult
    from cardedge.analysis.blackjack.rules import BlackjackRules as Rules
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.reports.core.render import Table, Tables, render_many
    from cardedge.strategy.blackjack.charts import Chart as Chart

# Written out, not computed, so that editors, type checkers and the documentation see them;
# tests/test_api.py checks the list against the API's COMMANDS, OBJECTS and classes.
# fmt: off
__all__ = [
    "edge", "grid", "solve", "hands", "returns", "eor", "count", "compare", "variants",
    "simulate", "report", "chart", "exceptions", "indices", "study", "dealer",
    "rules", "shoe", "evaluate", "policy", "basic_chart", "evaluate_chart", "load_chart",
    "Shoe", "Table", "Tables", "render_many", "Rules", "Chart", "RoundResult", "OPTIMAL",
]
# fmt: on
__getattr__, __dir__, _classes = lazy_exports(__name__, CLASSES)
