"""``cardedge zero edge`` from the command line: numbers, formats and one-line errors."""

import json

import pytest

from cardedge.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_edge_json_reproduces_published_figures(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--decks", "6", "--decks", "8", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    got = {(r["decks"], r["rules"]): r for r in rows}
    assert set(got) == {(6, "stated"), (6, "published"), (8, "stated"), (8, "published")}
    assert round(got[(6, "published")]["house_edge_percent"], 4) == 2.2637
    assert round(got[(8, "published")]["house_edge_percent"], 4) == 2.2421
    assert all(r["strategy"] == "optimal" for r in rows)
    assert got[(6, "published")]["published_percent"] == 2.2637


def test_edge_table_for_a_person_has_title_and_explanation(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--decks", "6")
    assert code == 0
    assert out.startswith("Zero house edge (%), optimal play, 6 deck(s)")
    assert "2.2637" in out and "2.5059" in out
    assert "3 to 1 instead of 3 to 2" in out


def test_edge_digits_and_markdown(capsys):
    code, out, _ = run(
        capsys, "zero", "edge", "--rules", "published", "--digits", "7", "--format", "markdown"
    )
    assert code == 0
    assert "| 2.2637010 |" in out.replace("  ", " ") or "2.2637010" in out
    assert out.startswith("## Zero house edge")


def test_by_upcard_json_is_one_document_whose_rows_sum_to_the_edge(capsys):
    # one document {"tables": [...]} like every multi-table output (it was edge rows with the
    # up-card rows nested, without titles or notes); every up-card row names its table
    code, out, _ = run(
        capsys, "zero", "edge", "--rules", "published", "--by-upcard", "--format", "json"
    )
    assert code == 0
    edge_table, up_table = json.loads(out)["tables"]
    (row,) = edge_table["rows"]
    assert up_table["title"].startswith("Zero by dealer up card: published rules (6 decks")
    for u in up_table["rows"]:
        assert (u["decks"], u["rules"], u["strategy"], u["split"]) == (
            6,
            "published",
            "optimal",
            "standard",
        )
    ups = [u for u in up_table["rows"] if u["up"] != "all"]
    assert len(ups) == 10
    assert sum(u["probability"] for u in ups) == pytest.approx(1.0, abs=1e-12)
    ev = sum(u["probability"] * u["ev"] for u in ups)
    assert -100 * ev == pytest.approx(row["house_edge_percent"], abs=1e-10)


def test_csv_has_a_header_and_one_line_per_row(capsys):
    code, out, _ = run(capsys, "zero", "edge", "--decks", "6,8", "--format", "csv")
    assert code == 0
    lines = out.strip().splitlines()
    # the rows carry the presets' explanation (rules_note) too, ahead of the columns
    assert lines[0] == (
        "rules_note,decks,rules,strategy,split,house_edge_percent,published_percent,difference"
    )
    assert len(lines) == 5


@pytest.mark.parametrize(
    "args,needle",
    [
        (["zero", "edge", "--decks", "0"], "'0'"),
        (["zero", "edge", "--decks", "-2"], "'-2'"),
        (["zero", "edge", "--decks", "six"], "'six'"),
        (["zero", "edge", "--rules", "house"], "'house'"),
        (["zero", "edge", "--format", "xml"], "'xml'"),
        (["zero", "edge", "--split", "best"], "'best'"),
        (["zero", "nonsense"], "nonsense"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
    assert "Traceback" not in err


def test_rules_object_rejects_negative_payout():
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.rules import ZeroRules

    with pytest.raises(ValueError, match="zero_pair_pays"):
        ZeroRules(zero_pair_pays=-1)
    # the decks are the shoe's now (a setup is rules plus a Shoe): the shoe refuses 0 decks
    with pytest.raises(ValueError, match="decks"):
        Shoe.decks(0)


def test_console_script_exits_2_without_traceback():
    import subprocess
    import sys
    from pathlib import Path

    exe = Path(sys.executable).with_name("cardedge")
    proc = subprocess.run(
        [str(exe), "zero", "edge", "--decks", "0"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_chart_colour_png_and_plain(capsys, tmp_path):
    png = tmp_path / "c.png"
    code, out, _ = run(capsys, "zero", "chart", "--decks", "8", "--color", "--png", str(png))
    assert code == 0
    assert "\x1b[" in out and "Zero basic strategy chart, 8 decks" in out
    assert png.read_bytes()[:4] == b"\x89PNG"
    code, out, _ = run(capsys, "zero", "chart", "--decks", "8", "--no-color")
    assert "\x1b[" not in out
    assert "S stand, H hit, D double" in out
    assert "differs in 1 cell(s): three-card 7 vs 9" in out


def test_chart_refuses_optimal(capsys):
    code, _, err = run(capsys, "zero", "chart", "--strategy", "optimal")
    assert code == 2 and "no chart" in err


def test_returns_json_rows_sum_to_one(capsys):
    code, out, _ = run(capsys, "zero", "returns", "--decks", "8", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert rows[-1]["outcome"] == "total"
    assert sum(r["probability"] for r in rows[:-1]) == pytest.approx(1.0, abs=1e-12)
    assert -100 * rows[-1]["return"] == pytest.approx(2.2420579068, abs=1e-9)


def test_compare_plots_and_stays_quiet_when_piped(capsys, tmp_path):
    png = tmp_path / "d.png"
    code, out, err = run(capsys, "zero", "compare", "--decks", "6,8", "--png", str(png))
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert out.count("published") >= 2


@pytest.mark.parametrize("decks,published", [(6, 2.2697), (8, 2.2463)])
def test_published_chart_edge_from_the_cli(capsys, decks, published):
    code, out, _ = run(
        capsys, "zero", "edge", "--strategy", "published", "--decks", str(decks), "--format", "json"
    )
    assert code == 0
    rows = {r["rules"]: r for r in json.loads(out)}
    assert rows["published"]["strategy"] == "published"
    assert round(rows["published"]["house_edge_percent"], 4) == published
    assert rows["published"]["published_percent"] == published
