"""A shoe game's batches, either game's: dealt on threads or on Dask, kept in a folder
(``--out``) and picked up again (``--resume``), with the running edge as they finish.

**Batches.** A run of ``rounds`` rounds is the streams of ``simulation.stream_sizes`` (each
from a freshly shuffled shoe, on its own generator from the seed): a stream is a batch of the
SE by batch means (``reports/core/shoe_tallies.py``). ``TASK_STREAMS`` streams make a task: one
Dask task, one Parquet file. A stream's tallies are integers and depend on the seed and its
index alone, so a seed gives the same tallies on any threads, workers or scheduler, and a run
resumed from its folder the same as one run straight through.

**The folder** is a study's (``study/core/store.py``: ``study.json``, the manifest naming
everything that defines the run, and ``batches/batch-NNNNNN.parquet``, one stamped file per
task): a folder of another run is refused naming what differs, a damaged file recomputed.
Each file holds a row per stream and true-count bin: ``stream``, ``bin`` (0 .. 2 limit), the
counter's ``index_rounds`` and ``index_plays``, the rounds of each outcome (``outcome_0``
...), then the game's own tallies (``ShoeDealer.extras``: ``side_0`` ... for Zero's side
bet), all int64.

A game plugs in with its ``engine/<game>/shoe_game.py``'s ``shoe_dealer`` (a
``engine.core.shoe_game.ShoeDealer``) and ``run_shoe_game``.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

from cardedge.engine.core.shoe_game import ShoeDealer, ShoeGame, ShoeTallies, tallies_of
from cardedge.engine.core.simulation import (
    check_rounds,
    check_seed,
    deal_streams,
    stream_sizes,
    variance_of,
)
from cardedge.reports.core.shoe_tallies import MIN_BATCHES, batch_ratio_stderr

TASK_STREAMS = 8
"""Streams per Dask task and per Parquet file of ``--out`` (8 x 262,144 rounds: a second or
two of one core)."""
SHOE_FORMAT = 1
"""Bumped when a shoe game's records or their meaning change: folders of another are refused."""
RETRIES = 3
"""Times a task that raised is sent again before the run fails."""

Counts = tuple[np.ndarray, ...]
"""One stream's (outcomes[bin, outcome], index rounds[bin], index plays[bin], then the
dealer's ``extras``, each [bin] or [bin, k])."""


def tasks_of(rounds: int) -> list[list[int]]:
    """The streams of each task of a run of ``rounds`` rounds, ``TASK_STREAMS`` at a time."""
    n = len(stream_sizes(check_rounds(rounds)))
    return [list(range(i, min(i + TASK_STREAMS, n))) for i in range(0, n, TASK_STREAMS)]


def record_types(dealer: ShoeDealer) -> dict[str, str]:
    """The columns of a task's records and their types (module docstring)."""
    names = ["stream", "bin", "index_rounds", "index_plays"]
    names += [f"outcome_{j}" for j in range(len(dealer.outcome_labels))]
    for name, k in dealer.extras.items():
        names += [name] if k == 0 else [f"{name}_{j}" for j in range(k)]
    return dict.fromkeys(names, "int64")


def records_of(
    dealer: ShoeDealer, streams: Sequence[int], counts: Sequence[Counts]
) -> pd.DataFrame:
    """The records of the streams ``streams`` (their ``counts``, in the same order)."""
    parts = []
    for i, (outcomes, index_rounds, index_plays, *extras) in zip(streams, counts, strict=True):
        bins = len(index_rounds)
        part = {
            "stream": np.full(bins, i, dtype=np.int64),
            "bin": np.arange(bins, dtype=np.int64),
            "index_rounds": index_rounds,
            "index_plays": index_plays,
        }
        part |= {f"outcome_{j}": outcomes[:, j] for j in range(outcomes.shape[1])}
        for name, a in zip(dealer.extras, extras, strict=True):
            part |= (
                {name: a} if a.ndim == 1 else {f"{name}_{j}": a[:, j] for j in range(a.shape[1])}
            )
        parts.append(pd.DataFrame(part))
    return pd.concat(parts, ignore_index=True).astype(record_types(dealer))


