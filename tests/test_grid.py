"""The rule space (issue 30): grids of both games equal single ``edge`` calls, the additive
estimate is what it says, and bad input is refused up front with one line."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from cardedge import blackjack, zero
from cardedge.analysis.blackjack.outcomes import outcome_distribution
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import outcome_distribution as zero_distribution
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.core.errors import BadValue
from cardedge.reports.core.grid import MAX_COMBINATIONS

TOLERANCE = 1e-12
"""Grid rows equal single ``edge`` calls to this (percent of the initial wager)."""


def _truth(cell) -> bool:
    """A switch's cell: a bool (typed columns, not the text 'true'/'false')."""
    assert isinstance(cell, bool), cell
    return cell


def _forget_shared_work() -> None:
    """Empty the analyses and dealer memos a grid leaves behind, so that a single call
    compared with it computes its numbers afresh (the memos would hand it the grid's)."""
    from cardedge.analysis.blackjack import round as blackjack_round

    blackjack_round.shoe_analysis.cache_clear()
    blackjack_round._dealer_memo.cache_clear()


@pytest.fixture(scope="module")
def blackjack_grid():
    # every way a combination is shared: the dealer (h17), play rules (surrender, das), the
    # natural's payout re-priced (7:5 is no usual payout: the rule takes any)
    return blackjack.grid(
        vary=["h17", "das", "surrender", "natural=3:2,7:5"], decks=1, double="10-11"
    )


@pytest.fixture(scope="module")
def zero_grid():
    return zero.grid(vary=["rules", "dealer_draws=4,5", "das", "zero_pair_pays=3:2,2:1"], decks=1)


def test_blackjack_grid_rows_equal_single_edge_calls(blackjack_grid):
    rows = blackjack_grid.rows()
    assert len(rows) == 16
    for row in rows:
        rules = {k: _truth(row[k]) for k in ("h17", "das", "surrender")}
        _forget_shared_work()
        single = blackjack.edge(
            decks=1,
            double="10-11",
            natural=row["natural_text"],
            strategy=["optimal", "basic"],
            **rules,
        ).rows()
        assert abs(single[0]["house_edge_percent"] - row["optimal_percent"]) < TOLERANCE
        assert abs(single[1]["house_edge_percent"] - row["basic_percent"]) < TOLERANCE


def test_blackjack_grid_shares_split_hands_exactly():
    # the splitting rules share the split hands' values (ShoeAnalysis._firsts), split aces'
    # drawing changes the dealer's stand values for them, peek and surrender every hand
    vary = ["peek", "split_hands=2,4", "rsa", "hit_split_aces", "surrender"]
    rows = blackjack.grid(vary=vary, decks=2, sd=False).rows()
    assert len(rows) == 32
    for row in rows[::3]:
        rules = {k: _truth(row[k]) for k in ("peek", "rsa", "hit_split_aces", "surrender")}
        _forget_shared_work()
        single = blackjack.edge(
            decks=2, split_hands=int(row["split_hands"]), strategy=["optimal", "basic"], **rules
        ).rows()
        assert abs(single[0]["house_edge_percent"] - row["optimal_percent"]) < TOLERANCE
        assert abs(single[1]["house_edge_percent"] - row["basic_percent"]) < TOLERANCE


def test_blackjack_grid_sd_is_the_return_tables(blackjack_grid):
    shoe = Shoe.decks(1)
    for row in blackjack_grid.rows()[::5]:
        rules = BlackjackRules(
            double="10-11",
            natural=row["natural_text"],
            **{k: _truth(row[k]) for k in ("h17", "das", "surrender")},
        )
        dist = outcome_distribution(ShoeAnalysis(rules, shoe))
        assert abs(dist.std - row["sd"]) < TOLERANCE


def test_zero_grid_rows_equal_single_edge_calls(zero_grid):
    rows = zero_grid.rows()
    assert len(rows) == 16
    for row in rows:
        given = {
            "decks": 1,
            "rules": row["rules"],
            "dealer_draws": int(row["dealer_draws"]),
            "das": _truth(row["das"]),
            "zero_pair_pays": row["zero_pair_pays"],
        }
        optimal = zero.edge(**given).rows()[0]["house_edge_percent"]
        basic = zero.edge(**given, strategy="basic").rows()[0]["house_edge_percent"]
        assert abs(optimal - row["optimal_percent"]) < TOLERANCE
        assert abs(basic - row["basic_percent"]) < TOLERANCE
        rules = preset(row["rules"]).with_(
            dealer_draws=given["dealer_draws"],
            das=given["das"],
            zero_pair_pays=row["zero_pair_pays"],
        )
        assert abs(zero_distribution(rules, Shoe.decks(1)).std - row["sd"]) < TOLERANCE


