"""Every rule declared once (analysis/core/rules.py): the declarations' values, the rules
objects they check, the API signatures written from them, and the Zero rule options reaching
the command line, the API and the web alike."""

from __future__ import annotations

import inspect
import json

import pytest
from click.testing import CliRunner

import cardedge.blackjack as blackjack
import cardedge.zero as zero
from cardedge.analysis.blackjack.rules import RULES as BLACKJACK_RULES
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.rules import Payout, Switch, Totals, Whole
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as ref
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import RULES as ZERO_RULES
from cardedge.analysis.zero.rules import ZeroRules, preset
from cardedge.api import keywords
from cardedge.cli import cli, main
from cardedge.core.errors import BadValue
from cardedge.reports.core.render import render_many


# ---- the kinds of value ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,value",
    [("3:2", 1.5), ("2:1", 2.0), ("6 to 5", 1.2), ("1.75", 1.75), ("0", 0.0), ("1000:1", 1000.0)],
)
def test_a_payout_reads_ratios_and_decimals(text, value):
    assert Payout().parse(text) == value


@pytest.mark.parametrize("text", ["-1", "3:0", "1001", "nan", "inf", "two", "", "none"])
def test_a_payout_refuses_what_is_not_one(text):
    with pytest.raises(ValueError, match="is not a payout from 0 to 1000"):
        Payout().parse(text)


def test_an_optional_payout_takes_none_as_text_and_in_python():
    kind = Payout(none_means="paid as a Zero Pair")
    assert kind.parse("none") is None and kind.check(None) is None and kind.text(None) == "none"
    with pytest.raises(ValueError):
        Payout().check(None)


@pytest.mark.parametrize("value", [1.5, 2.0, 1.2, 1.0, 3.0, 1.75, 0.0])
def test_a_payout_written_reads_back_the_same(value):
    assert Payout().parse(Payout().text(value)) == value


@pytest.mark.parametrize(
    "text,totals",
    [
        ("none", set()),
        ("9", {9}),
        ("8-9", {8, 9}),
        ("7+9", {7, 9}),
        ("2+6-9", {2, 6, 7, 8, 9}),
        ("0-9", set(range(10))),
    ],
)
def test_split_totals_read_none_one_range_or_list(text, totals):
    kind = Totals(0, 9)
    assert kind.parse(text) == frozenset(totals)
    assert kind.parse(kind.text(frozenset(totals))) == frozenset(totals)


@pytest.mark.parametrize("bad", ["10", "9-8", "", "8,9", "x", "-1"])
def test_split_totals_refuse_what_is_not_a_set_of_totals(bad):
    with pytest.raises(ValueError, match="totals in 0..9"):
        Totals(0, 9).parse(bad)


@pytest.mark.parametrize("bad", [{10}, [True], "8-10", 9, None, {1.5}])
def test_split_totals_in_python_are_whole_numbers_in_range(bad):
    with pytest.raises(ValueError):
        Totals(0, 9).check(bad)


def test_a_switch_takes_only_a_bool_in_python_and_words_as_text():
    assert Switch().check(False) is False
    for bad in ("no", "false", 0, None):
        with pytest.raises(ValueError, match="is not True or False"):
            Switch().check(bad)
    assert Switch().parse("off") is False and Switch().parse("TRUE") is True


def test_a_whole_number_is_in_its_range():
    assert Whole(0, 10).check("6") == 6
    for bad in (11, -1, True, 2.5, "six"):
        with pytest.raises(ValueError, match="a whole number in 0..10"):
            Whole(0, 10).check(bad)


# ---- the rules objects they check --------------------------------------------------------------
@pytest.mark.parametrize(
    "rules_class,field,bad",
    [
        (ZeroRules, "das", "no"),
        (ZeroRules, "dealer_draws", 11),
        (ZeroRules, "split_totals", {10}),
        (ZeroRules, "zero_pair_pays", -1),
        (ZeroRules, "trips_pays", "x"),
        (BlackjackRules, "h17", "false"),
        (BlackjackRules, "split_hands", 5),
        (BlackjackRules, "natural", "2:0"),
        (BlackjackRules, "double", "8-11"),
    ],
)
def test_a_rules_object_refuses_a_bad_value_naming_the_rule(rules_class, field, bad):
    with pytest.raises(BadValue) as caught:
        rules_class(**{field: bad})
    assert caught.value.keyword == field and repr(bad) in str(caught.value)
    assert "\n" not in str(caught.value)


def test_text_values_are_parsed_into_the_rules_objects_types():
    rules = ZeroRules(zero_pair_pays="2:1", split_totals="7-9", dealer_draws="6")  # type: ignore[arg-type]
    assert (rules.zero_pair_pays, rules.split_totals, rules.dealer_draws) == (
        2.0,
        frozenset({7, 8, 9}),
        6,
    )