def counts_of(dealer: ShoeDealer, frame: pd.DataFrame) -> dict[int, Counts]:
    """Each stream's counts back from its records (``records_of``)."""

    def columns(prefix: str) -> list[str]:
        return sorted(
            (
                c
                for c in frame.columns
                if c.startswith(prefix + "_") and c[len(prefix) + 1 :].isdigit()
            ),
            key=lambda c: int(c[len(prefix) + 1 :]),
        )

    out = {}
    outcome_columns = columns("outcome")
    for i, rows in frame.groupby("stream", sort=True):
        rows = rows.sort_values("bin")
        extras = [
            rows[name].to_numpy(dtype=np.int64)
            if name in frame.columns
            else rows[columns(name)].to_numpy(dtype=np.int64)
            for name in dealer.extras
        ]
        out[int(i)] = (
            rows[outcome_columns].to_numpy(dtype=np.int64),
            rows["index_rounds"].to_numpy(dtype=np.int64),
            rows["index_plays"].to_numpy(dtype=np.int64),
            *extras,
        )
    return out


def deal_task(dealer: ShoeDealer, rounds: int, entropy: int, streams: list[int]) -> pd.DataFrame:
    """A task's records: its ``streams`` of the run of ``rounds`` rounds from ``entropy``,
    dealt on one thread (a pure function: the Dask worker's task)."""
    return records_of(dealer, streams, deal_streams(dealer, rounds, entropy, streams, threads=1))


def game_identity(game: ShoeGame) -> dict:
    """What of ``game`` defines a run (decks, penetration, seats, burn, count and its
    conventions)."""
    return {
        "decks": game.decks,
        "penetration": game.penetration,
        "players": game.players,
        "burn": game.burn,
        "convention": game.convention,
        "divisor": game.divisor,
        "system": game.system.name,
        "tags": [float(t) for t in game.system.tags],
    }


def shoe_manifest(dealer: ShoeDealer, rounds: int, seed: int, play: dict) -> dict:
    """The manifest of a run: format, the shoe game, the rules, ``play`` (what the caller
    says defines the counter's play: game, strategy, chart, index plays), seed, rounds."""
    return {
        "format": SHOE_FORMAT,
        "kind": "shoe game",
        "shoe_game": game_identity(dealer.game),
        "rules": repr(dealer.rules),
        "policy": dealer.policy,
        "play": play,
        "seed": seed,
        "rounds": rounds,
        "task_streams": TASK_STREAMS,
    }


def departure_identity(departures) -> list[dict]:
    """Index plays as the manifest names them."""
    return [asdict(d) for d in departures]


@dataclass
class Running:
    """The streams finished so far, and the flat bet's running edge (the progress bar's)."""

    outcome_net: np.ndarray
    streams: dict[int, Counts]

    def __post_init__(self) -> None:
        self._total: np.ndarray | None = None
        self._won: list[float] = []
        self._rounds: list[int] = []

    def add(self, streams: dict[int, Counts]) -> None:
        for i, counts in streams.items():
            self.streams[i] = counts
            by_outcome = counts[0].sum(axis=0)
            self._total = by_outcome if self._total is None else self._total + by_outcome
            self._won.append(float(by_outcome @ self.outcome_net))
            self._rounds.append(int(by_outcome.sum()))

    def note(self) -> str:
        """'edge -0.512% SE 0.031 (24 batches)': the house edge of a flat bet so far, its SE
        as the tables give it (``shoe_tallies``: by batch means with enough batches)."""
        if self._total is None:
            return ""
        n = int(self._total.sum())
        w = float(self._total @ self.outcome_net) / n
        batches = len(self._rounds)
        if batches >= MIN_BATCHES:
            se = float(batch_ratio_stderr(np.array(self._won), np.array(self._rounds)))
            how = ""
        else:
            var = variance_of(self._total, self.outcome_net, n)
            se = math.sqrt(var / n) if n > 1 else math.nan
            how = ", rounds as independent"
        se_text = f"{100 * se:.3f}" if math.isfinite(se) else "-"
        return f"edge {-100 * w + 0.0:+.3f}% SE {se_text} ({batches} batches{how})"


