"""Zero strategy tables: charts, exceptions, return tables, per-hand EVs, decks, EOR, variants."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.outcomes import Outcomes, outcome_distributions
from cardedge.analysis.zero.round import deal_probabilities, evaluate_round, evaluate_rules
from cardedge.analysis.zero.rules import (
    RULES,
    ZeroRules,
    distinct_play_rules,
    preset,
    preset_name,
    rules_note,
)
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.core.progress import Progress
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import DERIVED_CHART_NOTE
from cardedge.reports.zero import edge as zero_reports
from cardedge.reports.zero.edge import (
    BASIC_NOTE,
    _identity,
    preset_names,
    setup_keys,
    table_keys,
)
from cardedge.strategy.zero.charts import (
    LEGEND,
    UP_LABELS,
    UP_ORDER,
    ZeroChart,
    best_chart,
    published_chart,
    resolve,
)


def chart_table(
    chart: ZeroChart,
    rules: ZeroRules,
    shoe: Shoe,
    edge_percent: float | None = None,
) -> Table:
    """The chart for a person: rows two-card totals, split pairs, three-card totals; columns up.

    ``edge_percent``: the house edge when every hand follows the chart under ``rules``, dealt
    from ``shoe`` (a shoe other than a fresh one is named).
    """
    name = preset_name(rules)
    title = f"Zero {chart.name} strategy chart, {rules.describe(shoe)}"
    notes = [LEGEND + "; up card 0 is any ten-valued card."]
    if edge_percent is not None:
        notes.append(
            f"House edge under the {name} rules when every hand follows this chart: "
            f"{edge_percent:.4f}%."
        )
        notes.append(rules_note({name: rules}))
    keys = setup_keys(shoe, name, chart.name, edge=edge_percent is not None, played={name: rules})
    return Table(title, chart.frame(), notes, keys=keys)


def strategy_chart(
    rules: ZeroRules, shoe: Shoe, strategy: str = "basic"
) -> tuple[Table, ZeroChart]:
    """The chart of ``strategy`` as a table with its exact edge, and the chart itself.

    For 'basic' and 'published' the notes give the other chart's edge and the cells that differ.
    ``shoe`` deals the round; 'basic' is the chart derived for that shoe.
    """
    shoe = check_shoe(shoe, rules)
    label, policy, chart = resolve(strategy, rules, shoe)
    if chart is None:
        raise ValueError("optimal play has no chart; give basic, published or a chart file")
    edge = evaluate_round(rules, shoe, policy).house_edge_percent
    table = chart_table(chart, rules, shoe, edge)
    if label in ("basic", "published"):
        other = published_chart() if label == "basic" else best_chart(rules, shoe)
        diffs = chart.differences(other)
        other_edge = evaluate_round(rules, shoe, other.policy()).house_edge_percent
        cells = ", ".join(f"{b} {h} vs {u} ({x} here, {y} there)" for b, h, u, x, y in diffs)
        table.notes.append(
            f"The {other.name} chart under the same rules: {other_edge:.4f}%; "
            f"it differs in {len(diffs)} cell(s): {cells}."
        )
        table.notes.append(BASIC_NOTE)
    if not shoe.is_fresh:
        table.notes.append(DERIVED_CHART_NOTE)
    return table, chart


EXCEPTION_COLUMNS = (
    "hand",
    "up",
    "chart",
    "optimal",
    "ev_chart",
    "ev_optimal",
    "cost",
    "P(cards)",
    "P x cost",
)


def exceptions_table(rules: ZeroRules, shoe: Shoe, strategy: str = "basic") -> Table:
    """Every decision the chart reaches where composition-dependent optimal play departs from it.

    The decisions: the initial two cards (stand, hit or split), a three-card hand after the chart
    hits (stand or double), and both hands of a split the chart makes (stand or hit, then stand
    or double), each split hand played as analysed (seeing the other split card, not the other
    hand's draws). EVs are per unit of the hand's initial wager with optimal play afterwards
    (exact, ``HandEvaluator.action_evs``); ``P(cards)`` is the probability that the chart reaches
    the decision with these cards (for the hands of a split of two equal values, the expected
    number of such hands per round). Every row has ``P x cost`` > 0, and their sum is exactly
    the gap between the chart's edge and optimal play's. ``shoe`` deals the round; 'basic' is
    the chart derived for that shoe.
    """
    import pandas as pd

    shoe = check_shoe(shoe, rules)
    label, _, chart = resolve(strategy, rules, shoe)
    if chart is None:
        raise ValueError(
            "exceptions compare a chart with optimal play: give a chart, not 'optimal'"
        )
    hands = HandEvaluator(rules, shoe)
    nonpair = deal_probabilities(shoe).nonpair
    rows = []
    for a in range(10):
        for b in range(a, 10):
            for up in UP_ORDER:
                p_deal = nonpair[a, b, up] + (nonpair[b, a, up] if a != b else 0.0)
                if p_deal <= 0:
                    continue
                evs = hands.action_evs(up, (a, b))
                action = _chart_two_card(chart, a, b, up, rules)
                rows += _exception(f"{a}-{b}", up, evs, action, p_deal)
                if action == "hit":
                    rows += _three_card_exceptions(hands, chart, up, (a, b), (), p_deal, "")
                elif action == "split":
                    rows += _split_exceptions(hands, chart, up, (a, b), p_deal)
    frame = pd.DataFrame(rows, columns=list(EXCEPTION_COLUMNS))
    title = f"Zero: composition-dependent exceptions to the {label} chart, {rules.describe(shoe)}"
    notes = [
        "hand: point values of the player's cards ('(split a-b)': a hand made by splitting a-b); "
        "ev: per initial wager of the hand, optimal play afterwards; "
        "cost = ev_optimal - ev_chart.",
        "P(cards): probability that the chart reaches the decision with these cards (both hands "
        "of a split of equal values counted); P x cost is that decision's share of the gap "
        "between the chart's edge and optimal play's: the rows sum to it exactly, and decisions "
        "the chart never reaches are not listed.",
    ]
    if not shoe.is_fresh and label == "basic":
        notes.append(DERIVED_CHART_NOTE)
    keys = setup_keys(shoe, preset_name(rules), label)
    return Table(
        title,
        frame,
        notes,
        digits={"P(cards)": 8, "P x cost": 10},
        default_digits=6,
        keys=keys,
        empty=f"the {label} chart plays every decision it reaches as optimal play does",
    )


def _left(hands: HandEvaluator, up: int, cards: tuple[int, ...]) -> np.ndarray:
    """Cards of each point value left in the shoe once ``cards`` and the up card are out."""
    left = hands.states.base.copy()
    for v in (*cards, up):
        left[v] -= 1
    return left


def _three_card_exceptions(
    hands: HandEvaluator,
    chart: ZeroChart,
    up: int,
    cards: tuple[int, int],
    seen: tuple[int, ...],
    p_reach: float,
    suffix: str,
) -> list[dict]:
    """Exceptions among the three-card hands a chart's hit on ``cards`` reaches."""
    left = _left(hands, up, cards + seen)
    split_hand = bool(seen)
    rows = []
    for x in range(10):
        if left[x] <= 0:
            continue
        hand = (*cards, x)
        evs = hands.action_evs(up, hand, seen, split_hand=split_hand)
        action = (
            "double"
            if chart.three_card[sum(hand) % 10, up] == Action.DOUBLE and "double" in evs
            else "stand"
        )
        label = "-".join(str(v) for v in hand) + suffix
        rows += _exception(label, up, evs, action, p_reach * left[x] / left.sum())
    return rows


def _split_exceptions(
    hands: HandEvaluator, chart: ZeroChart, up: int, pair: tuple[int, int], p_deal: float
) -> list[dict]:
    """Exceptions in the two hands of a split of ``pair`` that the chart makes.

    Each hand holds one split card and a second card from the shoe without both split cards and
    the up card; it sees the other split card only. Equal split cards make two hands alike.
    """
    a, b = pair
    suffix = f" (split {a}-{b})"
    left = _left(hands, up, pair)
    starts = [(a, b)] if a == b else [(a, b), (b, a)]
    hands_alike = 2 if a == b else 1
    rows = []
    for first, other in starts:
        for y in range(10):
            if left[y] <= 0:
                continue
            cards = (first, y)
            p_reach = hands_alike * p_deal * left[y] / left.sum()
            evs = hands.action_evs(up, cards, seen=(other,), split_hand=True)
            hit = chart.two_card[(first + y) % 10, up] == Action.HIT
            rows += _exception(f"{first}-{y}{suffix}", up, evs, "hit" if hit else "stand", p_reach)
            if hit:
                rows += _three_card_exceptions(hands, chart, up, cards, (other,), p_reach, suffix)
    return rows


def _chart_two_card(chart: ZeroChart, a: int, b: int, up: int, rules: ZeroRules) -> str:
    """The chart's action on the initial two cards a-b against ``up``: split, hit or stand."""
    if (a + b) % 10 in rules.split_totals and chart.split[a, b, up] == Action.SPLIT:
        return "split"
    return "hit" if chart.two_card[(a + b) % 10, up] == Action.HIT else "stand"


def _exception(hand: str, up: int, evs: dict, chart_action: str, p_reach: float) -> list[dict]:
    """One row if optimal play beats the chart's action here by more than 1e-12, else none."""
    best = max(evs, key=lambda k: evs[k])
    if best == chart_action or evs[best] <= evs[chart_action] + 1e-12:
        return []
    cost = evs[best] - evs[chart_action]
    return [
        {
            "hand": hand,
            "up": UP_LABELS[UP_ORDER.index(up)],
            "chart": chart_action,
            "optimal": best,
            "ev_chart": evs[chart_action],
            "ev_optimal": evs[best],
            "cost": cost,
            "P(cards)": p_reach,
            "P x cost": p_reach * cost,
        }
    ]


def returns_table(
    rules: ZeroRules,
    shoe: Shoe,
    strategy: str = "optimal",
    rules_name: str | None = None,
) -> Table:
    """Every net outcome with its probability and return; the last row is the total.

    ``rules_name`` names the preset (default: the preset ``rules`` are, or 'custom'); ``shoe``
    deals the round.
    """
    return returns_tables([rules], shoe, strategy, [rules_name or preset_name(rules)])[0]


def returns_tables(
    rules: list[ZeroRules],
    shoe: Shoe,
    strategy: str = "optimal",
    rules_names: list[str] | None = None,
) -> list[Table]:
    """``returns_table`` for each of ``rules``, which must be played alike (one evaluation)."""
    if len(distinct_play_rules(rules)) != 1:
        raise ValueError("returns_tables takes rule sets that differ only in what they pay")
    names = rules_names or [preset_name(r) for r in rules]
    shoe = check_shoe(shoe, rules[0])
    label, policy, _ = resolve(strategy, rules[0], shoe)
    outcomes = outcome_distributions(rules, shoe, policy)
    return [
        _returns_table(out, label, name, shoe) for out, name in zip(outcomes, names, strict=True)
    ]


def _returns_table(out: Outcomes, label: str, rules_name: str, shoe: Shoe) -> Table:
    rows = [
        {"outcome": n, "net": net, "probability": p, "return": net * p} for n, net, p in out.rows()
    ]
    rows.append(
        {
            "outcome": "total",
            "net": None,
            "probability": sum(r["probability"] for r in rows),
            "return": out.ev,
        }
    )
    rules_text = out.rules.describe(shoe)
    title = f"Zero return table, {label} play, {rules_name} rules, {rules_text}"
    notes = [
        f"house edge under the {rules_name} rules {-100 * out.ev:.6f}%; standard deviation "
        f"{out.std:.6f} per initial wager; element of risk {out.element_of_risk_percent:.6f}% "
        f"(edge per total amount wagered, {out.expected_wager:.6f} initial wagers per round).",
        rules_note({rules_name: out.rules}),
    ]
    if not shoe.is_fresh and label == "basic":
        notes.append(DERIVED_CHART_NOTE)
    keys = setup_keys(
        shoe, rules_name, label, "standard", edge=True, played={rules_name: out.rules}
    )
    table = Table(title, rows, notes, digits={"net": 1}, default_digits=8, keys=keys)
    table.facts = return_facts(out)
    return table


def return_facts(out: Outcomes) -> dict[str, float]:
    """The figures a return table's first note states: house edge (percent of the initial
    wager, house's sign), SD of a round's net result per initial wager, element of risk
    (percent of the total amount wagered) and the expected total wager (initial wagers)."""
    return {
        "house_edge_percent": -100.0 * out.ev,
        "sd": out.std,
        "element_of_risk_percent": out.element_of_risk_percent,
        "expected_wager": out.expected_wager,
    }


def hands_table(rules: ZeroRules, shoe: Shoe) -> Table:
    """EV of every legal action for every two-card hand (by point values) and up card, dealt
    from ``shoe``."""
    shoe = check_shoe(shoe, rules)
    hands = HandEvaluator(rules, shoe)
    rows = []
    for a in range(10):
        for b in range(a, 10):
            for up, label in zip(UP_ORDER, UP_LABELS, strict=True):
                try:
                    evs = hands.action_evs(up, (a, b))
                except ValueError:
                    continue
                best = max(evs, key=lambda k: evs[k])
                rows.append(
                    {
                        "hand": f"{a}-{b}",
                        "total": (a + b) % 10,
                        "up": label,
                        "stand": evs["stand"],
                        "hit": evs["hit"],
                        "split": evs.get("split"),
                        "best": best,
                    }
                )
    where = rules.describe(shoe)
    title = f"Zero: EV of each action for every two-card hand, {where}"
    notes = [
        "EV per initial wager, optimal play afterwards (hit: then stand or double); split: both "
        "hands. 5-5 and same-rank ten-valued pairs are Zero Pairs and win at once; the rows "
        "show those values for the non-pair hands (e.g. 10-K)."
    ]
    keys = setup_keys(shoe, preset_name(rules), "optimal", "standard")
    import pandas as pd  # the columns stay when no hand can be dealt (a CSV header)

    columns = ["hand", "total", "up", "stand", "hit", "split", "best"]
    return Table(
        title,
        pd.DataFrame(rows, columns=columns),
        notes,
        default_digits=6,
        keys=keys,
        empty="no two-card hand can be dealt from this shoe",
    )


def compare_table(
    decks: Iterable[int],
    progress: Progress = _identity,
    changes: dict[str, object] | None = None,
) -> Table:
    """Optimal, basic-strategy and published-chart edges by deck count, both presets.

    basic is the best total-dependent chart for each deck count; the published chart is the one
    chart as published (``published_chart``) at every deck count. Each deck count costs one
    evaluation per strategy: the presets are priced from it. ``changes`` (rule name -> value)
    apply over each preset.
    """
    rows = []
    names = preset_names("both")
    published = published_chart().policy()
    results = []
    for d in progress(list(decks)):
        presets = [preset(name, changes) for name in names]
        shoe = Shoe.decks(d)
        opt = evaluate_rules(presets, shoe)
        basic = evaluate_rules(presets, shoe, best_chart(presets[0], shoe).policy())
        pub = evaluate_rules(presets, shoe, published)
        for name, o, b, p in zip(names, opt, basic, pub, strict=True):
            results.append((name, o.rules))
            decisions = o.decision_probabilities()
            rows.append(
                {
                    "decks": d,
                    "rules": name,
                    "optimal_percent": o.house_edge_percent,
                    "basic_percent": b.house_edge_percent,
                    "published_chart_percent": p.house_edge_percent,
                    "basic_gap": b.house_edge_percent - o.house_edge_percent,
                    "P(zero pair)": decisions["zero pair"],
                    "P(split)": decisions["split"],
                }
            )
    title = "Zero house edge (%) by number of decks: optimal play, basic strategy, published chart"
    title += zero_reports.changes_from_presets(results)
    notes = [
        "optimal_percent, basic_percent, published_chart_percent: the edge of each strategy; "
        "basic_gap = basic - optimal; P(zero pair), P(split) under optimal play; standard split.",
        BASIC_NOTE,
        rules_note(dict(results)),
    ]
    keys = table_keys(split="standard", edge=True, played=dict(results))
    return Table(title, rows, notes, default_digits=6, keys=keys)


def eor_table(
    decks: Iterable[int],
    progress: Progress = _identity,
    changes: dict[str, object] | None = None,
) -> Table:
    """Change in the optimal edge (percentage points) when one card of each rank is removed.

    Each shoe is evaluated once and priced for both presets; ``changes`` (rule name -> value)
    apply over each preset.
    """
    rows = []
    names = preset_names("both")
    results = []
    for d in progress(list(decks)):
        presets = [preset(name, changes) for name in names]
        full = Shoe.decks(d)
        base = evaluate_rules(presets, full)
        removed = [evaluate_rules(presets, full.remove(r)) for r in range(len(RANKS))]
        for i, name in enumerate(names):
            results.append((name, base[i].rules))
            base_edge = base[i].house_edge_percent
            row = {"decks": d, "rules": name, "edge_percent": base_edge}
            for rank, res in zip(RANKS, removed, strict=True):
                row[rank] = res[i].house_edge_percent - base_edge
            rows.append(row)
    title = "Zero effect of removal: change in the optimal house edge (percentage points)"
    title += zero_reports.changes_from_presets(results)
    notes = [
        "Each column removes one card of that rank from a fresh shoe; optimal play, standard "
        "split.",
        rules_note(dict(results)),
    ]
    keys = table_keys(strategy="optimal", split="standard", edge=True, played=dict(results))
    return Table(title, rows, notes, default_digits=6, keys=keys)


VARIANTS: tuple[tuple[str, dict], ...] = (("as the preset", {}), *RULES.variants())
"""Rule variations of the variants table: the preset, then each rule's declared variations
(``Rule.variants`` in ``analysis/zero/rules.py``; the presets pay a Zero Pair 3:2, dealer
draws on 5+)."""


def variants_table(
    shoe: Shoe, progress: Progress = _identity, changes: dict[str, object] | None = None
) -> Table:
    """Optimal house edge under common rule variations, both presets, dealt from ``shoe``.

    Variations of what a Zero Pair pays share one evaluation with the presets themselves;
    ``progress`` wraps the loop over the evaluations. ``changes`` (rule name -> value) apply
    over each preset first; each variation then changes one rule of that.
    """
    names = preset_names("both")
    jobs = [(label, name) for label, _ in VARIANTS for name in names]
    bases = {name: preset(name, changes) for name in names}
    rules = [bases[name].with_(**change) for _, change in VARIANTS for name in names]
    results = evaluate_rules(rules, check_shoe(shoe, bases[names[0]]), progress=progress)
    rows = {label: {"variant": label} for label, _ in VARIANTS}
    for (label, name), res in zip(jobs, results, strict=True):
        rows[label][f"{name}_percent"] = res.house_edge_percent
    base = rows[VARIANTS[0][0]]
    for row in rows.values():
        for name in names:
            row[f"{name}_change"] = row[f"{name}_percent"] - base[f"{name}_percent"]
    title = f"Zero house edge (%) under rule variations, {shoe.title()}, optimal play"
    title += zero_reports.changes_from_presets(bases.items())
    notes = [
        "stated_* and published_*: the variation applied to each preset; *_change: against the "
        "preset as it is; standard split.",
        rules_note(bases),
    ]
    keys = setup_keys(shoe, strategy="optimal", split="standard", edge=True, played=bases)
    return Table(title, list(rows.values()), notes, default_digits=6, keys=keys)


def default_tables() -> dict[str, Table]:
    """Zero's tables in ``results/`` (6 and 8 decks), by file stem."""
    tables: dict[str, Table] = {}
    shoes = [Shoe.decks(6), Shoe.decks(8)]
    optimal = zero_reports.edge_results(shoes, "both", "standard")
    tables["zero_edge_optimal"] = zero_reports.edge_table(optimal, 6)
    charts = zero_reports.edge_results(shoes, "both", strategy="basic")
    charts += zero_reports.edge_results(shoes, "both", strategy="published")
    tables["zero_edge_charts"] = zero_reports.edge_table(charts, 6)
    for name, res in optimal:
        tables[f"zero_by_upcard_{name}_{res.shoe.base_decks}d"] = zero_reports.upcard_table(
            name, res
        )
    rules = preset("published")
    for shoe in shoes:
        d = shoe.base_decks
        for strategy in ("basic", "published"):
            table, chart = strategy_chart(rules, shoe, strategy)
            tables[f"zero_chart_{chart.name}_{d}d"] = table
        tables[f"zero_exceptions_{d}d"] = exceptions_table(rules, shoe, "basic")
        tables[f"zero_hands_{d}d"] = hands_table(rules, shoe)
        tables[f"zero_variants_{d}d"] = variants_table(shoe)
        names = preset_names("both")
        presets = [preset(name) for name in names]
        returns = {s: returns_tables(presets, shoe, s, names) for s in ("optimal", "basic")}
        for i, name in enumerate(names):
            for strategy in ("optimal", "basic"):
                tables[f"zero_returns_{strategy}_{name}_{d}d"] = returns[strategy][i]
    tables["zero_decks"] = compare_table(range(1, 9))
    tables["zero_eor"] = eor_table([6, 8])
    return tables


def default_figures(tables: dict[str, Table], out: Path) -> list[Path]:
    """Write Zero's PNG figures into ``out``: the charts and edge vs decks."""
    from cardedge.reports.zero.plots import chart_png, decks_png

    paths = []
    rules = preset("published")
    for d in (6, 8):
        for strategy in ("basic", "published"):
            _, _, chart = resolve(strategy, rules, Shoe.decks(d))
            path = out / f"zero_chart_{chart.name}_{d}d.png"
            chart_png(chart, tables[f"zero_chart_{chart.name}_{d}d"].title, path)
            paths.append(path)
    path = out / "zero_decks.png"
    decks_png(tables["zero_decks"], path)
    return paths + [path]
