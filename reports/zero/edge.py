"""Zero tables: house edges by preset and decks, EV and decisions by up card."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import DECISIONS, UPCARD_LABELS, RoundResult, evaluate_rules
from cardedge.analysis.zero.rules import (
    PUBLISHED_EDGES,
    TRIPS_NOTE,
    ZeroRules,
    changed_rules,
    preset,
    rules_note,
    trips_notes,
)
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.core.progress import Progress
from cardedge.reports.core.exact import NOTE as EXACT_NOTE
from cardedge.reports.core.exact import with_exact
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import DERIVED_CHART_NOTE, shoe_led
from cardedge.strategy.zero.charts import resolve


def _identity(items: Iterable) -> Iterable:
    return items


def preset_names(rules: str) -> list[str]:
    """The presets a ``--rules`` choice stands for ('both' is stated then published)."""
    return ["stated", "published"] if rules == "both" else [rules]


RULES_NOTE_KEY = "rules_note"
"""The row field holding ``TRIPS_NOTE`` in JSON and CSV wherever an edge under a preset is given."""

BASIC_NOTE = (
    "basic: the best total-dependent chart for the deck count; published: the published chart "
    "(the best 6/8-deck chart with a three-card 7 doubled only against 4-7), the same at every "
    "deck count, the chart behind the published basic-strategy edges."
)


def table_keys(
    decks: int | None = None,
    rules: str | None = None,
    strategy: str | None = None,
    split: str | None = None,
    edge: bool = False,
    played: Mapping[str, ZeroRules] | None = None,
    **more,
) -> dict[str, object]:
    """``Table.keys`` of a Zero table: what identifies it and its columns do not say.

    None leaves a key out. ``edge``: the table gives house edges (or EVs) under a rule preset,
    so each row also carries the one line on what the presets pay (``rules_note``:
    ``rules_note`` of the rules ``played``, by preset name; the presets as they stand when not
    given).
    """
    keys = {"decks": decks, "rules": rules, "strategy": strategy, "split": split, **more}
    keys = {k: v for k, v in keys.items() if v is not None}
    if edge:
        keys[RULES_NOTE_KEY] = TRIPS_NOTE if played is None else rules_note(played)
    return keys


def setup_keys(shoe: Shoe, *args, **kwargs) -> dict[str, object]:
    """``table_keys`` of a table about one shoe, led by the shoe (``shoe_led``)."""
    return shoe_led(shoe, table_keys(None, *args, **kwargs))


def published_figure(strategy: str, decks: int, rules: str = "published", split: str = "standard"):
    """The published edge (percent) that belongs beside this edge, or None.

    Only an edge computed as the published ones were belongs beside them: the 'published'
    preset, the standard split, optimal play or the published chart, 6 or 8 decks.
    """
    if rules != "published" or split != "standard":
        return None
    key = {"optimal": "optimal", "published": "basic"}.get(strategy)
    return PUBLISHED_EDGES.get((key, decks)) if key else None


def edge_results(
    shoes: Iterable[Shoe],
    rules: str = "both",
    split: str = "standard",
    progress: Progress = _identity,
    strategy: str = "optimal",
    changes: dict[str, object] | None = None,
) -> list[tuple[str, RoundResult]]:
    """(preset name, exact round result) for every shoe and preset under ``strategy``.

    ``strategy`` is 'optimal', 'basic' (the best total-dependent chart; derived for the shoe
    when it is not fresh), 'published' (the published chart) or a chart file; the result's
    ``policy`` names it. Each shoe is checked big enough for a round (ValueError if not). The
    presets of one shoe are played alike, so one evaluation prices both. ``changes`` (rule
    name -> value) apply over each preset.
    """
    names = preset_names(rules)
    out = []
    for shoe in progress(list(shoes)):
        presets = [preset(name, changes) for name in names]
        shoe = check_shoe(shoe, presets[0])
        # A strategy depends on the play rules alone, which the presets share.
        _, policy, _ = resolve(strategy, presets[0], shoe)
        results = evaluate_rules(presets, shoe, policy, split=split)
        out += zip(names, results, strict=True)
    return out


def edge_table(
    results: list[tuple[str, RoundResult]],
    digits: int = 4,
    exact: list[Fraction] | None = None,
) -> Table:
    """House edge per (decks, preset, strategy) beside the published figure, in percent;
    ``exact``: each result's exact house edge (``exact.exact_edges``), given beside it and
    rounded for the percent (``reports.core.exact``)."""
    rows = []
    on_shoes = any(not res.shoe.is_fresh for _, res in results)
    for k, (name, res) in enumerate(results):
        published = None
        fresh = res.shoe.fresh_decks
        if fresh is not None and not changed_rules(res.rules, name):
            published = published_figure(res.policy, fresh, name, res.split)
        edge = res.house_edge_percent if exact is None else float(100 * exact[k])
        row = {
            "decks": res.shoe.base_decks,
            **({"shoe": res.shoe.describe()} if on_shoes else {}),
            "rules": name,
            "strategy": res.policy,
            "split": res.split,
            "house_edge_percent": edge,
            "published_percent": published,
            "difference": None if published is None else edge - published,
        }
        rows.append(row if exact is None else with_exact(row, exact[k]))
    strategies = sorted({r["strategy"] for r in rows})
    if on_shoes:
        where = "; ".join(dict.fromkeys(res.shoe.title() for _, res in results))
    else:
        where = f"{', '.join(str(d) for d in sorted({r['decks'] for r in rows}))} deck(s)"
    split = results[0][1].split
    title = f"Zero house edge (%), {', '.join(strategies)} play, {where}, {split} split"
    title += changes_from_presets((name, res.rules) for name, res in results)
    played = {name: res.rules for name, res in results}
    notes = trips_notes(played)
    if {"basic", "published"} & set(strategies):
        notes.append(BASIC_NOTE)
    if on_shoes and "basic" in strategies:
        notes.append(DERIVED_CHART_NOTE)
    if any(r["published_percent"] is not None for r in rows):
        notes.append(
            "published_percent: the published figure, beside the edge computed as it was "
            "(published rules, standard split, optimal play or the published chart)."
        )
    if exact is not None:
        notes.append(EXACT_NOTE)
    return Table(
        title,
        rows,
        notes,
        digits={"house_edge_percent": digits, "difference": digits},
        keys=table_keys(edge=True, played=played),
    )


def changes_from_presets(rules: Iterable[tuple[str, ZeroRules]]) -> str:
    """A title's tail naming every rule changed from the presets (``; rules changed from the
    preset: no DAS, zero pair 2:1``) of (preset name, rules) pairs, or nothing when the rules
    are the presets'."""
    changed = dict.fromkeys(w for name, r in rules for w in changed_rules(r, name))
    return f"; rules changed from the preset: {', '.join(changed)}" if changed else ""


def upcard_table(name: str, res: RoundResult, digits: int = 4) -> Table:
    """EV and decision probabilities by dealer up card value for one round result."""
    up = res.by_upcard()
    rows = []
    for u in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0):
        row = {"up": UPCARD_LABELS[u], "probability": up["p_up"][u], "ev": up["ev"][u]}
        for i, dname in enumerate(DECISIONS):
            row[f"P({dname})"] = up["decisions"][i, u]
        rows.append(row)
    total = {"up": "all", "probability": up["p_up"].sum(), "ev": res.ev}
    for dname, p in res.decision_probabilities().items():
        total[f"P({dname})"] = p
    rows.append(total)
    rules_text = res.rules.describe(res.shoe)
    title = f"Zero by dealer up card: {name} rules ({rules_text}), {res.policy} play"
    played = {name: res.rules}
    notes = [
        "ev: expected net result per initial wager given the up card (0 = any ten-value).",
        rules_note(played),
    ]
    keys = setup_keys(res.shoe, name, res.policy, res.split, edge=True, played=played)
    return Table(title, rows, notes, default_digits=digits, keys=keys)