def test_zero_grid_shares_the_derivation_steps_exactly():
    # the split rules' charts are derived together (derive_best_charts): each must be the
    # chart a single call derives alone
    from cardedge.strategy.zero.charts import _best_chart

    vary = ["split_totals=none,9,8-9,6-9", "das"]
    rows = zero.grid(vary=vary, decks=1, sd=False).rows()
    assert len(rows) == 8
    for row in rows:
        _best_chart.cache_clear()
        given = {"split_totals": row["split_totals"], "das": _truth(row["das"])}
        basic = zero.edge(decks=1, rules="published", strategy="basic", **given)
        assert abs(basic.rows()[0]["house_edge_percent"] - row["basic_percent"]) < TOLERANCE


@pytest.mark.parametrize("das", [True, False])
def test_zero_split_rules_from_two_runs_equal_a_run_each_bit_for_bit(das):
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.round import evaluate_play, evaluate_split_rules
    from cardedge.analysis.zero.rules import PlayRules

    shoe = Shoe.decks(1)
    plays = [
        PlayRules(dealer_draws=4, das=das, split_totals=frozenset(t))
        for t in [(), (9,), (8, 9), (6, 7, 8, 9), (0, 3)]
    ]
    shared = evaluate_split_rules(plays, shoe)
    for play in plays:
        alone = evaluate_play(play, shoe)
        got = shared[play]
        assert np.array_equal(got.deal_ev, alone.deal_ev)
        assert np.array_equal(got.deal_action, alone.deal_action)
        assert np.array_equal(got.deal_p_double, alone.deal_p_double)
        assert got.nonpair_ev == alone.nonpair_ev
    # the split rules do differ: otherwise the test could not fail
    assert len({shared[p].nonpair_ev for p in plays}) == len(plays)


def test_the_additive_estimate_is_base_plus_single_effects(zero_grid):
    frame = pd.DataFrame(zero_grid.rows())
    axes = ["rules", "dealer_draws", "das", "zero_pair_pays"]
    base = frame.iloc[0]
    edge = {tuple(r[a] for a in axes): r["optimal_percent"] for _, r in frame.iterrows()}
    b = tuple(base[a] for a in axes)
    for _, row in frame.iterrows():
        estimate = edge[b]
        for i, a in enumerate(axes):
            single = list(b)
            single[i] = row[a]
            estimate += edge[tuple(single)] - edge[b]
        assert row["additive_percent"] == pytest.approx(estimate, abs=1e-13)
        assert row["additive_error_percent"] == pytest.approx(
            estimate - row["optimal_percent"], abs=1e-13
        )
        changed = sum(row[a] != base[a] for a in axes)
        if changed <= 1:  # the base and every single change are their own estimate
            assert abs(row["additive_error_percent"]) < 1e-13
    # the payouts are additive exactly; the dealer's rule and DAS interact
    assert frame["additive_error_percent"].abs().max() > 1e-3


def test_a_switch_varied_alone_starts_at_the_given_value():
    table = blackjack.grid(vary="h17", decks=1, h17=True, sd=False)
    assert [r["h17"] for r in table.rows()] == [True, False]


def test_deck_counts_are_a_dimension():
    rows = zero.grid(decks=[1, 2], vary=["das"], sd=False).rows()
    assert [(r["decks"], r["das"]) for r in rows] == [
        (1, True),
        (1, False),
        (2, True),
        (2, False),
    ]
    # the 2-deck, no-DAS row's estimate adds the deck effect and the DAS effect
    e = {(r["decks"], r["das"]): r["optimal_percent"] for r in rows}
    additive = e[1, True] + (e[2, True] - e[1, True]) + (e[1, False] - e[1, True])
    assert rows[3]["additive_percent"] == pytest.approx(additive, abs=1e-13)


@pytest.mark.parametrize(
    "call, needle",
    [
        (lambda: blackjack.grid(vary="bogus"), "'bogus' is not a rule"),
        (lambda: blackjack.grid(vary="natural=3:2,x"), "'x' is not a payout"),
        (lambda: blackjack.grid(vary="split_hands=2,9"), "9 is not a whole number in 2..4"),
        (lambda: blackjack.grid(vary=["h17", "h17"]), "'h17' is varied twice"),
        (lambda: blackjack.grid(vary="natural=3:2,3:2"), "listed twice"),
        (lambda: zero.grid(vary="zero_pair_pays"), "list its payouts"),
        (lambda: zero.grid(vary="split_totals"), "too many values"),
        (lambda: zero.grid(vary="rules=both"), "'both' is not one of stated, published"),
        (lambda: zero.grid(sd="false"), "sd: 'false' is not True or False"),
    ],
)
def test_bad_grids_are_refused_naming_the_keyword(call, needle):
    with pytest.raises(BadValue) as caught:
        call()
    assert needle in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_grid_too_large_is_refused_up_front_with_its_count():
    many = ",".join(str(k) for k in range(1, 101))
    with pytest.raises(BadValue) as caught:
        zero.grid(
            decks="1..8",
            vary=[
                f"zero_pair_pays={many}",
                f"trips_pays={many}",
                "dealer_draws",
                "das",
            ],
        )
    count = 8 * 100 * 100 * 11 * 2
    assert count > MAX_COMBINATIONS
    assert f"{count:,} combinations" in str(caught.value)


