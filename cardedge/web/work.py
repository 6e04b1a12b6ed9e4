"""The server's bounded machinery: one small pool of worker threads that computes (so that a
burst of requests queues instead of exhausting memory), a queue limit past which a request is
turned away (503 with ``Retry-After``), a time limit per computation enforced at each of its
steps, one computation for identical requests in flight, and an in-memory LRU cache of
rendered answers."""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass


class Busy(Exception):
    """The queue is full, the answer took too long, or its work was stopped (one line; HTTP
    503, with ``retry_after`` seconds for the ``Retry-After`` header)."""

    def __init__(self, message: str, retry_after: int = 5) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Stopped(Exception):
    """Raised inside a request's work at its next step once its time is up or every request
    waiting for it has left: the worker is free again."""


Progress = Callable[[str, int], AbstractContextManager[Callable[[int], None]]]


def stopper(
    stop: threading.Event, deadline: float, seconds: float, tally: Job | None = None
) -> Progress:
    """The API's ``progress`` for a request's work: each step checks the deadline and whether
    anyone still waits (``stop``), and raises ``Stopped`` when not (the API functions report a
    step per deck count, system, strategy, batch of simulated rounds, grid task...); the steps
    done are counted on ``tally`` (a background job's progress)."""

    def check() -> None:
        if stop.is_set():
            raise Stopped("every request for this answer left")
        if time.monotonic() > deadline:
            raise Stopped(f"stopped after {seconds:g} s")

    def advance(n: int = 1) -> None:
        if tally is not None:
            tally.done += n
        check()

    @contextmanager
    def progress(label: str, total: int) -> Iterator[Callable[[int], None]]:
        check()
        if tally is not None:
            tally.label, tally.done, tally.total = label, 0, total
        yield advance

    return progress


@dataclass
class Job:
    """One computation in the pool and the requests waiting for it; ``label``, ``done`` and
    ``total``: the steps of its latest progress count (the API's ``progress(label, total)``),
    as far as it has come."""

    stop: threading.Event
    future: Future | None = None
    waiters: int = 0
    label: str = ""
    done: int = 0
    total: int = 0


