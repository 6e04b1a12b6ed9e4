"""A small analysis document for the tests of how reports are written and kept
(test_reproducible.py, test_hostile_iii.py): one section, one figure, a given commit."""

from __future__ import annotations


def small_report(commit: str = "a" * 40, edge: float = 0.4):
    """A ``Report`` whose one figure is ``edge`` (in its table, full precision, and in its
    sentence, 4 decimals), made on ``commit``."""
    from cardedge.reports.core.document import Report, Section, TableView
    from cardedge.reports.core.render import Table

    table = Table("Edge", [{"decks": 6, "edge_percent": edge}])
    section = Section("headline", "Edge", (f"The edge is {edge:.4f}%.",), (TableView(table),))
    provenance = {"version": "0", "commit": commit, "command": "cardedge x report --out r"}
    return Report("x", "A report", "rules", (section,), provenance)
