"""One ``Game`` descriptor per game (analysis/<game>/game.py), one registry (cardedge/games.py),
and no shared module naming a game: the shared layers iterate the registry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardedge.analysis.core.game import Game
from cardedge.games import NAMES, game, games

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("analysis", "strategy", "engine", "study", "reports")
GAME_WORD = re.compile(r"\b(zero|blackjack)\b", re.IGNORECASE)


def shared_modules() -> list[Path]:
    """Every module outside the games' rooms and the registry: the layers' core rooms, the
    modules at the top of a layer (reports/results.py), the API's, CLI's and web's own."""
    out = []
    for top in (*LAYERS, "cardedge"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if top == "cardedge" and parts[1] in LAYERS:  # the layers' symlinks
                continue
            if any(p in ("zero", "blackjack", "zero.py", "blackjack.py") for p in parts):
                continue
            if parts == ("cardedge", "games.py"):
                continue
            out.append(path)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are documentation (a docstring or an attribute's string)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def game_names_in(path: Path, root: Path = ROOT) -> list[str]:
    """Where the code of ``path`` (not its documentation) names a game: in a string, a name,
    an attribute or an import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id.replace("_", " ")]
        elif isinstance(node, ast.Attribute):
            words = [node.attr.replace("_", " ")]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            module = getattr(node, "module", None) or ""
            words = [
                n.replace(".", " ").replace("_", " ")
                for n in (module, *[a.name for a in node.names])
            ]
        found += [
            f"{path.relative_to(root)}:{node.lineno}: {w!r}" for w in words if GAME_WORD.search(w)
        ]  # type: ignore[attr-defined]
    return found


def test_no_shared_module_names_a_game():
    modules = shared_modules()
    assert len(modules) > 40  # the walk found the shared modules
    assert [hit for path in modules for hit in game_names_in(path)] == []


def test_the_check_finds_a_game_named_in_code_but_not_in_documentation(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Zero and blackjack, in words."""\nGAMES = ("zero",)\n')
    assert len(game_names_in(module, tmp_path)) == 1
    module.write_text('"""Zero."""\nfrom cardedge.api import blackjack\n')
    assert len(game_names_in(module, tmp_path)) == 1


def test_the_registry_gives_each_games_descriptor_in_order():
    assert tuple(g.name for g in games()) == NAMES == ("zero", "blackjack")
    assert all(isinstance(g, Game) for g in games())
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        game("poker")


@pytest.mark.parametrize("name", NAMES)
def test_a_descriptor_holds_only_its_layers_facts_and_its_capabilities(name):
    """Issue 44: no module of an upper layer named in the descriptor (they find their rooms
    by the game's name); every field a fact of the analysis layer or a yes/no capability."""
    g = game(name)
    assert g.rules_class.__module__ == f"cardedge.analysis.{name}.rules"
    assert set(g.capabilities()) == {"has_chart", "has_side_bet"}
    assert all(isinstance(v, bool) for v in g.capabilities().values())
    texts = [v for v in g.__dict__.values() if isinstance(v, str)]
    assert texts and not [t for t in texts if "cardedge" in t or ":" in t]


def test_a_descriptor_must_declare_every_capability():
    g = game("zero")
    facts = {k: v for k, v in g.__dict__.items() if k != "has_side_bet"}
    with pytest.raises(TypeError, match="has_side_bet"):
        Game(**facts)
    with pytest.raises(TypeError):
        Game(*g.__dict__.values())  # by keyword only: a capability is never a position


def test_a_layer_finds_a_games_room_by_its_name_and_refuses_an_unknown_game():
    from cardedge.games import room_module

    assert room_module("cardedge.analysis", "zero", "game").GAME is game("zero")
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        room_module("cardedge.analysis", "poker", "game")


def test_the_shared_layers_iterate_the_registry():
    from cardedge.cli import GAMES as CLI_GAMES
    from cardedge.reports.results import GAMES as RESULT_MODULES
    from cardedge.reports.results import results_room
    from cardedge.reports.study_results import STUDIES
    from cardedge.web import calls, pages

    assert tuple(CLI_GAMES) == NAMES and calls.GAMES == NAMES
    assert tuple(pages.CONTROLS) == NAMES
    assert RESULT_MODULES == tuple(results_room(g.name) for g in games())
    assert {args[0] for args in STUDIES.values()} == {g.name for g in games() if g.has_chart}
    for g in games():
        assert g.rules.names == tuple(n for n in pages.CONTROLS[g.name] if n in g.rules.names)


def test_every_game_colours_a_kind_of_play_alike():
    """Issue 33: a hit, a stand, a double and a split have one colour in every game's chart
    (PNG, report, web page) and on a terminal; Zero's hit was white beside blackjack's red."""
    from cardedge.reports.blackjack.colours import CHART_COLOURS as BLACKJACK_COLOURS
    from cardedge.reports.blackjack.colours import TERMINAL as BLACKJACK_TERMINAL
    from cardedge.reports.core.colours import PLAY_COLOURS, TERMINAL_COLOURS
    from cardedge.reports.zero.colours import CHART_COLOURS as ZERO_COLOURS
    from cardedge.reports.zero.colours import TERMINAL as ZERO_TERMINAL

    same = {"hit": ("H", "H"), "stand": ("S", "S"), "double": ("D", "Dh"), "split": ("P", "P")}
    for play, (z, b) in same.items():
        assert ZERO_COLOURS[z] == BLACKJACK_COLOURS[b] == PLAY_COLOURS[play]

    for play, (z, b) in same.items():
        assert ZERO_TERMINAL[z] == BLACKJACK_TERMINAL[b] == TERMINAL_COLOURS[play]
