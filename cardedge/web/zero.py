"""Zero's calculator page and what the web serves of Zero (the game's web room): the commands
answered, the keywords a query may repeat, the built-in names that stand for files, the
panels and the files a page may upload. ``cardedge/web/calls.py`` and ``pages.py`` read them
through ``web.core.web_room``, by the game's name."""

from __future__ import annotations

from functools import partial

from cardedge.analysis.zero.rules import TRIPS_NOTE
from cardedge.reports.zero.colours import CHART_COLOURS as CHART_COLOURS
from cardedge.strategy.zero.legend import LEGEND as CHART_LEGEND
from cardedge.web.core import CHART_PANEL, edge_panel, index_chart_panel, shoe_preset

SERVED: tuple[str, ...] = (
    "edge", "chart", "hands", "exceptions", "returns", "eor", "count", "compare",
    "variants", "pays", "simulate", "grid", "indices", "solve",
)  # fmt: skip
"""The commands the web answers (not ``study``, ``play``: minutes of work, files
written, a terminal)."""

JOB_COMMANDS: tuple[str, ...] = ("grid", "simulate")
"""The commands run as background jobs (``POST /api/zero/jobs``): a grid, and a simulation of
more rounds than a request's (a shoe game: a Zero round costs less than blackjack's, 0.84 us on
one thread at 8 decks, 7 players, index plays, against the 1.2 us ``calls.SHOE_ROUND_SECONDS``
is made from)."""

NOT_JOBS: dict[str, str] = {}
"""Job commands of another game Zero does not run as a job, with the reason: none."""

REPEATABLE: dict[str, tuple[str, ...]] = {
    "decks": tuple(c for c in SERVED if c not in ("simulate", "indices")),
    "system": ("count",),
    "side_bet_size": ("pays",),
    "vary": ("grid",),
}
"""Keywords a query may give several times, and the commands where."""

REFUSED_VALUES: dict[str, dict[str, str]] = {
    "split": {"optimal": "split=optimal takes minutes: run `cardedge zero edge --split optimal`"}
}
"""Values the web refuses up front (403), with the line saying why and what to run instead."""

PAGE_OPTIONS: tuple[str, ...] = ("rules",)
"""The page's controls besides the decks, the declared rules and the shoe: the preset."""

CONTROL_HELP: dict[str, str] = {
    "rules": "The preset the rule controls change: 'stated', the rules as written; "
    + TRIPS_NOTE
    + " The rule controls left at 'as the preset' keep its values.",
}
"""The page options in words (the rules explain themselves from their declarations)."""


GRID_COST_SECONDS: tuple[float, float] = (0.17, 1.6)
"""What one combination of a grid costs at most, in seconds, without and with the SD: no work
shared (measured 0.112 s and 1.09 s a combination, ``bench/web_costs.py --grid``), times 1.5."""


def builtin_names() -> dict[str, tuple[str, ...]]:
    """The keywords that name a file on the command line, and the built-in names the web takes
    instead (no file is ever read from a request)."""
    from cardedge.analysis.core.counts import BUILTIN
    from cardedge.analysis.zero.paytable import shipped_paytables

    return {
        "strategy": ("optimal", "basic", "published"),
        "system": BUILTIN,
        "count": BUILTIN,  # the shoe game's count: the command line reads a file there
        "paytable": tuple(shipped_paytables()),
    }


def grid_kinds() -> dict:
    """The rules a grid varies (``--vary``), by name, with their kinds: the preset, then every
    rule (the rule-space panel's list; the web counts a grid's combinations with them)."""
    from cardedge.reports.zero.grid import kinds

    return kinds()


def cost_changes() -> list[tuple[str, dict[str, object]]]:
    """The rule changes the cost panel offers: every rule's declared variations (the variants
    table's rows)."""
    from cardedge.analysis.zero.rules import RULES

    return RULES.variants()


