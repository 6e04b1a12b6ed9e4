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


CHART_PANEL = {"id": "chart", "kind": "table", "title": "Basic strategy chart", "command": "chart"}
