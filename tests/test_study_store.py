"""The study store never mixes studies, checks what it reads, never touches a user's files,
and leaves nothing in the way after a failure; schedulers and worker counts are checked.

Each damaged folder is made here from a real study; after it, ``--resume`` either reproduces
the records of an uninterrupted run bit for bit, or exits 2 with one line naming the file."""

from __future__ import annotations

import json
import socket
import threading
import time

import pandas as pd
import pyarrow.parquet as pq
import pytest

from cardedge.cli import main
from cardedge.study.core import run
from cardedge.study.core.store import BATCHES, MANIFEST, STAMP_KEY, Stamp

SHOES = 3


def study_args(out, *extra, seed=3) -> list[str]:
    return [
        "zero",
        "study",
        "--decks",
        "1",
        "--penetration",
        "0.5",
        "--shoes",
        str(SHOES),
        "--seed",
        str(seed),
        "--batch-shoes",
        "1",
        "--scheduler",
        "synchronous",
        "--out",
        str(out),
        "--format",
        "csv",
        *extra,
    ]


def run_cli(args, capsys):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def records(folder) -> pd.DataFrame:
    paths = sorted((folder / BATCHES).glob("batch-*.parquet"))
    return pd.concat([pd.read_parquet(p) for p in paths], ignore_index=True)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """An uninterrupted study: its folder, its printed tables and its records."""
    folder = tmp_path_factory.mktemp("finished") / "study"
    assert main(study_args(folder)) == 0
    return folder


@pytest.fixture
def copy(tmp_path, finished):
    """A copy of the finished study to damage."""
    import shutil

    target = tmp_path / "study"
    shutil.copytree(finished, target)
    return target


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardedge: error: "), err
    assert "Traceback" not in err
    return lines[0]


def assert_resume_reproduces(folder, finished, capsys, said: str | None = None):
    code, out, err = run_cli([*study_args(folder), "--resume"], capsys)
    assert code == 0, err
    if said is not None:
        assert said in err
    pd.testing.assert_frame_equal(records(folder), records(finished), check_exact=True)
    assert (folder / "summary.csv").read_text() == (finished / "summary.csv").read_text()


# -- every batch carries its study ----------------------------------------------------------
def test_every_batch_is_stamped_with_its_study(finished):
    manifest = json.loads((finished / MANIFEST).read_text())
    for b in range(SHOES):
        path = finished / BATCHES / f"batch-{b:06d}.parquet"
        stamp = Stamp.decode(pq.read_schema(path).metadata[STAMP_KEY])
        assert stamp.manifest == manifest and stamp.batch == b
        assert stamp.rows == len(pd.read_parquet(path))


@pytest.mark.parametrize("resume", [True, False])
def test_a_lost_manifest_never_lets_another_study_use_the_batches(copy, capsys, resume):
    (copy / MANIFEST).unlink()
    before = records(copy)
    args = study_args(copy, *(["--resume"] if resume else []), seed=4)
    code, out, err = run_cli(args, capsys)
    assert code == 2 and out == ""
    line = one_error_line(err)
    if resume:
        assert "batch-000000.parquet: a batch of another study (differs in: plan.seed)" in line
    else:
        assert "already holds a study" in line
    assert not (copy / MANIFEST).exists()
    pd.testing.assert_frame_equal(records(copy), before, check_exact=True)


def test_a_lost_manifest_is_rewritten_by_its_own_study(copy, finished, capsys):
    (copy / MANIFEST).unlink()
    assert_resume_reproduces(copy, finished, capsys, "0 batch(es) computed")
    assert (copy / MANIFEST).read_text() == (finished / MANIFEST).read_text()


def test_a_batch_renamed_to_another_number_is_refused(copy, capsys):
    (copy / BATCHES / "batch-000001.parquet").replace(copy / BATCHES / "batch-000002.parquet")
    code, _, err = run_cli([*study_args(copy), "--resume"], capsys)
    assert code == 2
    assert "batch-000002.parquet: holds batch 1, not batch 2" in one_error_line(err)


# -- damaged batches are recomputed, foreign files refused ----------------------------------
def truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def flip_a_value(path):
    """The records changed, the stamp kept: only the digest can tell."""
    table = pq.read_table(path)
    frame = table.to_pandas()
    frame.loc[0, "net"] += 1.0
    import pyarrow as pa

    changed = pa.Table.from_pandas(frame, preserve_index=False)
    pq.write_table(changed.replace_schema_metadata(table.schema.metadata), path)


