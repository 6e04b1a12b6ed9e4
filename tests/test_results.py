"""``results/`` must be what the code produces now (``make tables``)."""

from pathlib import Path

import pytest

from reports.results import expected_files

RESULTS = Path(__file__).resolve().parent.parent / "results"


@pytest.fixture(scope="module")
def expected():
    return expected_files()


def test_every_committed_result_is_current(expected):
    stale = [name for name, text in expected.items() if (RESULTS / name).read_text() != text]
    assert not stale, f"stale results (run `make tables`): {stale}"


def test_no_result_file_is_orphaned(expected):
    present = {p.name for p in RESULTS.iterdir() if p.suffix in (".md", ".csv", ".json")}
    assert present <= set(expected), f"files no table writes: {sorted(present - set(expected))}"
