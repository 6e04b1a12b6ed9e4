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
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler given by address to answer as one."""


@dataclass(frozen=True)
class RunSummary:
    """What a run did: batches computed now, batches found on disk."""

    computed: tuple[int, ...]
    reused: tuple[int, ...]
    where: str
    """'synchronous', 'local cluster of N workers' or the scheduler's address."""


def check_scheduler(address: str) -> str:
    """``address`` if it is ``tcp://HOST:PORT`` (a port in 1..65535) or 'synchronous', else a
    one-line ValueError saying what is supported."""
    if address == SYNCHRONOUS:
        return address
    scheme, sep, rest = address.partition("://")
    if not sep or not rest:
        raise ValueError(
            f"scheduler {address!r} is not an address like tcp://host:8786 (or 'synchronous')"
        )
    if scheme != "tcp":
        raise ValueError(
            f"scheduler {address!r}: only tcp://HOST:PORT addresses (or 'synchronous') are "
            "supported"
        )
    host, colon, port = rest.rpartition(":")
    if not colon or not host or "/" in rest or not (port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"scheduler {address!r}: give tcp://HOST:PORT with a port in 1..65535")
    return address


def max_workers() -> int:
    """The most worker processes of a local cluster: one per core of this machine (more
    would only share the cores; a bigger cluster is a scheduler's, ``--scheduler``)."""
    return os.cpu_count() or 1


def check_workers(workers: int | None) -> int | None:
    """``workers`` if None or in 1..``max_workers()``, else a one-line ValueError."""
    if workers is not None and not 1 <= workers <= max_workers():
        raise ValueError(
            f"--workers {workers}: a local cluster runs 1..{max_workers()} workers (one per "
            "core of this machine); use --scheduler for a bigger cluster"
        )
    return workers


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def probe_scheduler(address: str, timeout: float | None = None) -> None:
    """Return when a Dask scheduler answers at ``address`` within ``timeout`` seconds, else a
    one-line ValueError: ``distributed.Client`` waits forever on a server that accepts the
    connection and never speaks (its own timeout covers only connecting). ``timeout``:
    ``CONNECT_TIMEOUT`` by default."""
    import asyncio

    from distributed.core import rpc

    timeout = CONNECT_TIMEOUT if timeout is None else timeout

    async def identity() -> dict:
        remote = rpc(check_scheduler(address), timeout=timeout)
        try:
            return await remote.identity()
        finally:
            await remote.close_rpc()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), timeout))
    except (OSError, TimeoutError) as e:
        reason = "no answer" if isinstance(e, TimeoutError) else _first_line(e)
        raise ValueError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s: {reason}"
        ) from None
    except Exception as e:  # a server that answers, but not in Dask's protocol
        raise ValueError(
            f"{address} is not a Dask scheduler ({type(e).__name__}: {_first_line(e)})"
        ) from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ValueError(f"{address} is not a Dask scheduler")


@contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None) -> Iterator:
    """A ``distributed.Client``: on a new local cluster of ``workers`` processes, or connected
    to ``scheduler`` (ValueError with one line when it cannot be reached)."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        probe_scheduler(scheduler)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT}s")
        except (OSError, TimeoutError) as e:
            reason = _first_line(e)
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = check_workers(workers) or max_workers()
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
    while the client still held the game scattered to it is an error the scheduler logs).
    The cluster's processes are told too (SIGINT, which makes them quiet:
    ``cardedge/__init__.py``): Ctrl-C reaches them from the terminal, SIGTERM only this
    process, and a worker that outlives its scheduler logs failed heartbeats."""
    try:
        yield
    except KeyboardInterrupt:
        logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)
        _quiet_the_cluster()
        raise


def _quiet_the_cluster() -> None:
    """SIGINT to every process this one started (a local cluster's nannies and workers;
    psutil comes with Dask's distributed)."""
    import signal

    import psutil

    for child in psutil.Process().children(recursive=True):
        try:
            child.send_signal(signal.SIGINT)
        except psutil.Error:
            pass  # gone meanwhile


def start_quietly(start: Callable):
    """``start()`` (a local cluster) without a word, and whole: a Ctrl-C meanwhile is held
    until it has started, then it closes and the interrupt goes on (a half-started cluster
    fails to close at exit, with a traceback); SIGTERM likewise. The warning of a busy default
    HTTP port (another cluster on this machine) is dropped: the cluster takes another port.
    The cluster's workers ignore Ctrl-C: see ``cardedge/__init__.py``."""
    import signal
    import threading
    import warnings

    held: list[int] = []
    main = threading.current_thread() is threading.main_thread()
    signals = (signal.SIGINT, signal.SIGTERM) if main else ()
    previous = {sig: signal.signal(sig, lambda signum, _: held.append(signum)) for sig in signals}
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use")
            cluster = start()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if held:
        with cluster, _closing_quietly_on_interrupt():
            handler = previous[held[0]]
            if callable(handler):
                handler(held[0], None)  # the command line's: it says which signal it was
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