def garble(path):
    data = bytearray(path.read_bytes())
    for i in range(8, len(data) // 2):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))


def break_the_stamp(path):
    """The Parquet file whole, its study stamp cut short (once refused as foreign, to delete
    by hand; damage like any other since issue 32)."""
    table = pq.read_table(path)
    metadata = dict(table.schema.metadata)
    metadata[STAMP_KEY] = metadata[STAMP_KEY][:-10]
    pq.write_table(table.replace_schema_metadata(metadata), path)


@pytest.mark.parametrize(
    "damage", [truncate, flip_a_value, garble, lambda p: p.write_bytes(b""), break_the_stamp]
)
def test_resume_recomputes_a_damaged_batch_saying_so(copy, finished, capsys, damage):
    path = copy / BATCHES / "batch-000001.parquet"
    damage(path)
    assert_resume_reproduces(copy, finished, capsys, "batch-000001.parquet: damaged")


def test_reading_checks_every_batch_it_has_not_checked(copy):
    """``read`` without ``done`` (or after batches were written) reads and checks the files."""
    from cardedge.study.core.store import StudyStore

    manifest = json.loads((copy / MANIFEST).read_text())
    store = StudyStore(copy, manifest, resume=True)
    flip_a_value(store.batch_path(2))
    with pytest.raises(ValueError, match=r"batch-000002\.parquet: damaged .* --resume"):
        store.read(SHOES)


def test_a_parquet_file_with_other_columns_is_refused(copy, capsys):
    path = copy / BATCHES / "batch-000001.parquet"
    pd.DataFrame({"x": [1, 2]}).to_parquet(path)
    code, _, err = run_cli([*study_args(copy), "--resume"], capsys)
    assert code == 2
    assert "batch-000001.parquet: not a batch of a cardedge study" in one_error_line(err)


@pytest.mark.parametrize("name", ["notes.parquet", "batch-000099.parquet", "sub"])
def test_a_foreign_file_under_batches_is_refused_and_kept(copy, capsys, name):
    path = copy / BATCHES / name
    if name == "sub":
        path.mkdir()
    else:
        pd.DataFrame({"x": [1]}).to_parquet(path)
    code, _, err = run_cli([*study_args(copy), "--resume"], capsys)
    assert code == 2
    assert f"{name}: not a batch of this study; remove it" in one_error_line(err)
    assert path.exists()


# -- one writer at a time ------------------------------------------------------------------
def test_a_second_study_into_a_folder_in_use_is_refused_at_once(tmp_path, capsys):
    from cardedge.study.core.store import StudyStore

    folder = tmp_path / "shared"
    manifest = {"study": "first"}
    with StudyStore(folder, manifest):  # a study running into it (its lock held)
        code, _, err = run_cli(study_args(folder), capsys)
        assert code == 2
        assert "another study is writing into this folder now" in one_error_line(err)
        with pytest.raises(ValueError, match="another study is writing"):
            StudyStore(folder, {"study": "second"})
    assert not any((folder / BATCHES).iterdir())  # the refused one wrote nothing
    code, _, err = run_cli(study_args(folder), capsys)  # free again once it ends
    assert code == 0, err


def test_a_file_named_batches_is_one_line(tmp_path, capsys):
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / BATCHES).write_text("not a folder\n")
    code, _, err = run_cli(study_args(folder), capsys)
    assert code == 2
    assert "is a file where the study keeps its batches" in one_error_line(err)
    assert (folder / BATCHES).read_text() == "not a folder\n"


def test_a_refused_or_interrupted_study_leaves_no_folder(tmp_path, capsys, monkeypatch):
    new = tmp_path / "new" / "deeper" / "study"
    code, _, err = run_cli([*study_args(new), "--strategy", "bogus"], capsys)
    assert code == 2, err
    assert not (tmp_path / "new").exists()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "run_study", interrupted)
    code, _, err = run_cli(study_args(new), capsys)
    assert code != 0
    assert not (tmp_path / "new").exists()


def test_an_interrupted_study_keeps_its_finished_batches(copy, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "run_study", interrupted)
    run_cli([*study_args(copy), "--resume"], capsys)
    assert len(list((copy / BATCHES).iterdir())) == SHOES


def test_an_interrupted_tables_run_leaves_no_new_folder(tmp_path, monkeypatch):
    from cardedge.api.core import tables
    from cardedge.reports import results

    def half_written(out, wrap):
        from pathlib import Path

        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / "zero_edge.md").write_text("half\n")
        yield Path(out) / "zero_edge.md", True
        raise KeyboardInterrupt

    monkeypatch.setattr(results, "write_results", half_written)
    with pytest.raises(KeyboardInterrupt):
        tables(out=str(tmp_path / "t" / "results"))
    assert not (tmp_path / "t").exists()


# -- a user's files -------------------------------------------------------------------------
def test_a_folder_of_other_files_is_refused_before_any_work(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "summary.csv").write_text("my own numbers\n")
    for extra in ([], ["--resume"]):
        code, _, err = run_cli([*study_args(folder), *extra], capsys)
        assert code == 2
        assert "holds files that are not a study's" in one_error_line(err)
    assert [p.name for p in folder.iterdir()] == ["summary.csv"]
    assert (folder / "summary.csv").read_text() == "my own numbers\n"


