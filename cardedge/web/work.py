"""The server's bounded machinery: one small pool of worker threads that computes (so that a
burst of requests queues instead of exhausting memory), a queue limit past which a request is
turned away (503), a time limit per request, and an in-memory LRU cache of rendered answers."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


class Busy(Exception):
    """The queue is full or the answer took too long (one line; HTTP 503)."""


class Workers:
    """``workers`` threads computing, at most ``queue`` requests waiting or running, each
    answered within ``seconds`` (a late one is abandoned: its thread finishes, unseen)."""

    def __init__(self, workers: int = 1, queue: int = 16, seconds: float = 30.0) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardedge-web")
        self.limit = queue
        self.seconds = seconds
        self.pending = 0
        self.lock = threading.Lock()

    async def run(self, work: Callable[[], str]) -> str:
        """``work()`` on a worker thread; Busy when the queue is full or time runs out."""
        with self.lock:
            if self.pending >= self.limit:
                raise Busy(f"busy: {self.pending} requests in the queue, try again shortly")
            self.pending += 1
        future = self.pool.submit(work)
        future.add_done_callback(lambda _: self._done())
        try:
            # shielded: a request out of time must not cancel its work (wrap_future would,
            # while it still waits for a thread), whose answer is kept for the retry
            return await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.seconds)
        except TimeoutError:
            raise Busy(
                f"no answer within {self.seconds:g} s: try again later (the answer is kept) "
                "or run it on the command line"
            ) from None

    def _done(self) -> None:
        with self.lock:
            self.pending -= 1

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
