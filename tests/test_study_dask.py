"""The shoe study on Dask: the same records on any workers, nothing lost or counted twice when
a worker dies or a task fails, resumable, and bad input refused with one line."""

from __future__ import annotations

import os
import signal
import sys

import cloudpickle
import pandas as pd
import pytest

from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.strategy.zero.charts import resolve
from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.run import run_study
from cardedge.study.core.store import StudyStore, manifest_of
from cardedge.study.zero.game import ZeroStudy

# worker processes cannot import this test module: send its classes by value
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def small_zero_study():
    rules, shoe = preset("published"), Shoe.decks(1)
    _, _, chart = resolve("basic", rules, shoe)
    plan = StudyPlan(1, 0.6, 8, 3, resolve_system("hiopt2"), 1)
    return ZeroStudy(rules, shoe, chart, "basic"), plan


def run_into(folder, game, plan, **kw) -> pd.DataFrame:
    store = StudyStore(
        folder, manifest_of(plan.identity(), game.identity()), kw.pop("resume", False)
    )
    run_study(game, plan, store, **kw)
    return store.read(plan.batches)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The study run by Dask's synchronous scheduler, in this process."""
    game, plan = small_zero_study()
    return run_into(tmp_path_factory.mktemp("sync"), game, plan, scheduler="synchronous")


def test_the_reference_covers_every_shoe_in_order(reference):
    _, plan = small_zero_study()
    assert reference["shoe"].unique().tolist() == list(range(plan.shoes))
    assert not reference.duplicated(["shoe", "round"]).any()


@pytest.mark.parametrize("workers", [1, 2])
def test_any_number_of_workers_gives_identical_records(tmp_path, reference, workers):
    game, plan = small_zero_study()
    records = run_into(tmp_path, game, plan, workers=workers)
    pd.testing.assert_frame_equal(records, reference, check_exact=True)


def test_a_killed_worker_loses_no_round_and_counts_none_twice(tmp_path, reference):
    """After the first batch is written, the worker process running a batch is killed
    (SIGKILL); its nanny starts a new one and the scheduler sends the batch again."""
    from distributed import get_client

    game, plan = small_zero_study()
    killed = []

    def kill_a_busy_worker(batch):
        if killed:
            return
        client = get_client()
        busy = [w for w, keys in client.processing().items() if keys]
        if busy:
            [pid] = client.run(os.getpid, workers=busy[:1]).values()
            os.kill(pid, signal.SIGKILL)
            killed.append(busy[0])

    records = run_into(tmp_path, game, plan, workers=2, on_batch=kill_a_busy_worker)
    assert killed, "no batch was running when the first one finished"
    pd.testing.assert_frame_equal(records, reference, check_exact=True)


def test_a_failing_task_is_retried_and_gives_the_same_records(tmp_path, reference):
    game, plan = small_zero_study()
    marker = tmp_path / "failed-once"

    def deal_or_fail(original):
        def evaluate(counts, true_count):
            if not marker.exists() and counts.sum() == 52:
                marker.write_text("failed")
                raise RuntimeError("injected failure")
            return original(counts, true_count)

        return evaluate

    flaky = ZeroStudy(game.rules, game.shoe, game.chart, game.strategy)
    object.__setattr__(flaky, "evaluate", deal_or_fail(flaky.evaluate))
    records = run_into(tmp_path / "out", flaky, plan, workers=1)
    assert marker.read_text() == "failed"
    pd.testing.assert_frame_equal(records, reference, check_exact=True)


