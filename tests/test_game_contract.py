"""Every registered game passes the contract of the rooms shared code reads (issue 44; like
scikit-learn's ``check_estimator``).

A game is its descriptor (``analysis/<game>/game.py``: facts of the analysis layer and its
capabilities, ``has_*``) and one room per layer, which the layer finds by the game's name
(``cardedge.<layer>.<game>``) and types by its own Protocol: the API room (``api.core.ApiRoom``),
the web room (``web.core.WebRoom``), the grid room (``reports.core.grid.GridRoom``), the
results room (``reports.results.ResultsRoom``), the study hooks (``reports.core.study
.StudyRoom``) and the command group (``cli.core.lazy.cli_room``). For every game in
``cardedge.games.games()`` each room must be there, of its kind, and agree with the declared
capabilities; and no module of a lower layer may name a module of a higher one in a string
(an import import-linter cannot see)."""

from __future__ import annotations

import ast
import re
import types
from pathlib import Path

import click
import pytest

from cardedge.analysis.core.rules import Kind, RuleSet
from cardedge.analysis.core.shoe import ShoeFormat
from cardedge.api.core import (
    CHART_COMMANDS,
    CHART_OBJECTS,
    OBJECTS,
    SHARED_COMMANDS,
    ApiRoom,
    api_room,
)
from cardedge.games import games, room_module
from cardedge.reports.core.grid import GridRoom, grid_room
from cardedge.reports.results import ResultsRoom, results_room
from cardedge.web.core import WebRoom, web_room

GAMES = {game.name: game for game in games()}
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", GAMES)
def test_every_games_descriptor_holds_its_facts(name):
    from cardedge.analysis.core.counts import resolve_system

    g = GAMES[name]
    assert g.name == name and g.title.strip() and g.label.strip()
    assert isinstance(g.rules, RuleSet) and isinstance(g.shoe, ShoeFormat)
    fields = set(g.rules_class.__dataclass_fields__)
    assert set(g.rules.names) <= fields, "a declared rule the rules object lacks"
    assert resolve_system(g.count_system) is not None
    assert g.capabilities() and all(isinstance(v, bool) for v in g.capabilities().values())


@pytest.mark.parametrize(
    "finder, kind, where",
    [
        (api_room, ApiRoom, "cardedge.api.{}"),
        (web_room, WebRoom, "cardedge.web.{}"),
        (grid_room, GridRoom, "cardedge.reports.{}.grid"),
        (results_room, ResultsRoom, "cardedge.reports.{}.results"),
    ],
)
@pytest.mark.parametrize("name", GAMES)
def test_every_layer_finds_the_games_room_of_its_kind(name, finder, kind, where):
    room = finder(name)
    assert isinstance(room, kind)
    assert room.__name__ == where.format(name), "a room outside the game's room of its layer"


@pytest.mark.parametrize("name", GAMES)
def test_every_games_api_room_supplies_its_commands_and_reports(name):
    g, api = GAMES[name], api_room(name)
    assert api.RULES is g.rules
    assert set(SHARED_COMMANDS) <= set(api.COMMANDS)
    for command in api.COMMANDS:
        function = getattr(api, command)
        assert callable(function) and hasattr(function, "keyword_kinds"), command
    for name_ in OBJECTS:
        assert callable(getattr(api, name_)), name_
    for folder, keywords in api.PUBLISHED_REPORTS.items():
        assert folder.startswith(name) and set(keywords) <= set(api.report.keyword_kinds)
    # the capabilities: a chart's commands and objects exactly when the game has a chart
    chart_commands = set(CHART_COMMANDS) & set(api.COMMANDS)
    assert chart_commands == (set(CHART_COMMANDS) if g.has_chart else set())
    chart_objects = {n for n in CHART_OBJECTS if callable(getattr(api, n, None))}
    assert chart_objects == (set(CHART_OBJECTS) if g.has_chart else set())
    # a side bet's pay table in the simulation exactly when the game has a side bet
    assert ("paytable" in api.simulate.keyword_kinds) == g.has_side_bet


@pytest.mark.parametrize("name", GAMES)
def test_every_games_web_room_supplies_what_the_web_reads(name):
    from cardedge.web import calls

    g, room, api = GAMES[name], web_room(name), api_room(name)
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
    assert set(room.grid_kinds()) == set(grid_room(name).kinds())
    assert room.INDEX_LINE.strip() and all(p.get("id") for p in room.PANELS)
    # the capabilities: chart colours and chart commands only with a chart
    assert bool(room.CHART_COLOURS) == g.has_chart
    assert all(re.fullmatch(r"#[0-9a-fA-F]{6}", c) for c in room.CHART_COLOURS.values())
    assert g.has_chart or not set(room.SERVED) & set(CHART_COMMANDS)


def test_a_room_missing_one_name_breaks_the_contract():
    room = web_room("blackjack")
    names = {n: getattr(room, n) for n in dir(room) if not n.startswith("__")}
    assert isinstance(types.SimpleNamespace(**names), WebRoom)
    del names["GRID_COST_SECONDS"]
    assert not isinstance(types.SimpleNamespace(**names), WebRoom)


def test_a_layer_refuses_a_room_that_breaks_its_contract_naming_what_it_lacks():
    # the web room of each game is a WebRoom, its results room is not: the finder says so
    with pytest.raises(TypeError, match=r"cardedge\.web\.zero is not a ResultsRoom: .*EOR_NOTE"):
        room_module("cardedge.web", "zero", kind=ResultsRoom)


