"""``cardedge verify``: a report made again from the command it records agrees with itself,
and a tampered figure is named (issue 45)."""

from __future__ import annotations

import json
import shutil

import pytest

from cardedge.api import blackjack
from cardedge.api.core import verify
from cardedge.cli import main
from cardedge.core.errors import BadValue


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """A small report, as a user makes it (one deck, a short witness, no PDF)."""
    folder = tmp_path_factory.mktemp("verify") / "r"
    blackjack.report(out=str(folder), decks=1, peek=True, rounds=2_000, pdf=False)
    return folder


def test_a_report_made_again_agrees_with_itself(report, capsys):
    table = verify(str(report))
    assert table.facts["differences"] == 0 and table.facts["figures"] > 1_000
    assert table.title.endswith(f"all {table.facts['figures']:,} figures agree")
    assert main(["verify", str(report / "report.json")]) == 0
    assert "figures agree" in capsys.readouterr().out


def test_a_tampered_figure_is_named_and_exits_1(report, tmp_path, capsys):
    copy = tmp_path / "tampered"
    shutil.copytree(report, copy)
    doc = json.loads((copy / "report.json").read_text())
    returns = next(s for s in doc["sections"] if s["key"] == "returns")
    edge = returns["tables"][0]["facts"]["house_edge_percent"]
    returns["tables"][0]["facts"]["house_edge_percent"] = edge * (1 + 1e-9)
    (copy / "report.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    table = verify(str(copy))
    assert table.facts["differences"] == 1
    (row,) = table.rows()
    assert row["difference"].startswith("/sections/")
    assert row["difference"].endswith(
        f"facts/house_edge_percent: {edge * (1 + 1e-9)!r} -> {edge!r}"
    )
    assert main(["verify", str(copy)]) == 1
    assert "1 difference among" in capsys.readouterr().out


def test_a_path_that_is_no_document_is_refused_in_one_line(tmp_path):
    with pytest.raises(BadValue, match="is no report"):
        verify(str(tmp_path))


def test_verify_takes_every_output_format():
    import click

    from cardedge.cli import cli
    from cardedge.reports.core.render import FORMATS

    command = cli.get_command(click.Context(cli), "verify")
    (option,) = [p for p in command.params if p.name == "fmt"]
    assert tuple(option.type.choices) == FORMATS


def test_a_zero_report_certifies_its_pay_table_and_a_tampered_rtp_is_named(tmp_path, capsys):
    """``zero report --paytable FILE`` records the pay table: the report is made again from
    the record after the file is gone, and a changed RTP is the one difference."""
    paytable = tmp_path / "mine.toml"
    paytable.write_text(
        'name = "mine"\n[[rows]]\nhand = "zero"\nwhen = ["two_card_zero"]\npays = "5 to 1"\n'
    )
    folder = tmp_path / "zero"
    args = ["zero", "report", "--decks", "1", "--rounds", "2000", "--no-pdf"]
    assert main([*args, "--paytable", str(paytable), "--out", str(folder)]) == 0
    capsys.readouterr()
    doc = json.loads((folder / "report.json").read_text())
    pays = next(s for s in doc["sections"] if s["key"] == "zero-pays")
    assert pays["facts"]["paytable"]["rows"] == [
        {"hand": "zero", "when": ["two_card_zero"], "pays": "5 to 1"}
    ]
    assert "pay table 'mine'" in pays["tables"][0]["title"]
    assert pays["facts"]["certification"]["1 deck"]["max_win"]["net"] == 5.0
    paytable.unlink()
    certified = next(s for s in doc["sections"] if s["key"] == "certification")
    rtp = certified["facts"]["1 deck"]["optimal"]["rtp_percent"]
    certified["facts"]["1 deck"]["optimal"]["rtp_percent"] = rtp + 1e-6
    (folder / "report.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    table = verify(str(folder))
    (row,) = table.rows()
    assert row["difference"].endswith(f"optimal/rtp_percent: {rtp + 1e-6!r} -> {rtp!r}")
