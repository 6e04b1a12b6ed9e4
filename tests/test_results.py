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


def test_both_games_eor_figure_is_written_and_committed(tmp_path, tables):
    from cardedge.reports.results import EOR_FIGURE, eor_figure

    path = eor_figure(tables, tmp_path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (RESULTS / EOR_FIGURE).is_file(), f"{EOR_FIGURE} is not in results/"


def test_docs_count_sentences_match_the_count_tables(tables):
    """The documentation's two sentences (docs/shoes.md) on which count tracks Zero, and how
    strongly next to Hi-Lo in blackjack, quote the committed count tables."""
    readme = (RESULTS.parent / "docs" / "shoes.md").read_text()
    zero = tables["zero_count_6d"].data.set_index("system")["betting_correlation"]
    blackjack = tables["blackjack_count_6d"].data.set_index("system")["betting_correlation"]
    standard = zero.drop([s for s in zero.index if s.startswith("best ")])
    assert standard.idxmax() == "Hi-Opt II"
    level2 = tables["zero_count_6d"].data.set_index("system").loc["best level 2"]
    tags = ", ".join(f"{r}={level2[r]:g}" for r in ("A", *"23456789", "T"))
    claims = [
        f"Hi-Opt II, betting correlation {zero['Hi-Opt II']:.3f}",
        f"Hi-Lo only {zero['Hi-Lo']:.3f}",
        f"({tags}) reaches {zero['best level 2']:.3f}",
        f"Hi-Lo tracks blackjack ({blackjack['Hi-Lo']:.4f}",
    ]
    flat = " ".join(readme.split())
    for claim in claims:
        assert claim in flat, claim
    assert zero["Hi-Opt II"] < blackjack["Hi-Lo"] < zero["best level 2"]