def run_shoe_game(
    dealer: ShoeDealer,
    rounds: int,
    seed: int,
    *,
    threads: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    store=None,
    on_stream: Callable[[int, str], None] | None = None,
) -> tuple[ShoeTallies, int]:
    """Deal the run of ``rounds`` rounds of ``dealer`` from ``seed``: on ``threads`` threads
    (no ``workers`` nor ``scheduler``, or ``scheduler='synchronous'``), else on Dask (a local
    cluster of ``workers`` processes or the cluster at ``scheduler``). With ``store`` (a
    ``StudyStore`` of ``record_types``), tasks on disk are read, not dealt, and each task is
    written as it finishes. ``on_stream(n, note)`` after each stream of ``n`` rounds (a task's
    streams at once on Dask), ``note``: the running edge and SE (``Running.note``). Returns
    the tallies and the number of tasks found on disk."""
    rounds = check_rounds(rounds)
    seed = check_seed(seed)
    if seed is None:
        raise ValueError("a shoe game's batches need a seed")
    sizes = stream_sizes(rounds)
    tasks = tasks_of(rounds)
    running = Running(dealer.outcome_net, {})
    done = set(store.done(len(tasks))) if store is not None else set()
    pending = [t for t in range(len(tasks)) if t not in done]

    def finished(streams: dict[int, Counts]) -> None:
        running.add(streams)
        if on_stream is not None:
            on_stream(sum(sizes[i] for i in streams), running.note())

    found: dict[int, Counts] = {}
    for t in sorted(done):
        found |= counts_of(dealer, store.read_batch(t))
    if found:  # the progress starts where the folder's tasks leave it
        finished(found)

    if workers is None and scheduler in (None, "synchronous"):
        _deal_on_threads(dealer, rounds, seed, tasks, pending, threads, store, finished)
    elif pending:
        _deal_on_dask(dealer, rounds, seed, tasks, pending, workers, scheduler, store, finished)
    counts = [running.streams[i] for i in range(len(sizes))]
    return tallies_of(dealer, rounds, seed, counts), len(done)


def _deal_on_threads(dealer, rounds, seed, tasks, pending, threads, store, finished) -> None:
    """Every stream of the ``pending`` tasks on threads; a task's file written once its last
    stream is in."""
    task_of = {i: t for t in pending for i in tasks[t]}
    left = {t: set(tasks[t]) for t in pending}
    got: dict[int, Counts] = {}

    def on_stream(i: int, counts: Counts) -> None:
        got[i] = counts
        t = task_of[i]
        left[t].discard(i)
        if not left[t] and store is not None:
            store.write(t, records_of(dealer, tasks[t], [got[j] for j in tasks[t]]))
        finished({i: counts})

    streams = [i for t in pending for i in tasks[t]]
    deal_streams(dealer, rounds, seed, streams, threads, on_stream)


def _deal_on_dask(dealer, rounds, seed, tasks, pending, workers, scheduler, store, finished):
    """The ``pending`` tasks on Dask (``study.core.run.dask_client``), each written as it
    arrives."""
    from distributed import as_completed

    from cardedge.study.core.run import dask_client

    with contextlib.ExitStack() as stack:
        try:
            client = stack.enter_context(dask_client(workers, scheduler))
        except ValueError as e:
            raise ClusterRefused(str(e)) from None
        [shared] = client.scatter([dealer], broadcast=True, hash=False)
        futures = {
            client.submit(deal_task, shared, rounds, seed, tasks[t], pure=False, retries=RETRIES): t
            for t in pending
        }
        for future in as_completed(futures):
            t = futures[future]
            frame = future.result()
            future.release()
            if store is not None:
                store.write(t, frame)
            finished(counts_of(dealer, frame))


def open_store(folder, manifest: dict, resume: bool, dealer: ShoeDealer):
    """The ``StudyStore`` keeping a run's tasks in ``folder`` (module docstring); a one-line
    ValueError when the folder cannot be this run's."""
    from cardedge.study.core.store import StudyStore

    columns = record_types(dealer)
    try:
        return StudyStore(folder, manifest, resume, columns)
    except ValueError as e:
        raise FolderRefused(str(e).replace("a study", "a shoe game run")) from None


class FolderRefused(ValueError):
    """The ``--out`` folder cannot hold this run (another run's, or not a run's)."""


class ClusterRefused(ValueError):
    """The Dask cluster cannot be started or reached."""


def noting(progress: Callable | None) -> Callable[[int, str], None] | None:
    """``progress`` as ``run_shoe_game``'s ``on_stream(n, note)``: called with the note when
    it takes a second argument (a terminal bar shows it), else with ``n`` alone."""
    if progress is None:
        return None
    import inspect

    try:
        inspect.signature(progress).bind(1, "")
    except TypeError:
        return lambda n, note: progress(n)
    except ValueError:  # a builtin without a signature: the count alone
        return lambda n, note: progress(n)
    return progress
