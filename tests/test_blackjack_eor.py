"""Blackjack effects of removal: exact re-evaluation, weighted sums, the CLI and any shoe."""

import json

import numpy as np
import pytest

from cardedge.analysis.blackjack.game import SHOE as BLACKJACK_SHOE
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe, game_shoe
from cardedge.cli import main
from cardedge.reports.blackjack.eor import RANK_COLUMNS, effects_of_removal, eor_table
from cardedge.strategy.blackjack.charts import basic_strategy, policy_from_chart


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def six_decks():
    rules = BlackjackRules()
    return rules, {r.strategy: r for r in effects_of_removal(rules, Shoe.decks(6))}


def test_fixed_strategy_weighted_sum_is_zero_and_optimal_gains(six_decks):
    _, res = six_decks
    assert abs(res["basic"].weighted_sum) < 1e-12
    # optimal play re-optimises on each depleted shoe: removal helps it on average
    assert -0.01 < res["optimal"].weighted_sum < 0
    assert res["basic"].frequencies.sum() == pytest.approx(1.0)
    assert res["basic"].frequencies[9] == pytest.approx(4 / 13)


def test_eor_signs_and_sizes_are_the_classic_ones(six_decks):
    _, res = six_decks
    eor = dict(zip(RANK_COLUMNS, res["optimal"].eor, strict=True))
    assert eor["5"] == min(eor.values()) < -0.1  # a five is the player's worst card
    assert eor["A"] > 0 and eor["T"] > 0 and eor["9"] > 0
    assert all(eor[r] < 0 for r in "234567")


def test_one_card_removal_equals_the_eor_entry(six_decks):
    rules, res = six_decks
    fresh = ShoeAnalysis(rules, Shoe.decks(6))
    chart = policy_from_chart(basic_strategy(fresh), rules, "basic")
    for card in ("5", "T"):
        less = ShoeAnalysis(rules, game_shoe(6, remove=card, form=BLACKJACK_SHOE))
        col = RANK_COLUMNS.index(card)
        got = less.evaluate().house_edge_percent - fresh.evaluate().house_edge_percent
        assert got == res["optimal"].eor[col]
        got = less.evaluate(chart).house_edge_percent - fresh.evaluate(chart).house_edge_percent
        assert got == pytest.approx(res["basic"].eor[col], abs=1e-13)


def test_eor_of_a_spec_shoe_missing_a_rank_is_blank_there():
    shoe = game_shoe(0, spec="A=8,2=8,3=0,4=8,5=8,6=8,7=8,8=8,9=8,T=32", form=BLACKJACK_SHOE)
    (res,) = effects_of_removal(BlackjackRules(), shoe, ["basic"])
    assert np.isnan(res.eor[2]) and not np.isnan(res.eor).all()
    assert abs(res.weighted_sum) < 1e-12  # the missing rank has weight 0
    row = eor_table([res]).rows()[0]
    assert row["3"] is None and row["decks"] is None and row["shoe"] == shoe.describe()


def test_cli_json_rows(capsys, tmp_path):
    png = tmp_path / "eor.png"
    code, out, _ = run(
        capsys, "blackjack", "eor", "--decks", "1", "--png", str(png), "--format", "json"
    )
    assert code == 0 and png.stat().st_size > 0
    rows = json.loads(out)
    assert [r["strategy"] for r in rows] == ["optimal", "basic"]
    for row in rows:
        assert row["decks"] == 1 and row["shoe"] == "1 deck"
        assert set(RANK_COLUMNS) <= set(row) and "edge_percent" in row
    assert abs(rows[1]["weighted_sum"]) < 1e-12


def test_cli_remove_and_equivalent_shoe_agree(capsys):
    removed = game_shoe(2, remove="5,5,T,A", form=BLACKJACK_SHOE)
    common = ("--strategy", "optimal", "--peek", "--format", "json")
    code, out, _ = run(capsys, "blackjack", "eor", "--decks", "2", "--remove", "5,5,T,A", *common)
    assert code == 0
    (a,) = json.loads(out)
    spec = removed.spec(pool_tens=True)
    code, out, _ = run(capsys, "blackjack", "eor", "--shoe", spec, *common)
    assert code == 0
    (b,) = json.loads(out)
    assert a["shoe"] == "2 decks minus 5,5,T,A" and a["decks"] == 2
    assert b["shoe"] == spec and b["decks"] is None
    for key in ("edge_percent", *RANK_COLUMNS):
        assert a[key] == pytest.approx(b[key], abs=1e-12)


TENS_15 = "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=15"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--shoe", "A=4,Z=3"], "unknown rank 'Z'"),
        (["--shoe", "A=-4"], "count of A must not be negative"),
        (["--shoe", "A=4.5"], "count of A must be a whole number"),
        (["--remove", "5,5,5,5,5", "--decks", "1"], "cannot remove 5 x 5: the shoe holds 4"),
        (["--shoe", TENS_15], "at least 151 are needed"),
        (["--shoe", TENS_15, "--decks", "6"], "leave out --decks"),
        (["--strategy", "hard"], "'hard' is not one of"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(capsys, args, message):
    code, out, err = run(capsys, "blackjack", "eor", *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_fresh_shoe_object_and_decks_give_the_same_rows():
    # The rules no longer carry decks (no shoe=None default from rules.decks): the shoe a deck
    # count gives (as --decks builds it) and a fresh Shoe object give the same rows.
    rules = BlackjackRules()
    a = effects_of_removal(rules, game_shoe(1, form=BLACKJACK_SHOE), ["optimal"])[0]
    b = effects_of_removal(rules, Shoe.decks(1), ["optimal"])[0]
    assert a.edge_percent == b.edge_percent and np.array_equal(a.eor, b.eor)
