"""Zero basic strategy: derived charts, the published chart's edges, chart files, tables."""

import json

import numpy as np
import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.round import ShoeStates, deal_probabilities, evaluate_round
from cardedge.analysis.zero.rules import PUBLISHED_EDGES, preset
from cardedge.cli import main
from cardedge.strategy.zero.charts import (
    ZeroChart,
    _cell_sums,
    best_chart,
    derive_best_chart,
    load_chart,
    published_chart,
)


@pytest.fixture(scope="module")
def charts():
    return {d: best_chart(preset("published"), Shoe.decks(d)) for d in (6, 8)}


@pytest.mark.parametrize("decks", [6, 8])
def test_published_chart_reproduces_published_basic_edge(charts, decks):
    rules, shoe = preset("published"), Shoe.decks(decks)
    edge = evaluate_round(rules, shoe, published_chart().policy()).house_edge_percent
    assert round(edge, 4) == PUBLISHED_EDGES[("basic", decks)]


@pytest.mark.parametrize("decks", [6, 8])
def test_best_chart_lies_between_optimal_and_published(charts, zero_optimal, decks):
    rules, shoe = preset("published"), Shoe.decks(decks)
    best = evaluate_round(rules, shoe, charts[decks].policy()).house_edge_percent
    pub = evaluate_round(rules, shoe, published_chart().policy()).house_edge_percent
    assert zero_optimal("published", decks).house_edge_percent < best < pub


def test_best_chart_is_the_same_for_6_and_8_decks(charts):
    assert charts[6].differences(charts[8]) == []


def test_published_chart_differs_only_in_three_card_seven_against_nine(charts):
    assert charts[6].differences(published_chart()) == [("three-card", "7", "9", "D", "S")]


def _flip(chart: ZeroChart, block: str, idx: tuple) -> ZeroChart:
    two, three, split = chart.two_card.copy(), chart.three_card.copy(), chart.split.copy()
    if block == "two":
        two[idx] = Action.HIT if two[idx] == Action.STAND else Action.STAND
    elif block == "three":
        three[idx] = Action.DOUBLE if three[idx] == Action.STAND else Action.STAND
    else:
        a, b, u = idx
        split[a, b, u] = split[b, a, u] = (
            Action.NO_SPLIT if split[a, b, u] == Action.SPLIT else Action.SPLIT
        )
    return ZeroChart("flipped", two, three, split, chart.split_totals)


FLIPS = [
    ("two", (3, 5)),
    ("two", (4, 0)),
    ("two", (9, 1)),
    ("three", (7, 9)),
    ("three", (6, 4)),
    ("three", (8, 0)),
    ("three", (9, 2)),
    ("split", (4, 4, 1)),
    ("split", (2, 6, 0)),
    ("split", (1, 7, 5)),
]


@pytest.mark.parametrize("block,idx", FLIPS)
def test_cell_sums_predict_the_exact_gain_of_flipping_one_cell(charts, block, idx):
    rules = preset("published")
    chart = charts[6]
    shoe = Shoe.decks(6)
    probs = deal_probabilities(shoe)
    states = ShoeStates(shoe, rules.kernel_record().dealer)
    c2, c3, cs = _cell_sums(chart, rules, states, probs.nonpair)
    sums = {"two": c2, "three": c3, "split": cs}[block][idx]
    current = {"two": chart.two_card, "three": chart.three_card, "split": chart.split}[block][idx]
    now = 1 if current in (Action.HIT, Action.DOUBLE, Action.SPLIT) else 0
    predicted = sums[1 - now] - sums[now]
    base = evaluate_round(rules, shoe, chart.policy()).ev
    flipped = evaluate_round(rules, shoe, _flip(chart, block, idx).policy()).ev
    assert flipped - base == pytest.approx(predicted, abs=1e-13)
    assert predicted <= 0  # the best chart is a fixed point: no single flip helps


def test_derivation_is_a_fixed_point_from_the_best_chart(charts):
    again, iterations = derive_best_chart(preset("published"), Shoe.decks(6))
    assert again.differences(charts[6]) == []
    assert 1 < iterations < 10


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_chart_file_round_trip_and_cli_strategy_file(tmp_path, capsys, charts, suffix):
    path = tmp_path / f"mine{suffix}"
    published_chart().save(path)
    rules = preset("published")
    loaded = load_chart(path, rules)
    assert loaded.differences(published_chart()) == []
    code = main(
        ["zero", "edge", "--rules", "published", "--strategy", str(path), "--format", "json"]
    )
    (row,) = json.loads(capsys.readouterr().out)
    assert code == 0
    assert round(row["house_edge_percent"], 4) == 2.2697
    assert row["strategy"] == path.name


