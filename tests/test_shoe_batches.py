"""A shoe game's batches (reports/core/shoe_batches.py, the SE by batch means of
reports/core/shoe_tallies.py): the SE against a direct computation from per-batch tallies, a
seeded run the same on threads and on 1 or 2 Dask workers, --out then --resume the same as one
run, another run's folder refused, the Parquet records and tables read back, and the command
line's one-line errors."""

from __future__ import annotations

import contextlib
import math

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import builtin_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.api import blackjack as api
from cardedge.cli import main
from cardedge.core.errors import BadValue
from cardedge.engine.blackjack.shoe_game import indexed_tables, shoe_dealer, simulate_shoe_game
from cardedge.engine.core.shoe_game import ShoeGame
from cardedge.engine.core.simulation import STREAM_ROUNDS
from cardedge.reports.blackjack.study import study_chart
from cardedge.reports.core import shoe_batches
from cardedge.reports.core.shoe_tallies import MIN_BATCHES, BinStats, batch_ratio_stderr

RULES = BlackjackRules()
THREE_STREAMS = 2 * STREAM_ROUNDS + 5_000
"""Rounds of a run of three streams (batches), the last one short."""


@pytest.fixture(scope="module")
def dealer():
    shoe = Shoe.decks(2)
    _, chart = study_chart(RULES, shoe, "basic")
    game = ShoeGame(2, 0.7, builtin_system("hilo"))
    tables = indexed_tables(RULES, ShoeAnalysis(RULES, shoe), chart, "basic", (), game.limit)
    return shoe_dealer(RULES, game, tables)


@pytest.fixture
def one_stream_tasks(monkeypatch):
    """A task (a Dask task, a Parquet file) of one stream, so that three streams are three
    tasks (the streams stay the run's: ``TASK_STREAMS`` only groups them)."""
    monkeypatch.setattr(shoe_batches, "TASK_STREAMS", 1)


def synthetic(batches: int, seed: int = 0) -> BinStats:
    """Per-batch tallies of three bins, made up: rounds and sums of a one-unit round."""
    rng = np.random.default_rng(seed)
    rounds = rng.integers(50, 500, size=(batches, 3))
    sums = rng.normal(0.05, 1.0, size=(batches, 3)) * np.sqrt(rounds) + 0.01 * rounds
    return BinStats(
        np.arange(-1, 2),
        rounds.sum(axis=0),
        sums.sum(axis=0),
        1.3 * rounds.sum(axis=0),
        rounds,
        sums,
    )


def test_the_batch_se_is_the_batch_means_of_the_per_batch_tallies():
    """Each bin's SE and a ramp's win SE by batch means, against the ratio estimator's
    variance written out batch by batch; with batches of equal rounds the win's SE is the
    SD of the batches' means over root B (the textbook batch means)."""
    s = synthetic(MIN_BATCHES + 5)
    assert s.by_batches and "batch means over 25 batches" in s.se_method()
    b = len(s.batch_rounds)
    for k in range(3):
        edge = s.sums[k] / s.rounds[k]
        square = sum((s.batch_sums[i, k] - edge * s.batch_rounds[i, k]) ** 2 for i in range(b))
        assert s.stderrs[k] == pytest.approx(math.sqrt(b / (b - 1) * square) / s.rounds[k])
    bets = np.array([0.0, 1.0, 4.0])
    won = [float(s.batch_sums[i] @ bets) for i in range(b)]
    dealt = [int(s.batch_rounds[i].sum()) for i in range(b)]
    w = sum(won) / sum(dealt)
    square = sum((x - w * n) ** 2 for x, n in zip(won, dealt, strict=True))
    assert s.win_stderr(bets) == pytest.approx(math.sqrt(b / (b - 1) * square) / sum(dealt))
    means = np.array([3.0, 1.0, 2.5, 4.0, 0.5])
    se = batch_ratio_stderr(means * 10, np.full(5, 10))
    assert se == pytest.approx(np.std(means, ddof=1) / math.sqrt(5))


def test_too_few_batches_fall_back_to_independent_rounds_and_say_so():
    s = synthetic(MIN_BATCHES - 1)
    assert not s.by_batches and "independent" in s.se_method()
    assert np.array_equal(s.stderrs, s.round_stderrs, equal_nan=True)
    assert s.win_stderr(np.ones(3)) == s.round_win_stderr(np.ones(3))
    assert not np.allclose(s.batch_stderrs, s.round_stderrs)  # a different figure, not used


