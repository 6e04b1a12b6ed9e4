"""``results/study/`` must be what the code produces now (``make study``): every batch on
disk, the tables those records give, and the records themselves (shoe 0 dealt again)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.core.agree import ATOL, RTOL
from cardedge.reports.blackjack.study import blackjack_study
from cardedge.reports.core.files import png_source
from cardedge.reports.study_results import ALL_STUDIES, STUDIES
from cardedge.reports.zero.study import zero_study
from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.rounds import deal_shoe, records_frame
from cardedge.study.core.store import BATCHES, MANIFEST

FIGURES = ("edge_by_true_count.png", "edge_by_depth.png")
STUDY_RESULTS = Path(__file__).resolve().parent.parent / "results" / "study"


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def study_objects(args: list[str]):
    """The game's study object and the plan a published study's command line builds."""
    system = resolve_system(option(args, "--system"))
    decks = int(option(args, "--decks"))
    shoe = Shoe.decks(decks)
    if args[0] == "zero":
        game = zero_study(preset("published"), shoe, "basic", "--indices" in args, system)
    else:
        game = blackjack_study(BlackjackRules(), shoe, "basic", "--indices" in args, system)
    plan = StudyPlan(
        decks,
        float(option(args, "--penetration")),
        int(option(args, "--shoes")),
        int(option(args, "--seed")),
        system,
        players=int(option(args, "--players")) if "--players" in args else 1,
    )
    return game, plan


@pytest.mark.parametrize("name", list(ALL_STUDIES))
def test_study_is_complete_and_its_tables_current(name, tmp_path, capsys):
    folder = STUDY_RESULTS / name
    manifest = json.loads((folder / MANIFEST).read_text())
    batches = sorted((folder / BATCHES).glob("*.parquet"))
    assert len(batches) == -(-manifest["plan"]["shoes"] // manifest["plan"]["batch_shoes"])
    copy = tmp_path / name
    copy.mkdir()
    shutil.copy(folder / MANIFEST, copy / MANIFEST)
    shutil.copytree(folder / BATCHES, copy / BATCHES)
    for png in FIGURES:
        shutil.copy(folder / png, copy / png)
    code = main([*ALL_STUDIES[name], "--out", str(copy), "--resume", "--format", "csv"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "0 batch(es) computed" in err
    written = sorted(p.name for p in copy.iterdir() if p.suffix in (".csv", ".md"))
    committed = sorted(p.name for p in folder.iterdir() if p.suffix in (".csv", ".md"))
    assert written == committed
    stale = [n for n in written if (copy / n).read_text() != (folder / n).read_text()]
    assert not stale, f"stale study tables (run `make study`): {stale}"
    for png in FIGURES:
        # a figure drawn from other data or by other code has another source digest: the
        # re-tabulation then draws it again, and the two differ
        assert (folder / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert png_source(folder / png) is not None, f"{png} has no source digest: make study"
        assert png_source(copy / png) == png_source(folder / png), f"stale {png}: make study"


@pytest.mark.parametrize("name", list(ALL_STUDIES))
def test_study_records_are_what_the_code_deals_now(name):
    """Shoe 0 dealt again as the committed records have it (the game and plan the command
    builds are the ones in the manifest): every count and label exactly, every float within
    the reproducibility contract's tolerance (the same bits on this kind of machine; a last
    bit elsewhere, docs/exactness.md)."""
    folder = STUDY_RESULTS / name
    manifest = json.loads((folder / MANIFEST).read_text())
    game, plan = study_objects(ALL_STUDIES[name])
    assert game.identity() == manifest["game"] and plan.identity() == manifest["plan"]
    committed = pd.read_parquet(folder / BATCHES / "batch-000000.parquet")
    committed = committed[committed["shoe"] == 0].reset_index(drop=True)
    again = records_frame(deal_shoe(game, plan, 0))
    pd.testing.assert_frame_equal(again, committed, check_exact=False, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("name", list(ALL_STUDIES))
def test_exact_and_simulated_wins_agree_within_their_errors(name):
    """The exact per-round EVs are the expectation of the simulated nets: flat, ramped and
    at the optimal (full and half Kelly) ramps, the two wins differ by less than 3 standard
    errors of their difference."""
    ramp = pd.read_csv(STUDY_RESULTS / name / "bet_ramp.csv", comment="#")
    z = ramp.loc[ramp["source"] == "simulated", "z"]
    assert len(z) == 4 and (z.abs() < 3).all(), z.tolist()
    summary = pd.read_csv(STUDY_RESULTS / name / "summary.csv", comment="#").set_index("quantity")
    exact = summary.loc["house edge %, the strategy, exact", "value"]
    simulated = summary.loc["house edge %, the strategy, simulated"]
    assert abs(simulated["value"] - exact) < 3 * simulated["se"]


def test_docs_quote_the_committed_studies():
    from cardedge.reports.study_results import readme_table

    readme = (STUDY_RESULTS.parent.parent / "docs" / "study.md").read_text()
    assert readme_table(STUDY_RESULTS) in readme


def test_docs_quote_the_committed_risk_of_ruin_and_optimal_ramps():
    from cardedge.reports.study_results import readme_risk_table

    readme = (STUDY_RESULTS.parent.parent / "docs" / "study.md").read_text()
    table = readme_risk_table(STUDY_RESULTS)
    assert table in readme
    assert table.count("optimal 1-8, full Kelly") == len(STUDIES)


def test_docs_quote_the_committed_tables_of_1_3_and_5_players():
    from cardedge.reports.study_results import TABLE_PLAYERS, players_table, table_folders

    readme = (STUDY_RESULTS.parent.parent / "docs" / "study.md").read_text()
    for game, folders in table_folders(STUDY_RESULTS).items():
        table = players_table(folders)
        assert table in readme, game
        players = [row.split("|")[2].split()[0] for row in table.splitlines()[2:]]
        assert players == ["1", *map(str, TABLE_PLAYERS)]
