"""Every registered game passes the contract of the rooms shared code reads (issue 44; like
scikit-learn's ``check_estimator``): for now its web room (``cardedge.web.core.WebRoom``), by
name and by value, and its results room (``cardedge.reports.results.ResultsRoom``)."""

from __future__ import annotations

import types

import pytest

pytest.importorskip("starlette", reason="the web room's contract needs the web extra")

from cardedge.games import games  # noqa: E402
from cardedge.web import calls  # noqa: E402
from cardedge.web.core import WebRoom  # noqa: E402

GAMES = {game.name: game for game in games()}


@pytest.mark.parametrize("name", GAMES)
def test_every_games_web_room_supplies_what_the_web_reads(name):
    room = GAMES[name].part("web")
    assert isinstance(room, WebRoom)
    api = GAMES[name].part("api")
    assert set(room.SERVED) <= set(api.COMMANDS), "a served command without an API function"
    assert not set(room.SERVED) & set(calls.NOT_SERVED)
    assert set(room.COST_SECONDS) <= set(room.SERVED)
    assert all(seconds > 0 for seconds in room.COST_SECONDS.values())
    no_sd, sd = room.GRID_COST_SECONDS
    assert 0 < no_sd <= sd
    for keyword, commands in room.REPEATABLE.items():
        assert set(commands) <= set(room.SERVED), keyword
    assert set(room.CONTROL_HELP) <= set(room.PAGE_OPTIONS)
    assert set(room.choices()) <= set(room.PAGE_OPTIONS)
    assert {keyword for keyword, _ in room.UPLOAD_CONTROLS} <= set(calls.UPLOADS)
    for keyword, names in room.builtin_names().items():
        assert isinstance(names, tuple) and all(isinstance(n, str) for n in names), keyword
    assert ("grid" in room.SERVED) == bool(room.grid_kinds())
    assert room.INDEX_LINE.strip() and all(p.get("id") for p in room.PANELS)


def test_a_room_missing_one_name_breaks_the_contract():
    room = GAMES["blackjack"].part("web")
    names = {n: getattr(room, n) for n in dir(room) if not n.startswith("__")}
    assert isinstance(types.SimpleNamespace(**names), WebRoom)
    del names["GRID_COST_SECONDS"]
    assert not isinstance(types.SimpleNamespace(**names), WebRoom)


@pytest.mark.parametrize("name", GAMES)
def test_every_games_results_room_supplies_what_results_reads(name):
    from cardedge.reports.results import ResultsRoom

    room = GAMES[name].part("results")
    assert isinstance(room, ResultsRoom)
    assert room.EOR_NOTE is None or (isinstance(room.EOR_NOTE, str) and room.EOR_NOTE.strip())


@pytest.mark.parametrize("name", GAMES)
def test_every_games_api_room_supplies_its_commands_and_reports(name):
    from cardedge.analysis.core.rules import RuleSet
    from cardedge.api.core import OBJECTS, SHARED_COMMANDS, ApiRoom

    api = GAMES[name].part("api")
    assert isinstance(api, ApiRoom)
    assert isinstance(api.RULES, RuleSet) and api.RULES is GAMES[name].rules
    assert set(SHARED_COMMANDS) <= set(api.COMMANDS)
    for command in api.COMMANDS:
        function = getattr(api, command)
        assert callable(function) and hasattr(function, "keyword_kinds"), command
    for name_ in OBJECTS:
        assert callable(getattr(api, name_)), name_
    for folder, keywords in api.PUBLISHED_REPORTS.items():
        assert folder.startswith(name) and set(keywords) <= set(api.report.keyword_kinds)
