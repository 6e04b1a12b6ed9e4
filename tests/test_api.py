"""The Python API mirrors the command line: every command has its function, with the same
keywords and defaults, and returns the tables whose JSON the command prints."""

from __future__ import annotations

import inspect
import json

import click
import pytest
from click.testing import CliRunner

import cardedge.blackjack
import cardedge.zero
from cardedge.api import core
from cardedge.cli import cli
from cardedge.reports.core.render import Table, Tables, render_many

GAMES = {"zero": cardedge.zero, "blackjack": cardedge.blackjack}
SHARED = (
    "edge chart hands exceptions returns eor count indices compare variants simulate study".split()
)
OBJECTS = "Rules rules shoe Shoe Chart RoundResult OPTIMAL evaluate basic_chart policy "
OBJECTS += "evaluate_chart load_chart Table Tables render_many"
CLI_ONLY = {"fmt", "color"}
"""Options that only choose how the command line prints (no API keyword)."""
API_ONLY = {"progress", "log"}
"""Keywords the command line fills in itself (its bar, its standard error)."""

# Cheap calls, as API keywords; the command line gets the same values as options.
CHEAP: dict[tuple[str, str], list[dict]] = {
    ("zero", "edge"): [
        {"decks": 1, "rules": "published", "by_upcard": True},
        {"decks": [1, 2], "remove": "5,5", "strategy": "basic", "digits": 2},
    ],
    ("zero", "chart"): [{"decks": 1}],
    ("zero", "exceptions"): [{"decks": 1}],
    ("zero", "returns"): [{"decks": 1, "rules": "stated"}],
    ("zero", "hands"): [{"decks": 1}],
    ("zero", "compare"): [{"decks": "1..2"}],
    ("zero", "eor"): [{"decks": 1}],
    ("zero", "variants"): [{"decks": 1}],
    ("zero", "solve"): [
        {"decks": 1, "target": 2.0},
        {"decks": 1, "target": 5, "pay": "zero_pays:2"},
    ],
    ("zero", "grid"): [{"decks": 1, "vary": ["das", "zero_pair_pays=3:2,2:1"], "sd": False}],
    ("zero", "count"): [{"decks": 1, "system": ["hilo", "ko"], "best": False}],
    ("zero", "indices"): [{"decks_left": 1, "system": "hilo"}],
    ("zero", "pays"): [
        {"decks": 1, "eor": True, "side_bet_size": [0.5, 1.0]},
        {"decks": "1,2"},
    ],
    ("zero", "simulate"): [{"decks": 1, "rounds": 2000, "seed": 1, "threads": 1}],
    ("zero", "report"): [{"decks": 1, "out": "OUT", "rounds": 2000, "pdf": False}],
    ("blackjack", "report"): [{"decks": 1, "out": "OUT", "rounds": 2000, "pdf": False}],
    ("zero", "study"): [
        {"decks": 1, "shoes": 2, "batch_shoes": 1, "scheduler": "synchronous", "out": "OUT"}
    ],
    ("blackjack", "edge"): [
        {"decks": 1, "peek": True, "strategy": ["optimal", "basic"]},
        {"shoe": "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=16", "remove": "5", "h17": True},
    ],
    ("blackjack", "chart"): [{"decks": 1, "surrender": True}],
    ("blackjack", "hands"): [{"decks": 1, "up": "T"}],
    ("blackjack", "exceptions"): [{"decks": 1, "max_cards": 2}],
    ("blackjack", "compare"): [{"decks": "1..2"}],
    ("blackjack", "variants"): [{"decks": 1}],
    ("blackjack", "solve"): [{"decks": 1, "target": 1.0, "strategy": "basic"}],
    ("blackjack", "grid"): [{"decks": 1, "vary": ["h17", "natural=3:2,6:5"], "sd": False}],
    ("blackjack", "returns"): [{"decks": 1, "strategy": ["optimal", "easy"]}],
    ("blackjack", "dealer"): [{"decks": [1, 2], "h17": True}],
    ("blackjack", "eor"): [{"decks": 1, "strategy": "optimal"}],
    ("blackjack", "count"): [{"decks": 1, "system": "hilo"}],
    ("blackjack", "indices"): [{"decks": 2, "decks_left": 1}],
    ("blackjack", "simulate"): [{"decks": 1, "rounds": 2000, "seed": 1, "threads": 1}],
    ("blackjack", "study"): [
        {"decks": 1, "shoes": 2, "batch_shoes": 1, "scheduler": "synchronous", "out": "OUT"}
    ],
}


