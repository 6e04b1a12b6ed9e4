"""Blackjack's payout for a target house edge (``reports/core/solve.py``): the natural's."""

from __future__ import annotations

from fractions import Fraction

from cardedge.analysis.blackjack.rules import RULES, SPLIT_CONVENTION, BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.errors import BadValue
from cardedge.reports.blackjack.strategy import analysis_for, row_keys
from cardedge.reports.core.render import Table
from cardedge.reports.core.solve import ladder_payouts, solution_table, solve_payout
from cardedge.strategy.blackjack.charts import strategy_policy

PAYS: tuple[str, ...] = ("natural",)
"""The payouts ``solve`` finds: the natural's (a natural is settled at once)."""


def solve_table(
    rules: BlackjackRules, shoe: Shoe, strategy: str, pay: str, target: float, ladder=None
) -> Table:
    """The natural's payout at which the house edge (percent of the initial wager) under
    ``strategy`` (optimal: CDZ-; basic: the chart derived for these rules) is ``target``, and
    the nearest ``ladder`` payouts on each side (``reports/core/solve.py``)."""
    if pay not in PAYS:
        raise BadValue(
            "pay", f"{pay!r} is not a payout solve finds (choose from {', '.join(PAYS)})"
        )
    a = analysis_for(rules, shoe)
    policy = strategy_policy(strategy, a)
    result = a.evaluate(policy)

    def edge_at(payout: Fraction) -> float:
        return -100.0 * result.ev_at_natural(float(payout))

    solution = solve_payout(edge_at, target, ladder=ladder_payouts(ladder))
    others = [w for r in RULES if r.name != pay and (w := r.title(rules)) is not None]
    title = (
        f"Blackjack: the natural's payout for a {target:g}% house edge, {policy.name} play: "
        f"{', '.join([shoe.title(), *others])}"
    )
    notes = [
        "house_edge_percent: percent of the initial wager, positive for the house.",
        SPLIT_CONVENTION + ".",
    ]
    return solution_table(solution, "natural", title, row_keys(rules, shoe, policy.name), notes)
