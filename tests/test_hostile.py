"""Hostile input on the three surfaces, from one table of declarations (``cardedge/api/params.py``).

Every keyword of every public API function is declared (a rule, or a kind in ``KEYWORDS``); for
each kind the witnesses below are values it must refuse. Each is tried on every function taking
that keyword: the API raises ``BadValue`` naming the keyword, in one short line, before any work
(nothing written); the command line refuses the same text with exit 2 and one line; the web
answers 400 with one line of JSON.
"""

from __future__ import annotations

import inspect
import math
import os

import pytest

from cardedge.analysis.core.rules import Choice, Switch, Whole
from cardedge.api import blackjack, params, zero
from cardedge.core.errors import BadValue, shown

GAMES = {"zero": zero, "blackjack": blackjack}
REQUIRED = {"out": "out-folder", "target": 1.0}
"""Valid values of the keywords some functions require (so the bad one is what is refused)."""


def bad_values(kind) -> list:
    """Values ``kind`` must refuse, typed as Python callers give them."""
    if isinstance(kind, params.Maybe):
        return [v for v in bad_values(kind.kind) if v is not None]
    if isinstance(kind, Switch):
        return ["false", "true", 1, 0, None, 2.0]
    if isinstance(kind, Whole):
        return [kind.low - 1, kind.high + 1, 1.5, "x", True, None, 10**5000, "9" * 5000, [1]]
    if isinstance(kind, params.Number):
        out = [math.nan, math.inf, -math.inf, "x", True, None, 10**400, kind.high * 2 + 1]
        out += [kind.low] if kind.open_low else [kind.low - 1]
        return out
    if isinstance(kind, params.Many):
        inner = [v for v in bad_values(kind.kind) if not isinstance(v, list | tuple)]
        return inner + [[inner[0]]] + ([[]] if kind.empty is None else [])
    if isinstance(kind, params.Cards):
        return [5, None, [None], ["5", 5.5], "", {"5": 1}]
    if isinstance(kind, params.Given | params.Text):
        return [5, None, "", "   ", {"A": 24}, b"hilo", "a\x00b"]
    if isinstance(kind, params.Callback):
        return [5, "print"]
    if isinstance(kind, params.Checked) and kind.metavar == "PERCENT":  # a target edge
        return [math.nan, math.inf, 101, -100.5, "x", True, None, [1.0], 10**400]
    if isinstance(kind, Choice):
        return ["", "x", None, 1, True, [kind.options[0]], kind.options[0].upper() + "x"]
    if isinstance(kind, params.Checked) and kind.metavar == "P1,P2,...":  # a solve's ladder
        return ["x", "", " , ", [], 5, "3:2,x", "-1", "1:0", [math.nan], {"a": 1}, 10**5000]
    if isinstance(kind, params.Checked) and kind.metavar == "DECKS":
        return [0, "x", None, True, 10**5000, [], "1..1000000000", 9, 6.5]
    raise AssertionError(f"no witnesses for {kind!r}")


def required(function) -> dict:
    """Valid values of the keywords ``function`` requires (no default)."""
    signature = inspect.signature(function).parameters
    return {
        k: v
        for k, v in REQUIRED.items()
        if k in signature and signature[k].default is inspect.Parameter.empty
    }


def api_cases():
    """(game, command, keyword, bad value) for every declared keyword of every command."""
    for game, module in GAMES.items():
        for command in module.COMMANDS:
            function = getattr(module, command)
            for keyword, kind in function.keyword_kinds.items():
                if kind is None:  # a rule: tests/test_rule_declarations.py
                    continue
                if isinstance(kind, params.Maybe) and keyword == "shoe":
                    continue  # shoe and decks together are refused on their own
                for value in bad_values(kind):
                    yield game, command, keyword, value


def test_every_keyword_of_every_function_is_declared():
    """``checked`` refuses an undeclared keyword when a module is imported: so every public
    function carries its kinds, and the witnesses cover every kind there is."""
    kinds = set()
    for module in GAMES.values():
        for command in (*module.COMMANDS, "rules", "shoe"):
            function = getattr(module, command)
            names = set(inspect.signature(function).parameters)
            assert set(function.keyword_kinds) == names, command
            kinds.update(type(k) for k in function.keyword_kinds.values() if k is not None)
    for kind in kinds:
        assert kind in (Switch, Whole, Choice) or issubclass(kind, params.Kind)
    with pytest.raises(TypeError, match="declared nowhere"):
        params.checker(zero.RULES)()(lambda *, wrong_keyword=1: None)