SOLVE_TARGET = 2.0
"""The solve panel's first target (percent): a house edge a designer might ask of the game."""


def solve_pays() -> dict[str, str]:
    """The payouts the solve panel offers (``solve``'s ``pay``), with their words: a Zero
    Pair's, ten-valued trips', and each row of the published Zero Pays table (of the side
    bet)."""
    from cardedge.analysis.zero.paytable import load_paytable

    rows = {
        f"zero_pays:{i}": f"Zero Pays row {i}: {row.hand} (side-bet edge)"
        for i, row in enumerate(load_paytable(None).rows, 1)
    }
    return {"zero_pair_pays": "a Zero Pair", "trips_pays": "ten-valued trips", **rows}


def choices() -> dict[str, tuple[str, ...]]:
    """The page options offered as a list: the preset."""
    from cardedge.analysis.zero.rules import PRESETS

    return {"rules": tuple(PRESETS)}


PANELS: list[dict] = [
    edge_panel(
        "House edge (percent of the initial Zero wager, house's side)",
        {"optimal": "optimal play", "basic": "basic strategy", "published": "published chart"},
    ),
    {
        **CHART_PANEL,
        "legend": f"Legend: {CHART_LEGEND}; up card 0 is any ten-valued card (T, J, Q or K).",
    },
    index_chart_panel(),
    {
        "id": "eor",
        "kind": "bars",
        "title": "Effect of removal (change of the house edge per card removed, percentage points)",
        "command": "eor",
        "lazy": "ten analyses, a few seconds",
        "legend": "T, J, Q and K: the four ten-valued ranks, each removed on its own (a Zero "
        "Pair is two cards of one rank); the chart's up card 0 is any of them.",
    },
    {
        "id": "pays",
        "kind": "table",
        "title": "Zero Pays side bet (probability and return per unit side bet; house edge, "
        "% of the side bet)",
        "command": "pays",
        "uploads": ["paytable"],
    },
]
"""What the page shows: its panels and the API requests that fill them (``pages.PANELS``)."""

UPLOAD_CONTROLS: list[tuple[str, str]] = [
    ("strategy", "your chart (CSV or JSON, as the chart command writes it)"),
    ("paytable", "your Zero Pays pay table (TOML or JSON)"),
]
"""The files the page may upload: a chart to price beside the built-in ones, a pay table."""

INDEX_LINE = "house edge, basic strategy chart, effect of removal, Zero Pays"
"""What the start page says the page shows."""


COST_SECONDS: dict[str, float] = {
    "edge": 0.1,
    "chart": 0.25,
    "hands": 0.1,
    "exceptions": 1.0,
    "returns": 1.8,
    "eor": 0.8,
    "count": 2.5,
    "compare": 0.25,
    "variants": 0.2,
    "pays": 0.05,
    "indices": 3.3,
    "solve": 0.4,
}
"""Seconds of work per deck count at 8 decks, by command: ``bench/web_costs.py``'s measure
times about 1.5 (a count with the best integer tags: 1.6 s measured); the server refuses up
front a request whose estimate passes its limit (``calls.request_cost``)."""


SIMULATE_PRESETS: tuple[dict, ...] = (
    shoe_preset(
        "zero", "Zero", "the published rules, 6 decks, 75%, Hi-Opt II with index plays, ramp "
        "1-8 (the published Zero study's game)", decks=6, rules="published", strategy="basic",
        penetration=0.75, count="hiopt2", indices=True, ramp="1-8",
    ),
)  # fmt: skip
"""The "Simulate your game" preset of Zero: the published shoe study's game (``results/study/
zero_6d_75``), so the simulated figures can be set beside the study's exact ones."""


def simulate_panel():
    """The counting page's form part that describes Zero's shoe game
    (``pages.simulate_fields``: its rules and options from the API's ``simulate``), dealt as a
    background job (``POST /api/zero/jobs``)."""
    from cardedge.web.pages import simulate_fields

    return partial(simulate_fields, "zero")