@pytest.mark.parametrize(
    "rule_set,rules_class", [(ZERO_RULES, ZeroRules), (BLACKJACK_RULES, BlackjackRules)]
)
def test_every_rule_is_a_field_and_every_field_but_decks_a_rule(rule_set, rules_class):
    fields = list(inspect.signature(rules_class).parameters)
    # decks left the rules (a setup is rules plus a Shoe): no field is left to leave out
    assert "decks" not in fields
    assert sorted(fields) == sorted(rule_set.names)


def test_the_default_titles_are_unchanged():
    """The titles of results/ come from describe(): the declarations must word them as before."""
    # describe() needs the shoe now (decks left the rules): the same words for a fresh shoe
    assert preset("published").describe(Shoe.decks(6)) == (
        "6 decks, zero pair 1.5:1, ten-valued trips 3:1, dealer draws on 5+, split 8/9, DAS"
    )
    assert BlackjackRules(peek=True, surrender=True, double="9-11").describe(Shoe.decks(6)) == (
        "6 decks, S17, peek, DAS, double hard 9-11 only, split to 4, no RSA, late surrender, BJ 3:2"
    )


# ---- the API signatures written from them ------------------------------------------------------
def test_the_api_signatures_are_what_the_declarations_give():
    assert keywords.stale_files() == [], "run: python -m cardedge.api.keywords"


@pytest.mark.parametrize(
    "module,rule_set", [(zero, ZERO_RULES), (blackjack, BLACKJACK_RULES)], ids=["zero", "blackjack"]
)
def test_every_api_function_with_rules_lists_every_rule_keyword(module, rule_set):
    with_rules = 0
    from cardedge.api import blackjack as blackjack_api
    from cardedge.api import zero as zero_api

    commands = (zero_api if module is zero else blackjack_api).COMMANDS
    for name in commands:
        params = inspect.signature(getattr(module, name)).parameters
        if name == "pays":  # the side bet is dealt from the shoe alone
            assert not set(rule_set.names) & set(params)
            continue
        assert set(rule_set.names) <= set(params), name
        with_rules += 1
    assert with_rules == len(commands) - (1 if "pays" in commands else 0)


def test_blackjack_keywords_default_to_the_rules_page():
    params = inspect.signature(blackjack.edge).parameters
    assert {n: params[n].default for n in BLACKJACK_RULES.names} == {
        "h17": False,
        "peek": False,
        "das": True,
        "double": "any",
        "split_hands": 4,
        "rsa": False,
        "hit_split_aces": False,
        "surrender": False,
        "natural": "3:2",
        "five_card": False,
        "insurance": False,
    }


# ---- Zero's rules over a preset: the command line, the API and the web alike -----------------
CHANGES = [
    ("stated", ["--no-das"], {"das": False}),
    ("stated", ["--split-totals", "none"], {"split_totals": "none"}),
    ("stated", ["--zero-pair-pays", "2:1"], {"zero_pair_pays": "2:1"}),
    ("stated", ["--dealer-draws", "6"], {"dealer_draws": 6}),
    ("published", ["--trips-pays", "none"], {"trips_pays": "none"}),
]


