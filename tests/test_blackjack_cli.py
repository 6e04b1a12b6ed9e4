"""``cardedge blackjack`` from the command line: numbers, formats, one-line errors; tables."""

import json

import pytest

from cardedge.analysis.blackjack.rules import PUBLISHED_OPTIMAL_EDGE_PERCENT
from cardedge.cli import main
from cardedge.reports.blackjack import strategy as bj_reports
from cardedge.strategy.blackjack.charts import GENERIC_CHART


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_edge_json_has_rules_and_full_precision(capsys):
    code, out, _ = run(
        capsys,
        "blackjack",
        "edge",
        "--peek",
        "--strategy",
        "optimal",
        "--strategy",
        "normal",
        "--format",
        "json",
    )
    assert code == 0
    rows = json.loads(out)
    assert [r["strategy"] for r in rows] == ["optimal", "normal"]
    opt = rows[0]
    assert opt["decks"] == 6 and opt["rules"]["peek"] is True
    assert opt["rules"]["split_hands"] == 4 and opt["rules"]["resplit_aces"] is False
    assert round(opt["house_edge_percent"], 4) == PUBLISHED_OPTIMAL_EDGE_PERCENT
    assert len(repr(opt["house_edge_percent"])) > 10  # full precision, not rounded
    assert rows[1]["house_edge_percent"] > opt["house_edge_percent"]


def test_edge_table_is_titled_with_the_rules(capsys):
    code, out, _ = run(capsys, "blackjack", "edge", "--strategy", "easy")
    assert code == 0
    assert out.startswith("Blackjack house edge (%): 6 decks, S17, no peek (ENHC), DAS")
    assert "CDZ-" in out and "easy" in out


def test_chart_csv_and_markdown(capsys):
    code, out, _ = run(capsys, "blackjack", "chart", "--peek", "--no-das-marks", "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "hand,2,3,4,5,6,7,8,9,T,A"
    assert "9,9" in out and lines[1] == "hard 4,H,H,H,H,H,H,H,H,H,H"
    code, out, _ = run(capsys, "blackjack", "chart", "--format", "markdown")
    assert code == 0 and out.startswith("## Blackjack basic strategy") and "Ph" in out


def test_chart_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.png"
    code, _, err = run(capsys, "blackjack", "chart", "--png", str(path), "--format", "csv")
    assert code == 0 and path.read_bytes()[:4] == b"\x89PNG" and "wrote" in err


def test_hands_for_one_up_card(capsys):
    code, out, _ = run(capsys, "blackjack", "hands", "--peek", "--up", "T", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 55 and {r["up"] for r in rows} == {"T"}
    eights = next(r for r in rows if r["hand"] == "8,8")
    assert eights["best"] == "split" and eights["split"] > eights["hit"]


@pytest.mark.parametrize(
    "args, word",
    [
        (["edge", "--decks", "9"], "decks"),
        (["edge", "--split-hands", "5"], "split-hands"),
        (["chart", "--decks", "6,8"], "one deck count"),
        (["hands", "--up", "Z"], "up card"),
        (["edge", "--strategy", "perfect"], "strategy"),
        (["edge", "--surrender=yes"], "surrender"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, word):
    code, out, err = run(capsys, "blackjack", *args)
    assert code == 2
    assert err.count("\n") == 1 and word in err and "Traceback" not in err


def test_result_tables_show_the_charts_and_levels():
    tables = bj_reports.default_tables()
    peek_chart = tables["blackjack_chart_6d_peek"].data.set_index("hand")
    for label, codes in GENERIC_CHART.rows():
        marked = tuple(peek_chart.loc[label])
        assert tuple("P" if c == "Ph" else c for c in marked) == codes
    levels = tables["blackjack_ai_levels_6d"].data.set_index("strategy")["house_edge_percent"]
    assert levels["optimal"] < levels["hard"] < levels["normal"] < levels["easy"]
    edges = tables["blackjack_edge_6d"].data
    pub = edges[edges["published_percent"].notna()]
    assert len(pub) == 1 and round(pub["house_edge_percent"].iloc[0], 4) == 0.4029


def test_surrender_option(capsys):
    """--surrender is off by default; on, it lowers the edge, names itself in the rules, and
    the chart, hands and variants show it."""
    code, out, _ = run(capsys, "blackjack", "edge", "--peek", "--surrender", "--format", "json")
    assert code == 0
    row = json.loads(out)[0]
    assert row["rules"]["surrender"] is True
    assert round(row["house_edge_percent"], 3) == 0.330
    code, out, _ = run(capsys, "blackjack", "edge", "--peek", "--format", "json")
    assert json.loads(out)[0]["rules"]["surrender"] is False
    code, out, _ = run(capsys, "blackjack", "chart", "--peek", "--surrender", "--format", "csv")
    assert code == 0 and "hard 16,S,S,S,S,S,H,H,Rh,Rh,Rh" in out.splitlines()
    code, out, _ = run(capsys, "blackjack", "chart", "--surrender", "--format", "markdown")
    assert code == 0 and "Rh surrender else hit" in out and "| Rs " in out
    code, out, _ = run(capsys, "blackjack", "hands", "--surrender", "--up", "A", "--format", "json")
    rows = {r["hand"]: r for r in json.loads(out)}
    assert rows["6,T"]["best"] == "surrender" and rows["6,T"]["surrender"] == -0.5
    assert rows["A,T"]["surrender"] is None
    code, out, _ = run(capsys, "blackjack", "variants", "--peek", "--format", "csv")
    assert "surrender allowed" in out and "late surrender" in out
