"""Background jobs: one API call too costly for a request's limit (``calls.MAX_COST_SECONDS``)
but within a job's (``calls.JOB_COST_SECONDS``), run on the server's bounded machinery
(``work.Workers``: a worker thread of the jobs' own, at most ``JOB_QUEUE`` jobs waiting or
running, identical jobs sharing one computation, each stopped at its next step past
``JOB_SECONDS``), polled for its state and progress, cancelled, and forgotten a while after it
finishes.

``POST /api/{game}/jobs`` with ``{"command": "grid", ...keywords}`` (or ``"simulate"``, a
blackjack shoe game of up to ``calls.MAX_JOB_ROUNDS`` rounds) starts one (``parse_job``:
the same checks as a request's query, the job's budget); ``GET /api/jobs/{id}`` gives its
``status``, with the answer a request would have given (the same JSON) once done;
``DELETE /api/jobs/{id}`` cancels it. A job's id is random (``secrets``): only who started it
knows it. A job queued or computing that no one has asked about for ``ABANDON_SECONDS`` is
cancelled as if its client had sent the ``DELETE`` (the page polls several times a second while
it waits; a closed tab, a lost connection, a script that never comes back stop polling): its
computation ends at its next step, leaving the job's worker and its place in the queue to others.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from cardedge.web import calls
from cardedge.web.work import Cache, Job, Progress, Stopped, Workers

JOB_WORKERS = 1
"""Jobs computing at once (a worker thread of their own, beside the requests' pool: a job of
minutes never holds up the page's requests)."""
JOB_QUEUE = 4
"""The most jobs waiting or computing at once; one more is turned away (503, Retry-After)."""
JOB_SECONDS = 3 * calls.JOB_COST_SECONDS
"""A job still computing after this many seconds is stopped at its next step (failed): three
times its budget, as a request's 30 s are three times its 10 s."""
ABANDON_SECONDS = 30.0
"""A job queued or computing whose state no one has asked for this long is cancelled (its
client left); the page asks every 0.4 s (``static/jobs.js``)."""
JOB_KEEP_SECONDS = 600.0
"""A finished (done, failed or cancelled) job is kept this long for its client to read."""
JOB_KEPT = 32
"""The most jobs kept; past it the oldest finished ones are forgotten first."""
MAX_JOB_BYTES = 16_000
"""The largest body a job's start may send (its keywords: a few hundred bytes)."""
STATES = ("queued", "running", "done", "failed", "cancelled")
"""A job's states, in order."""


@dataclass
class Record:
    """One started job: its call, the computation it waits for (``work``, shared by identical
    jobs; None when the answer was in the cache, ``text`` then), when it started and finished
    (the clock of ``Jobs``), when its state was last asked for (``seen``) and whether it was
    cancelled (by its client, or because no one asked any more: ``abandoned``)."""

    id: str
    call: calls.Call
    started: float
    seen: float = 0.0
    work: Job | None = None
    text: str | None = None
    finished: float | None = None
    cancelled: bool = False
    abandoned: bool = False
    key: object = field(default=None, repr=False)

    def state(self) -> str:
        """queued, running, done, failed or cancelled."""
        if self.cancelled:
            return "cancelled"
        if self.work is None:
            return "done"
        future = self.work.future
        if future.done():
            return "failed" if future.cancelled() or future.exception() else "done"
        return "running" if future.running() else "queued"

    def answer(self) -> str | None:
        """The rendered answer (the JSON a request gives) once done, else None."""
        if self.text is not None or self.state() != "done":
            return self.text
        return self.work.future.result()

    def error(self) -> str | None:
        """Why a failed job failed (one line), else None."""
        if self.state() != "failed":
            return None
        future = self.work.future
        if future.cancelled():
            return "cancelled"
        e = future.exception()
        if isinstance(e, Stopped):
            return f"{e} (a job's limit: {JOB_SECONDS:g} s)"
        if isinstance(e, ValueError | TypeError):  # BadValue, MissingExtra: the API's line
            return str(e).splitlines()[0] if str(e) else type(e).__name__
        return "internal error"  # never the traceback


class Jobs:
    """The server's jobs by id: started on ``pool`` (answers kept in ``cache`` as a
    request's are, and a cached one is done at once), at most ``kept`` kept, a finished one
    for ``keep_seconds``, an unfinished one no one asked about for ``abandon_seconds``
    cancelled; ``clock`` gives the seconds (tests move it)."""

    def __init__(
        self,
        pool: Workers,
        cache: Cache,
        keep_seconds: float = JOB_KEEP_SECONDS,
        kept: int = JOB_KEPT,
        clock: Callable[[], float] = time.monotonic,
        abandon_seconds: float = ABANDON_SECONDS,
    ) -> None:
        self.pool = pool
        self.cache = cache
        self.keep_seconds = keep_seconds
        self.kept = kept
        self.abandon_seconds = abandon_seconds
        self.clock = clock
        self.records: dict[str, Record] = {}
        self.lock = threading.Lock()

    def start(self, call: calls.Call) -> Record:
        """A new job computing ``call`` (joining an identical one under way); ``Busy`` when
        ``JOB_QUEUE`` jobs wait or compute already."""
        self.expire()
        now = self.clock()
        record = Record(secrets.token_urlsafe(12), call, now, seen=now)
        key = call.key() if call.cacheable() else None
        cached = self.cache.get(key) if key is not None else None
        if cached is not None:
            record.text, record.finished = cached, record.started
        else:

            def compute(progress: Progress) -> str:
                answer = call.run(self._reaping(progress))
                if key is not None:
                    self.cache.put(key, answer)
                return answer

            record.key = key
            record.work = self.pool.start(compute, key)
            record.work.future.add_done_callback(lambda _: self._finished(record))
        with self.lock:
            self.records[record.id] = record
        return record

    def _finished(self, record: Record) -> None:
        with self.lock:
            if record.finished is None:
                record.finished = self.clock()

    def get(self, job_id: str) -> Record | None:
        """The job ``job_id``, or None (never started, or forgotten); asked for now."""
        self.expire()
        with self.lock:
            record = self.records.get(job_id)
            if record is not None:
                record.seen = self.clock()
            return record

    def _reaping(self, progress: Progress) -> Progress:
        """``progress`` whose every step first cancels the abandoned jobs (``reap``): a job
        left alone is stopped by its own steps, even when no request comes."""

        @contextmanager
        def reaping(label: str, total: int) -> Iterator[Callable[[int], None]]:
            with progress(label, total) as advance:

                def step(n: int = 1) -> None:
                    self.reap()
                    advance(n)

                yield step

        return reaping

    def reap(self) -> list[Record]:
        """Cancel the queued or computing jobs whose state no one has asked for in
        ``abandon_seconds`` (their clients left): the ones cancelled."""
        now = self.clock()
        with self.lock:
            idle = [
                r
                for r in self.records.values()
                if r.finished is None and now - r.seen > self.abandon_seconds
            ]
        left = []
        for record in idle:
            if record.state() in ("queued", "running"):
                record.abandoned = True
                left.append(self.cancel(record.id, ask=False))
        return left

    def cancel(self, job_id: str, ask: bool = True) -> Record | None:
        """Cancel the job ``job_id`` if still queued or running: its computation is dropped
        from the queue, or stopped at its next step, unless an identical job still waits for
        it. A finished job stays as it is. None: no such job. ``ask``: its client asks (the
        job is seen), not the reaper."""
        if ask:
            record = self.get(job_id)
        else:
            with self.lock:
                record = self.records.get(job_id)
        if record is None or record.state() not in ("queued", "running"):
            return record
        with self.lock:
            record.cancelled = True
            record.finished = self.clock()
        self.pool.leave(record.work, record.key)
        return record

    def expire(self) -> None:
        """Forget the jobs finished more than ``keep_seconds`` ago, then the oldest finished
        ones past ``kept`` (a job waiting or computing is never forgotten: ``JOB_QUEUE``
        bounds those)."""
        self.reap()
        now = self.clock()
        with self.lock:
            finished = [r for r in self.records.values() if r.finished is not None]
            for r in finished:
                if now - r.finished > self.keep_seconds:
                    del self.records[r.id]
            finished = sorted(
                (r for r in self.records.values() if r.finished is not None),
                key=lambda r: r.finished,
            )
            for r in finished[: max(0, len(self.records) - self.kept)]:
                del self.records[r.id]

    def status(self, record: Record) -> str:
        """The job's state as JSON: ``{"id", "game", "command", "state", "progress": {"label",
        "done", "total"}, "seconds"}``, with ``"error"`` when failed and ``"result"`` (the
        answer a request gives, as it is) when done."""
        state = record.state()
        work = record.work
        if work is None or state == "done":
            total = work.total if work is not None and work.total else 1
            progress = {"label": work.label if work else "", "done": total, "total": total}
        else:
            progress = {"label": work.label, "done": work.done, "total": work.total}
        end = record.finished if record.finished is not None else self.clock()
        head = {
            "id": record.id,
            "game": record.call.game,
            "command": record.call.command,
            "state": state,
            "progress": progress,
            "seconds": round(end - record.started, 3),
        }
        if state == "failed":
            head["error"] = record.error()
        if record.abandoned:
            head["error"] = f"no one asked for it in {self.abandon_seconds:g} s: cancelled"
        text = json.dumps(head)
        answer = record.answer() if state == "done" else None
        if answer is None:
            return text
        # the answer spliced in as rendered: the same bytes a request gets (key order, NaN)
        return f'{text[:-1]}, "result": {answer.strip()}}}'


def parse_job(game: str, body: bytes, budget: float = calls.JOB_COST_SECONDS) -> calls.Call:
    """The checked call of a job's start, ``{"command": "grid", "option": value, ...}``: a
    ``calls.JOB_COMMANDS`` command of a served game, its options as a request's query gives
    them (a value, or a list for a repeatable option; ``true``/``false``, numbers or text) and
    checked as a query is, the job's ``budget`` for its estimated cost; JSON answers only.
    ``Refused`` (one line) or the API's ``BadValue`` otherwise."""
    if len(body) > MAX_JOB_BYTES:
        raise calls.Refused(f"job: larger than {MAX_JOB_BYTES:,} bytes", 413)
    try:
        text = body.decode("utf-8")
        if calls.json_depth(text) > 2:  # before the parser recurses into it
            raise calls.Refused("job: a JSON object of options, each a value or a list")
        given = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise calls.Refused('job: the body must be JSON, {"command": "grid", ...}') from None
    if not isinstance(given, dict):
        raise calls.Refused('job: the body must be a JSON object, {"command": "grid", ...}')
    command = given.pop("command", None)
    if game not in calls.GAMES:
        raise calls.Refused(f"no game {game!r}: {' or '.join(calls.GAMES)}", 404)
    if command not in calls.JOB_COMMANDS:
        raise calls.Refused(
            f"job: no command {command!r} as a job ({', '.join(calls.JOB_COMMANDS)})"
        )
    if command not in calls.job_commands(game):
        why = calls.web_room(game).NOT_JOBS.get(command, "not a job of this game")
        raise calls.Refused(f"job: {game} {command} is not a job: {why}")
    query = []
    for name, value in given.items():
        for one in value if isinstance(value, list) else [value]:
            query.append((str(name), _query_text(str(name), one)))
    call = calls.parse_call(game, command, query, budget=budget, job_budget=None)
    if call.fmt != "json":
        raise calls.Refused("format: a job answers JSON")
    return call


def _query_text(name: str, value) -> str:
    """A JSON value as a query gives it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    raise calls.Refused(f"job: {name}: a value is text, a number, true or false")
