"""A finished study re-tabulates in about the time of its imports: the fresh shoe's analysis is
kept in its folder (``fresh_shoe.json``, used only while its digest is this game's, this
code's and its values') and a figure is drawn again only when what it shows changed (its PNG
carries the digest of its inputs)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import struct
import zlib

import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import Outcomes
from cardedge.analysis.zero.rules import preset
from cardedge.reports.core import study as shared
from cardedge.reports.core import study_cache
from cardedge.reports.core.files import png_source
from cardedge.reports.zero.study import STUDIES as ZERO_STUDIES
from cardedge.zero import study

FIGURES = ("edge_by_true_count.png", "edge_by_depth.png")


def run(out):
    """A small Zero study (1 deck, 2 shoes, in this process) into ``out``: its tables' text."""
    tables = study(str(out), decks=1, shoes=2, batch_shoes=1, scheduler="synchronous", resume=True)
    return tables.render("csv")


@pytest.fixture(scope="module")
def once(tmp_path_factory):
    """The study finished once: its folder, its tables' text and the fresh shoe it computed."""
    out = tmp_path_factory.mktemp("finished") / "s"
    shared._FRESH.clear()
    text = run(out)
    [fresh] = shared._FRESH.values()
    return out, text, fresh


@pytest.fixture
def finished(once, tmp_path):
    """A copy of the finished study (its folder, its tables' text) with the process's memo of
    fresh shoes emptied: what a new process finds."""
    out, text, _ = once
    copy = tmp_path / "s"
    shutil.copytree(out, copy)
    shared._FRESH.clear()
    return copy, text


def test_a_finished_study_keeps_its_fresh_shoe_and_figures_with_their_digests(finished):
    out, first = finished
    kept = json.loads((out / study_cache.FRESH_FILE).read_text())
    assert set(kept) == {"digest", "values"} and len(kept["digest"]) == 64
    assert {"ev", "std", "optimal_edge", "chart_edge"} <= set(kept["values"])
    for png in FIGURES:
        assert len(png_source(out / png)) == 32


def test_re_tabulating_reads_the_kept_fresh_shoe_and_leaves_the_figures(finished, monkeypatch):
    out, first = finished
    shared._FRESH.clear()
    stamps = {png: (out / png).stat().st_mtime_ns for png in FIGURES}

    def refuse(game):
        raise AssertionError("the kept fresh shoe was computed again")

    room = dataclasses.replace(ZERO_STUDIES, fresh_shoe=refuse)
    monkeypatch.setattr("cardedge.reports.zero.study.zero_study_tables", room.tables)
    assert run(out) == first
    assert {png: (out / png).stat().st_mtime_ns for png in FIGURES} == stamps


def zero_game():
    """The game the small study plays."""
    return ZERO_STUDIES.study(preset("published"), Shoe.decks(1), "basic")


def test_the_kept_fresh_shoe_reads_back_exactly(once, finished):
    out, _ = finished
    fresh = once[2]
    assert isinstance(fresh.outcomes, Outcomes)  # computed, not read
    kept = study_cache.read_fresh(out, zero_game())
    assert kept is not None
    assert (kept.outcomes.ev, kept.outcomes.std) == (fresh.outcomes.ev, fresh.outcomes.std)
    assert (kept.optimal_edge, kept.chart_edge) == (fresh.optimal_edge, fresh.chart_edge)
    assert (kept.rules_title, kept.rules_key) == (fresh.rules_title, fresh.rules_key)


@pytest.mark.parametrize(
    "edit",
    [
        lambda kept: kept["values"].update(chart_edge=kept["values"]["chart_edge"] + 1e-9),
        lambda kept: kept.update(digest="0" * 64),
        lambda kept: kept.pop("values"),
        lambda kept: kept["values"].pop("std"),
    ],
    ids=["an edited value", "another digest", "no values", "a value missing"],
)
def test_a_kept_fresh_shoe_that_is_not_this_games_is_not_used(finished, edit):
    out, _ = finished
    path = out / study_cache.FRESH_FILE
    kept = json.loads(path.read_text())
    edit(kept)
    path.write_text(json.dumps(kept))
    assert study_cache.read_fresh(out, zero_game()) is None


def test_a_fresh_shoe_kept_for_other_rules_or_not_json_is_not_used(finished):
    out, _ = finished
    # decks left the rules: the other setup is the same rules dealt from 2 decks
    other = ZERO_STUDIES.study(preset("published"), Shoe.decks(2), "basic")
    assert study_cache.read_fresh(out, other) is None
    (out / study_cache.FRESH_FILE).write_text("{not json")
    assert study_cache.read_fresh(out, zero_game()) is None
    (out / study_cache.FRESH_FILE).unlink()
    assert study_cache.read_fresh(out, zero_game()) is None


def test_a_study_whose_kept_fresh_shoe_is_not_its_own_computes_it_again(finished):
    out, first = finished
    path = out / study_cache.FRESH_FILE
    kept = path.read_text()
    path.write_text(kept.replace('"values"', '"values_"'))
    assert run(out) == first
    assert path.read_text() == kept


def test_a_figure_of_other_data_is_drawn_again(finished):
    out, first = finished
    png = out / FIGURES[0]
    before = png_source(png)
    data = bytearray(png.read_bytes())
    i = data.index(b"tEXtSource\0") + len(b"tEXtSource\0")
    data[i : i + 32] = b"f" * 32  # another source: the CRC no longer matches either
    png.write_bytes(bytes(data))
    assert png_source(png) is None
    run(out)
    assert png_source(png) == before


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@pytest.mark.parametrize(
    "content,source",
    [
        (b"", None),
        (b"not a png at all", None),
        (b"\x89PNG\r\n\x1a\n" + chunk(b"tEXt", b"Source\0abc") + chunk(b"IEND", b""), "abc"),
        (b"\x89PNG\r\n\x1a\n" + chunk(b"tEXt", b"Title\0abc") + chunk(b"IEND", b""), None),
        (b"\x89PNG\r\n\x1a\n" + chunk(b"IDAT", b"x") + chunk(b"tEXt", b"Source\0abc"), None),
        (b"\x89PNG\r\n\x1a\n" + chunk(b"tEXt", b"Source\0abc")[:-2], None),
    ],
    ids=["empty", "not a png", "a source", "other text", "after the image", "truncated"],
)
def test_png_source_reads_only_a_whole_text_chunk_before_the_image(tmp_path, content, source):
    path = tmp_path / "f.png"
    path.write_bytes(content)
    assert png_source(path) == source
    assert png_source(tmp_path / "missing.png") is None
