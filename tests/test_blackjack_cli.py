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
    assert opt["rules"]["split_hands"] == 4 and opt["rules"]["rsa"] is False
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


def test_returns_command(capsys):
    """`blackjack returns`: every net with probability and return, the total row's return is
    minus the exact edge, SD and element of risk in the notes; rows say decks, rules, strategy."""
    code, out, _ = run(capsys, "blackjack", "returns", "--peek", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    total = rows[-1]
    assert total["outcome"] == "total" and total["probability"] == pytest.approx(1.0, abs=1e-12)
    assert round(-100 * total["return"], 4) == PUBLISHED_OPTIMAL_EDGE_PERCENT
    assert all(r["decks"] == 6 and r["strategy"] == "optimal" for r in rows)
    assert all("peek" in r["rules"] for r in rows)
    by = {r["outcome"]: r for r in rows}
    assert by["-1"]["net"] == -1 and by["natural wins"]["net"] == 1.5
    assert by["+8"]["probability"] > 0 and "surrender" not in by
    code, out, _ = run(capsys, "blackjack", "returns", "--natural", "6:5", "--surrender")
    assert code == 0
    assert "Blackjack return table, optimal play: 6 decks" in out and "BJ 6:5" in out
    assert "standard deviation 1.08" in out and "element of risk 1.10" in out
    assert "surrender  " in out and "natural wins      1.2" in out


def test_returns_figures_of_the_default_game(capsys):
    code, out, _ = run(capsys, "blackjack", "returns", "--strategy", "basic", "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    # every CSV row names its table: decks, rules and strategy lead
    assert lines[0] == "decks,rules,strategy,outcome,net,probability,return"
    table = bj_reports.returns_table(bj_reports.DEFAULT_RULES, bj_reports.DEFAULT_SHOE, "optimal")
    note = table.notes[0]
    assert "house edge 0.514056%" in note and "standard deviation 1.135120" in note
    assert "element of risk 0.460883%" in note


def test_dealer_command(capsys):
    code, out, _ = run(capsys, "blackjack", "dealer", "--decks", "1", "--format", "json")
    assert code == 0
    rows = {r["up"]: r for r in json.loads(out)}
    assert set(rows) == {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"}
    assert rows["6"]["decks"] == 1 and rows["6"]["rules"].startswith("1 deck, S17")
    # the Wizard of Odds' one-deck S17 table (tests/test_blackjack_evaluator.py)
    from test_blackjack_evaluator import WIZARD_ONE_DECK_S17

    for up, want in WIZARD_ONE_DECK_S17.items():
        row = rows["A" if up == 0 else "T" if up == 9 else str(up + 1)]
        got = tuple(float(f"{row[k]:.6g}") for k in ("17", "18", "19", "20", "21", "bust"))
        assert got == want[:6]
    for r in rows.values():
        assert sum(r[k] for k in ("17", "18", "19", "20", "21", "bust", "natural")) == (
            pytest.approx(1.0, abs=1e-12)
        )
    code, out, _ = run(capsys, "blackjack", "dealer", "--peek", "--h17", "--format", "csv")
    assert code == 0 and "natural" not in out.splitlines()[0]
    code, out, _ = run(capsys, "blackjack", "dealer")
    assert out.startswith("Blackjack dealer's final result by up card: 6 decks, S17, no peek")


@pytest.mark.parametrize(
    "args, keys",
    [
        (["chart"], {"decks", "rules", "strategy"}),
        (["hands", "--up", "A"], {"decks", "rules", "strategy"}),
        (["exceptions", "--strategy", "normal"], {"decks", "rules", "strategy"}),
        (["compare", "--decks", "1,2"], {"decks", "rules"}),
        (["variants", "--decks", "2"], {"decks", "rules", "base_rules"}),
    ],
)
def test_every_row_says_decks_rules_and_strategy(capsys, args, keys):
    code, out, _ = run(capsys, "blackjack", *args, "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert rows and all(keys <= set(r) for r in rows)
    if "strategy" in keys:
        assert {r["strategy"] for r in rows} == {
            "normal" if "normal" in args else "basic" if args == ["chart"] else "optimal"
        }


def test_several_deck_counts_and_strategies_make_one_document(capsys):
    code, out, _ = run(
        capsys, "blackjack", "returns", "--decks", "1,6", "--strategy", "optimal",
        "--strategy", "basic", "--format", "json",
    )  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    assert len(doc["tables"]) == 4
    seen = {(t["rows"][0]["decks"], t["rows"][0]["strategy"]) for t in doc["tables"]}
    assert seen == {(1, "optimal"), (1, "basic"), (6, "optimal"), (6, "basic")}
    assert all("1 deck" in t["title"] or "6 decks" in t["title"] for t in doc["tables"])
