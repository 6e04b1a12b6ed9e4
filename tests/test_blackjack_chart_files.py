"""Blackjack chart files: written by ``blackjack chart`` or ``Chart.save``, read back by
``--strategy FILE`` with the exact edge of the chart they were saved from; bad files refused
with one line naming the row and column."""

import io
import json

import pandas as pd
import pytest

from cardedge.analysis.blackjack.round import shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
)
from cardedge.cli import main
from cardedge.strategy.blackjack.charts import (
    GENERIC_CHART,
    basic_strategy,
    evaluate_strategy,
    load_chart,
    plays_soft_12,
    strategy_policy,
)


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("suffix", [".csv", ".json"])
@pytest.mark.parametrize(
    "rules, shoe",
    [
        (DEFAULT_RULES, DEFAULT_SHOE),
        (PUBLISHED_RULES.with_(surrender=True), PUBLISHED_SHOE),
        (DEFAULT_RULES.with_(hit_split_aces=True), DEFAULT_SHOE),
    ],
    ids=["default", "late-surrender", "hit-split-aces"],
)
def test_a_saved_basic_chart_loads_with_the_identical_exact_edge(tmp_path, rules, shoe, suffix):
    analysis = shoe_analysis(rules, shoe)
    chart = basic_strategy(analysis)
    path = tmp_path / f"basic{suffix}"
    chart.save(path)
    loaded = load_chart(path, rules)
    assert loaded.rows(soft_12=True) == chart.rows(soft_12=True)
    want = evaluate_strategy("basic", analysis).ev
    got = analysis.evaluate(strategy_policy(str(path), analysis))
    assert got.ev == want  # identical, not merely close
    assert got.policy == path.name


def test_the_chart_command_output_is_a_chart_file(tmp_path, capsys):
    """`blackjack chart --format csv > mine.csv` then `edge --strategy mine.csv`: the basic
    strategy's exact edge (Ph cells split under DAS, soft 12 left out where never played)."""
    for fmt in ("csv", "json"):
        code, out, _ = run(capsys, "blackjack", "chart", "--format", fmt)
        assert code == 0
        path = tmp_path / f"mine.{fmt}"
        path.write_text(out)
        code, out, _ = run(
            capsys,
            "blackjack",
            "edge",
            "--strategy",
            "basic",
            "--strategy",
            path,
            "--format",
            "json",
        )
        assert code == 0
        rows = json.loads(out)
        assert rows[1]["strategy"] == path.name
        assert rows[1]["house_edge_percent"] == rows[0]["house_edge_percent"]
        assert round(rows[0]["house_edge_percent"], 4) == 0.5176


def test_soft_12_is_printed_where_it_is_played():
    chart = basic_strategy(shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    assert not plays_soft_12(chart, DEFAULT_RULES)
    assert plays_soft_12(chart, DEFAULT_RULES.with_(hit_split_aces=True))
    assert chart.soft[12][4] == "Dh"  # soft 12 (A,A unsplit) doubles against a 6


def _csv(tmp_path, edit, name="bad.csv"):
    frame = edit(GENERIC_CHART.frame())
    path = tmp_path / name
    frame.to_csv(path, index=False)
    return path


def _set(row, column, value):
    def edit(frame):
        frame.loc[frame["hand"] == row, column] = value
        return frame

    return edit


@pytest.mark.parametrize(
    "edit, needle",
    [
        (_set("hard 9", "7", "X"), "row 6 (hard 9), column 7: unknown code 'X'"),
        (_set("soft 18", "A", ""), "row 25 (soft 18), column A: empty cell"),
        (_set("hard 12", "4", "P"), "row 9 (hard 12), column 4: P splits, but a hard row"),
        (_set("soft 17", "2", "Ph"), "row 24 (soft 17), column 2: Ph splits, but a soft row"),
        (_set("hard 16", "T", "Rh"), "row 13 (hard 16), column T: Rh surrenders, but these rules"),
        (_set("8,8", "A", "Rp"), "row 35 (8,8), column A: Rp surrenders"),
        (_set("hard 10", "hand", "hard 11"), "row 8 (hard 11): repeats row 7 (hard 11)"),
        (_set("hard 10", "hand", "hard 22"), "row 7 (hard 22): 'hard 22' is not a chart row"),
        (_set("8,8", "hand", "8,9"), "'8,9' is not a chart row"),
        (lambda f: f.drop(index=3), "missing row hard 7"),
        (lambda f: f.drop(index=len(f) - 1), "missing row A,A"),
        (lambda f: f.drop(columns=["T"]), "missing column(s) T"),
    ],
)
def test_bad_chart_files_are_refused_naming_row_and_column(tmp_path, capsys, edit, needle):
    path = _csv(tmp_path, edit)
    with pytest.raises(ValueError) as e:
        load_chart(path, DEFAULT_RULES)
    assert needle in str(e.value)
    code, _, err = run(capsys, "blackjack", "edge", "--strategy", path)
    assert code == 2 and err.count("\n") == 1 and needle in err


def test_a_json_row_without_a_cell_is_refused(tmp_path):
    rows = json.loads(GENERIC_CHART.frame().to_json(orient="records"))
    del rows[5]["7"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rows))
    with pytest.raises(ValueError, match=r"row 6 \(hard 9\), column 7: empty cell"):
        load_chart(path, DEFAULT_RULES)