def _refused(capsys, args, needle):
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def test_the_command_line_refuses_in_one_line(capsys, tmp_path):
    _refused(capsys, ["blackjack", "grid", "--vary", "bogus"], "'bogus' is not a rule")
    _refused(capsys, ["zero", "grid", "--vary", "das=maybe"], "'maybe' is not True or False")
    out = tmp_path / "g.txt"
    _refused(capsys, ["zero", "grid", "--vary", "das", "--out", str(out)], "end in .parquet")
    assert not out.exists()


def test_the_command_line_writes_parquet_and_a_heatmap(capsys, tmp_path):
    out, png = tmp_path / "g.parquet", tmp_path / "g.png"
    args = ["zero", "grid", "--decks", "1", "--vary", "das", "--vary", "dealer-draws=4,5"]
    code = main([*args, "--no-sd", "--out", str(out), "--png", str(png), "--format", "json"])
    assert code == 0, capsys.readouterr().err
    frame = pd.read_parquet(out)
    assert list(frame["das"]) == [True, True, False, False]
    assert list(frame["dealer_draws"]) == [4, 5, 4, 5]
    assert "sd" not in frame.columns
    assert png.read_bytes()[:4] == b"\x89PNG"
    base = zero.edge(decks=1, rules="published", dealer_draws=4).rows()[0]
    assert math.isclose(frame["optimal_percent"][0], base["house_edge_percent"], abs_tol=1e-12)


def test_an_interrupted_grid_resumes_from_the_tasks_it_finished(tmp_path, monkeypatch):
    from cardedge.reports.zero import grid as room

    out = tmp_path / "g.parquet"
    given = {"decks": 1, "vary": ["dealer_draws=4,5,6", "das"], "sd": False, "out": str(out)}
    real = room.compute_task
    calls = []

    def failing(task):
        calls.append(task)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(room, "compute_task", failing)
    with pytest.raises(KeyboardInterrupt):
        zero.grid(**given)
    assert not out.exists() and (tmp_path / "g.parts").is_dir()
    with pytest.raises(BadValue, match="--resume"):  # a second run must say it resumes
        zero.grid(**given)
    calls.clear()
    monkeypatch.setattr(room, "compute_task", lambda task: (calls.append(task), real(task))[1])
    resumed = zero.grid(**given, resume=True)
    recomputed = len(calls)
    calls.clear()
    assert resumed.rows() == zero.grid(decks=1, vary=given["vary"], sd=False).rows()
    assert recomputed == len(calls) - 1 > 0  # every task but the one kept
    assert out.is_file() and not (tmp_path / "g.parts").exists()
    # another grid's parts are never taken for this one's
    monkeypatch.setattr(room, "compute_task", failing)
    calls.clear()
    with pytest.raises(KeyboardInterrupt):
        zero.grid(**given)
    with pytest.raises(BadValue, match="other settings"):
        zero.grid(**{**given, "vary": ["dealer_draws=4,5,6", "das=true"]}, resume=True)


def test_resume_needs_an_out_file():
    with pytest.raises(BadValue, match="resume"):
        blackjack.grid(vary="h17", decks=1, resume=True)


def test_a_grid_on_a_local_dask_cluster_equals_the_one_here():
    given = {"decks": 1, "vary": ["h17", "das"], "sd": False}
    assert blackjack.grid(**given, workers=1).rows() == blackjack.grid(**given).rows()


