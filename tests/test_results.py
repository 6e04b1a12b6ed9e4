"""``results/`` must be what the code produces now (``make tables``)."""

from pathlib import Path

import pytest
from conftest import BUSY

from cardedge.api.core import published_reports
from cardedge.core.agree import file_difference
from cardedge.reports.results import GAMES, expected_files, result_tables

RESULTS = Path(__file__).resolve().parent.parent / "results"


@pytest.fixture(scope="module")
def game_tables(once_per_run):
    """``game_tables(game, wait=True)``: the game's tables of ``results/`` (its
    ``default_tables()``), computed once in the test run: the two games' on two workers at
    once, and a test of either worker reads what the other computed."""
    return lambda game, wait=True: once_per_run(
        f"results-{game.__name__}", game.default_tables, wait
    )


@pytest.fixture(scope="module")
def tables(game_tables):
    """Every table of ``results/``: the games' tables, as ``result_tables`` joins them. A game
    another worker is computing is waited for last."""
    by_game = {game: game_tables(game, wait=False) for game in GAMES}
    joined = {}
    for game, got in by_game.items():
        joined.update(game_tables(game) if got is BUSY else got)
    return joined


@pytest.fixture(scope="module")
def expected(tables):
    return expected_files(tables)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__.split(".")[-2])
def test_every_committed_result_is_current(game, game_tables):
    """Every table's files in ``results/`` agree with what the code computes now: the same text,
    numbers within the reproducibility contract's tolerance (``cardedge.core.agree``), so the
    suite passes on a CPU other than the one the files were made on."""
    expected = expected_files(game_tables(game))
    stale = {
        name: found
        for name, text in expected.items()
        if (found := file_difference(RESULTS / name, text)) is not None
    }
    assert not stale, f"stale results (run `make tables`): {stale}"


def test_result_tables_joins_the_games_tables_as_the_fixtures_do(monkeypatch):
    """``make tables`` writes ``result_tables()``; the fixtures above join the games' tables
    themselves (to compute each once per run), so the join is checked here, each game's
    computation replaced by a marker."""
    for k, game in enumerate(GAMES):
        monkeypatch.setattr(game, "default_tables", lambda k=k: {f"t{k}": k, "shared": k})
    assert result_tables() == {"t0": 0, "t1": 1, "shared": len(GAMES) - 1}
    assert len(GAMES) == 2


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


REPORTS = [(folder.name, call) for folder, call in published_reports("results")]


@pytest.mark.parametrize("name", [name for name, _ in REPORTS])
def test_every_committed_report_is_current(name, tmp_path):
    """``results/reports/<name>`` is what ``make tables`` writes now: the same text and numbers
    within the reproducibility contract's tolerance (``cardedge.core.agree``), but for the two
    things that name where and when it was made: the folder in the command (made here into a
    temporary one) and the commit (the checkout's, which the committed files cannot name)."""
    import json

    from cardedge.api.core import api_room
    from cardedge.games import games

    committed = RESULTS / "reports" / name
    from cardedge.reports.core.document import REPORT_RECORD, as_recorded

    # a report's record of its files (.gitignore'd) is there once make tables wrote it here
    files = sorted(p.name for p in committed.iterdir() if p.name != REPORT_RECORD)
    assert files == ["report.html", "report.json"]
    api = next(api_room(g.name) for g in games() if name in api_room(g.name).PUBLISHED_REPORTS)
    keywords = api.PUBLISHED_REPORTS[name]
    made = tmp_path / name
    api.report(out=str(made), **keywords)
    fresh = json.loads((made / "report.json").read_text())["provenance"]["commit"]
    old = json.loads((committed / "report.json").read_text())["provenance"]["commit"]
    for file in ("report.html", "report.json"):
        text = as_recorded((made / file).read_text(), fresh, old, made, f"results/reports/{name}")
        found = file_difference(committed / file, text)
        assert found is None, f"stale {name}/{file} (run `make tables`): {found}"


def test_no_report_folder_is_orphaned():
    present = {p.name for p in (RESULTS / "reports").iterdir()}
    assert present == {name for name, _ in REPORTS}
