"""Blackjack's part of ``results/``: the tables ``make tables`` writes."""

from __future__ import annotations

from pathlib import Path

from cardedge.reports.blackjack import strategy
from cardedge.reports.core.render import Table


def default_tables() -> dict[str, Table]:
    """Blackjack's tables in ``results/``, by file stem."""
    return strategy.default_tables()


def default_figures(tables: dict[str, Table], out: Path) -> list[Path]:
    """Blackjack writes no figures into ``results/`` (its charts are tables)."""
    return []