class Workers:
    """``workers`` threads computing, at most ``queue`` computations waiting or running, each
    stopped at its next step past ``seconds`` (its requests answered 503 then). Identical
    requests (one ``key``) in flight share one computation; a computation whose every request
    has left (timed out, or its client gone) is dropped from the queue, or stopped at its next
    step when already running."""

    def __init__(self, workers: int = 1, queue: int = 16, seconds: float = 30.0) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardedge-web")
        self.workers = workers
        self.limit = queue
        self.seconds = seconds
        self.pending = 0
        self.shared = 0
        """Requests answered by a computation another request started (in flight together)."""
        self.jobs: dict[object, Job] = {}
        # reentrant: a future's callbacks may run at once in the thread holding it (one added
        # to a future already done, a future cancelled), and ``_done`` takes it again
        self.lock = threading.RLock()

    def retry_after(self) -> int:
        """Seconds a turned-away client should wait: the queue ahead of it, each computation
        taken at a quarter of the time limit (most finish far sooner), shared by the workers;
        at least 1."""
        return max(1, math.ceil(self.pending * self.seconds / max(1, self.workers) / 4))

    async def run(
        self,
        work: Callable[[Progress], str],
        key: object = None,
        gone: Callable[[], Awaitable[object]] | None = None,
    ) -> str:
        """``work(progress)`` on a worker thread (or the one computing ``key`` already), its
        answer; ``Busy`` when the queue is full, time runs out or the work was stopped.
        ``gone()`` completes when the client has left: the request stops waiting (and its
        work is dropped when no one else waits for it)."""
        job = self._join(work, key)
        computed = asyncio.wrap_future(job.future)
        # retrieved here, so that the exception of work no one waits for any more (stopped) is
        # not logged as never retrieved
        computed.add_done_callback(lambda f: f.cancelled() or f.exception())
        answer = asyncio.ensure_future(asyncio.shield(computed))
        watched = {answer}
        leaving = asyncio.ensure_future(gone()) if gone is not None else None
        if leaving is not None:
            watched.add(leaving)
        try:
            done, _ = await asyncio.wait(
                watched, timeout=self.seconds, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            if leaving is not None:
                leaving.cancel()
        if answer in done:
            self._leave(job, key, answered=True)
            try:
                return answer.result()
            except Stopped:
                # a waiter sees its work stopped only by the deadline (work is abandoned only
                # once no one waits): the same event as this request's own time running out
                raise self._late() from None
        answer.cancel()
        self._leave(job, key, answered=False)
        raise self._late()

    def _late(self) -> Busy:
        """The one answer of a request out of time, whichever timer saw it first."""
        return Busy(
            f"no answer within {self.seconds:g} s: its work is stopped; run it on the command line",
            self.retry_after(),
        )

    def _join(self, work: Callable[[Progress], str], key: object) -> Job:
        with self.lock:
            job = self.jobs.get(key) if key is not None else None
            if job is not None and not job.stop.is_set():
                self.shared += 1
            else:
                if self.pending >= self.limit:
                    raise Busy(
                        f"busy: {self.pending} requests in the queue, try again shortly",
                        self.retry_after(),
                    )
                self.pending += 1
                job = Job(threading.Event())
                deadline = time.monotonic() + self.seconds
                progress = stopper(job.stop, deadline, self.seconds, job)
                job.future = self.pool.submit(work, progress)
                if key is not None:
                    self.jobs[key] = job
                job.future.add_done_callback(lambda _, job=job: self._done(key, job))
            job.waiters += 1
            return job

    def start(self, work: Callable[[Progress], str], key: object = None) -> Job:
        """``work(progress)`` queued on a worker thread (or the computation of ``key`` already
        under way joined) without waiting for it: the background jobs' entry (``jobs.py``);
        ``Busy`` when the queue is full. The caller reads ``job.future`` and calls ``leave``
        when it no longer wants the answer."""
        return self._join(work, key)

    def leave(self, job: Job, key: object) -> None:
        """One waiter of ``job`` gives it up: dropped from the queue, or stopped at its next
        step, once no one else waits for it."""
        self._leave(job, key, answered=False)

    def _leave(self, job: Job, key: object, answered: bool) -> None:
        with self.lock:
            job.waiters -= 1
            abandoned = job.waiters == 0 and not answered
            if abandoned:
                job.stop.set()  # running: stopped at its next step
        if abandoned:
            job.future.cancel()  # still queued: dropped now (its callback takes the lock)

    def _done(self, key: object, job: Job) -> None:
        with self.lock:
            self.pending -= 1
            if key is not None and self.jobs.get(key) is job:
                del self.jobs[key]

    def close(self) -> None:
        """Stop taking work; the running requests finish."""
        self.pool.shutdown(wait=False, cancel_futures=True)


class Cache:
    """Rendered answers by request (``Call.key()``), the least recently used dropped first
    beyond ``entries`` answers or ``chars`` characters in all."""

    def __init__(self, entries: int = 512, chars: int = 64_000_000) -> None:
        self.entries = entries
        self.chars = chars
        self.used = 0
        self.items: OrderedDict[tuple, str] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: tuple) -> str | None:
        """The answer kept for ``key`` (now the most recently used), or None."""
        with self.lock:
            text = self.items.get(key)
            if text is None:
                self.misses += 1
                return None
            self.items.move_to_end(key)
            self.hits += 1
            return text

    def put(self, key: tuple, text: str) -> None:
        """Keep ``text`` for ``key`` (an answer larger than the whole cache is not kept)."""
        if len(text) > self.chars:
            return
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.used -= len(old)
            self.items[key] = text
            self.used += len(text)
            while len(self.items) > self.entries or self.used > self.chars:
                _, dropped = self.items.popitem(last=False)
                self.used -= len(dropped)
