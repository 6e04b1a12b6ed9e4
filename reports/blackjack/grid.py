"""Blackjack's rule space: the grid's combinations computed with the work shared between them
(``reports/core/grid.py`` says what a grid is and gives).

**What is shared.** A task is every combination of one shoe and one way of playing unsplit
hands (the rules record less what split hands alone read, ``TotalRows.rule_key``; the
dealer's record is in it): one ``ShoeAnalysis``, whose dealer outcome rows, stand EVs and
split hands' values every other rule's ``variant`` reuses, each kept under the part of the
rules record it reads (``analysis.blackjack.sharing``). Each combination is evaluated under
its own rules, optimal play and the basic strategy chart derived for it (and the SD's
distribution when asked), the chart's hard and soft rows shared by every set that plays
unsplit hands alike (``TotalRows``: splitting rules change only its pairs). A natural's
payout is not re-priced from another evaluation: the round's sum is made under each payout,
so the numbers are those of one ``blackjack.edge`` call per combination, bit for bit
(tests/test_sharing.py: re-pricing a 3:2 evaluation at 6:5 was 9 ulps from a 6:5 call).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from cardedge.analysis.blackjack.outcomes import Outcomes, distribution_of
from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.reports.blackjack.strategy import SPLIT_CONVENTION, analysis_for
from cardedge.reports.core.grid import (
    GridColumns,
    GridPlan,
    GridValues,
    grid_notes,
    rule_kinds,
)
from cardedge.reports.core.render import Table
from cardedge.strategy.blackjack.charts import (
    TotalRows,
    basic_strategy,
    policy_from_chart,
    strategy_policy,
    total_rows,
)

DISTRIBUTION_PAYOUT = "3:2"
"""The natural's payout that keys a grid's shared net distribution (``Outcomes.priced`` gives
it at any other)."""


def kinds() -> dict:
    """The rules ``--vary`` takes, by name."""
    return rule_kinds(RULES)


def base_values(rules: BlackjackRules) -> dict[str, object]:
    """Each rule's value in the base rules (the first value of a rule varied without a list)."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)}


def identity(base: BlackjackRules) -> dict:
    """The base rules as JSON-ready text (a grid's manifest)."""
    return {r.name: r.kind.text(getattr(base, r.name)) for r in RULES}


def combination_rules(base: BlackjackRules, plan: GridPlan, combo: Sequence[int]) -> BlackjackRules:
    """The rules of one combination: the base rules with the combination's values."""
    return base.with_(**plan.values(combo))


@dataclass(frozen=True)
class GridTask:
    """The combinations one worker computes together: one shoe, one way of playing unsplit
    hands (hence one dealer)."""

    shoe: Shoe
    rules: tuple[BlackjackRules, ...]
    rows: tuple[int, ...]
    """The grid's row number of each rule set."""
    columns: GridColumns


def grid_tasks(base: BlackjackRules, plan: GridPlan, columns: GridColumns) -> list[GridTask]:
    """The grid's combinations grouped by shoe and what unsplit hands read of the rules record
    (``TotalRows.rule_key``: the dealer's record and a basic chart's hard and soft rows; a new
    rule parts the groups by construction), in row order of each group's first combination: a
    task per group, small enough to spread over a cluster, large enough to share its dealer
    and rows."""
    groups: dict[tuple, list[tuple[int, BlackjackRules]]] = {}
    for combo in plan.combinations():
        rules = combination_rules(base, plan, combo)
        key = (combo[0], TotalRows.rule_key(rules))
        groups.setdefault(key, []).append((plan.index(combo), rules))
    return [
        GridTask(
            plan.shoes[key[0]],
            tuple(r for _, r in members),
            tuple(i for i, _ in members),
            columns,
        )
        for key, members in groups.items()
    ]


def compute_task(task: GridTask) -> list[GridValues]:
    """The numbers of each combination of ``task`` (``GridValues``), in its order."""
    a0 = analysis_for(task.rules[0], task.shoe)
    totals: dict[tuple, TotalRows] = {}
    dists: dict[BlackjackRules, Outcomes] = {}
    out = []
    for rules in task.rules:
        # each combination evaluated under its own rules, as a single edge call is: what it
        # shares with the others (dealer rows, play contexts, chart rows) comes from keys of
        # the analysis' own, so its numbers are the single call's bit for bit
        a = a0 if rules == task.rules[0] else a0.variant(**base_values(rules))
        policy = strategy_policy("optimal", a)
        optimal = a.evaluate(policy)
        basic = None
        if task.columns.basic:
            key = TotalRows.key_of(a)
            if key not in totals:
                totals[key] = total_rows(a)
            chart = basic_strategy(a, totals=totals[key])
            basic = a.evaluate(policy_from_chart(chart, a.rules, "basic"))
        sd = float("nan")
        if task.columns.sd:
            # the net distribution's probabilities do not depend on the natural's payout, only
            # the natural's net does: one distribution per play, priced (the same bits)
            play = rules.with_(natural=DISTRIBUTION_PAYOUT)
            if play not in dists:
                dists[play] = distribution_of(a, policy, optimal)
            sd = dists[play].priced(rules).std
        out.append(
            GridValues(
                optimal.house_edge_percent,
                basic.house_edge_percent if basic is not None else float("nan"),
                sd,
            )
        )
    return out


def grid_table(
    base: BlackjackRules, plan: GridPlan, rows: list[dict], columns: GridColumns
) -> Table:
    """The grid as a table: the fixed rules and shoe in the title, one row per combination."""
    fixed = _fixed_words(base, {a.name for a in plan.axes})
    where = "; ".join(dict.fromkeys(s.title() for s in plan.shoes))
    title = f"Blackjack rule space: house edge (%) of {plan.shown_size} combinations, {where}"
    if fixed:
        title += f"; fixed: {', '.join(fixed)}"
    notes = [*grid_notes(columns), SPLIT_CONVENTION + "."]
    keys = {"rules": base.words(), "varied": ", ".join(a.name for a in plan.axes)}
    digits = {"sd": 6, "additive_error_percent": 6}
    return Table(title, rows, notes, digits=digits, default_digits=4, keys=keys)


def _fixed_words(base: BlackjackRules, varied: set[str]) -> list[str]:
    """The title words of every rule not varied."""
    return [
        words
        for rule in RULES
        if rule.name not in varied and (words := rule.title(base)) is not None
    ]