def _bad_chart(tmp_path, charts, edit):
    lines = charts[6].frame().to_csv(index=False, lineterminator="\n").splitlines()
    lines = edit(lines)
    path = tmp_path / "bad.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    "edit,needles",
    [
        (
            lambda ls: (
                [ls[0], ls[1].replace(",S,S,S,S,S,S,S,S,S,S", ",S,S,X,S,S,S,S,S,S,S")] + ls[2:]
            ),
            ["row 1", "column 3", "'X'"],
        ),
        (lambda ls: ls[:3] + ls[4:], ["missing cell two-card 2"]),
        (lambda ls: ls + ["split,3-3,P,P,P,P,P,P,P,P,P,P"], ["3-3", "totals 6"]),
        (
            lambda ls: (
                [ls[0], ls[1].replace(",S,S,S,S,S,S,S,S,S,S", ",S,S,S,S,S,S,S,S,S,")] + ls[2:]
            ),
            ["row 1", "column 0", "empty"],
        ),
        # a second row for a cell would silently override the first: both rows are named
        (lambda ls: ls + [ls[5].replace(",S,", ",H,", 1)], ["row 32", "repeats row 5"]),
        (lambda ls: ls + [ls[-1]], ["row 32", "repeats row 31"]),
    ],
)
def test_bad_chart_files_exit_2_naming_row_and_column(tmp_path, capsys, charts, edit, needles):
    path = _bad_chart(tmp_path, charts, edit)
    code = main(["zero", "edge", "--rules", "published", "--strategy", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    for needle in needles:
        assert needle in err


@pytest.mark.parametrize("name,strategy", [("published", "optimal"), ("stated", "basic")])
def test_return_table_sums_to_one_and_to_minus_the_edge(charts, name, strategy):
    rules, shoe = preset(name), Shoe.decks(6)
    policy = charts[6].policy() if strategy == "basic" else None
    out = outcome_distribution(rules, shoe, policy) if policy else outcome_distribution(rules, shoe)
    probabilities = [p for _name, _net, p in out.rows()]
    returns = [net * p for _name, net, p in out.rows()]
    assert sum(probabilities) == pytest.approx(1.0, abs=1e-12)
    exact = evaluate_round(rules, shoe, policy).ev if policy else evaluate_round(rules, shoe).ev
    assert sum(returns) == pytest.approx(exact, abs=1e-12)
    rows = out.rows()
    assert 1.0 < out.expected_wager < 2.0
    assert out.std > 1.0
    nets = {net for _, net, _ in rows}
    assert {4.0, -4.0, 1.5} <= nets
    names = {n for n, _net, _p in rows}
    assert ("ten-valued trips" in names) == (name == "published")


def test_hands_table_best_matches_the_round_evaluator(zero_optimal):
    from cardedge.reports.zero.strategy import hands_table

    table = hands_table(preset("published"), Shoe.decks(6)).data
    res = zero_optimal("published", 6)
    ups = {"A": 1, **{str(v): v for v in range(2, 10)}, "0": 0}
    for row in table.itertuples():
        a, b = (int(x) for x in row.hand.split("-"))
        best = max(x for x in (row.stand, row.hit, row.split) if x is not None and not np.isnan(x))
        assert best == pytest.approx(res.deal_ev[a, b, ups[row.up]], abs=1e-12)


def test_exceptions_are_real_departures(charts):
    from cardedge.reports.zero.strategy import exceptions_table

    data = exceptions_table(preset("published"), Shoe.decks(6), "published").data
    assert len(data) > 0
    assert (data["cost"] > 0).all()
    assert (data["chart"] != data["optimal"]).all()
    # The published chart stands on a three-card 7 against 9; optimal doubles 0-7-0 there (the
    # chart hits 0-7). 0-0-7 was asserted here before: the chart stands on 0-0, so it never
    # reaches that decision, and unreachable rows are no longer listed.
    assert not ((data["hand"] == "0-0-7") & (data["up"] == "9")).any()
    row = data[(data["hand"] == "0-7-0") & (data["up"] == "9")]
    assert list(row["chart"]) == ["stand"] and list(row["optimal"]) == ["double"]


def test_eor_is_equal_for_every_ten_valued_rank():
    from cardedge.reports.zero.strategy import eor_table

    data = eor_table([6]).data
    for _, row in data.iterrows():
        assert row["T"] == pytest.approx(row["J"], abs=1e-12)
        assert row["T"] == pytest.approx(row["K"], abs=1e-12)


def test_variants_table_starts_from_the_preset(zero_optimal):
    from cardedge.reports.zero.strategy import variants_table

    data = variants_table(Shoe.decks(6)).data
    assert data.loc[0, "published_percent"] == pytest.approx(
        zero_optimal("published", 6).house_edge_percent, abs=1e-12
    )
    no_split = data[data["variant"] == "no split"].iloc[0]
    assert no_split["published_change"] > 0
