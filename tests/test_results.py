"""``results/`` must be what the code produces now (``make tables``)."""

from pathlib import Path

import pytest

from cardedge.reports.results import expected_files, result_tables

RESULTS = Path(__file__).resolve().parent.parent / "results"


@pytest.fixture(scope="module")
def tables():
    return result_tables()


@pytest.fixture(scope="module")
def expected(tables):
    return expected_files(tables)


def test_every_committed_result_is_current(expected):
    stale = [name for name, text in expected.items() if (RESULTS / name).read_text() != text]
    assert not stale, f"stale results (run `make tables`): {stale}"


def test_no_result_file_is_orphaned(expected):
    present = {p.name for p in RESULTS.iterdir() if p.suffix in (".md", ".csv", ".json")}
    assert present <= set(expected), f"files no table writes: {sorted(present - set(expected))}"


def test_figures_are_written_and_committed(tmp_path, tables):
    from cardedge.reports.zero.strategy import default_figures

    paths = default_figures(tables, tmp_path)
    assert paths
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (RESULTS / p.name).is_file(), f"{p.name} is not in results/ (run `make tables`)"
