"""What every game's web room is (``WebRoom``: what ``calls.py`` and ``pages.py`` read of it,
found by ``web_room``) and builds its page from: the house-edge panel and the chart panel,
written once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from cardedge.games import room_module


@runtime_checkable
class WebRoom(Protocol):
    """What a game's web room (``cardedge/web/<game>.py``, found by ``web_room``) supplies:
    every name the shared web code reads of it, declared once. ``tests/test_game_contract.py``
    checks each registered game's room against it, names and values."""

    SERVED: tuple[str, ...]
    """The commands the web answers (each an API function of the game)."""
    REPEATABLE: dict[str, tuple[str, ...]]
    """Keywords a query may give several times, and the commands where."""
    REFUSED_VALUES: dict[str, dict[str, str]]
    """Values refused up front (403), by keyword: value -> the line saying why."""
    COST_SECONDS: dict[str, float]
    """Seconds one unit (a deck count, a strategy) of a served command costs at most."""
    GRID_COST_SECONDS: tuple[float, float]
    """Seconds one grid combination costs at most, without and with the SD."""
    PAGE_OPTIONS: tuple[str, ...]
    """The page's controls besides the decks, the declared rules and the shoe."""
    CONTROL_HELP: dict[str, str]
    """Each page option in words (the rules explain themselves)."""
    PANELS: list[dict]
    """The page's panels, in order."""
    UPLOAD_CONTROLS: list[tuple[str, str]]
    """The files the page may upload: (keyword, label)."""
    INDEX_LINE: str
    """What the game's page shows, in one line of the index page."""
    CHART_COLOURS: dict[str, str]
    """The chart's colours by action letter, as its PNG charts and the terminal show them
    (empty for a game without a chart: ``Game.has_chart``)."""

    def builtin_names(self) -> dict[str, tuple[str, ...]]:
        """Keywords naming a file on the command line, and the built-in names the web takes."""
        ...

    def grid_kinds(self) -> dict:
        """The rules a grid varies, by name, with their kinds."""
        ...

    def choices(self) -> dict[str, tuple[str, ...]]:
        """The page options offered as a list."""
        ...

    SOLVE_TARGET: float
    """The solve panel's first target house edge (percent), when the game serves ``solve``."""

    def cost_changes(self) -> list[tuple[str, dict[str, object]]]:
        """The rule changes the cost panel offers: (label, rule name -> value), as the game's
        variants table lists them."""
        ...

    def solve_pays(self) -> dict[str, str]:
        """The payouts the solve panel offers (``solve``'s ``pay``), with their words."""
        ...

    def simulate_panel(self) -> Callable[[dict], str] | None:
        """The counting page's "Simulate your game" form's part describing this game (a
        function making its HTML from its controls' first values: ``pages.simulate_fields``),
        or None for a game without a shoe game to deal as a background job."""
        ...

    SIMULATE_PRESETS: tuple[dict, ...]
    """The "Simulate your game" presets of this game (``shoe_preset``), when it has the form."""


def web_room(game: str) -> WebRoom:
    """The web room of the game named ``game`` (``cardedge/web/<game>.py``): what the web
    serves of it."""
    return room_module("cardedge.web", game, kind=WebRoom)


def shoe_preset(game: str, name: str, about: str, *, opens: bool = False, **words: object) -> dict:
    """A "Simulate your game" preset: the game it deals (the job's ``/api/{game}/jobs``), its
    short ``name``, ``about`` it in words, and the ``words`` of the API's ``simulate`` it sets
    (the others stay at the API's defaults; the page refuses a word ``simulate`` does not take).
    ``opens``: the page opens on it (its game's presets listed first)."""
    return {"game": game, "name": name, "about": about, "opens": opens, "words": dict(words)}


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
