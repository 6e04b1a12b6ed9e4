"""The API binds once: every public function turns its keywords into one bound object (its
game's ``bind``, the rule keywords handed on by name) and hands that down; nothing reads an
API call's ``locals()``, and ``report`` builds its tables from its one bound call instead of
calling the public functions, which would read the keywords again."""

import ast
import inspect
import textwrap
from pathlib import Path

import pytest

from cardedge.api import blackjack, core, keywords, zero

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