def test_a_run_keeps_its_streams_as_batches(dealer):
    game, tables = dealer.game, dealer.tables
    t = simulate_shoe_game(RULES, game, tables, THREE_STREAMS, seed=4, threads=2)
    assert t.batches == 3
    assert np.array_equal(t.batch_outcomes.sum(axis=0), t.outcomes)
    assert list(t.batch_rounds.sum(axis=1)) == [STREAM_ROUNDS, STREAM_ROUNDS, 5_000]
    assert np.allclose(t.batch_sums.sum(axis=0), t.bin_sums)


def test_a_seeded_run_is_the_same_on_threads_and_on_one_or_two_dask_workers(
    dealer, one_stream_tasks
):
    """One test: each local cluster costs seconds to start."""
    threads, _ = shoe_batches.run_shoe_game(dealer, THREE_STREAMS, 9, threads=2)
    notes = []
    for workers in (1, 2):
        dask, _ = shoe_batches.run_shoe_game(
            dealer, THREE_STREAMS, 9, workers=workers, on_stream=lambda n, note: notes.append(n)
        )
        assert np.array_equal(dask.batch_outcomes, threads.batch_outcomes)
        assert np.array_equal(dask.index_plays, threads.index_plays)
    assert sorted(notes) == sorted([STREAM_ROUNDS, STREAM_ROUNDS, 5_000] * 2)


def shoe_game(tmp_path, seed=3, **words):
    logged = []
    tables = api.simulate(
        decks=2,
        penetration=0.7,
        rounds=THREE_STREAMS,
        seed=seed,
        threads=2,
        out=str(tmp_path / "run"),
        log=logged.append,
        **words,
    )
    return tables, logged


def test_out_then_resume_gives_the_tallies_of_one_run(tmp_path, one_stream_tasks):
    """A run kept in --out, one of its task files lost, then --resume: the lost task is dealt
    again, the others read, and the tables are one straight run's; likewise a damaged file."""
    straight = api.simulate(decks=2, penetration=0.7, rounds=THREE_STREAMS, seed=3, threads=1)
    kept, logged = shoe_game(tmp_path)
    assert "3 task(s) dealt, 0 found" in logged[0]
    files = sorted((tmp_path / "run" / "batches").iterdir())
    assert len(files) == 3
    files[1].unlink()
    resumed, logged = shoe_game(tmp_path, resume=True)
    assert "1 task(s) dealt, 2 found" in logged[0]
    files[2].write_bytes(files[2].read_bytes()[:100])  # a file gone bad: dealt again, said
    steps = []

    @contextlib.contextmanager
    def progress(label, total):
        steps.append(total)
        yield lambda n, note: steps.append((n, note))

    mended, logged = shoe_game(tmp_path, resume=True, progress=progress)
    assert "damaged" in logged[0] and "1 task(s) dealt, 2 found" in logged[1]
    assert steps[0] == THREE_STREAMS == sum(n for n, _ in steps[1:])
    assert steps[1][0] == 2 * STREAM_ROUNDS  # the two tasks found, at once
    assert steps[-1][1].startswith("edge ") and "(3 batches, rounds as independent)" in steps[-1][1]
    for a, b, c, d in zip(straight, kept, resumed, mended, strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())
        pd.testing.assert_frame_equal(a.frame(), c.frame())
        pd.testing.assert_frame_equal(a.frame(), d.frame())


def test_zeros_shoe_game_keeps_its_side_bet_through_the_folder(tmp_path, one_stream_tasks):
    """Zero's dealer adds its side bet's tallies (``extras``): kept in the task files with the
    rest, a resumed run (one file lost) and one dealt on the synchronous scheduler give one
    straight run's tables, the side bet's among them, and its Parquet table."""
    from cardedge.api import zero

    words = dict(decks=2, penetration=0.7, rounds=THREE_STREAMS, seed=4, threads=1)
    straight = zero.simulate(**words)
    assert straight[-1].title.endswith("Zero Pays side bet by true count")
    kept = zero.simulate(**words, out=str(tmp_path / "run"))
    (tmp_path / "run" / "batches" / "batch-000001.parquet").unlink()
    resumed = zero.simulate(**words, out=str(tmp_path / "run"), resume=True)
    synchronous = zero.simulate(**words, scheduler="synchronous")
    for a, b, c, d in zip(straight, kept, resumed, synchronous, strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())
        pd.testing.assert_frame_equal(a.frame(), c.frame())
        pd.testing.assert_frame_equal(a.frame(), d.frame())
    side = pd.read_parquet(tmp_path / "run" / "side_bet_by_true_count.parquet")
    assert side["rounds"].sum() == THREE_STREAMS
    assert side["rounds"].dtype == "int64"