def test_surrender_cells_load_under_surrender_rules(tmp_path):
    rules = PUBLISHED_RULES.with_(surrender=True)
    path = _csv(tmp_path, _set("hard 16", "T", "Rh"))
    chart = load_chart(path, rules)
    assert chart.hard[16][8] == "Rh"
    analysis = shoe_analysis(rules, PUBLISHED_SHOE)
    normal = evaluate_strategy("normal", analysis).ev
    with_r = analysis.evaluate(strategy_policy(str(path), analysis)).ev
    assert with_r > normal  # late surrender of 16 v T beats hitting it


def test_soft_12_is_required_where_it_is_played(tmp_path):
    path = tmp_path / "no12.csv"
    GENERIC_CHART.frame(soft_12=False).to_csv(path, index=False)
    assert load_chart(path, DEFAULT_RULES).soft[12] == ("H",) * 10
    with pytest.raises(ValueError, match="missing row soft 12"):
        load_chart(path, DEFAULT_RULES.with_(hit_split_aces=True))


def test_missing_files_and_unknown_names_are_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "blackjack", "edge", "--strategy", tmp_path / "none.csv")
    assert code == 2 and "neither a strategy" in err and err.count("\n") == 1
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    code, _, err = run(capsys, "blackjack", "edge", "--strategy", empty)
    assert code == 2 and "not a readable chart" in err and err.count("\n") == 1


def test_simulate_play_and_exceptions_take_a_chart_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "generic.csv"
    GENERIC_CHART.save(path)
    code, out, _ = run(
        capsys, "blackjack", "simulate", "--strategy", path, "--rounds", "20000", "--seed", "3",
        "--format", "json",
    )  # fmt: skip
    assert code == 0
    (report,) = json.loads(out)["tables"][0]["rows"]  # the summary row of the document
    normal = evaluate_strategy("normal", shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    assert report["strategy"] == "generic.csv"
    assert report["exact_house_edge_percent"] == pytest.approx(normal.house_edge_percent, abs=1e-12)
    code, out, _ = run(capsys, "blackjack", "exceptions", "--strategy", path, "--format", "csv")
    assert code == 0
    file_rows = pd.read_csv(io.StringIO(out))
    code, out, _ = run(capsys, "blackjack", "exceptions", "--strategy", "normal", "--format", "csv")
    assert code == 0 and len(file_rows) > 0
    named_rows = pd.read_csv(io.StringIO(out))
    # rows name their strategy (the file's name, or 'normal'); every other column is the same
    assert set(file_rows["strategy"]) == {"generic.csv"} and set(named_rows["strategy"]) == {
        "normal"
    }
    assert file_rows.drop(columns="strategy").equals(named_rows.drop(columns="strategy"))
    code, _, err = run(capsys, "blackjack", "exceptions", "--strategy", "optimal")
    assert code == 2 and err.count("\n") == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "blackjack", "play", "--basic", path, "--seed", "1")
    assert code == 0 and "generic.csv strategy" in out
