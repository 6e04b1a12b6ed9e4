"""Zero's part of ``results/``: the tables and figures ``make tables`` writes."""

from __future__ import annotations

from pathlib import Path

from cardedge.analysis.core.counts import BUILTIN, resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.reports.core import grid as core_grid
from cardedge.reports.core.render import Table
from cardedge.reports.zero import grid, pays, strategy
from cardedge.reports.zero.count import count_table
from cardedge.reports.zero.indices import zero_indices_table


def default_tables() -> dict[str, Table]:
    """Zero's tables in ``results/``, by file stem."""
    tables = strategy.default_tables()
    shoes = [Shoe.decks(6), Shoe.decks(8)]
    for shoe in shoes:
        tables[f"zero_pays_{shoe.base_decks}d"] = pays.pays_table(shoe)
    tables["zero_pays_decks"] = pays.deck_comparison_table(Shoe.decks(d) for d in range(1, 9))
    tables["zero_pays_eor"] = pays.eor_table(shoes)
    tables["zero_pays_combined"] = pays.combined_table(shoes, [0.5, 1.0])
    tables["zero_count_6d"] = zero_count_table(6)
    tables["zero_indices_6d"] = zero_indices_table(preset("published"))  # Hi-Opt II
    base, plan = results_grid()
    tables["zero_grid_6d"] = core_grid.grid_table(grid, base, plan, core_grid.GridColumns())[0]
    return tables


GRID_VARY = ("dealer_draws=3,4,5,6,7", "das")
"""The rule space of ``results/zero_grid_6d``: the dealer's drawing rule and DAS over the
published rules, 6 decks (its heatmap: dealer draws x DAS)."""


def results_grid() -> tuple[grid.ZeroBase, core_grid.GridPlan]:
    """The base setup and plan of ``results/zero_grid_6d``."""
    base = grid.ZeroBase("published", {})
    axes = core_grid.parse_axes(GRID_VARY, grid.kinds(), base.values())
    return base, core_grid.GridPlan((Shoe.decks(6),), axes)


def zero_count_table(decks: int) -> Table:
    """Betting correlation of the built-in count systems for Zero (published rules, a fresh
    shoe of ``decks``), and Zero's best counts: the best linear, level-1 and level-2 tags."""
    systems = [resolve_system(name) for name in BUILTIN]
    job = (preset("published"), "published", Shoe.decks(decks))
    return count_table([job], systems, best=True)


EOR_NOTE = "Zero T stands for T, J, Q, K alike"
"""The both-games EOR figure's word on Zero's lines (its title)."""


def eor_series(tables: dict[str, Table]) -> dict[str, dict[str, float | None]]:
    """Zero's lines of the both-games EOR figure: change in the optimal house edge
    (percentage points) by rank removed, published rules, 6 and 8 decks."""
    rows = tables["zero_eor"].data.to_dict("records")
    published = [r for r in rows if r["rules"] == "published"]
    return {f"Zero {r['decks']} decks, published, optimal": r for r in published}


def default_figures(tables: dict[str, Table], out: Path) -> list[Path]:
    """Zero's PNG figures, drawn from its tables, written into ``out``."""
    path = out / "zero_grid_6d.png"
    core_grid.results_heatmap(results_grid()[1], tables["zero_grid_6d"], path)
    return [*strategy.default_figures(tables, out), path]