def test_resume_computes_only_the_missing_batches(tmp_path, reference):
    game, plan = small_zero_study()
    manifest = manifest_of(plan.identity(), game.identity())
    store = StudyStore(tmp_path, manifest)
    run_study(game, plan, store, scheduler="synchronous")
    store.release()  # its process ended (a run's lock goes with it): the folder is free
    # an interrupted study: two batches never written, one temporary file left behind
    for b in (2, 5):
        store.batch_path(b).unlink()
    (store.batch_path(0).parent / ".batch-000002.parquet.x.part").write_bytes(b"partial")
    with pytest.raises(ValueError, match="already holds a study"):
        StudyStore(tmp_path, manifest)
    resumed = StudyStore(tmp_path, manifest, resume=True)
    summary = run_study(game, plan, resumed, scheduler="synchronous")
    assert summary.computed == (2, 5) and len(summary.reused) == plan.batches - 2
    pd.testing.assert_frame_equal(resumed.read(plan.batches), reference, check_exact=True)
    with pytest.raises(ValueError, match="another study is writing into this folder now"):
        StudyStore(tmp_path, manifest, resume=True)  # while the resumed one holds it
    resumed.release()
    other = manifest_of(
        StudyPlan(1, 0.6, 8, 4, resolve_system("hiopt2"), 1).identity(), game.identity()
    )
    with pytest.raises(ValueError, match=r"differs in: plan\.seed"):
        StudyStore(tmp_path, other, resume=True)


# -- the command ----------------------------------------------------------------------------
def run_cli(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_zero_study_command_writes_records_tables_and_plots(tmp_path, capsys, reference):
    out = tmp_path / "study"
    args = [
        "zero",
        "study",
        "--decks",
        "1",
        "--penetration",
        "0.6",
        "--shoes",
        "8",
        "--seed",
        "3",
        "--batch-shoes",
        "1",
        "--scheduler",
        "synchronous",
        "--out",
        str(out),
        "--format",
        "json",
    ]
    code, text, err = run_cli(args, capsys)
    assert code == 0, err
    import json

    doc = json.loads(text)
    titles = [t["title"] for t in doc["tables"]]
    assert len(titles) == 6 and all("Zero, published rules" in t for t in titles)
    assert doc["tables"][0]["rows"][0]["seed"] == 3
    assert len(list((out / "batches").glob("*.parquet"))) == 8
    for name in (
        "summary.csv",
        "edge_by_true_count.md",
        "bet_ramp.csv",
        "optimal_bets.csv",
        "edge_by_true_count.png",
        "edge_by_depth.png",
        "study.json",
    ):
        assert (out / name).is_file(), name
    records = pd.concat(pd.read_parquet(p) for p in sorted((out / "batches").glob("*.parquet")))
    pd.testing.assert_frame_equal(records.reset_index(drop=True), reference, check_exact=True)
    # the same command again is refused; with --resume it computes nothing and prints the same
    code, _, err = run_cli(args, capsys)
    assert code == 2 and "--resume" in err and len(err.strip().splitlines()) == 1
    code, again, err = run_cli([*args, "--resume"], capsys)
    assert code == 0 and again == text and "0 batch(es) computed" in err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--penetration", "0"], "penetration"),
        (["--penetration", "1"], "penetration"),
        (["--penetration", "1.5"], "penetration"),
        (["--spread", "8-1"], "not increasing"),
        (["--spread", "1-1"], "not increasing"),
        (["--spread", "lots"], "neither LOW-HIGH"),
        (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
        (["--scheduler", "localhost"], "not an address"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not both"),
        (["--strategy", "optimal"], "plays a chart"),
        (["--shoes", "0"], "shoes"),
    ],
)
def test_bad_study_input_exits_2_with_one_line(tmp_path, capsys, monkeypatch, extra, message):
    # a refused connection is retried until the connect timeout: a shorter one, same message
    monkeypatch.setattr("cardedge.study.core.run.CONNECT_TIMEOUT", 1.0)
    args = ["zero", "study", "--decks", "1", "--shoes", "2", "--out", str(tmp_path / "s"), *extra]
    code, _, err = run_cli(args, capsys)
    assert code == 2, err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_unwritable_out_is_refused(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for out in (str(a_file), ""):
        code, _, err = run_cli(["blackjack", "study", "--shoes", "1", "--out", out], capsys)
        assert code == 2 and len(err.strip().splitlines()) == 1, err