@pytest.mark.parametrize("name", GAMES)
def test_every_games_grid_room_varies_its_declared_rules(name):
    g, room = GAMES[name], grid_room(name)
    kinds = room.kinds()
    assert set(g.rules.names) <= set(kinds), "a declared rule a grid cannot vary"
    assert all(isinstance(kind, Kind) for kind in kinds.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_games_results_room_supplies_what_results_reads(name):
    room = results_room(name)
    assert room.EOR_NOTE is None or (isinstance(room.EOR_NOTE, str) and room.EOR_NOTE.strip())


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_a_chart_has_study_hooks_and_its_studies_are_published(name):
    from cardedge.reports.core.study import StudyRoom, study_room
    from cardedge.reports.study_results import STUDIES

    g = GAMES[name]
    if g.has_chart:
        room = study_room(name)
        assert isinstance(room, StudyRoom)
        assert all(callable(getattr(room, f)) for f in StudyRoom.__dataclass_fields__)
    else:
        with pytest.raises(TypeError, match="no study hooks"):
            study_room(name)
    assert any(args[0] == name for args in STUDIES.values()) == g.has_chart


@pytest.mark.parametrize("name", GAMES)
def test_every_games_command_group_has_its_api_commands(name):
    from cardedge.cli.core.lazy import cli_room

    module, _, attribute = cli_room(name).partition(":")
    group = getattr(room_module("cardedge.cli", name), attribute)
    assert module == f"cardedge.cli.{name}" and isinstance(group, click.Group)
    assert group.name == name
    commands = set(group.list_commands(click.Context(group)))
    # play: the terminal trainer, which judges against the game's chart
    assert commands == set(api_room(name).COMMANDS) | ({"play"} if GAMES[name].has_chart else set())


@pytest.mark.parametrize("name", GAMES)
def test_a_training_session_takes_a_side_bet_exactly_when_the_game_has_one(name):
    from cardedge.engine.core.training import TrainingSession

    g = GAMES[name]
    coach = types.SimpleNamespace(game=name)

    def session():
        return TrainingSession(name, None, 1, coach, 1, 10.0, 100.0, side_bet=1.0)

    if g.has_side_bet:
        assert session().side_bet == 1.0
    else:
        with pytest.raises(ValueError, match="has none"):
            session()


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_a_chart_has_a_coach_for_its_trainer(name):
    """The trainer (``play``) judges every decision against the chart: its coach, in the
    game's engine room (``engine/<game>/coach.py``), is a ``Coach``."""
    from cardedge.engine.core.training import Coach

    if not GAMES[name].has_chart:
        pytest.skip("a game without a chart has no trainer")
    module = room_module("cardedge.engine", name, "coach")
    coaches = [
        c
        for c in vars(module).values()
        if isinstance(c, type) and c.__module__ == module.__name__ and hasattr(c, "judge")
    ]
    assert len(coaches) == 1 and coaches[0].game == name
    assert isinstance(coaches[0], Coach)  # its class holds every name a coach supplies


# ---- no upper layer named below it -------------------------------------------------------------
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("cardedge/core", "cardedge/extras.py")),
    ("analysis", ("analysis",)),
    ("strategy", ("strategy",)),
    ("engine", ("engine",)),
    ("study", ("study",)),
    ("reports", ("reports",)),
    ("api", ("cardedge/api",)),
    ("zero|blackjack", ("cardedge/zero.py", "cardedge/blackjack.py")),
    ("web", ("cardedge/web",)),
    ("cli", ("cardedge/cli",)),
)
"""The layers bottom up (pyproject.toml's layers contract), each with its folders and files
(the layer folders at the top of the repository, which ``cardedge/`` links to)."""


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """The string constants the code uses (f-strings' parts too), not its documentation: a
    docstring, or an attribute's string under it. Documentation may point a reader to the
    room that implements an interface (``web.core.web_room``) and is never imported; a string
    the code uses may reach ``importlib`` or a lazy loader unseen by import-linter."""
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def upper_layer_names(path: Path, uppers: tuple[str, ...], root: Path = ROOT) -> list[str]:
    """Where the code of ``path`` names a module of a layer in ``uppers`` in a string
    (``"cardedge.web..."`` or ``"cardedge/web/..."``)."""
    names = "|".join(re.escape(u) for u in uppers)
    pattern = re.compile(rf"\bcardedge[./]({names})\b")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(root)}:{node.lineno}: {node.value!r}"
        for node in _code_strings(tree)
        if pattern.search(node.value)
    ]


def layer_modules(places: tuple[str, ...]) -> list[Path]:
    out: list[Path] = []
    for place in places:
        path = ROOT / place
        out += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return out


@pytest.mark.parametrize("level", range(len(LAYERS) - 1), ids=[n for n, _ in LAYERS[:-1]])
def test_no_lower_layer_names_a_module_of_a_higher_one_in_a_string(level):
    _, places = LAYERS[level]
    uppers = tuple(u for name, _ in LAYERS[level + 1 :] for u in name.split("|"))
    modules = layer_modules(places)
    assert modules, places
    assert [hit for path in modules for hit in upper_layer_names(path, uppers)] == []


def test_the_layer_check_finds_a_string_naming_a_higher_layer(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '"""Found by ``cardedge.web.core.web_room``: documentation, not code."""\n'
        'PART = "cardedge.cli.zero:zero"\n'
        'WHERE = f"cardedge.api.{1}"\n'
        'BELOW = "cardedge.analysis.zero.game"\n'
    )
    hits = upper_layer_names(module, ("api", "cli", "web"), tmp_path)
    assert [h.split(":")[1] for h in hits] == ["2", "3"]
