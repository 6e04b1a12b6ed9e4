"""The API binds once: every public function turns its keywords into one bound object (its
game's ``bind``, the rule keywords handed on by name) and hands that down; nothing reads an
API call's ``locals()``, and ``report`` builds its tables from its one bound call instead of
calling the public functions, which would read the keywords again."""

import ast
import inspect
import re
import textwrap
from pathlib import Path

import click
import pytest

from cardedge.api import blackjack, core, keywords, options, zero
from cardedge.cli import cli

API = Path(core.__file__).parent


def _calls(node: ast.AST) -> list[str]:
    return [
        n.func.id
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    ]


@pytest.mark.parametrize("path", sorted(API.glob("*.py")), ids=lambda p: p.name)
def test_no_api_function_reads_its_locals(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    readers = [
        f"{path.name}:{node.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "locals" in _calls(node)
    ]
    assert readers == []


def _body(function) -> ast.FunctionDef:
    source = textwrap.dedent(inspect.getsource(inspect.unwrap(function)))
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


@pytest.mark.parametrize("module", [zero, blackjack], ids=["zero", "blackjack"])
def test_every_function_with_rules_binds_its_keywords_once(module):
    for name in [*module.COMMANDS, "rules"]:
        function = getattr(module, name)
        if not set(module.RULES.names) & set(inspect.signature(function).parameters):
            continue  # pays: the side bet is dealt from the shoe alone
        calls = _calls(_body(function))
        assert calls.count("bind") == 1, name
        source = inspect.getsource(inspect.unwrap(function))
        assert keywords.VALUES_BEGIN in source, f"{name}: rule keywords not handed on by name"


@pytest.mark.parametrize("module", [zero, blackjack], ids=["zero", "blackjack"])
def test_the_report_calls_no_public_function(module):
    calls = set(_calls(_body(module.report)))
    assert not calls & set(module.COMMANDS), "report re-reads keywords through the public API"
    assert _calls(_body(module.report)).count("bind") == 1


def test_a_bound_call_holds_the_rules_and_the_shoes():
    call = zero.bind("both", "6,8", presets=zero.RULES_BOTH, das=False)
    assert list(call.played) == ["stated", "published"]
    assert all(not r.das for r in call.played.values())
    assert call.deck_counts() == [6, 8]
    assert call.changes == {"das": False}
    one = blackjack.bind(6, remove="5,5", peek=True)
    assert one.rules.peek and one.one_shoe("chart").describe() == "6 decks minus 5,5"
    assert one.dealing(*blackjack.bind(2).shoes).deck_counts() == [2]


def test_a_marked_block_left_open_is_refused():
    with pytest.raises(ValueError, match="never closed"):
        keywords.rewritten(f"    {keywords.VALUES_BEGIN}\n", zero.RULES, zero.RULE_DEFAULTS)


# ---- every non-rule option declared once -------------------------------------------------------
FAMILIES = {"grid": options.GRID, "study": options.STUDY, "report": options.REPORT}
FAMILIES["simulate"] = options.SIMULATE
FAMILIES["edge"] = options.EDGE


def _game_commands():
    ctx = click.Context(cli)
    for game in ("zero", "blackjack"):
        group = cli.get_command(ctx, game)
        for name in group.list_commands(ctx):
            yield game, name, group.get_command(ctx, name)


def _as_pattern(help_text: str) -> str:
    """A declared help as a pattern: its ``{words}`` any text."""
    return ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", help_text))


@pytest.mark.parametrize("game,name,command", list(_game_commands()), ids=lambda x: str(x)[:20])
def test_each_option_is_its_declaration(game, name, command):
    """Every option made from a declaration says its help (the command's words filled in) and
    takes its default; every option of a declared family (grid, study, report, simulate) is
    made from its declaration, none written by hand beside it."""
    module = zero if game == "zero" else blackjack
    family = {**FAMILIES.get(name, {}), **module.OPTIONS.get(name, {})}
    for param in command.params:
        declaration = getattr(param, "declaration", None)
        if declaration is None:
            assert param.name not in family, f"{game} {name} --{param.name}: hand-written"
            continue
        if param.name in family:
            assert declaration is family[param.name], f"{game} {name} --{param.name}"
        assert re.fullmatch(_as_pattern(declaration.help), param.help or ""), param.name
        default = declaration.default
        if param.name == "system":  # the game's count
            default = getattr(zero if game == "zero" else blackjack, "STUDY_SYSTEM", None)
            default = default or blackjack.DEFAULT_SYSTEM
        if param.name == "digits" and name == "pays":
            default = 6
        if declaration.required:
            assert param.required
            continue
        got = list(param.default) if param.multiple else param.default
        want = list(default) if declaration.multiple else default
        assert got == want, f"{game} {name} --{param.name}"


FAMILY_CASES = [(m, n, FAMILIES[n]) for m in (zero, blackjack) for n in sorted(FAMILIES)]
FAMILY_CASES += [(m, n, f) for m in (zero, blackjack) for n, f in m.OPTIONS.items()]


@pytest.mark.parametrize(
    "module,name,family",
    FAMILY_CASES,
    ids=[f"{m.__name__.split('.')[-1]}-{n}" for m, n, _ in FAMILY_CASES],
)
def test_each_api_default_is_its_declaration(module, name, family):
    """The API function of a declared family (or a game's own command) takes each declared
    keyword with the declared default (``study``'s shared keywords come from the declarations
    themselves)."""
    parameters = inspect.signature(getattr(module, name)).parameters
    for declaration in family.values():
        given = parameters[declaration.name]
        if declaration.required:
            assert given.default is inspect.Parameter.empty, declaration.name
        elif declaration.name == "system":
            assert given.default in (zero.STUDY_SYSTEM, blackjack.DEFAULT_SYSTEM)
        else:
            assert given.default == declaration.default, f"{name} {declaration.name}"


def test_the_docs_option_tables_are_the_declarations():
    assert options.stale_pages() == [], "run: python -m cardedge.api.options"
    page = (options.DOCS / "study.md").read_text(encoding="utf-8")
    assert "| `--penetration` (`penetration`) | `0.75` |" in page


def test_the_zero_variants_rows_are_the_rule_declarations():
    """``zero variants`` lists the preset, then each rule's declared variations: a rule
    declared with variations reaches the table with no other edit."""
    from dataclasses import replace

    from cardedge.analysis.core.rules import Rule, Switch
    from cardedge.analysis.zero.rules import RULES
    from cardedge.reports.zero.strategy import VARIANTS

    assert VARIANTS[0] == ("as the preset", {})
    assert list(VARIANTS[1:]) == RULES.variants()
    assert [label for label, _ in VARIANTS[1:4]] == [
        "zero pair pays 1:1",
        "zero pair pays 6:5",
        "zero pair pays 2:1",
    ]
    assert ("no split", {"split_totals": frozenset()}) in VARIANTS
    more = Rule("new_rule", Switch(), "A new rule.", lambda r: None, variants=(("new", True),))
    grown = replace(RULES, rules=(*RULES.rules, more))
    assert grown.variants()[-1] == ("new", {"new_rule": True})
    assert grown.variants()[:-1] == RULES.variants()