def test_insurance_tallies_go_through_the_folder_as_the_hands_do(tmp_path, one_stream_tasks):
    """With --insurance the blackjack dealer's extra tallies (offered, taken, net) are kept in
    the task files: a resumed run gives one straight run's tables, insurance columns included."""
    words = dict(
        decks=2, penetration=0.7, rounds=THREE_STREAMS, seed=5, threads=1, insurance=True,
        indices=True,
    )  # fmt: skip
    straight = api.simulate(**words)
    assert "insurance_taken" in straight[1].frame().columns
    api.simulate(**words, out=str(tmp_path / "run"))
    (tmp_path / "run" / "batches" / "batch-000002.parquet").unlink()
    resumed = api.simulate(**words, out=str(tmp_path / "run"), resume=True)
    for a, b in zip(straight, resumed, strict=True):
        pd.testing.assert_frame_equal(a.frame(), b.frame())


def test_another_runs_folder_is_refused_in_one_line(tmp_path, one_stream_tasks):
    shoe_game(tmp_path)
    with pytest.raises(BadValue, match="already holds a shoe game run: pass --resume") as e:
        shoe_game(tmp_path)
    assert e.value.keyword == "out"
    with pytest.raises(BadValue, match=r"other settings \(differs in: seed\)") as e:
        shoe_game(tmp_path, seed=4, resume=True)
    assert e.value.keyword == "out" and "\n" not in str(e.value)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    with pytest.raises(BadValue, match="not a shoe game run's"):
        api.simulate(penetration=0.7, rounds=1000, seed=1, out=str(tmp_path / "mine"))
    assert (tmp_path / "mine" / "notes.txt").read_text() == "mine"


def test_the_records_and_the_tables_read_back_from_parquet(tmp_path, dealer):
    import pyarrow.parquet as pq

    game, tables = dealer.game, dealer.tables
    t = simulate_shoe_game(RULES, game, tables, 3_000, seed=2, threads=1)
    counts = [(t.batch_outcomes[0], t.index_rounds, t.index_plays)]
    frame = shoe_batches.records_of(dealer, [0], counts)
    assert set(frame.dtypes.astype(str)) == {"int64"}
    frame.to_parquet(tmp_path / "r.parquet", index=False)
    back = shoe_batches.counts_of(dealer, pd.read_parquet(tmp_path / "r.parquet"))
    assert list(back) == [0]
    for a, b in zip(back[0], counts[0], strict=True):
        assert np.array_equal(a, b)

    written, _ = shoe_game(tmp_path)
    by_count = pq.read_table(tmp_path / "run" / "edge_by_true_count.parquet")
    assert str(by_count.schema.field("rounds").type) == "int64"
    assert str(by_count.schema.field("edge_simulated").type) == "double"
    assert str(by_count.schema.field("range").type) == "string"
    assert b"cardedge.table" in by_count.schema.metadata
    summary = pd.read_parquet(tmp_path / "run" / "summary.parquet")
    assert summary["rounds"].item() == THREE_STREAMS and summary["batches"].item() == 3
    assert not summary["se_by_batches"].item()
    shown = written[1].frame()
    assert np.allclose(
        pd.read_parquet(tmp_path / "run" / "edge_by_true_count.parquet")["edge_simulated"],
        shown["edge_simulated"],
    )


@pytest.mark.parametrize(
    "option,value,says",
    [
        ("--workers", "999", "a local cluster runs 1.."),
        ("--workers", "0", "--workers"),
        ("--scheduler", "udp://x:1", "only tcp://HOST:PORT"),
        ("--scheduler", "tcp://host", "give tcp://HOST:PORT"),
        ("--out", "/dev/null", "is a file, not a folder"),
        ("--resume", None, "resumes from the batches kept in its --out folder"),
    ],
)
def test_bad_batch_options_are_one_line_on_stderr(capsys, option, value, says):
    given = [option] if value is None else [option, value]
    args = ["blackjack", "simulate", "--penetration", "0.7", "--rounds", "1000", *given]
    code = main(args)
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and says in err, err


def test_the_batch_options_belong_to_the_shoe_game(capsys):
    code = main(["blackjack", "simulate", "--rounds", "1000", "--workers", "1"])
    _, err = capsys.readouterr()
    assert code == 2 and "give --penetration" in err
