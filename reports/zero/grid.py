"""Zero's rule space: the grid's combinations computed with the work shared between them
(``reports/core/grid.py`` says what a grid is and gives).

Besides its rules Zero's grid varies the preset (``--vary rules``: stated, published), the
rules' changes applying over each. **What is shared.** A task is every combination of one
shoe, one dealer drawing rule (the shoe states the kernels memoize) and one DAS rule; within
it each distinct set of play rules (``PlayRules``: all but what a Zero Pair and ten-valued
trips pay) is evaluated once: optimal play under every split rule from two kernel runs
(``evaluate_split_rules``: never split, split every total), the best total-dependent chart
derived for each (``derive_best_charts``: at each derivation step the split rules whose
charts still agree share one kernel run) and evaluated in one run each, and every preset and
payout re-prices them
(``PlayResult.price``); the SD's distribution is likewise one per set of play rules
(``outcome_distributions``). The numbers are those of one ``zero.edge`` call per combination
(the tests compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardedge.analysis.core.rules import Choice
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import outcome_distributions
from cardedge.analysis.zero.round import all_but_splitting, evaluate_play, evaluate_split_rules
from cardedge.analysis.zero.rules import (
    PRESETS,
    RULES,
    ZeroRules,
    distinct_play_rules,
    preset,
    rules_note,
)
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.reports.core.grid import (
    GridColumns,
    GridPlan,
    GridValues,
    grid_notes,
    rule_kinds,
)
from cardedge.reports.core.render import Table
from cardedge.strategy.zero.charts import derive_best_charts

PRESET_AXIS = "rules"
"""Zero's own axis: the rule preset (``--vary rules``)."""


def kinds() -> dict:
    """The rules ``--vary`` takes, by name: the preset, then every rule."""
    return rule_kinds(RULES, {PRESET_AXIS: Choice(PRESETS)})


@dataclass(frozen=True)
class ZeroBase:
    """A Zero grid's base setup: the preset and the rules changed over it (``changes``)."""

    preset: str
    changes: dict

    def rules(self, values: dict[str, object] | None = None) -> ZeroRules:
        """The rules of the base preset, or of ``values['rules']``, with the changes and then
        ``values`` (a combination's varied rules) over it."""
        values = dict(values or {})
        name = values.pop(PRESET_AXIS, self.preset)
        return preset(name).with_(**{**self.changes, **values})

    def values(self) -> dict[str, object]:
        """Each axis' value in the base setup (the first value of one varied without a list)."""
        rules = self.rules()
        return {PRESET_AXIS: self.preset, **{name: getattr(rules, name) for name in RULES.names}}


def identity(base: ZeroBase) -> dict:
    """The base setup as JSON-ready text (a grid's manifest)."""
    rules = base.rules()
    return {
        PRESET_AXIS: base.preset,
        **{r.name: r.kind.text(getattr(rules, r.name)) for r in RULES},
    }


@dataclass(frozen=True)
class GridTask:
    """The combinations one worker computes together: one shoe, one dealer drawing rule, one
    DAS rule."""

    shoe: Shoe
    rules: tuple[ZeroRules, ...]
    rows: tuple[int, ...]
    """The grid's row number of each rule set."""
    columns: GridColumns


def grid_tasks(base: ZeroBase, plan: GridPlan, columns: GridColumns) -> list[GridTask]:
    """The grid's combinations grouped by shoe and by their kernel record but which totals split
    (``all_but_splitting``: one task's rule sets share its shoe states and split runs, and a
    new rule parts them by construction), a task per group to spread over a cluster, each
    shoe checked big enough for every rule set (ValueError naming the shoe if not)."""
    groups: dict[tuple, list[tuple[int, ZeroRules]]] = {}
    for combo in plan.combinations():
        rules = base.rules(plan.values(combo))
        check_shoe(plan.shoes[combo[0]], rules)
        key = (combo[0], all_but_splitting(rules))
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
    plays = distinct_play_rules(task.rules)
    if task.columns.basic:
        # the split rules' charts derived together, a kernel run per step shared while they
        # agree (``derive_best_charts``): the charts a call each derives, bit for bit
        charts = {p: c for p, (c, _) in derive_best_charts(plays, task.shoe).items()}
    if len(plays) > 1:
        # optimal play under every split rule from two kernel runs (``evaluate_split_rules``)
        optimal = evaluate_split_rules(plays, task.shoe)
    else:
        optimal = {plays[0]: evaluate_play(plays[0], task.shoe)}
    played = {}
    for play in plays:
        played[play] = [optimal[play]]
        if task.columns.basic:
            played[play].append(evaluate_play(play, task.shoe, charts[play].policy()))
    sds: Sequence[float]
    if task.columns.sd:
        sds = [o.std for o in outcome_distributions(task.rules, task.shoe)]
    else:
        sds = [float("nan")] * len(task.rules)
    out = []
    for rules, sd in zip(task.rules, sds, strict=True):
        optimal, *basic = played[rules.play_rules()]
        out.append(
            GridValues(
                optimal.price(rules).house_edge_percent,
                basic[0].price(rules).house_edge_percent if basic else float("nan"),
                sd,
            )
        )
    return out


def _payouts_note(base: ZeroBase, varied: set[str]) -> str:
    """What the grid's presets pay a Zero Pair and ten-valued trips, from the rules played:
    each row's own columns when a payout varies."""
    if varied & {"zero_pair_pays", "trips_pays"}:
        return (
            "What a Zero Pair and ten-valued trips pay: each row's columns (the preset's "
            "where a payout is not varied)."
        )
    names = PRESETS if PRESET_AXIS in varied else (base.preset,)
    return rules_note({name: base.rules({PRESET_AXIS: name}) for name in names})


def grid_table(base: ZeroBase, plan: GridPlan, rows: list[dict], columns: GridColumns) -> Table:
    """The grid as a table: the fixed rules and shoe in the title, one row per combination."""
    varied = {a.name for a in plan.axes}
    rules = base.rules()
    fixed = [] if PRESET_AXIS in varied else [f"{base.preset} rules"]
    # with the preset varied, trips are fixed only when a change sets them
    unset = {"trips_pays"} if PRESET_AXIS in varied and "trips_pays" not in base.changes else set()
    fixed += [w for rule in RULES if rule.name not in varied | unset and (w := rule.title(rules))]
    where = "; ".join(dict.fromkeys(s.title() for s in plan.shoes))
    title = f"Zero rule space: house edge (%) of {plan.shown_size} combinations, {where}"
    if fixed:
        title += f"; fixed: {', '.join(fixed)}"
    notes = [
        *grid_notes(columns),
        *(
            ["basic: the best total-dependent chart derived for each combination's play rules."]
            if columns.basic
            else []
        ),
        _payouts_note(base, varied),
    ]
    keys = {"rules": base.preset, "varied": ", ".join(a.name for a in plan.axes)}
    digits = {"sd": 6, "additive_error_percent": 6}
    return Table(title, rows, notes, digits=digits, default_digits=4, keys=keys)
