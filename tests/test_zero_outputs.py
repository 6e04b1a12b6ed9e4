"""Every Zero output is a complete document: self-describing rows, one vocabulary, notes.

Issue 10, Zero's half: each JSON row says its decks, rules and strategy; every printed edge
carries its preset and the presets' explanation; the published figures stand only beside the
tables they belong to; exceptions cover split hands and only decisions the chart reaches;
compare's published chart is the published chart at every deck count; pay tables are bounded.
"""

import csv
import io
import json
from pathlib import Path

import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import TRIPS_NOTE, preset
from cardedge.cli import main
from cardedge.strategy.zero.charts import resolve

RESULTS = Path(__file__).resolve().parent.parent / "results"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def json_rows(out: str) -> list[dict]:
    """Every row of a JSON output: one table's rows, or every table's of a document."""
    doc = json.loads(out)
    if isinstance(doc, list):
        return doc
    assert set(doc) == {"tables"}
    return [row for table in doc["tables"] for row in table["rows"]]


def says(row: dict, field: str, column_words: tuple[str, ...]) -> bool:
    """The row names ``field`` itself, or its column names do (compare's strategy columns,
    variants' preset columns, the side bet's deck-count columns)."""
    return field in row or any(word in col for col in row for word in column_words)


ZERO_COMMANDS = [
    ("edge", "--decks", "6"),
    ("edge", "--decks", "6", "--by-upcard"),
    ("edge", "--decks", "6", "--strategy", "basic", "--split", "standard"),
    ("chart", "--decks", "6,8"),
    ("exceptions", "--decks", "8"),
    ("returns", "--decks", "6", "--strategy", "basic"),
    ("hands", "--decks", "6"),
    ("compare", "--decks", "6"),
    ("eor", "--decks", "6"),
    ("variants", "--decks", "6"),
    ("simulate", "--rounds", "2000", "--seed", "3"),
]


@pytest.mark.parametrize("args", ZERO_COMMANDS, ids=lambda a: " ".join(a))
def test_every_json_row_says_decks_rules_and_strategy(capsys, args):
    code, out, err = run(capsys, "zero", *args, "--format", "json")
    assert code == 0, err
    rows = json_rows(out)
    assert rows
    for row in rows:
        assert says(row, "decks", ()), row
        assert says(row, "rules", ("stated_", "published_")), row
        assert says(row, "strategy", ("optimal_", "basic_")), row


@pytest.mark.parametrize(
    "args",
    [("--decks", "6"), ("--decks", "6,8", "--eor"), ("--side-bet-size", "1")],
    ids=lambda a: " ".join(a),
)
def test_every_pays_json_row_says_its_deal_and_pay_table(capsys, args):
    code, out, err = run(capsys, "zero", "pays", *args, "--format", "json")
    assert code == 0, err
    for row in json_rows(out):
        assert says(row, "decks", (" deck",)), row
        assert row["paytable_name"] == "reconstructed" and row["paytable_is_reconstruction"]
        if "combined_edge_percent" in row:  # Zero's edge: its preset, strategy, explanation
            assert row["rules"] in ("stated", "published") and row["strategy"] == "optimal"
            assert row["rules_note"] == TRIPS_NOTE


def test_chart_json_for_several_decks_is_one_document_of_self_describing_rows(capsys):
    code, out, _ = run(capsys, "zero", "chart", "--decks", "6,8", "--format", "json")
    assert code == 0
    tables = json.loads(out)["tables"]
    assert [{(r["decks"], r["rules"], r["strategy"]) for r in t["rows"]} for t in tables] == [
        {(6, "published", "basic")},
        {(8, "published", "basic")},
    ]
    assert all(len(t["rows"]) == 31 for t in tables)  # 10 two-card, 11 split, 10 three-card


def test_single_table_csv_rows_carry_the_keys(capsys):
    code, out, _ = run(capsys, "zero", "hands", "--decks", "8", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) > 100
    assert {(r["decks"], r["rules"], r["strategy"]) for r in rows} == {
        ("8", "published", "optimal")
    }


# ---- the presets' explanation beside every edge ---------------------------------------------

BOTH_PRESETS = [
    ("edge", "--decks", "6"),
    ("edge", "--decks", "6", "--strategy", "published"),
    ("compare", "--decks", "6"),
    ("eor", "--decks", "6"),
    ("variants", "--decks", "6"),
    ("pays", "--decks", "6", "--side-bet-size", "1"),
]


