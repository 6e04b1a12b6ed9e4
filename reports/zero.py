"""Zero tables: house edges by preset and decks, EV and decisions by up card."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pandas as pd

from analysis.zero.round import DECISIONS, UPCARD_LABELS, RoundResult, evaluate_round
from analysis.zero.rules import PUBLISHED_EDGES, TRIPS_NOTE, preset
from reports.render import Table

Progress = Callable[[Iterable], Iterable]


def _identity(items: Iterable) -> Iterable:
    return items


def preset_names(rules: str) -> list[str]:
    """The presets a ``--rules`` choice stands for ('both' is stated then published)."""
    return ["stated", "published"] if rules == "both" else [rules]


def edge_results(
    decks: Iterable[int],
    rules: str = "both",
    split: str = "standard",
    progress: Progress = _identity,
) -> list[tuple[str, RoundResult]]:
    """(preset name, exact round result) for every deck count and preset, optimal play."""
    jobs = [(d, name) for d in decks for name in preset_names(rules)]
    return [(name, evaluate_round(preset(name, d), split=split)) for d, name in progress(jobs)]


def edge_table(
    results: list[tuple[str, RoundResult]], strategy: str = "optimal", digits: int = 4
) -> Table:
    """House edge per (decks, preset) beside the published figure, in percent."""
    rows = []
    for name, res in results:
        published = PUBLISHED_EDGES.get((strategy, res.rules.decks))
        edge = res.house_edge_percent
        rows.append(
            {
                "decks": res.rules.decks,
                "rules": name,
                "strategy": strategy,
                "split": res.split,
                "house_edge_percent": edge,
                "published_percent": published,
                "difference": None if published is None else edge - published,
            }
        )
    data = pd.DataFrame(rows)
    decks = sorted({r["decks"] for r in rows})
    title = (
        f"Zero house edge (%), {strategy} play, "
        f"{', '.join(str(d) for d in decks)} deck(s), {results[0][1].split} split"
    )
    notes = [TRIPS_NOTE] if any(r["rules"] == "published" for r in rows) else []
    if any(r["rules"] == "stated" for r in rows):
        notes.append(
            "'stated' is rules 1-8 as written; it differs from 'published' by exactly "
            "1.5 x P(ten-valued trips)."
        )
    return Table(title, data, notes, digits={"house_edge_percent": digits, "difference": digits})


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
    title = f"Zero by dealer up card: {name} rules ({res.rules.describe()}), {res.policy} play"
    notes = ["ev: expected net result per initial wager given the up card (0 = any ten-value)."]
    return Table(title, pd.DataFrame(rows), notes, default_digits=digits)
