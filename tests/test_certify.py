"""The certification figures (issue 45) against their definitions, from the exact return
tables: RTP = 100 - the house edge, hit frequency by the sign of each net result (summing to
1), VI = z SD at 90%, the bands N EV +- z SD sqrt(N), the max win the largest net of nonzero
probability. One-deck shoes."""

from __future__ import annotations

import math

import pytest

from cardedge import blackjack, zero
from cardedge.reports.core import certify


@pytest.fixture(scope="module")
def zero_returns():
    return zero.returns(decks=1, rules="published", strategy="basic")


def test_z_is_the_two_sided_90_percent_normal_quantile():
    assert certify.CONFIDENCE == 0.90
    assert certify.Z == pytest.approx(1.6448536269514722, rel=1e-12)
    assert round(certify.Z, 3) == 1.645


def test_zero_figures_follow_their_definitions_from_the_return_table(zero_returns):
    rows = [r for r in zero_returns.rows() if r["net"] is not None]
    figures = certify.certification(certify.outcomes(zero_returns))
    facts = zero_returns.facts
    assert figures["rtp_percent"] == pytest.approx(100 - facts["house_edge_percent"], abs=1e-12)
    hits = figures["hit_frequency"]
    assert hits["win"] == pytest.approx(sum(r["probability"] for r in rows if r["net"] > 0))
    assert hits["push"] == pytest.approx(sum(r["probability"] for r in rows if r["net"] == 0))
    assert hits["loss"] == pytest.approx(sum(r["probability"] for r in rows if r["net"] < 0))
    assert hits["win"] + hits["push"] + hits["loss"] == pytest.approx(1, abs=1e-12)
    assert 0.1 < hits["push"] < 0.2  # equal totals push: a real share of Zero rounds
    assert figures["sd"] == pytest.approx(facts["sd"], rel=1e-12)
    vi = figures["volatility_index"]
    assert vi["confidence"] == 0.90 and vi["value"] == pytest.approx(1.6448536 * facts["sd"])
    best = max(r["net"] for r in rows if r["probability"] > 0)
    assert figures["max_win"] == {
        "net": best,
        "probability": sum(r["probability"] for r in rows if r["net"] == best),
    }
    assert best == 4.0  # a split, both hands doubled, both winning


def test_the_bands_are_n_ev_plus_minus_z_sd_root_n(zero_returns):
    figures = certify.certification(certify.outcomes(zero_returns))
    ev = -zero_returns.facts["house_edge_percent"] / 100
    sd = zero_returns.facts["sd"]
    bands = figures["confidence_bands"]
    assert [b["rounds"] for b in bands] == [1_000, 10_000, 100_000, 1_000_000]
    for b in bands:
        n = b["rounds"]
        half = certify.Z * sd * math.sqrt(n)
        assert b["expected_units"] == pytest.approx(n * ev, rel=1e-10)
        assert b["low_units"] == pytest.approx(n * ev - half, rel=1e-10)
        assert b["high_units"] == pytest.approx(n * ev + half, rel=1e-10)
        for side in ("expected", "low", "high"):
            assert b[f"{side}_percent"] == pytest.approx(100 * b[f"{side}_units"] / n, rel=1e-12)
    # the band narrows as 1/sqrt(N) in percent of the amount wagered
    width = [b["high_percent"] - b["low_percent"] for b in bands]
    assert width[0] / width[2] == pytest.approx(10, rel=1e-9)


def test_the_max_win_is_the_largest_net_of_nonzero_probability():
    """One deck holds no two identical cards: the side bet's top pay (three identical
    ten-valued cards, 60 to 1) cannot happen, so the max win is the next pay, 30 to 1."""
    pays = zero.pays(decks=1)[0]
    figures = certify.certification(certify.outcomes(pays, "pays"))
    top = next(r for r in pays.rows() if r["pays"] == 60)
    assert top["probability"] == 0
    thirty = next(r for r in pays.rows() if r["pays"] == 30)
    assert figures["max_win"] == {"net": 30.0, "probability": thirty["probability"]}
    assert figures["hit_frequency"]["push"] == 0
    edge = pays.rows()[0]["house_edge_percent"]
    assert figures["rtp_percent"] == pytest.approx(100 - edge, abs=1e-12)


def test_an_ai_level_that_never_doubles_or_splits_wins_at_most_its_natural():
    table = blackjack.returns(decks=1, strategy="easy")
    figures = certify.certification(certify.outcomes(table))
    natural = next(r for r in table.rows() if r["outcome"] == "natural wins")
    assert figures["max_win"] == {"net": 1.5, "probability": natural["probability"]}
    assert figures["rtp_percent"] == pytest.approx(
        100 - table.facts["house_edge_percent"], abs=1e-12
    )
    hits = figures["hit_frequency"]
    assert hits["win"] + hits["push"] + hits["loss"] == pytest.approx(1, abs=1e-12)


def test_the_tables_show_the_figures_by_strategy(zero_returns):
    figures = {"basic": certify.certification(certify.outcomes(zero_returns))}
    row = certify.figures_table("t", figures).rows()[0]
    f = figures["basic"]
    assert row == {
        "strategy": "basic",
        "rtp_percent": f["rtp_percent"],
        "p_win": f["hit_frequency"]["win"],
        "p_push": f["hit_frequency"]["push"],
        "p_loss": f["hit_frequency"]["loss"],
        "sd": f["sd"],
        "volatility_index": f["volatility_index"]["value"],
        "max_win": f["max_win"]["net"],
        "p_max_win": f["max_win"]["probability"],
    }
    assert len(certify.bands_table("t", figures).rows()) == len(certify.ROUNDS)


def test_a_pay_table_s_record_reads_back_as_the_same_table():
    """What report.json records of the pay table it certifies is the table itself."""
    import json

    from cardedge.analysis.zero.paytable import load_paytable, parse_paytable

    table = load_paytable(None)
    again = parse_paytable(json.dumps(table.record()), "recorded", ".json")
    assert again == table and again.is_default() and again.reconstruction