@pytest.mark.parametrize("args", BOTH_PRESETS, ids=lambda a: " ".join(a))
@pytest.mark.parametrize("fmt", ["table", "markdown", "json", "csv"])
def test_edges_of_both_presets_carry_the_explanation(capsys, args, fmt):
    code, out, _ = run(capsys, "zero", *args, "--format", fmt)
    assert code == 0
    if fmt in ("table", "markdown"):
        assert TRIPS_NOTE in out
        return
    if fmt == "json":
        rows = [r for r in json_rows(out) if "rules_note" in r]
    else:
        rows = [r for r in csv.DictReader(io.StringIO(out)) if r.get("rules_note")]
    assert rows and {r["rules_note"] for r in rows} == {TRIPS_NOTE}


@pytest.mark.parametrize(
    "args",
    [
        ("chart", "--decks", "6"),
        ("returns", "--decks", "6", "--rules", "stated"),
        ("edge", "--decks", "6", "--rules", "stated"),
        ("simulate", "--rounds", "2000", "--seed", "1", "--rules", "stated"),
    ],
    ids=lambda a: " ".join(a),
)
def test_an_edge_under_one_preset_names_it_and_explains_the_presets(capsys, args):
    code, out, _ = run(capsys, "zero", *args)
    assert code == 0
    rules = args[args.index("--rules") + 1] if "--rules" in args else "published"
    assert f"{rules} rules" in out and TRIPS_NOTE in out


def test_chart_note_names_the_preset_of_its_edge(capsys):
    code, out, _ = run(capsys, "zero", "chart", "--decks", "6", "--rules", "stated")
    assert code == 0
    assert "House edge under the stated rules when every hand follows this chart: 2.5106%." in out
    assert "The published chart under the same rules: 2.5119%" in out


# ---- one vocabulary: basic is basic -----------------------------------------------------------


def test_basic_strategy_is_labelled_basic_everywhere(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--strategy", "basic", "--format", "json")
    assert code == 0
    assert {r["strategy"] for r in json.loads(out)} == {"basic"}
    for args in (("edge",), ("chart",), ("exceptions",), ("returns",)):
        code, out, _ = run(capsys, "zero", *args, "--strategy", "basic")
        assert code == 0
        assert "best" not in out.split("\n")[0], out.split("\n")[0]
    code, out, _ = run(capsys, "zero", "edge", "--strategy", "basic")
    assert "basic: the best total-dependent chart" in out  # the basic-vs-published note prints
    code, out, _ = run(capsys, "zero", "simulate", "--rounds", "2000", "--strategy", "basic")
    assert out.startswith("Zero simulation, basic play, published rules")


def test_results_say_basic_not_best():
    zero = sorted(p.name for p in RESULTS.glob("zero_*"))
    assert "zero_chart_basic_6d.csv" in zero and not [n for n in zero if "best" in n]
    edges = list(csv.DictReader(line for line in open(RESULTS / "zero_edge_charts.csv")
                                if not line.startswith("#")))  # fmt: skip
    assert {r["strategy"] for r in edges} == {"basic", "published"}
    assert "Zero basic strategy chart, 6 decks" in (RESULTS / "zero_chart_basic_6d.md").read_text()


# ---- published figures only beside their own tables --------------------------------------------


def test_published_edge_only_beside_the_published_rules_and_standard_split(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--decks", "6,8", "--format", "json")
    got = {(r["decks"], r["rules"]): r["published_percent"] for r in json.loads(out)}
    assert got == {(6, "stated"): None, (6, "published"): 2.2637, (8, "stated"): None,
                   (8, "published"): 2.2421}  # fmt: skip
    code, out, _ = run(capsys, "zero", "edge", "--split", "optimal", "--format", "json")
    assert code == 0 and {r["published_percent"] for r in json.loads(out)} == {None}
    code, out, _ = run(capsys, "zero", "edge", "--strategy", "basic", "--format", "json")
    assert {r["published_percent"] for r in json.loads(out)} == {None}


CUSTOM = """
name = "my zero"
{flag}
[[rows]]
hand = "identical two-card zero"
when = ["two_card_identical", "two_card_zero"]
pays = "7 to 1"

[[rows]]
hand = "two-card zero"
when = ["two_card_zero"]
pays = "4 to 1"
"""


@pytest.mark.parametrize("flag", ["", "reconstruction = true"])
@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "json"])
def test_a_custom_pay_table_is_never_given_the_published_figures(tmp_path, capsys, flag, fmt):
    path = tmp_path / "mine.toml"
    path.write_text(CUSTOM.format(flag=flag))
    for decks in ("6", "8", "6,8"):
        code, out, err = run(capsys, "zero", "pays", "--decks", decks, "--paytable", str(path),
                             "--eor", "--side-bet-size", "1", "--format", fmt)  # fmt: skip
        assert code == 0, err
        assert "7.75" not in out and "7.43" not in out
        assert "(published:" not in out and "published_house_edge" not in out
        assert "my zero" in out