@pytest.mark.parametrize("game", GAMES)
def test_the_api_refuses_every_witness_naming_the_keyword(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tried = 0
    for g, command, keyword, value in api_cases():
        if g != game:
            continue
        function = getattr(GAMES[game], command)
        given = {k: v for k, v in required(function).items() if k != keyword}
        where = f"{game}.{command}({keyword}={shown(value)})"
        try:
            function(**given, **{keyword: value})
        except BadValue as e:
            caught = e
        else:
            pytest.fail(f"accepted: {where}")
        assert caught.keyword == keyword, where
        line = str(caught)
        assert "\n" not in line and len(line) < 240, where
        assert "set_int_max_str_digits" not in line, where
        tried += 1
    assert tried > 500
    assert os.listdir(tmp_path) == []  # refused before any work: nothing written


def test_text_is_parsed_as_the_command_line_parses_it():
    """A string in Python is read by the keyword's kind (the command line's text), except a
    switch's: ``'false'`` is truthy, so only True and False are taken."""
    from cardedge.api.params import KEYWORDS, check_value, parse_text

    assert check_value("rounds", KEYWORDS["rounds"], "1000") == 1000
    assert check_value("digits", KEYWORDS["digits"], " 3 ") == 3
    assert check_value("penetration", KEYWORDS["penetration"], "0.5") == 0.5
    assert parse_text("resume", KEYWORDS["resume"], "no") is False
    with pytest.raises(BadValue, match="resume: 'no' is not True or False"):
        check_value("resume", KEYWORDS["resume"], "no")
    assert check_value("remove", KEYWORDS["remove"], ["5", 5, "T"]) == "5,5,T"
    assert check_value("side_bet_size", KEYWORDS["side_bet_size"], ()) == []
    assert check_value("strategy", KEYWORDS["strategy"], os.path.join("a", "b.csv")) == "a/b.csv"


def test_a_removed_card_list_is_the_text_it_stands_for():
    """``remove=[5, 5]`` (once an AttributeError) deals the shoe ``remove="5,5"`` deals."""
    listed = zero.edge(decks=1, remove=[5, 5], rules="published").rows()
    text = zero.edge(decks=1, remove="5,5", rules="published").rows()
    assert listed == text


def test_a_huge_whole_number_is_named_by_its_size():
    with pytest.raises(BadValue, match="rounds: a whole number of about 5001 digits is not"):
        zero.simulate(rounds=10**5000)
    with pytest.raises(BadValue, match=r"rounds: '99999.*\.\.\. is not a whole number"):
        zero.simulate(rounds="9" * 5000)


def bad_texts(kind) -> list[str]:
    """Texts ``kind`` must refuse, as the command line and the web give them."""
    if isinstance(kind, params.Maybe | params.Many):
        return bad_texts(kind.kind)
    if isinstance(kind, Whole):
        return [str(kind.low - 1), str(kind.high + 1), "1.5", "x", "9" * 5000]
    if isinstance(kind, params.Number):
        low = str(kind.low) if kind.open_low else str(kind.low - 1)
        return ["nan", "inf", "-inf", "x", "1e400", low, str(kind.high * 2 + 1)]
    if isinstance(kind, params.Text):
        return ["", "   "]
    return []


def cli_cases():
    """(args, option) for every declared option of every game command given a bad text."""
    import click

    from cardedge.cli import cli
    from cardedge.cli.core.common import Declared

    ctx = click.Context(cli)
    for game in GAMES:
        group = cli.get_command(ctx, game)
        for command in group.list_commands(ctx):
            options = group.get_command(ctx, command).params
            required = []
            for p in options:
                if p.required and p.name in REQUIRED:
                    required += [p.opts[0], str(REQUIRED[p.name])]
            for p in options:
                if isinstance(p.type, Declared) and p.name not in REQUIRED:
                    for text in bad_texts(p.type.kind):
                        yield [game, command, *required, p.opts[0], text], p.opts[0]


def test_the_command_line_refuses_every_witness_in_one_line(capsys, tmp_path, monkeypatch):
    from cardedge.cli import main

    monkeypatch.chdir(tmp_path)
    tried = 0
    for args, option in cli_cases():
        code = main(args)
        err = capsys.readouterr().err
        where = " ".join(shown(a) for a in args)
        assert code == 2, where
        assert len(err.strip().splitlines()) == 1 and len(err) < 300, (where, err)
        assert err.startswith("cardedge: error:") and f"'{option}'" in err, (where, err)
        tried += 1
    assert tried > 100
    assert os.listdir(tmp_path) == []


def test_the_web_refuses_every_witness_in_one_line_of_json():
    pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")
    from urllib.parse import urlencode

    from starlette.testclient import TestClient

    from cardedge.web import calls
    from cardedge.web.app import create_app

    tried = 0
    with TestClient(create_app()) as client:
        for game in calls.GAMES:
            for command in calls.SERVED[game]:
                function = getattr(GAMES[game], command)
                for name in calls.parameters(game, command):
                    kind = function.keyword_kinds[name]
                    if kind is None or name in REQUIRED:
                        continue
                    for text in bad_texts(kind):
                        query = urlencode({name: text, **required(function)})
                        response = client.get(f"/api/{game}/{command}?{query}")
                        where = f"{game}/{command}?{name}={shown(text)}"
                        assert response.status_code == 400, (where, response.text)
                        body = response.json()
                        assert list(body) == ["error"] and name in body["error"], where
                        assert "\n" not in body["error"] and len(body["error"]) < 300, where
                        tried += 1
    assert tried > 50