def commands() -> list[tuple[str, str, click.Command]]:
    """Every game command of the ``cardedge`` group, by click's introspection."""
    ctx = click.Context(cli)
    out = []
    for game in GAMES:
        group = cli.get_command(ctx, game)
        for name in group.list_commands(ctx):
            out.append((game, name, group.get_command(ctx, name)))
    return out


def api_twin(game: str, name: str):
    return getattr(GAMES[game], name, None)


def test_every_command_has_an_api_function_and_a_cheap_case():
    ctx = click.Context(cli)
    top = set(cli.list_commands(ctx)) - set(GAMES)
    assert top - set(core.NO_API) == {"tables", "verify"}, "a top command without an API twin"
    assert callable(core.tables) and callable(core.verify)
    for game, name, _ in commands():
        if name in core.NO_API:
            continue
        assert callable(api_twin(game, name)), f"cardedge {game} {name} has no API function"
        assert (game, name) in CHEAP, f"cardedge {game} {name}: add a cheap case to CHEAP"


def test_both_games_export_the_shared_names():
    for module in GAMES.values():
        assert set(SHARED) <= set(module.__all__)
        assert set(OBJECTS.split()) <= set(module.__all__)
        for name in module.__all__:
            assert getattr(module, name) is not None
    assert "pays" in cardedge.zero.__all__ and "dealer" in cardedge.blackjack.__all__


def test_the_written_out_exports_are_the_apis():
    """``cardedge.zero.__all__`` is written out for editors and the documentation: it must be
    the API's functions, the shared classes and the game's classes, nothing more or less."""
    from cardedge.api import blackjack as api_blackjack
    from cardedge.api import zero as api_zero

    for module, api in ((cardedge.zero, api_zero), (cardedge.blackjack, api_blackjack)):
        assert list(module.__all__) == [*api.__all__, *core.SHARED_LAZY, *api.CLASSES]
        for name in api.__all__:
            assert getattr(module, name) is getattr(api, name)


def _normal(param: click.Parameter, value):
    """A default as a comparable value (deck lists parsed, one value of a repeatable option
    as a list of one, click's 'no default' as None)."""
    if type(value).__name__ == "Sentinel":
        value = None
    if getattr(param, "is_flag", False) and value is None:
        value = False
    if param.name == "decks":
        return core.deck_counts(value)
    if param.multiple:
        return [] if value is None else [str(v) for v in core.listed(value)]
    return value


@pytest.mark.parametrize(
    "game, name, command",
    [c for c in commands() if c[1] not in core.NO_API],
    ids=lambda c: c if isinstance(c, str) else "",
)
def test_keywords_and_defaults_are_the_options(game, name, command):
    signature = inspect.signature(api_twin(game, name))
    options = {p.name: p for p in command.params if p.name not in CLI_ONLY | {"help"}}
    assert set(signature.parameters) - API_ONLY == set(options)
    for key, param in options.items():
        api_default = signature.parameters[key].default
        if param.required:
            assert api_default is inspect.Parameter.empty, key
            continue
        assert _normal(param, api_default) == _normal(param, param.default), f"{name} {key}"
    assert inspect.getdoc(api_twin(game, name)), "every API function says what it returns"
    assert "Example" in inspect.getdoc(api_twin(game, name))