def test_the_default_pay_table_keeps_its_published_figure(capsys):
    code, out, _ = run(capsys, "zero", "pays", "--decks", "6")
    assert code == 0 and "(published: 7.75%)" in out and "RECONSTRUCTION" in out


# ---- exceptions: split hands in, unreachable decisions out ------------------------------------


@pytest.fixture(scope="module")
def exceptions_6d():
    from cardedge.reports.zero.strategy import exceptions_table

    return exceptions_table(preset("published"), Shoe.decks(6), "basic").data


def test_exceptions_include_split_hands_and_only_reachable_decisions(exceptions_6d):
    data = exceptions_6d
    assert (data["P(cards)"] > 0).all() and (data["P x cost"] > 0).all()
    split = data[data["hand"].str.endswith(")")]
    assert len(split) > 0 and split["hand"].str.contains(r" \(split \d-\d\)$").all()
    # a split 0-8 hand 0-4 hit to 0-4-1 against a 4: stand is basic, double optimal
    row = data[(data["hand"] == "0-4-1 (split 0-8)") & (data["up"] == "4")].iloc[0]
    assert (row["chart"], row["optimal"]) == ("stand", "double")
    assert row["cost"] == pytest.approx(row["ev_optimal"] - row["ev_chart"], abs=1e-15)


def test_exceptions_sum_to_the_gap_between_basic_and_optimal(exceptions_6d):
    rules, shoe = preset("published"), Shoe.decks(6)
    gap = (
        evaluate_round(rules, shoe).ev
        - evaluate_round(rules, shoe, resolve("basic", rules, shoe)[1]).ev
    )
    assert exceptions_6d["P x cost"].sum() == pytest.approx(gap, rel=1e-9, abs=1e-15)
    split = exceptions_6d[exceptions_6d["hand"].str.contains("split")]["P x cost"].sum()
    assert round(split / gap, 2) == 0.30  # split hands: 30% of the 6-deck gap


def test_exceptions_sum_to_the_gap_at_one_deck_for_the_published_chart():
    from cardedge.reports.zero.strategy import exceptions_table

    rules, shoe = preset("stated"), Shoe.decks(1)
    data = exceptions_table(rules, shoe, "published").data
    gap = (
        evaluate_round(rules, shoe).ev
        - evaluate_round(rules, shoe, resolve("published", rules, shoe)[1]).ev
    )
    assert data["P x cost"].sum() == pytest.approx(gap, rel=1e-9, abs=1e-15)


# ---- compare: the published chart at every deck count ----------------------------------------


def test_compare_uses_the_published_chart_at_one_deck(capsys):
    code, out, _ = run(capsys, "zero", "compare", "--decks", "1,6", "--format", "json")
    assert code == 0
    got = {(r["decks"], r["rules"]): r["published_chart_percent"] for r in json.loads(out)}
    assert round(got[(1, "stated")], 6) == 2.818531  # 2.752844 was a re-derived chart
    assert round(got[(6, "published")], 4) == 2.2697


# ---- pay tables: finite, bounded --------------------------------------------------------------

ROW = '[[rows]]\nhand = "big zero"\nwhen = ["two_card_zero"]\npays = {pays}\n'


@pytest.mark.parametrize(
    "pays",
    ["1e308", "nan", "inf", "-inf", '"1000001 to 1"', "1e7", '"1 to 0.0000001"', "1" + "0" * 18],
)
def test_enormous_or_non_finite_pays_exit_2_naming_the_row(tmp_path, capsys, pays):
    path = tmp_path / "big.toml"
    path.write_text(ROW.format(pays=pays))
    code, out, err = run(capsys, "zero", "pays", "--paytable", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "row 1 ('big zero')" in err and "Traceback" not in err


def test_enormous_pays_in_json_exit_2(tmp_path, capsys):
    path = tmp_path / "big.json"
    rows = [{"hand": "big zero", "when": ["two_card_zero"], "pays": f"{10**400} to 1"}]
    path.write_text(json.dumps({"rows": rows}))
    code, _, err = run(capsys, "zero", "pays", "--paytable", str(path))
    assert code == 2 and err.count("\n") == 1 and "row 1 ('big zero')" in err
    assert "1000000 to 1" in err


def test_the_largest_accepted_pay_is_a_million_to_one(tmp_path, capsys):
    from fractions import Fraction

    from cardedge.analysis.zero.paytable import MAX_PAYS, load_paytable

    path = tmp_path / "top.toml"
    path.write_text(ROW.format(pays='"1000000 to 1"'))
    assert load_paytable(str(path)).rows[0].pays == MAX_PAYS == Fraction(1_000_000)
    code, out, err = run(capsys, "zero", "pays", "--paytable", str(path))
    assert code == 0, err
    assert "1000000" in out
