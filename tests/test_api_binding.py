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

import cardedge.cli as cli_module
from cardedge.api import blackjack, core, declaration, keywords, options, zero
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
FAMILIES["solve"] = options.SOLVE
FAMILIES["simulate"] = options.SIMULATE
FAMILIES["count"] = options.COUNT
FAMILIES["solve"] = options.SOLVE
FAMILIES["play"] = options.PLAY
SHARED = [*options.SHOE.values(), *options.SHOWN.values(), options.DEALT]
"""Rows any command may take (where the cards come from, how a table is shown)."""
CLI = Path(cli_module.__file__).parent
MAKERS = {CLI / "core" / "declared.py", CLI / "core" / "rules.py"}
"""The modules that make options: the generator, and the rules' options (from ``RULES``)."""
FAMILIES["edge"] = options.EDGE


def _commands():
    """(game or None, name, command) for every command of the command line."""
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        if not isinstance(command, click.Group):
            yield None, name, command
            continue
        for inner in command.list_commands(ctx):
            yield name, inner, command.get_command(ctx, inner)


def _as_pattern(help_text: str) -> str:
    """A declared help as a pattern: its ``{words}`` any text."""
    return ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", help_text))


def _is_rule(game, param) -> bool:
    from cardedge.cli.core.rules import RuleValue

    module = {"zero": zero, "blackjack": blackjack}.get(game)
    return (
        module is not None
        and param.name in module.RULES.names
        and (isinstance(param.type, RuleValue) or getattr(param, "is_flag", False))
    )


@pytest.mark.parametrize(
    "game,name,command", list(_commands()), ids=lambda x: x if isinstance(x, str) else ""
)
def test_each_option_is_its_declaration(game, name, command):
    """Every option of every command but a rule's is made from a declaration: its command's
    own (the game's ``OPTIONS``, the top level's ``TOP``), its family's (grid, study, report,
    simulate, count, solve, play) or a shared one (the shoe, how a table is shown); it says
    its help (the command's words filled in), takes its default, and reads its words, flag,
    list and metavar as declared."""
    module = {"zero": zero, "blackjack": blackjack}.get(game)
    own = module.OPTIONS.get(name, {}) if module else declaration.TOP[name]
    family = {**FAMILIES.get(name, {}), **own} if module else own
    for param in command.params:
        if _is_rule(game, param) or isinstance(param, click.Argument):
            continue
        row = getattr(param, "declaration", None)
        where = f"{game or 'cardedge'} {name} {param.opts[0]}"
        assert row is not None, f"{where}: hand-written"
        if row.name in family:
            assert row is family[row.name], f"{where}: not its command's declaration"
        else:
            assert any(row is shared for shared in SHARED), f"{where}: whose declaration?"
        assert param.name == row.dest and param.opts[0] == row.option, where
        assert re.fullmatch(_as_pattern(row.help), param.help or ""), where
        assert bool(param.multiple) == row.multiple, where
        assert bool(getattr(param, "is_flag", False)) == (row.switch != ""), where
        if row.metavar is not None:
            assert param.metavar == row.metavar, where
        if row.choices and row.reader == "":
            assert list(param.type.choices) == list(row.words), where
        if row.required:
            assert param.required, where
            continue
        got = list(param.default) if param.multiple else param.default
        want = list(row.default) if row.multiple else row.default
        assert got == want, where


def _makes_an_option(node: ast.AST) -> bool:
    """A call of ``click.option`` or ``click.Option``, or an import of either by name."""
    if isinstance(node, ast.ImportFrom) and node.module == "click":
        return any(a.name in ("option", "Option") for a in node.names)
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    f = node.func
    return (
        f.attr in ("option", "Option") and isinstance(f.value, ast.Name) and f.value.id == "click"
    )


