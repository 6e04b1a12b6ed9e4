"""Risk of ruin, the optimal (Kelly) ramp and small studies: the study's betting tables on
constructed records (exact numbers), and tiny studies through the command line."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.core.counts import resolve_system
from cardedge.cli import main
from cardedge.reports.core.betting import (
    bankroll_for_risk,
    kelly_units,
    optimal_ramps,
    risk_of_ruin,
)
from cardedge.reports.core.ramp import stated_ramp
from cardedge.reports.core.study_tables import MIN_RELIABLE_SHOES, spreads_table, study_tables

HILO = resolve_system("hilo")


def records(true_counts, evs, nets=None, shoes=None) -> pd.DataFrame:
    n = len(true_counts)
    return pd.DataFrame(
        {
            "shoe": np.arange(n) % 20 if shoes is None else shoes,
            "cards_dealt": np.zeros(n, dtype=int),
            "true_count": np.asarray(true_counts, dtype=float),
            "ev_strategy": np.asarray(evs, dtype=float),
            "ev_optimal": np.asarray(evs, dtype=float),
            "net": np.zeros(n) if nets is None else np.asarray(nets, dtype=float),
        }
    )


def tables_of(rec, m2, bankrolls=(), spread=(1, 8)):
    ramp = stated_ramp(*spread, 1)
    return study_tables(rec, 312, HILO, ramp, m2, {}, "t", {}, bankrolls=bankrolls)


# -- risk of ruin ---------------------------------------------------------------------------
def test_risk_of_ruin_is_the_diffusion_formula():
    assert risk_of_ruin(0.01, 1.0, 100) == math.exp(-2.0)
    assert risk_of_ruin(0.02, 2.0, 300) == math.exp(-2.0 * 0.02 * 300 / 4.0)
    assert risk_of_ruin(0.0, 1.0, 100) == risk_of_ruin(-0.01, 1.0, 1e9) == 1.0
    assert risk_of_ruin(0.01, 0.0, 1) == 0.0
    assert bankroll_for_risk(0.01, 1.0, 0.135) == -math.log(0.135) / 0.02
    assert bankroll_for_risk(0.02, 2.0, 0.05) == -4.0 * math.log(0.05) / 0.04
    assert bankroll_for_risk(0.01, 1.0, math.exp(-2.0)) == pytest.approx(100, rel=1e-15)
    assert bankroll_for_risk(0.0, 1.0, 0.05) is None and bankroll_for_risk(-1, 1, 0.05) is None


def test_betting_tables_give_each_way_of_betting_its_risk_of_ruin():
    # 20 shoes of 10 rounds: half at true count -1 (EV -3%), half at +3 (EV +2%)
    tc = np.tile([-0.5] * 5 + [3.2] * 5, 20)
    ev = np.where(tc > 0, 0.02, -0.03)
    rec = records(tc, ev, shoes=np.repeat(np.arange(20), 10))
    m2 = 1.3
    ramp = tables_of(rec, m2, (1000, 250, 1000.0))["bet_ramp"].data
    assert [c for c in ramp.columns if c.startswith("risk_of_ruin")] == [
        "risk_of_ruin_B1000",
        "risk_of_ruin_B250",
    ]
    row = ramp[(ramp["bets"] == "ramp 1-8 from true count +1") & (ramp["source"] == "exact")]
    row = row.iloc[0]
    bets = np.where(tc > 0, 4.0, 1.0)  # 1-8 from +1: 2 units at +1, 4 at +3
    w = float(np.mean(bets * ev))
    var = float(np.mean(bets**2)) * m2 - w * w
    assert row["win_per_100"] == pytest.approx(100 * w, rel=1e-12)
    for b in (1000, 250):
        assert row[f"risk_of_ruin_B{b}"] == pytest.approx(math.exp(-2 * w * b / var), rel=1e-12)
    assert row["bankroll_for_13_5_percent"] == pytest.approx(
        -var * math.log(0.135) / (2 * w), rel=1e-12
    )
    assert row["bankroll_for_5_percent"] == pytest.approx(
        -var * math.log(0.05) / (2 * w), rel=1e-12
    )
    flat = ramp[(ramp["bets"] == "flat 1 unit") & (ramp["source"] == "exact")].iloc[0]
    assert flat["risk_of_ruin_B1000"] == 1.0 and pd.isna(flat["bankroll_for_5_percent"])
    simulated = ramp[ramp["source"] == "simulated"]
    assert simulated["risk_of_ruin_B1000"].isna().all()
    spreads = tables_of(rec, m2, (1000,))["bet_spreads"].data.set_index("bets")
    wong = spreads.loc["wong in"]  # 1 unit from the break-even count +3, 0 below
    w = float(np.mean(np.where(tc > 0, 0.02, 0.0)))
    var = 0.5 * m2 - w * w
    assert wong["risk_of_ruin_B1000"] == pytest.approx(math.exp(-2 * w * 1000 / var), rel=1e-12)


# -- the optimal (Kelly) ramp ----------------------------------------------------------------
def test_kelly_fraction_is_the_log_growth_optimum_of_an_even_money_bet():
    """Nets of +-1 winning with p = 0.515: E[net] = 0.03, E[net^2] = 1, and the bet fraction
    maximising E log(1 + f net) is exactly 2p - 1 = edge / second moment."""
    p = 0.515
    f = np.linspace(0, 0.1, 100_001)
    growth = p * np.log1p(f) + (1 - p) * np.log1p(-f)
    assert f[np.argmax(growth)] == pytest.approx(0.03, abs=1e-6)
    assert kelly_units(0.03, 1.0, 200, 1, 8) == 6.0  # 0.03 x 200
    assert kelly_units(0.03, 1.0, 200, 1, 8, 0.5) == 3.0
    assert kelly_units(0.03, 1.0, 250, 1, 8, 0.5) == 4.0  # 3.75 rounds up
    assert kelly_units(0.03, 1.0, 250, 1, 8) == 8.0  # 7.5 -> 8, the spread's top
    assert kelly_units(0.03, 1.0, 10_000, 1, 8) == 8.0
    assert kelly_units(-0.01, 1.0, 10_000, 1, 8) == 1.0
    assert kelly_units(0.001, 1.0, 200, 1, 8) == 1.0  # 0.2 units: the spread's bottom


def test_kelly_ramp_of_a_two_bin_study():
    """Two bins: true count -2 (EV -2%) and +2 (EV +3%), second moment 1.25. With 200 units,
    full Kelly bets 0.03 / 1.25 x 200 = 4.8 -> 5 units at +2, half Kelly 2.4 -> 2, and the
    spread's 1 unit at -2."""
    tc = np.tile([-1.5, 2.5], 50)
    ev = np.where(tc > 0, 0.03, -0.02)
    rec = records(tc, ev, nets=np.where(tc > 0, 1.0, -1.0))
    optimal = optimal_ramps(rec, 1.25, 200, 1, 8)
    assert optimal.bins.index.tolist() == [-2, 2]
    assert optimal.bins["fraction"].tolist() == [0.0, 0.03 / 1.25]
    assert optimal.bins["full"].tolist() == [1.0, 5.0]
    assert optimal.bins["half"].tolist() == [1.0, 2.0]
    assert optimal.full.bets([-9, -1.5, 1.99, 2.5, 30]).tolist() == [1, 1, 1, 5, 5]
    assert optimal.half.bets(tc).tolist() == np.where(tc > 0, 2.0, 1.0).tolist()
    tables = tables_of(rec, 1.25, (200,))
    table = tables["optimal_bets"].data
    assert table["full_kelly_units"].tolist() == [1.0, 5.0]
    assert table["second_moment_simulated"].tolist() == [1.0, 1.0]
    ramp = tables["bet_ramp"].data.set_index(["bets", "source"])
    full = ramp.loc[("optimal 1-8, full Kelly, bank 200", "exact")]
    w = (0.03 * 5 - 0.02) / 2
    var = (25 + 1) / 2 * 1.25 - w * w
    assert full["win_per_100"] == pytest.approx(100 * w, rel=1e-12)
    assert full["sd_per_100"] == pytest.approx(10 * math.sqrt(var), rel=1e-12)
    assert full["risk_of_ruin_B200"] == pytest.approx(math.exp(-2 * w * 200 / var), rel=1e-12)
    assert ("optimal 1-8, half Kelly, bank 200", "simulated") in ramp.index
    # without --bankroll the ramps are sized for 10,000 units: the spread's top at +2
    assert tables_of(rec, 1.25)["optimal_bets"].data["full_kelly_units"].tolist() == [1.0, 8.0]


