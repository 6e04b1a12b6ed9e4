"""Simulation statistics shared by both games' Monte Carlo kernels.

A kernel (``engine/<game>/simulate.py``) deals each round from a freshly shuffled shoe
(``dealing``: draws without replacement, in table order), plays it by decision tables and
settles every wager from the rules alone. It counts outcomes (a histogram of the round's net
result), first decisions and, for Zero, the Zero Pays side bet; ``Simulation`` turns the counts
into means, variances and standard errors, exactly. ``engine/<game>/replay.py`` plays the same
rounds through the Python engines (same seed, same cards): the tests compare the two count for
count.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from cardedge.core.sums import dot
from cardedge.engine.core.dealing import ShuffledShoe

DEFAULT_CHUNK = 65_536
"""Rounds per kernel call within a stream (results do not depend on it)."""

STREAM_ROUNDS = 1 << 18
"""Rounds dealt from one random stream. A run of n rounds is ceil(n / STREAM_ROUNDS) independent
streams, each starting from a fresh (sorted) shoe; threads take whole streams, so the counts
of a seed are the same whatever the number of threads."""

MAX_ROUNDS = 10**12
"""The most rounds one run may ask for (several days at ten million rounds a second)."""


@dataclass(frozen=True)
class Simulation:
    """Counts from simulated rounds and the statistics they give.

    ``outcome_net[i]`` is the net result per initial wager of outcome bin ``i`` and
    ``outcome_counts[i]`` how many rounds ended there; every round is in exactly one bin.
    """

    game: str
    policy: str
    rules: object
    decks: int
    """Decks of the fresh shoe every round is dealt from."""
    rounds: int
    seed: int | None
    outcome_labels: tuple[str, ...]
    outcome_net: np.ndarray
    outcome_counts: np.ndarray
    decision_labels: tuple[str, ...]
    decision_counts: np.ndarray
    side_labels: tuple[str, ...] = ()
    side_net: np.ndarray | None = None
    side_counts: np.ndarray | None = None

    @property
    def mean(self) -> float:
        """Mean net result per initial wager."""
        return dot(self.outcome_counts, self.outcome_net) / self.rounds

    @property
    def variance(self) -> float:
        """Sample variance of one round's net result (n - 1 denominator)."""
        return variance_of(self.outcome_counts, self.outcome_net, self.rounds)

    @property
    def stderr(self) -> float:
        """Standard error of ``mean``."""
        return math.sqrt(self.variance / self.rounds)

    @property
    def house_edge_percent(self) -> float:
        return -100.0 * self.mean

    @property
    def stderr_percent(self) -> float:
        return 100.0 * self.stderr

    def frequencies(self) -> dict[str, float]:
        """Share of rounds in each outcome bin."""
        return shares(self.outcome_labels, self.outcome_counts, self.rounds)

    def decision_frequencies(self) -> dict[str, float]:
        """Share of rounds by first decision."""
        return shares(self.decision_labels, self.decision_counts, self.rounds)

    def side_frequencies(self) -> dict[str, float]:
        """Share of rounds by the side bet's paying row ('loses' last)."""
        if self.side_counts is None:
            return {}
        return shares(self.side_labels, self.side_counts, self.rounds)

    @property
    def side_mean(self) -> float | None:
        """Mean net result of the side bet per unit staked (None when not simulated)."""
        if self.side_counts is None:
            return None
        return dot(self.side_counts, self.side_net) / self.rounds

    @property
    def side_stderr(self) -> float | None:
        if self.side_counts is None:
            return None
        return math.sqrt(variance_of(self.side_counts, self.side_net, self.rounds) / self.rounds)


def variance_of(counts: np.ndarray, nets: np.ndarray, n: int) -> float:
    """Sample variance of a round's net from ``counts`` of each net value ``nets`` over ``n``
    rounds (NaN below 2 rounds)."""
    if n < 2:
        return float("nan")
    mean = dot(counts, nets) / n
    return dot(counts, (nets - mean) ** 2) / (n - 1)


def shares(labels, counts, n) -> dict[str, float]:
    """Each label's share of ``n`` rounds (a frequency, not a percentage)."""
    return {lab: float(c) / n for lab, c in zip(labels, counts, strict=True)}