def _cli_json(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name,args,keywords_", CHANGES, ids=[c[1][0] for c in CHANGES])
def test_a_zero_rule_option_is_the_api_keyword(name, args, keywords_):
    api = zero.edge(rules=name, **keywords_)
    assert _cli_json("zero", "edge", "--rules", name, *args) == render_many(api, "json")
    rules = preset(name, ZERO_RULES.changes(keywords_))
    assert rules != preset(name)
    edge = evaluate_round(rules, Shoe.decks(6)).house_edge_percent
    assert api.rows()[0]["house_edge_percent"] == edge
    assert "rules changed from the preset" in api.title


def test_the_web_answers_a_zero_rule_as_the_command_line():
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    with TestClient(create_app()) as client:
        query = "rules=stated&das=false&zero_pair_pays=2:1&split_totals=7%2B9&dealer_draws=6"
        answer = client.get(f"/api/zero/edge?{query}")
        assert answer.status_code == 200
        cli = _cli_json(
            "zero", "edge", "--rules", "stated", "--no-das", "--zero-pair-pays", "2:1",
            "--split-totals", "7+9", "--dealer-draws", "6",
        )  # fmt: skip
        assert answer.text == cli
        bad = client.get("/api/zero/edge?dealer_draws=11")
        assert bad.status_code == 400 and "dealer_draws" in bad.json()["error"]


VARIANT_KEYWORDS = {
    "zero pair pays 1:1": {"zero_pair_pays": "1:1"},
    "zero pair pays 6:5": {"zero_pair_pays": "6:5"},
    "zero pair pays 2:1": {"zero_pair_pays": "2:1"},
    "dealer draws on 4+": {"dealer_draws": 4},
    "dealer draws on 6+": {"dealer_draws": 6},
    "no double after split": {"das": False},
    "no split": {"split_totals": "none"},
    "split 7, 8 or 9": {"split_totals": "7-9"},
    "double on 4 to 7 only": {"double_totals": "4-7"},
}


def test_variants_rows_are_the_same_options_given_directly():
    rows = {r["variant"]: r for r in zero.variants(decks=1).rows()}
    assert set(VARIANT_KEYWORDS) == set(rows) - {"as the preset"}
    for label, kw in VARIANT_KEYWORDS.items():
        for r in zero.edge(decks=1, rules="both", **kw).rows():
            assert rows[label][f"{r['rules']}_percent"] == r["house_edge_percent"], label


def test_a_title_names_a_rule_its_words_leave_out_as_its_option():
    title = zero.edge(decks=1, rules="published", trips_pays="none").title
    assert title.endswith("; rules changed from the preset: --trips-pays none")


def test_variants_apply_over_the_rules_given():
    rows = {r["variant"]: r for r in zero.variants(decks=1, das=False).rows()}
    direct = zero.edge(decks=1, rules="published", das=False, dealer_draws=6).rows()[0]
    assert rows["dealer draws on 6+"]["published_percent"] == direct["house_edge_percent"]


# Rule combinations no preset has, against the Fraction twin on a stripped shoe.
STRIPPED = (1, 1, 1, 1, 3, 1, 1, 2, 2, 3, 0, 0, 1)
COMBINATIONS = [
    {"das": False, "zero_pair_pays": "2:1"},
    {"split_totals": "none", "dealer_draws": 6},
    {"split_totals": "7+9", "trips_pays": "none", "dealer_draws": 3},
    {"split_totals": "6-9", "das": False, "zero_pair_pays": 1.75, "trips_pays": "5:1"},
]


@pytest.mark.parametrize("changes", COMBINATIONS)
def test_new_rule_combinations_match_the_fraction_twin(changes):
    rules = zero.rules("published", **changes)
    exact = ref.round_ev(STRIPPED, rules)
    assert evaluate_round(rules, Shoe(STRIPPED)).ev == pytest.approx(float(exact), abs=1e-12)


# ---- bad input: one line, exit 2 -------------------------------------------------------------
@pytest.mark.parametrize(
    "args,option",
    [
        (["--dealer-draws", "11"], "--dealer-draws"),
        (["--split-totals", "10"], "--split-totals"),
        (["--zero-pair-pays", "-1"], "--zero-pair-pays"),
        (["--trips-pays", "2:0"], "--trips-pays"),
    ],
)
def test_a_bad_zero_rule_is_one_line_and_exit_2(args, option, capsys):
    assert main(["zero", "edge", *args]) == 2
    captured = capsys.readouterr()
    lines = [x for x in captured.err.splitlines() if x.strip()]
    assert captured.out == "" and len(lines) == 1
    assert option in lines[0] and args[1] in lines[0]


def test_a_bad_zero_keyword_raises_bad_value_naming_it():
    with pytest.raises(BadValue, match=r"^das: 'no' is not True or False$"):
        zero.edge(das="no")
    with pytest.raises(BadValue, match=r"^split_totals: "):
        zero.chart(split_totals=[10])


def test_json_rules_of_a_blackjack_row_use_the_declared_names():
    row = json.loads(render_many(blackjack.edge(decks=1, h17=True), "json"))[0]
    # The shoe is not a rule (a setup is rules plus a shoe): the record holds the declared rules
    # alone, and the row's own decks field names the shoe's decks (it led the record before).
    assert set(row["rules"]) == set(BLACKJACK_RULES.names)
    assert row["decks"] == 1


# The rules engine (an independent implementation of the rules) under new combinations.
@pytest.mark.parametrize(
    "rules,changes",
    [
        (
            "stated",
            {"dealer_draws": 6, "zero_pair_pays": "2:1", "split_totals": "7+9", "das": False},
        ),
        ("published", {"trips_pays": "none", "split_totals": "none", "dealer_draws": 4}),
    ],
)
def test_the_monte_carlo_of_new_rules_lies_within_4_se_of_the_exact_edge(rules, changes):
    row = zero.simulate(decks=1, rounds=200_000, seed=7, rules=rules, threads=1, **changes)[0]
    row = row.rows()[0]
    assert abs(row["standard_errors"]) < 4
    preset_edge = zero.edge(decks=1, rules=rules).rows()[0]["house_edge_percent"]
    # the test can fail: the preset's own edge lies far outside the simulated one's 4 SE
    assert abs(row["house_edge_percent"] - preset_edge) > 4 * row["stderr_percent"]