@pytest.mark.parametrize("path", sorted(CLI.rglob("*.py")), ids=lambda p: p.name)
def test_no_option_is_made_by_hand(path):
    """Only the generator (``cli/core/declared.py``) makes options, and the rules' module
    their options from ``RULES``: an option written by hand elsewhere would carry a help or
    a default of its own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    made = [n.lineno for n in ast.walk(tree) if _makes_an_option(n)]
    if path in MAKERS:
        assert made, f"{path.name} makes no option: update MAKERS"
    else:
        assert made == [], f"{path.name}: an option written by hand at line(s) {made}"


def test_a_hand_written_option_is_found():
    for source in ('@click.option("--x", default=1)\ndef f(x): ...\n', "from click import option"):
        assert any(_makes_an_option(n) for n in ast.walk(ast.parse(source)))
    assert not any(_makes_an_option(n) for n in ast.walk(ast.parse("option()")))


def test_the_top_level_formats_are_the_renderer_s():
    """``--format`` is declared where the top level reads it at start-up, written out: it
    must be every format the tables render."""
    from cardedge.reports.core.render import FORMATS

    assert options.FORMAT.words == tuple(FORMATS)


FAMILY_CASES = [(m, n, FAMILIES[n]) for m in (zero, blackjack) for n in sorted(FAMILIES)]
FAMILY_CASES += [(m, n, f) for m in (zero, blackjack) for n, f in m.OPTIONS.items()]
FAMILY_CASES += [(core, n, f) for n, f in declaration.TOP.items()]


def _same_default(row, given) -> bool:
    """The API's default is the declared one (deck counts as the API reads them; one value
    standing for a one-value list)."""
    if row.name == "decks":
        declared = row.default if row.multiple else (row.default,)
        return core.deck_counts(given) == [n for d in declared for n in core.deck_counts(d)]
    if row.multiple and not isinstance(given, list | tuple):
        return (given,) == tuple(row.default)
    return given == row.default


@pytest.mark.parametrize(
    "module,name,family",
    FAMILY_CASES,
    ids=[f"{m.__name__.split('.')[-1]}-{n}" for m, n, _ in FAMILY_CASES],
)
def test_each_api_default_is_its_declaration(module, name, family):
    """The API function of a declared family (or a game's own command) takes each declared
    keyword with the declared default (``study``'s shared keywords come from the declarations
    themselves); an option of the command line alone (``api=False``) has no keyword."""
    rows = [row for row in family.values() if row.api]
    if not rows or (module is not core and name not in module.COMMANDS):
        return  # a training session: the command line's alone
    parameters = inspect.signature(getattr(module, name)).parameters
    for row in rows:
        given = parameters[row.name]
        if row.required:
            assert given.default is inspect.Parameter.empty, row.name
        elif row.name == "system" and name == "study":  # the game's: its OPTIONS["study"]
            assert given.default == module.OPTIONS["study"]["system"].default
        else:
            assert _same_default(row, given.default), f"{name} {row.name}"


def test_every_command_deals_its_declared_decks():
    """A command's ``--decks`` default reads as the deck counts its API function takes by
    default (``zero eor``: 6 and 8)."""
    for game, name, command in _commands():
        module = {"zero": zero, "blackjack": blackjack}.get(game)
        param = next((p for p in command.params if p.name == "decks"), None)
        if param is None or name not in module.COMMANDS:
            continue
        given = inspect.signature(getattr(module, name)).parameters["decks"].default
        assert _same_default(param.declaration, given), f"{game} {name}"


def test_the_docs_option_tables_are_the_declarations():
    assert options.stale_pages() == [], "run: python -m cardedge.api.options"
    page = (options.DOCS / "study.md").read_text(encoding="utf-8")
    assert "| `--penetration` (`penetration`) | `0.75` |" in page
    page = (options.DOCS / "cli.md").read_text(encoding="utf-8")
    assert "| `--target` (`target`) | required |" in page
    assert "| `--format` | `table` | Output format. One of: table, csv, json, markdown. |" in page


def test_every_docs_marker_names_a_family():
    """A marker naming no family (a typo, a command renamed) would stay an empty table."""
    known = set(options.all_groups())
    for page in sorted(options.DOCS.glob("*.md")):
        for group in re.findall(r"<!-- options: (.+?) \(python", page.read_text(encoding="utf-8")):
            assert group in known, f"{page.name}: {group!r}"


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
