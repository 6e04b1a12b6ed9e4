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
from dataclasses import dataclass

import numpy as np

DEFAULT_CHUNK = 500_000
"""Rounds per kernel call (progress is reported between calls; results do not depend on it)."""


@dataclass(frozen=True)
class Simulation:
    """Counts from simulated rounds and the statistics they give.

    ``outcome_net[i]`` is the net result per initial wager of outcome bin ``i`` and
    ``outcome_counts[i]`` how many rounds ended there; every round is in exactly one bin.
    """

    game: str
    policy: str
    rules: object
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
        return float(self.outcome_counts @ self.outcome_net) / self.rounds

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
        return float(self.side_counts @ self.side_net) / self.rounds

    @property
    def side_stderr(self) -> float | None:
        if self.side_counts is None:
            return None
        return math.sqrt(variance_of(self.side_counts, self.side_net, self.rounds) / self.rounds)


def variance_of(counts: np.ndarray, nets: np.ndarray, n: int) -> float:
    if n < 2:
        return float("nan")
    mean = float(counts @ nets) / n
    return float(counts @ (nets - mean) ** 2) / (n - 1)


def shares(labels, counts, n) -> dict[str, float]:
    return {lab: float(c) / n for lab, c in zip(labels, counts, strict=True)}


def rng_for(seed: int | None) -> np.random.Generator:
    if seed is not None and (isinstance(seed, bool) or int(seed) != seed or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return np.random.default_rng(seed)


def check_rounds(rounds: int) -> int:
    if isinstance(rounds, bool) or int(rounds) != rounds or rounds < 2:
        raise ValueError(f"rounds must be a whole number >= 2, got {rounds!r}")
    return int(rounds)


def chunks(rounds: int, chunk: int) -> list[int]:
    return [min(chunk, rounds - i) for i in range(0, rounds, chunk)]
