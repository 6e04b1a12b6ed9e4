"""Run a study's batches on Dask and write each finished batch at once.

**Where it runs.** By default a ``distributed.LocalCluster`` of worker processes, one thread
each (``workers``: how many; default one per core), started and stopped with the study.
``scheduler='tcp://host:8786'`` sends the batches to a running cluster instead (``dask
scheduler`` on one machine, ``dask worker tcp://host:8786`` on each of the others, every worker
with this package installed); ``scheduler='synchronous'`` runs them one by one in this process
with Dask's synchronous scheduler (for debugging and as the reference in tests).

**Nothing lost, nothing twice.** A batch is one task: a pure function of the game, the plan and
the batch number (every shoe's shuffle comes from its own seeded stream), so whichever worker
runs it, once or again, it returns the same records. The client writes each batch's Parquet
file as the batch arrives; a batch whose worker dies is run again by the scheduler, and a task
that raises is retried ``retries`` times. Batches already on disk are not sent (``--resume``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.rounds import StudyGame, deal_batch
from cardedge.study.core.store import StudyStore

SYNCHRONOUS = "synchronous"
"""The ``scheduler`` value that runs batches in this process (no cluster)."""
RETRIES = 3
"""Times a batch that raised is sent again before the study fails."""
CONNECT_TIMEOUT = "10s"
"""How long to wait for a scheduler given by address."""


@dataclass(frozen=True)
class RunSummary:
    """What a run did: batches computed now, batches found on disk."""

    computed: tuple[int, ...]
    reused: tuple[int, ...]
    where: str
    """'synchronous', 'local cluster of N workers' or the scheduler's address."""


def check_scheduler(address: str) -> str:
    """``address`` if it looks like a scheduler address or 'synchronous', else ValueError."""
    if address == SYNCHRONOUS:
        return address
    if "://" not in address or not address.split("://", 1)[1]:
        raise ValueError(
            f"scheduler {address!r} is not an address like tcp://host:8786 (or 'synchronous')"
        )
    return address


@contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None) -> Iterator:
    """A ``distributed.Client``: on a new local cluster of ``workers`` processes, or connected
    to ``scheduler`` (ValueError with one line when it cannot be reached)."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(check_scheduler(scheduler), timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as e:
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = workers or os.cpu_count() or 1
    cluster = start_quietly(
        lambda: LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    )
    with cluster, Client(cluster) as client, _closing_quietly_on_interrupt():
        yield client


@contextmanager
def _closing_quietly_on_interrupt() -> Iterator[None]:
    """After a Ctrl-C the client and the cluster close without logging (a worker removed
    while the client still held the game scattered to it is an error the scheduler logs)."""
    try:
        yield
    except KeyboardInterrupt:
        logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)
        raise


def start_quietly(start: Callable):
    """``start()`` (a local cluster) without a word, and whole: a Ctrl-C meanwhile is held
    until it has started, then it closes and the interrupt goes on (a half-started cluster
    fails to close at exit, with a traceback). The warning of a busy default HTTP port
    (another cluster on this machine) is dropped: the cluster takes another port. The
    cluster's workers ignore Ctrl-C: see ``cardedge/__init__.py``."""
    import signal
    import threading
    import warnings

    held: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda *_: held.append(1)) if main else None
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use")
            cluster = start()
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    if held:
        with cluster, _closing_quietly_on_interrupt():
            raise KeyboardInterrupt
    return cluster


def run_study(
    game: StudyGame,
    plan: StudyPlan,
    store: StudyStore,
    workers: int | None = None,
    scheduler: str | None = None,
    on_batch: Callable[[int], None] = lambda batch: None,
    retries: int = RETRIES,
    client=None,
) -> RunSummary:
    """Compute every batch of ``plan`` not yet in ``store`` and write each as it finishes
    (``on_batch(batch)`` after each write). See the module docstring for where it runs;
    ``client``: a ``distributed.Client`` already open (benchmarks keep one for several runs)."""
    reused = tuple(store.done(plan.batches))
    pending = [b for b in range(plan.batches) if b not in reused]
    if scheduler == SYNCHRONOUS:
        import dask

        for b in pending:
            frame = dask.delayed(deal_batch)(game, plan, b).compute(scheduler=SYNCHRONOUS)
            store.write(b, frame)
            on_batch(b)
        return RunSummary(tuple(pending), reused, SYNCHRONOUS)
    if not pending:
        return RunSummary((), reused, "no worker (every batch on disk)")
    if client is not None:
        _run_on(client, game, plan, store, pending, on_batch, retries)
        return RunSummary(tuple(pending), reused, str(client.scheduler.address))
    with dask_client(workers, scheduler) as client:
        where = scheduler or f"local cluster of {len(client.scheduler_info()['workers'])} workers"
        _run_on(client, game, plan, store, pending, on_batch, retries)
    return RunSummary(tuple(pending), reused, where)


def _run_on(client, game, plan, store, pending, on_batch, retries) -> None:
    from dask.base import tokenize
    from distributed import as_completed

    token = tokenize(store.manifest)
    [shared] = client.scatter([game], broadcast=True, hash=False)
    futures = {
        client.submit(
            deal_batch,
            shared,
            plan,
            b,
            key=f"cardedge-study-{token}-batch-{b}",
            retries=retries,
            pure=False,
        ): b
        for b in pending
    }
    for future in as_completed(futures):
        b = futures[future]
        store.write(b, future.result())
        future.release()
        on_batch(b)
