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
from cardedge.reports.blackjack import grid, strategy
from cardedge.reports.blackjack.count import count_table
from cardedge.reports.blackjack.eor import effects_of_removal, eor_table
from cardedge.reports.blackjack.indices import indices_table
from cardedge.reports.core import grid as core_grid
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
    tables["blackjack_grid_6d"] = core_grid.grid_table(
        grid, DEFAULT_RULES, results_grid(), core_grid.GridColumns()
    )[0]
    return tables


GRID_VARY = ("h17", "das", "peek")
"""The rule space of ``results/blackjack_grid_6d``: soft 17, DAS and peek over the default
rules, 6 decks (its heatmap: H17 x DAS, no peek)."""


def results_grid() -> core_grid.GridPlan:
    """The plan of ``results/blackjack_grid_6d`` (its base: ``DEFAULT_RULES``)."""
    axes = core_grid.parse_axes(GRID_VARY, grid.kinds(), grid.base_values(DEFAULT_RULES))
    return core_grid.GridPlan((DEFAULT_SHOE,), axes)


EOR_NOTE = None
"""Blackjack's lines need no word in the both-games EOR figure's title."""


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
    """Blackjack's one figure of its own in ``results/``: its rule-space heatmap (its charts
    are tables; its EORs are drawn with Zero's, ``eor_series``)."""
    path = out / "blackjack_grid_6d.png"
    core_grid.results_heatmap(results_grid(), tables["blackjack_grid_6d"], path)
    return [path]
