"""European blackjack's calculator page and what the web serves of it (the game's web room):
the commands answered, the keywords a query may repeat, the built-in names that stand for
files, the panels and the files a page may upload. ``cardedge/web/calls.py`` and ``pages.py``
find the room by the game's name (``web.core.web_room``)."""

from __future__ import annotations

from functools import partial

from cardedge.reports.blackjack.colours import CHART_COLOURS as CHART_COLOURS
from cardedge.strategy.blackjack.legend import LEGEND as CHART_LEGEND
from cardedge.web.core import CHART_PANEL, edge_panel, index_chart_panel, shoe_preset

SERVED: tuple[str, ...] = (
    "edge", "chart", "hands", "exceptions", "returns", "eor", "count", "compare",
    "variants", "dealer", "simulate", "grid", "indices", "solve",
)  # fmt: skip
"""The commands the web answers (not ``study``, ``play``)."""

JOB_COMMANDS: tuple[str, ...] = ("grid", "simulate")
"""The commands run as background jobs (``POST /api/blackjack/jobs``): a grid, and a
simulation of more rounds than a request's (the counting page's shoe game)."""

NOT_JOBS: dict[str, str] = {}
"""Job commands of another game this one does not run as a job, with the reason: none."""

REPEATABLE: dict[str, tuple[str, ...]] = {
    "decks": SERVED,
    "system": ("count",),
    "strategy": ("edge", "returns", "eor"),
    "vary": ("grid",),
}
"""Keywords a query may give several times, and the commands where."""

REFUSED_VALUES: dict[str, dict[str, str]] = {}
"""Values the web refuses up front (403): none."""

PAGE_OPTIONS: tuple[str, ...] = ()
"""The page's controls besides the decks, the declared rules and the shoe: none."""


GRID_COST_SECONDS: tuple[float, float] = (0.08, 0.45)
"""What one combination of a grid costs at most, in seconds, without and with the SD: no work
shared (measured 0.052 s and 0.29 s a combination, ``bench/web_costs.py --grid``), times 1.5."""


def builtin_names() -> dict[str, tuple[str, ...]]:
    """The keywords that name a file on the command line, and the built-in names the web takes
    instead (no file is ever read from a request)."""
    from cardedge.analysis.core.counts import BUILTIN
    from cardedge.strategy.blackjack.charts import STRATEGIES

    # the shoe game's count too: the command line reads a file there
    return {"strategy": STRATEGIES, "system": BUILTIN, "count": BUILTIN, "spread": ()}


def grid_kinds() -> dict:
    """The rules a grid varies (``--vary``), by name, with their kinds (the rule-space panel's
    list; the web counts a grid's combinations with them)."""
    from cardedge.reports.blackjack.grid import kinds

    return kinds()


def choices() -> dict[str, tuple[str, ...]]:
    """The page options offered as a list besides the declared rules': none."""
    return {}


def cost_changes() -> list[tuple[str, dict[str, object]]]:
    """The rule changes the cost panel offers: the variants table's (each rule's usual
    changes, doubling's and the five-card rule's too)."""
    from cardedge.reports.blackjack.strategy import DOUBLE_VARIANTS, FIVE_CARD_VARIANTS, VARIANTS

    changes = VARIANTS + DOUBLE_VARIANTS + FIVE_CARD_VARIANTS
    return [(label, dict(change)) for label, change in changes]


SOLVE_TARGET = 1.0
"""The solve panel's first target (percent): a house edge a designer might ask of the game."""


def solve_pays() -> dict[str, str]:
    """The payouts the solve panel offers (``solve``'s ``pay``), with their words."""
    return {"natural": "a natural (blackjack)"}


PANELS: list[dict] = [
    edge_panel(
        "House edge (percent of the initial wager, house's side)",
        {"optimal": "optimal play", "basic": "basic strategy"},
    ),
    {**CHART_PANEL, "legend": f"Legend: {CHART_LEGEND}."},
    index_chart_panel(),
    {
        "id": "eor",
        "kind": "bars",
        "title": "Effect of removal (optimal play; change of the house edge per card removed, "
        "percentage points)",
        "command": "eor",
        "extra": {"strategy": "optimal"},
        "lazy": "ten full analyses, several seconds",
    },
]
"""What the page shows: its panels and the API requests that fill them (``pages.PANELS``)."""

CONTROL_HELP: dict[str, str] = {}
"""The page options in words: blackjack's page has none beyond its rules."""

UPLOAD_CONTROLS: list[tuple[str, str]] = [
    ("strategy", "your chart (CSV or JSON, as the chart command writes it)"),
]
"""The files the page may upload: a chart to price beside the built-in ones."""

INDEX_LINE = "house edge, basic strategy chart, effect of removal"
"""What the start page says the page shows."""


COST_SECONDS: dict[str, float] = {
    "edge": 0.2,
    "chart": 0.35,
    "hands": 0.2,
    "exceptions": 0.3,
    "returns": 0.65,
    "eor": 2.2,
    "count": 2.5,
    "compare": 0.4,
    "variants": 1.3,
    "dealer": 0.05,
    "indices": 4.7,
    "solve": 0.5,
}
"""Seconds of work per deck count at 8 decks (and per strategy where several are asked), by
command: ``bench/web_costs.py``'s measure times about 1.5 (EORs: 1.4 s per strategy measured); the
server refuses up front a request whose estimate passes its limit (``calls.request_cost``)."""


SIMULATE_PRESETS: tuple[dict, ...] = (
    shoe_preset(
        "blackjack", "6D H17 peek LS", "6 decks, H17, peek, late surrender, DAS, 3:2; 75%, "
        "Hi-Lo with index plays, ramp 1-12", opens=True, decks=6, h17=True, peek=True,
        surrender=True, das=True, natural="3:2", penetration=0.75, count="hilo", indices=True,
        ramp="1-12",
    ),
    shoe_preset(
        "blackjack", "2D H17 peek", "2 decks, H17, peek, DAS, 3:2; 65%, Hi-Lo with index "
        "plays, ramp 1-4", decks=2, h17=True, peek=True, das=True, natural="3:2",
        penetration=0.65, count="hilo", indices=True, ramp="1-4",
    ),
    shoe_preset(
        "blackjack", "8D S17", "8 decks, S17, peek, DAS, 3:2; 75%, Hi-Lo with index plays, "
        "ramp 1-12", decks=8, h17=False, peek=True, das=True, natural="3:2", penetration=0.75,
        count="hilo", indices=True, ramp="1-12",
    ),
)  # fmt: skip
"""The "Simulate your game" presets, the first the one the counting page opens on: the US
shoe (6 decks dealt to 75%, a 1-12 spread: one unit more per true count from +1, the usual
shoe spread), the double deck (dealt to 65%, a 1-4 spread: a pitch game's cut card is
shallower and its spread narrower, the count moving faster), the 8-deck S17 shoe (75%, 1-12);
each alone at the table, Hi-Lo with its index plays, the other rules at the API's defaults."""


def simulate_panel():
    """The counting page's form part that describes this game's shoe game
    (``pages.simulate_fields``: its rules and options from the API's ``simulate``), dealt as a
    background job (``POST /api/blackjack/jobs``)."""
    from cardedge.web.pages import simulate_fields

    return partial(simulate_fields, "blackjack")