def cli_args(command: click.Command, keywords: dict) -> list[str]:
    """The command-line options giving the API keywords' values."""
    params = {p.name: p for p in command.params}
    args: list[str] = []
    for key, value in keywords.items():
        param = params[key]
        if param.is_flag:
            if value:
                args.append(param.opts[0])
            elif param.secondary_opts:
                args.append(param.secondary_opts[0])
            continue
        for one in core.listed(value):
            args += [param.opts[0], str(one)]
    return args


CASES = [
    (game, name, i, keywords)
    for (game, name), cases in CHEAP.items()
    for i, keywords in enumerate(cases)
]


@pytest.mark.parametrize(
    "game, name, i, keywords", CASES, ids=[f"{g}-{n}-{i}" for g, n, i, _ in CASES]
)
def test_the_api_returns_what_the_command_prints(game, name, i, keywords, tmp_path):
    keywords = {k: str(tmp_path / "cli") if v == "OUT" else v for k, v in keywords.items()}
    command = cli.get_command(click.Context(cli), game).get_command(click.Context(cli), name)
    args = [game, name, *cli_args(command, keywords), "--format", "json"]
    printed = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert printed.exit_code == 0, printed.output
    if "out" in keywords:
        keywords["out"] = str(tmp_path / "api")
    got = api_twin(game, name)(**keywords)
    assert isinstance(got, Table | Tables)
    assert render_many(got, "json") == printed.stdout
    assert json.loads(printed.stdout), "a JSON document with rows"


def test_bad_input_is_one_line_value_error():
    with pytest.raises(ValueError, match="decks: '0': decks must be a whole number in 1..8"):
        cardedge.zero.edge(decks="0")
    with pytest.raises(ValueError, match="simulate takes one deck count"):
        cardedge.blackjack.simulate(decks=[6, 8], rounds=2000)
    with pytest.raises(ValueError, match="rules: 'nope' is not one of"):
        cardedge.zero.chart(rules="nope")
    with pytest.raises(ValueError, match="shoe: "):
        cardedge.blackjack.edge(shoe="A=20,2=24")
    # in the API's words (it named the command line's --decks): refused at the surface, for
    # any deck count given, the default's value too (the web took decks=6 with a shoe)
    for decks in (8, 6):
        with pytest.raises(ValueError, match="decks: a shoe gives the whole shoe: leave decks"):
            cardedge.zero.hands(decks=decks, shoe="A=24")


def test_rule_keywords_map_onto_the_rules_object_in_one_place():
    from cardedge.api.blackjack import RULES, rules_for

    r = rules_for(h17=True, peek=True, das=False, split_hands=3, rsa=True, natural="6:5")
    # decks left the rules (a setup is rules plus a Shoe): the decks are the shoe's now
    shoe = cardedge.blackjack.shoe(4)
    assert (shoe.fresh_decks, r.h17, r.peek, r.das) == (4, True, True, False)
    assert (r.split_hands, r.rsa, r.natural) == (3, True, "6:5")
    assert cardedge.blackjack.rules(surrender=True).surrender is True
    import dataclasses

    assert set(RULES.names) <= {f.name for f in dataclasses.fields(r)}


def test_the_shared_objects_give_the_published_figures():
    zero, bj = cardedge.zero, cardedge.blackjack
    r, six = zero.rules("published"), zero.shoe(6)
    assert isinstance(r, zero.Rules) and isinstance(six, zero.Shoe)
    assert zero.evaluate(r, six).house_edge_percent == 2.2637009546182045
    b = bj.rules(peek=True)
    assert isinstance(b, bj.Rules)
    assert bj.evaluate(b, bj.shoe(6)).house_edge_percent == 0.40287023611541156
    for game, rules, shoe in ((zero, r, six), (bj, bj.rules(), bj.shoe(1))):
        chart = game.basic_chart(rules, shoe)
        assert isinstance(chart, game.Chart)
        assert (
            game.evaluate_chart(rules, shoe, chart).ev
            == game.evaluate(rules, shoe, game.policy(chart, rules)).ev
        )