def test_zero_charts_derived_together_are_each_derived_alone_bit_for_bit(monkeypatch):
    """``derive_best_charts`` shares a kernel run between split rules while their charts
    agree: every chart and its iteration count are a lone derivation's, in fewer runs."""
    import numpy as np

    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.rules import PlayRules
    from cardedge.strategy.zero import charts as zero_charts

    shoe = Shoe.decks(1)
    splits = [frozenset(), frozenset({9}), frozenset({8, 9}), frozenset({6, 7, 8, 9}),
              frozenset({0, 5})]  # fmt: skip
    plays = [PlayRules(draws, das, s) for draws in (4, 5) for das in (True, False) for s in splits]
    runs = []
    kernel = zero_charts.cell_values_by_total
    monkeypatch.setattr(
        zero_charts, "cell_values_by_total", lambda *a: runs.append(1) or kernel(*a)
    )
    together = zero_charts.derive_best_charts(plays, shoe)
    shared_runs = len(runs)
    runs.clear()
    for play in plays:
        chart, iterations = zero_charts.derive_best_chart(play, shoe)
        shared, shared_iterations = together[play]
        assert iterations == shared_iterations, play
        for block in ("two_card", "three_card", "split"):
            assert np.array_equal(getattr(chart, block), getattr(shared, block)), (play, block)
    assert len(runs) == sum(it for _, it in together.values())  # alone: a run per step
    assert shared_runs < len(runs) / 2


# ---- what a change costs, and typed columns (issue 47) ------------------------------------------
def test_change_percent_is_the_row_minus_the_base_rules(blackjack_grid):
    """The base row is the rules without --vary (S17, DAS, no surrender, 3:2: the first row
    here); every row's change is its edge minus that row's, and the base's own is 0."""
    rows = blackjack_grid.rows()
    base = next(
        r
        for r in rows
        if (r["h17"], r["das"], r["surrender"], r["natural_text"]) == (False, True, False, "3:2")
    )
    assert base["change_percent"] == 0
    for row in rows:
        assert row["change_percent"] == row["optimal_percent"] - base["optimal_percent"]


def test_the_base_rules_left_out_of_a_list_are_computed_for_the_change_only():
    """--vary natural=6:5,7:5 leaves the base rules' 3:2 out: not a row, but the change is
    measured from it (on each shoe), as a single edge call gives it."""
    table = blackjack.grid(decks=[1, 2], vary=["natural=6:5,7:5", "das"], sd=False, basic=False)
    rows = table.rows()
    assert [(r["decks"], r["natural_text"], r["das"]) for r in rows] == [
        (d, n, s) for d in (1, 2) for n in ("6:5", "7:5") for s in (True, False)
    ]
    assert "of 8 combinations" in table.title
    for row in rows:
        base = blackjack.edge(decks=row["decks"]).rows()[0]["house_edge_percent"]
        assert row["change_percent"] == pytest.approx(row["optimal_percent"] - base, abs=1e-12)


def test_the_varied_rules_are_typed_columns(zero_grid):
    frame = zero_grid.data
    assert frame["das"].dtype == bool
    assert frame["dealer_draws"].dtype == np.int64
    assert frame["zero_pair_pays"].dtype == np.float64
    assert set(frame["zero_pair_pays"]) == {1.5, 2.0}
    assert set(frame["zero_pair_pays_text"]) == {"3:2", "2:1"}
    assert set(frame["rules"]) == {"stated", "published"}  # a choice stays its text
    # the trap of text columns: astype(bool) of 'false' is True
    assert frame["das"].astype(bool).tolist() == frame["das"].tolist()


def _typed_columns(frame):
    return {c: str(frame[c].dtype) for c in ("decks", "das", "dealer_draws", "trips_pays")}


def test_typed_columns_round_trip_through_csv_json_and_parquet(tmp_path, capsys):
    """A payout that is 'none' (trips paid as a pair) stays a float column (NaN, null)."""
    table = zero.grid(
        decks=1, vary=["das", "dealer_draws=4,5", "trips_pays=none,3:1"], sd=False, basic=False
    )
    frame = table.data
    want = {"decks": "int64", "das": "bool", "dealer_draws": "int64", "trips_pays": "float64"}
    assert _typed_columns(frame) == want
    assert frame["trips_pays"].isna().tolist() == [True, False] * 4
    import io
    import json

    from cardedge.reports.core.render import render

    def same(back):
        assert _typed_columns(back) == want
        columns = list(frame.columns)
        pd.testing.assert_frame_equal(
            back[columns].reset_index(drop=True), frame, check_dtype=True, check_exact=True
        )

    same(pd.read_csv(io.StringIO(render(table, "csv"))))
    same(pd.DataFrame(json.loads(render(table, "json"))))
    out = tmp_path / "g.parquet"
    code = main(
        ["zero", "grid", "--decks", "1", "--vary", "das", "--vary", "dealer-draws=4,5"]
        + ["--vary", "trips-pays=none,3:1", "--no-sd", "--no-basic", "--out", str(out)]
        + ["--format", "csv"]
    )
    assert code == 0, capsys.readouterr().err
    same(pd.read_parquet(out))
    same(pd.read_csv(io.StringIO(capsys.readouterr().out), comment="#"))
