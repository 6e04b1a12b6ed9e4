"""Zero's part of ``results/``: the tables and figures ``make tables`` writes."""

from __future__ import annotations

from pathlib import Path

from cardedge.reports.core.render import Table
from cardedge.reports.zero import pays, strategy


def default_tables() -> dict[str, Table]:
    """Zero's tables in ``results/``, by file stem."""
    tables = strategy.default_tables()
    for decks in (6, 8):
        tables[f"zero_pays_{decks}d"] = pays.pays_table(decks)
    tables["zero_pays_decks"] = pays.deck_comparison_table(range(1, 9))
    tables["zero_pays_eor"] = pays.eor_table([6, 8])
    tables["zero_pays_combined"] = pays.combined_table([6, 8], [0.5, 1.0])
    return tables


def default_figures(tables: dict[str, Table], out: Path) -> list[Path]:
    """Zero's PNG figures, drawn from its tables, written into ``out``."""
    return strategy.default_figures(tables, out)