# -- small studies ----------------------------------------------------------------------------
def test_few_shoes_are_flagged_and_the_break_even_note_follows_the_rows():
    """Every bin with enough rounds loses, but a sparse high bin wins enough for the ramps to
    win: the note names the winning rows instead of saying every row loses."""
    tc = np.array([0.5] * 100 + [8.5] * 5)
    ev = np.where(tc > 5, 0.09, -0.01)
    rec = records(tc, ev, shoes=np.arange(105) % 3)
    table = spreads_table(rec, 1.3, "t", {})
    rows = table.data.set_index("bets")
    assert rows.loc["1-16", "win_per_100"] > 0 and rows.loc["1-4", "win_per_100"] < 0
    text = " ".join(table.notes)
    assert "every row loses" not in text and "break-even count of this study" not in text
    assert "the rows that win (1-8, 1-12, 1-16)" in text
    assert "Only 3 shoes dealt" in text and "unreliable" in text
    losing = records([0.5] * 100, [-0.01] * 100)
    assert "every row loses" in " ".join(spreads_table(losing, 1.3, "t", {}).notes)
    many = records([0.5] * 100, [-0.01] * 100, shoes=np.arange(100) % MIN_RELIABLE_SHOES)
    assert not any("unreliable" in n for n in tables_of(many, 1.3)["summary"].notes)


@pytest.mark.parametrize(
    "game, args",
    [
        ("zero", ["--penetration", "0.001", "--shoes", "1"]),  # no round at all
        ("zero", ["--penetration", "0.002", "--shoes", "2", "--bankroll", "100"]),
        ("blackjack", ["--penetration", "0.002", "--shoes", "1", "--spread", "RAMP"]),
        ("blackjack", ["--decks", "1", "--penetration", "0.3", "--shoes", "2"]),
    ],
)
def test_small_studies_run_and_flag_their_standard_errors(game, args, tmp_path, capsys):
    ramp = tmp_path / "ramp.csv"
    ramp.write_text("true_count,units\n0,1\n")
    args = [str(ramp) if a == "RAMP" else a for a in args]
    out = tmp_path / "study"
    command = [game, "study", *args, "--scheduler", "synchronous", "--out", str(out)]
    for fmt in ("table", "json"):
        code = main([*command, "--format", fmt] + (["--resume"] if fmt == "json" else []))
        captured = capsys.readouterr()
        assert code == 0, captured.err
        assert "Traceback" not in captured.err + captured.out
    summary = (out / "summary.md").read_text()
    if "0.001" in args:
        assert "No round was dealt" in summary
        assert "No round was dealt" in (out / "bet_ramp.md").read_text()
        header = (out / "bet_ramp.csv").read_text().splitlines()[-1]
        assert "bankroll_for_13_5_percent" in header and header.endswith(",z")
    else:
        assert "unreliable" in summary
    for name in ("edge_by_true_count.png", "edge_by_depth.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"
