"""What every game's web room builds its page from: the house-edge panel and the chart panel,
written once."""

from __future__ import annotations


def edge_panel(title: str, strategies: dict[str, str]) -> dict:
    """The house-edge figures: one ``edge`` request per built-in strategy (by label), then the
    chart the user uploads (shown once chosen)."""
    requests = [
        {"label": label, "command": "edge", "extra": {"strategy": name}}
        for name, label in strategies.items()
    ]
    requests.append({"label": "your chart", "command": "edge", "uploads": ["strategy"]})
    return {"id": "edge", "kind": "figures", "title": title, "requests": requests}


CHART_PANEL = {
    "id": "chart",
    "kind": "table",
    "title": "Basic strategy chart (the play of each hand by up card)",
    "command": "chart",
    "printable": True,
}


INDEX_LEGEND = (
    "Legend: the chart's play in each cell, and where the cell has an index play, its true "
    "count: from that count up (\u2265) or down (\u2264) the hand is played otherwise (the "
    "cell's tooltip says how); no number: the chart's play at every true count from \u221210 "
    "to +10. True count: the running count per deck left, the indices read at the decks left "
    "the table's note says."
)
"""What every game's index chart shows."""


def index_chart_panel() -> dict:
    """The chart with each index play's true count in its cell, for the count chosen in the
    panel (``system``, every built-in system ``indices`` takes): the ``chart`` and the
    ``indices`` of the page's rules, drawn together. Lazy: the indices take seconds."""
    return {
        "id": "indices",
        "kind": "indexchart",
        "title": "Chart with index plays (true counts)",
        "requests": [{"command": "chart"}, {"command": "indices"}],
        "lazy": "every cell's index, a few seconds",
        "legend": INDEX_LEGEND,
        "printable": True,
    }