def test_a_table_shows_itself_in_a_notebook():
    table = Table("Odds <&> ends", [{"hand": "<b>", "ev": 0.5}], ["a note & more"])
    html = table._repr_html_()
    assert "<h4>Odds &lt;&amp;&gt; ends</h4>" in html
    assert '<td style="text-align: left">&lt;b&gt;</td>' in html
    assert "<li>a note &amp; more</li>" in html
    assert table._repr_markdown_().startswith("## Odds <&> ends\n")
    both = Tables([table, Table("Second", [{"x": 1}])])
    assert both._repr_html_().count("<h4>") == 2
    assert "## Second" in both._repr_markdown_()


@pytest.mark.parametrize("module", ["cardedge.api.zero", "cardedge.api.blackjack"])
def test_the_examples_run(module):
    """The API's cheap examples are doctests; the costly ones are marked to be skipped."""
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert failed == 0 and tried >= 2


def test_progress_is_told_every_step():
    import contextlib

    seen = []

    @contextlib.contextmanager
    def progress(label, total):
        seen.append([label, total, 0])

        def advance(n):
            seen[-1][2] += n

        yield advance

    cardedge.zero.compare(decks="1..2", progress=progress)
    cardedge.blackjack.simulate(decks=1, rounds=2000, seed=1, threads=1, progress=progress)
    assert seen == [["Zero decks", 2, 2], ["Blackjack simulation", 2000, 2000]]


def test_print_shows_the_table_the_command_line_prints(capsys):
    """``print(table)`` is the text table (issue 33: it showed the dataclass)."""
    from cardedge.cli import main

    table = cardedge.zero.edge(decks=1, rules="published")
    assert main(["zero", "edge", "--decks", "1", "--rules", "published"]) == 0
    assert str(table) == capsys.readouterr().out
    tables = cardedge.zero.edge(decks=1, rules="published", by_upcard=True)
    assert str(tables).startswith(str(tables[0]).rstrip("\n"))
    assert "Table(" not in str(table) and "Table(" in repr(table)


def test_repr_is_the_title_the_shape_and_the_columns():
    """``repr(table)`` (issue 47: a dataclass dump of every row) says what the table is in one
    line, from its rows without pandas, and from its frame the same."""
    rows = [{"hand": f"h{i}", **{f"c{k}": float(k) for k in range(14)}} for i in range(3)]
    table = Table("T" * 150, rows, keys={"decks": 6})
    text = repr(table)
    assert text.startswith(f"Table('{'T' * 97}...', 3 rows x 16 columns: decks, hand, c0, ")
    assert text.endswith("c9, ...)") and "c10" not in text and "\n" not in text
    assert len(table.data) == 3  # the frame built: the same line
    assert repr(table) == text
    one = repr(cardedge.blackjack.edge(decks=1))
    assert one.startswith("Table('Blackjack house edge (%): 1 deck") and "1 row x" in one


@pytest.mark.parametrize(
    "call, needles",
    [
        (lambda: cardedge.blackjack.edge(nonsense=1), ["blackjack.edge(): no keyword 'nonsense'"]),
        (lambda: cardedge.blackjack.edge(deck=1), ["no keyword 'deck' (did you mean 'decks'?)"]),
        (lambda: cardedge.zero.solve(), ["zero.solve(): missing a required argument: 'target'"]),
        (lambda: cardedge.zero.edge(*[None] * 9), ["zero.edge(): too many positional"]),
    ],
)
def test_an_unknown_keyword_is_refused_with_the_function_and_its_keywords(call, needles):
    with pytest.raises(TypeError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    for needle in needles:
        assert needle in message
    # every keyword the function takes is listed
    name = message.split("()")[0].split(".")[-1]
    module = cardedge.zero if message.startswith("zero.") else cardedge.blackjack
    import inspect

    taken = list(inspect.signature(getattr(module, name)).parameters)
    assert message.endswith(f"It takes: {', '.join(taken)}.")
