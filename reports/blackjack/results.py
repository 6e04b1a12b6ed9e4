"""Blackjack's part of ``results/``: the tables ``make tables`` writes."""

from __future__ import annotations

from pathlib import Path

from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
)
from cardedge.analysis.core.counts import BUILTIN, resolve_system
from cardedge.reports.blackjack import strategy
from cardedge.reports.blackjack.count import count_table
from cardedge.reports.blackjack.eor import effects_of_removal, eor_table
from cardedge.reports.blackjack.indices import indices_table
from cardedge.reports.core.render import Table

EOR_TABLES = {
    "blackjack_eor_6d": (DEFAULT_RULES, DEFAULT_SHOE),
    "blackjack_eor_6d_peek": (PUBLISHED_RULES, PUBLISHED_SHOE),
}
"""The EOR tables of ``results/``, by file stem: 6 decks, the default rules and with peek."""


def default_tables() -> dict[str, Table]:
    """Blackjack's tables in ``results/``, by file stem."""
    tables = dict(strategy.default_tables())  # a cached dict: copied, never changed
    for stem, setup in EOR_TABLES.items():
        tables[stem] = eor_table(effects_of_removal(*setup))
    systems = [resolve_system(name) for name in BUILTIN]
    tables["blackjack_count_6d"] = count_table([(DEFAULT_RULES, DEFAULT_SHOE)], systems)
    tables["blackjack_indices_6d"] = indices_table(DEFAULT_RULES, DEFAULT_SHOE)  # 5 of 6 decks left
    return tables


def eor_series(tables: dict[str, Table]) -> dict[str, dict[str, float | None]]:
    """Blackjack's lines of the both-games EOR figure: change in the house edge (percentage
    points) by rank removed, 6 decks: the default rules (optimal and basic) and with peek
    (optimal)."""
    series = {}
    for stem, label in (("blackjack_eor_6d", "no peek"), ("blackjack_eor_6d_peek", "peek")):
        for row in tables[stem].data.to_dict("records"):
            if label == "peek" and row["strategy"] != "optimal":
                continue
            series[f"blackjack 6 decks, {label}, {row['strategy']}"] = row
    return series


def default_figures(tables: dict[str, Table], out: Path) -> list[Path]:
    """Blackjack writes no figures of its own into ``results/`` (its charts are tables; its
    EORs are drawn with Zero's, ``eor_series``)."""
    return []