@pytest.mark.parametrize("out", ["", " "])
def test_studies_refuses_a_blank_out(tmp_path, monkeypatch, capsys, out):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(["studies", "--out", out], capsys)
    assert code == 2 and "--out" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []


def test_an_empty_folder_is_used(tmp_path, finished, capsys):
    folder = tmp_path / "empty"
    folder.mkdir()
    code, _, err = run_cli(study_args(folder), capsys)
    assert code == 0, err
    pd.testing.assert_frame_equal(records(folder), records(finished), check_exact=True)


# -- a failed study leaves nothing in the way -------------------------------------------------
def test_after_an_unreachable_scheduler_the_same_folder_runs(
    tmp_path, finished, monkeypatch, capsys
):
    monkeypatch.setattr(run, "CONNECT_TIMEOUT", 1.0)
    folder = tmp_path / "study"
    failing = [a if a != "synchronous" else "tcp://127.0.0.1:1" for a in study_args(folder)]
    code, _, err = run_cli(failing, capsys)
    assert code == 2 and "cannot reach the Dask scheduler" in one_error_line(err)
    code, _, err = run_cli(study_args(folder), capsys)
    assert code == 0, err
    pd.testing.assert_frame_equal(records(folder), records(finished), check_exact=True)


def test_an_unstarted_study_may_start_with_other_settings(tmp_path, capsys):
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / MANIFEST).write_text(json.dumps({"format": 2, "plan": {"seed": 99}}) + "\n")
    (folder / BATCHES).mkdir()
    code, _, err = run_cli(study_args(folder), capsys)
    assert code == 0, err
    assert json.loads((folder / MANIFEST).read_text())["plan"]["seed"] == 3


# -- schedulers and workers -----------------------------------------------------------------
@pytest.mark.parametrize(
    "address, message",
    [
        ("tls://127.0.0.1:8786", "only tcp://HOST:PORT addresses"),
        ("ucx://127.0.0.1:8786", "only tcp://HOST:PORT addresses"),
        ("inproc://x", "only tcp://HOST:PORT addresses"),
        ("tcp://127.0.0.1:99999", "a port in 1..65535"),
        ("tcp://127.0.0.1:0", "a port in 1..65535"),
        ("tcp://127.0.0.1:port", "a port in 1..65535"),
        ("tcp://127.0.0.1", "a port in 1..65535"),
        ("tcp://:8786", "a port in 1..65535"),
        ("tcp://host:8786/path", "a port in 1..65535"),
        ("localhost:8786", "not an address like tcp://host:8786"),
    ],
)
def test_only_working_scheduler_addresses_are_accepted(tmp_path, capsys, address, message):
    args = [a if a != "synchronous" else address for a in study_args(tmp_path / "s")]
    code, _, err = run_cli(args, capsys)
    assert code == 2 and message in one_error_line(err)
    assert not (tmp_path / "s").exists()


@pytest.fixture
def silent_server():
    """A TCP server that accepts connections and never says a word."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    accepted, stop = [], threading.Event()

    def serve():
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except TimeoutError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in accepted:
        conn.close()
    server.close()


def test_a_server_that_is_not_a_scheduler_is_refused_in_bounded_time(silent_server):
    start = time.monotonic()
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler .* within 1 s"):
        run.probe_scheduler(silent_server, timeout=1.0)
    assert time.monotonic() - start < 5


def test_the_study_command_gives_up_on_a_silent_server(
    tmp_path, silent_server, monkeypatch, capsys
):
    monkeypatch.setattr(run, "CONNECT_TIMEOUT", 1.0)
    args = [a if a != "synchronous" else silent_server for a in study_args(tmp_path / "s")]
    start = time.monotonic()
    code, _, err = run_cli(args, capsys)
    assert code == 2 and "within 1 s: no answer" in one_error_line(err)
    assert time.monotonic() - start < 10


def test_workers_are_bounded_by_the_cores(tmp_path, capsys):
    too_many = run.max_workers() + 1
    args = [a for a in study_args(tmp_path / "s") if a not in ("--scheduler", "synchronous")]
    code, _, err = run_cli([*args, "--workers", too_many], capsys)
    line = one_error_line(err)
    assert code == 2 and f"--workers {too_many}: a local cluster runs 1..{too_many - 1}" in line
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize(
    "share, text",
    [(0.75, "75%"), (0.85, "85%"), (0.875, "87.5%"), (0.001, "0.1%"), (1 / 3, "33.3%")],
)
def test_a_penetration_is_titled_as_it_is_never_as_0(share, text):
    from cardedge.study.core.plan import percent_text

    assert percent_text(share) == text
    assert percent_text(1e-7) != "0%"