def check_seed(seed: int | None) -> int | None:
    """``seed`` if it is None or a whole number >= 0, else ValueError."""
    if seed is not None and (isinstance(seed, bool) or int(seed) != seed or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return None if seed is None else int(seed)


def check_rounds(rounds: int) -> int:
    """``rounds`` if it is a whole number in 2..MAX_ROUNDS, else ValueError."""
    if isinstance(rounds, bool) or int(rounds) != rounds or not 2 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number in 2..{MAX_ROUNDS:.0e}, got {rounds!r}")
    return int(rounds)


def chunks(rounds: int, chunk: int) -> list[int]:
    """``rounds`` split into runs of ``chunk`` rounds, the last one shorter if need be."""
    return [min(chunk, rounds - i) for i in range(0, rounds, chunk)]


def stream_sizes(rounds: int) -> list[int]:
    """Rounds dealt from each stream of a run of ``rounds`` rounds, in stream order."""
    return chunks(rounds, STREAM_ROUNDS)


def stream_rng(entropy: int, index: int) -> np.random.Generator:
    """The generator of stream ``index``: the ``index``-th child of ``SeedSequence(entropy)``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy, spawn_key=(index,))))


def stream_entropy(seed: int | None) -> int:
    """The seed itself, or fresh entropy for an unseeded run (shared by all its streams)."""
    seed = check_seed(seed)
    return np.random.SeedSequence().entropy if seed is None else seed


def replayed_shoes(decks: int, rounds: int, seed: int | None) -> Iterator[ShuffledShoe]:
    """The shoe of each round of a run, round by round, dealt as ``run_streams`` deals them:
    the rounds of stream ``i`` share one ``ShuffledShoe`` on stream ``i``'s generator.

    This is how the pure-Python twins (``engine/<game>/replay.py``) replay a kernel's run: given
    the same seed, ``ShuffledShoe`` deals exactly the cards the numba kernel deals (the same
    ``rng.integers`` calls in the same order), so a twin must return the kernel's counts exactly.
    """
    entropy = stream_entropy(seed)
    for i, size in enumerate(stream_sizes(check_rounds(rounds))):
        shoe = ShuffledShoe(decks, stream_rng(entropy, i))
        for _ in range(size):
            yield shoe


def deal_streams(
    play: Callable[[np.random.Generator, int], tuple[np.ndarray, ...]],
    rounds: int,
    entropy: int,
    streams: Sequence[int],
    threads: int | None = None,
    on_stream: Callable[[int, tuple[np.ndarray, ...]], None] | None = None,
) -> list[tuple[np.ndarray, ...]]:
    """The counts of each stream of ``streams`` (indices among a run of ``rounds`` rounds'
    streams, whose generators come from ``entropy``: ``stream_entropy``), in that order,
    played on ``threads`` threads; ``on_stream(i, counts)`` is called (under a lock) as each
    stream ``i`` finishes. Each stream's counts are its own, so they do not depend on which
    thread played it (``run_streams`` keeps only their sum)."""
    sizes = stream_sizes(check_rounds(rounds))
    streams = list(streams)
    out: list[tuple[np.ndarray, ...] | None] = [None] * len(streams)
    lock = threading.Lock()
    pending = iter(range(len(streams)))

    def worker() -> None:
        while True:
            with lock:
                j = next(pending, None)
            if j is None:
                return
            i = streams[j]
            counts = play(stream_rng(entropy, i), sizes[i])
            out[j] = counts
            if on_stream is not None:
                with lock:
                    on_stream(i, counts)

    n_threads = max(1, min(threads or os.cpu_count() or 1, len(streams)))
    if n_threads == 1:
        worker()
    else:
        with ThreadPoolExecutor(n_threads) as pool:
            list(pool.map(lambda _: worker(), range(n_threads)))
    return [c for c in out if c is not None]


def run_streams(
    play: Callable[[np.random.Generator, int], tuple[np.ndarray, ...]],
    rounds: int,
    seed: int | None,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, ...]:
    """Sum of ``play(rng, n)`` over the run's streams, played on ``threads`` threads.

    ``play`` deals ``n`` rounds from a fresh shoe with ``rng`` and returns its count arrays; it
    must release the GIL (a ``nogil`` kernel) for threads to help. Counts are integers, so the
    sums do not depend on which thread played which stream. ``progress(n)`` is called (under a
    lock) after each stream of n rounds.
    """
    rounds = check_rounds(rounds)
    entropy = stream_entropy(seed)
    sizes = stream_sizes(rounds)
    lock = threading.Lock()
    pending = iter(range(len(sizes)))

    def worker() -> tuple[np.ndarray, ...] | None:
        total = None
        while True:
            with lock:
                i = next(pending, None)
            if i is None:
                return total
            counts = play(stream_rng(entropy, i), sizes[i])
            total = (
                counts
                if total is None
                else tuple(a + b for a, b in zip(total, counts, strict=True))
            )
            if progress is not None:
                with lock:
                    progress(sizes[i])

    n_threads = max(1, min(threads or os.cpu_count() or 1, len(sizes)))
    if n_threads == 1:
        parts = [worker()]
    else:
        with ThreadPoolExecutor(n_threads) as pool:
            parts = list(pool.map(lambda _: worker(), range(n_threads)))
    parts = [p for p in parts if p is not None]
    return tuple(sum(arrays[1:], arrays[0].copy()) for arrays in zip(*parts, strict=True))
