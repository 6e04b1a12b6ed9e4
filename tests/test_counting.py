"""The counting page's presets and formulas (issue 33): every published shoe study is a preset
whose ramp gives the study's own bet-ramp figures; the formulas agree with each other. The page
itself (its script's figures equal these formulas) is tested in a browser in test_web.py."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardedge.reports.core.betting import (
    bankroll_for_risk,
    desirability_index,
    kelly_units,
    n0,
    ramp_win_variance,
    risk_of_ruin,
    score,
)
from cardedge.reports.study_results import ALL_STUDIES, read_table
from cardedge.web.app import create_app
from cardedge.web.counting import presets

STUDIES = Path(__file__).resolve().parent.parent / "results" / "study"


@pytest.fixture(scope="module")
def published() -> list[dict]:
    return presets(STUDIES)


def test_every_published_study_is_a_preset(published):
    assert [p["name"] for p in published] == list(ALL_STUDIES)
    for p in published:
        assert math.isclose(sum(p["shares"]), 1.0, rel_tol=1e-12)
        assert len(p["true_counts"]) == len(p["edges"]) == len(p["bets"]) > 10
        assert p["true_counts"] == sorted(p["true_counts"])
        assert min(p["bets"]) == p["low"] and max(p["bets"]) == p["high"]
    assert presets(None) == [] and presets(STUDIES / "no such folder") == []


def test_a_presets_ramp_gives_its_studys_bet_ramp_and_kelly_bets(published):
    """The ramp's win and SD per 100 rounds, risk of ruin and bankrolls for a risk, from the
    preset's bins, are the study's exact bet-ramp row to its printed digits (the bins' edges
    are read at 4 decimals of a percent: at most 8 units x 5e-7 = 4e-4 per 100 rounds off,
    beside the row's own rounding of 5e-4); its Kelly bets are the study's, unit for unit."""
    for p in published:
        ramp = read_table(STUDIES / p["name"], "bet_ramp")
        row = ramp[ramp["bets"].str.startswith("ramp ") & (ramp["source"] == "exact")].iloc[0]
        w, var = ramp_win_variance(p["shares"], p["edges"], p["bets"], p["second_moment"])
        s = math.sqrt(var)
        assert abs(100 * w - float(row["win_per_100"])) <= 5e-4 + 4e-4, p["name"]
        assert abs(10 * s - float(row["sd_per_100"])) <= 5e-3 + 1e-3, p["name"]
        ror = risk_of_ruin(w, s, 1000)
        assert abs(ror - float(row["risk_of_ruin_B1000"])) <= 5e-5 + 2e-4, p["name"]
        if w > 0:
            need = bankroll_for_risk(w, s, 0.135)
            assert abs(need - float(row["bankroll_for_13_5_percent"])) <= 0.5 + 1.0, p["name"]
            assert abs(n0(w, var) / float(row["n0"]) - 1) < 2e-3, p["name"]
        else:
            assert math.isnan(row["bankroll_for_13_5_percent"]) and ror == 1.0  # blank
        bets = read_table(STUDIES / p["name"], "optimal_bets")
        for k, b in bets.iterrows():
            args = (p["edges"][k], p["second_moment"], p["bankroll"], p["low"], p["high"])
            assert kelly_units(*args) == float(b["full_kelly_units"]), (p["name"], k)
            assert kelly_units(*args, share=0.5) == float(b["half_kelly_units"]), (p["name"], k)


@pytest.mark.parametrize(("w", "s"), [(0.01, 1.1), (0.0001, 11.0), (3.0, 2.0)])
def test_the_figures_agree_with_each_other(w, s):
    var = s * s
    assert math.isclose(desirability_index(w, s) ** 2, score(w, var), rel_tol=1e-12)
    assert math.isclose(n0(w, var) * score(w, var), 1e6, rel_tol=1e-12)
    for risk in (0.5, 0.135, 0.01):  # the bankroll for a risk has that risk
        assert math.isclose(risk_of_ruin(w, s, bankroll_for_risk(w, s, risk)), risk, rel_tol=1e-9)
    # a risk of e^-2 (13.5%, SCORE's) needs var / w units
    assert math.isclose(bankroll_for_risk(w, s, math.exp(-2)), var / w, rel_tol=1e-12)
    for bad in (0.0, -w):  # no advantage: no N0, SCORE, DI or bankroll; certain ruin
        assert n0(bad, var) is score(bad, var) is desirability_index(bad, s) is None
        assert bankroll_for_risk(bad, s, 0.135) is None and risk_of_ruin(bad, s, 1e9) == 1.0


def test_a_ramp_win_is_the_bins_weighted_edge():
    w, var = ramp_win_variance([0.5, 0.5], [-0.01, 0.02], [1, 4], 1.3)
    assert math.isclose(w, 0.5 * -0.01 + 0.5 * 4 * 0.02, rel_tol=1e-15)
    assert math.isclose(var, (0.5 + 0.5 * 16) * 1.3 - w * w, rel_tol=1e-15)
    with pytest.raises(ValueError):
        ramp_win_variance([1.0], [0.0, 0.1], [1], 1.3)


def test_the_counting_page_states_its_formulas_and_presets(published):
    page = TestClient(create_app()).get("/counting")
    assert page.status_code == 200
    text = page.text
    for words in ("Risk of ruin", "exp(&minus;2 w B / s&sup2;)", "N0", "SCORE", "DI", "Kelly"):
        assert words in text
    assert all(p["label"] in text for p in published)
    assert 'src="/static/counting.js"' in text
    empty = TestClient(create_app(results=None)).get("/counting")
    assert empty.status_code == 200 and "(your own figures)" in empty.text
