"""What a simulated shoe game's tallies by true count give (both games): the edge of each
true count, the win, SD, N0, SCORE, DI and risk of ruin of any ramp, and the optimal ramp.

The tallies (``engine/<game>/shoe_game.py``) hold, per whole true count bin ``k``, the rounds
``n_k``, the sum ``S_k`` and the sum of squares ``Q_k`` of a one-unit round's net. A bet of
``b_k`` units in bin ``k`` (a ramp; 0 where the counter wongs out) then wins ``w = sum(b_k
S_k) / N`` units a round (``N`` every round dealt, bet or not) with variance ``sum(b_k^2 Q_k)
/ N - w^2``: the CVCX viewer's trick, exact for any bet that depends on the bin only, without
dealing again.

**Standard errors.** Rounds of one shoe are correlated through the count, so the SE is by batch
means when the run has at least ``MIN_BATCHES`` batches (a batch: a stream of whole shoes from a
fresh shuffle, independent of the others; ``ShoeTallies.batch_outcomes``): a ratio ``R = sum_b
X_b / sum_b Y_b`` over ``B`` batches (a bin's edge: X its nets, Y its rounds; a ramp's win: X
its bets' nets, Y every round) has variance ``B / (B - 1) sum_b (X_b - R Y_b)^2 / (sum_b
Y_b)^2``. With fewer batches the rounds are taken as independent draws (a bin's SE its SD over
sqrt(n)), and the tables say so.

The formulas of N0, SCORE, DI and the lifetime risk of ruin are ``reports/core/betting.py``'s;
the risk of ruin in a trip of ``R`` rounds is the diffusion's first passage below ``-B`` by
round ``R``: ``Phi((-B - wR) / (s sqrt R)) + exp(-2wB/s^2) Phi((-B + wR) / (s sqrt R))``.

**Optimal ramp** for a spread ``LOW-HIGH`` (0 allowed to wong out), a bankroll ``B`` and a
risk of ruin ``r``: the bets per bin that maximise the win subject to ``RoR <= r``, i.e.
``var <= 2 w B / -ln r``. With a Lagrange multiplier the best bet of each bin is
``clip(alpha e_k / m2_k, LOW, HIGH)`` (``e_k``: the bin's edge, ``m2_k`` its second moment),
one family in ``alpha``; the search tries ``ALPHAS`` (bets rounded to whole units), keeps the
member of greatest win that meets the risk, then moves single bins up or down a unit while the
win grows and the risk holds (a coordinate search). Kelly's ramp is the member ``alpha = B``.
When no member meets the risk, the member of least risk is given (``OptimalRamp.meets``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cardedge.reports.core.betting import (
    bankroll_for_risk,
    desirability_index,
    n0,
    risk_of_ruin,
    score,
)
from cardedge.reports.core.ramp import MAX_UNITS, Ramp

MIN_BATCHES = 20
"""The fewest batches whose batch means give the SE; below, rounds are taken as independent."""


def batch_ratio_stderr(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SE by batch means of the ratio ``sum x / sum y`` over the batches of axis 0 (``x``,
    ``y``: [batch, ...]; the module docstring's formula), NaN where ``sum y`` is 0 or below 2
    batches."""
    b = len(x)
    total = y.sum(axis=0).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = x.sum(axis=0) / total
        resid = x - ratio * y
        var = b / (b - 1) * (resid * resid).sum(axis=0) / (total * total) if b > 1 else np.nan
        return np.where(total > 0, np.sqrt(var), np.nan)


@dataclass(frozen=True)
class BinStats:
    """The tallies by true count bin: ``true_counts`` (the first and last pool the tails),
    ``rounds``, ``sums`` and ``squares`` of a one-unit round's net; ``batch_rounds`` and
    ``batch_sums`` ([batch, bin]) the same of each batch, when kept (the SE by batch means)."""

    true_counts: np.ndarray
    rounds: np.ndarray
    sums: np.ndarray
    squares: np.ndarray
    batch_rounds: np.ndarray | None = None
    batch_sums: np.ndarray | None = None

    @property
    def batches(self) -> int:
        return 0 if self.batch_rounds is None else len(self.batch_rounds)

    @property
    def by_batches(self) -> bool:
        """Whether the SEs are by batch means (at least ``MIN_BATCHES`` batches)."""
        return self.batches >= MIN_BATCHES

    def se_method(self) -> str:
        """How the SEs are computed, in words (the tables' notes)."""
        if self.by_batches:
            return f"by batch means over {self.batches} batches of whole shoes"
        return (
            f"the rounds taken as independent draws ({self.batches} batches of whole shoes, "
            f"fewer than the {MIN_BATCHES} batch means need: a longer run gives them)"
        )

    @property
    def total(self) -> int:
        return int(self.rounds.sum())

    @property
    def shares(self) -> np.ndarray:
        return self.rounds / self.total

    @property
    def edges(self) -> np.ndarray:
        """Mean net of a one-unit round per bin (player's side; 0 in an empty bin)."""
        return np.divide(
            self.sums, self.rounds, out=np.zeros(len(self.rounds)), where=self.rounds > 0
        )

    @property
    def second_moments(self) -> np.ndarray:
        return np.divide(
            self.squares, self.rounds, out=np.zeros(len(self.rounds)), where=self.rounds > 0
        )

    @property
    def variances(self) -> np.ndarray:
        """Sample variance of a one-unit round's net per bin (NaN below 2 rounds)."""
        n = self.rounds.astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            v = (self.squares - self.sums**2 / n) / (n - 1)
        return np.where(n >= 2, np.maximum(v, 0.0), np.nan)

    @property
    def round_stderrs(self) -> np.ndarray:
        """SE of each bin's edge, the rounds taken as independent draws."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sqrt(self.variances / self.rounds)

    @property
    def batch_stderrs(self) -> np.ndarray:
        """SE of each bin's edge by batch means (NaN without batches)."""
        if self.batch_rounds is None:
            return np.full(len(self.rounds), np.nan)
        return batch_ratio_stderr(self.batch_sums, self.batch_rounds)

    @property
    def stderrs(self) -> np.ndarray:
        """SE of each bin's edge: by batch means with enough batches, else ``round_stderrs``."""
        return self.batch_stderrs if self.by_batches else self.round_stderrs

    def bets(self, ramp: Ramp, wong_out: float | None = None) -> np.ndarray:
        """Units bet in each bin by ``ramp`` (0 below ``wong_out``)."""
        bets = ramp.bets(self.true_counts.astype(float))
        if wong_out is not None:
            bets = np.where(self.true_counts < wong_out, 0.0, bets)
        return bets

    def win_variance(self, bets: Sequence[float]) -> tuple[float, float]:
        """(win, variance) per round dealt, in units, betting ``bets[k]`` in bin ``k``."""
        b = np.asarray(bets, dtype=float)
        w = float(b @ self.sums) / self.total
        var = float((b * b) @ self.squares) / self.total - w * w
        return w, max(var, 0.0)

    def win_stderr(self, bets: Sequence[float]) -> float:
        """Standard error of ``win_variance``'s win: by batch means with enough batches, else
        ``round_win_stderr``."""
        if not self.by_batches:
            return self.round_win_stderr(bets)
        b = np.asarray(bets, dtype=float)
        won = self.batch_sums @ b
        return float(batch_ratio_stderr(won, self.batch_rounds.sum(axis=1)))

    def round_win_stderr(self, bets: Sequence[float]) -> float:
        """Standard error of the win, the rounds taken as independent draws."""
        b = np.asarray(bets, dtype=float)
        var = np.nan_to_num(self.variances)
        return math.sqrt(float((b * b * var) @ self.rounds)) / self.total


def trip_risk(win: float, sd: float, bankroll: float, rounds: float) -> float:
    """The diffusion probability of losing ``bankroll`` units within ``rounds`` rounds, from a
    win ``win`` and SD ``sd`` per round (module docstring)."""
    if not sd > 0:
        return 0.0 if win >= 0 or bankroll > -win * rounds else 1.0
    root = sd * math.sqrt(rounds)
    first = _phi((-bankroll - win * rounds) / root)
    exponent = -2.0 * win * bankroll / (sd * sd)
    second = math.exp(exponent) * _phi((-bankroll + win * rounds) / root) if exponent < 700 else 0
    return min(1.0, first + second)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def betting_row(
    stats: BinStats,
    bets: Sequence[float],
    bankrolls: Sequence[float] = (),
    trip_rounds: float | None = None,
) -> dict:
    """Average bet, win and SD per 100 rounds, N0, SCORE, DI, the risk of ruin of each
    bankroll (lifetime, and in ``trip_rounds`` rounds when given) and the bankrolls for a 13.5%
    and a 5% risk, of betting ``bets`` by bin."""
    b = np.asarray(bets, dtype=float)
    w, var = stats.win_variance(b)
    sd = math.sqrt(var)
    row = {
        "average_bet": float(b @ stats.rounds) / stats.total,
        "rounds_played": float((b > 0) @ stats.rounds) / stats.total,
        "win_per_100": 100 * w,
        "win_se_per_100": 100 * stats.win_stderr(b),
        "sd_per_100": 10 * sd,
        "n0": n0(w, var),
        "score": score(w, var),
        "di": desirability_index(w, sd),
    }
    for bank in bankrolls:
        row[f"risk_of_ruin_B{bank:.12g}"] = risk_of_ruin(w, sd, bank)
        if trip_rounds is not None:
            row[f"trip_risk_B{bank:.12g}"] = trip_risk(w, sd, bank, trip_rounds)
    row["bankroll_for_13_5_percent"] = bankroll_for_risk(w, sd, 0.135)
    row["bankroll_for_5_percent"] = bankroll_for_risk(w, sd, 0.05)
    return row


@dataclass(frozen=True)
class OptimalRamp:
    """The optimal ramp's bets by bin, its win and variance per round, and the risk it runs."""

    bets: np.ndarray
    win: float
    variance: float
    risk: float
    alpha: float
    """The continuous family's multiplier the search started from (Kelly's is the bankroll)."""
    meets: bool
    """False when no ramp of the spread meets the risk (then the ramp of least risk found)."""

    def ramp(self, true_counts: Sequence[int], name: str) -> Ramp:
        return Ramp(name, tuple(int(k) for k in true_counts), tuple(float(b) for b in self.bets))


def optimal_ramp(
    stats: BinStats,
    low: float,
    high: float,
    bankroll: float,
    risk: float,
    wong: bool = False,
    min_rounds: int = 100,
) -> OptimalRamp:
    """The bets by bin within ``low``-``high`` (0 where the edge is negative, with ``wong``)
    that maximise the win with a risk of ruin of at most ``risk`` for ``bankroll`` units
    (module docstring). Bins with fewer than ``min_rounds`` rounds take their neighbour's edge
    side: they bet ``low`` below the middle and ``high`` above when nothing else is known."""
    if not (0 < risk < 1 and bankroll > 0 and 0 <= low < high <= MAX_UNITS):
        raise ValueError("optimal ramp: need 0 < risk < 1, bankroll > 0, 0 <= low < high")
    floor_bet = 0.0 if wong else low
    edges, m2 = stats.edges, stats.second_moments
    known = stats.rounds >= min_rounds
    budget = 2.0 * bankroll / -math.log(risk)

    def clip(bets: np.ndarray) -> np.ndarray:
        out = np.clip(bets, low, high)
        if wong:
            out = np.where(edges <= 0, 0.0, out)
        # thin bins: the last known bin's bet outward (the ramp stays monotone in the tails)
        idx = np.flatnonzero(known)
        if idx.size:
            out[: idx[0]] = out[idx[0]]
            out[idx[-1] + 1 :] = out[idx[-1]]
        return out

    def family(alpha: float) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            raw = np.where(m2 > 0, alpha * edges / m2, 0.0)
        return clip(raw)

    def feasible(bets: np.ndarray) -> bool:
        w, var = stats.win_variance(bets)
        return w > 0 and var <= budget * w

    def whole(alpha: float) -> np.ndarray:
        return clip(np.round(family(alpha)))

    candidates = [(a, whole(a)) for a in ALPHAS]
    wins = [stats.win_variance(b) for _, b in candidates]
    ok = [i for i, (a, b) in enumerate(candidates) if feasible(b)]
    if ok:
        i = max(ok, key=lambda j: wins[j][0])
        bets = _polish(stats, candidates[i][1], floor_bet, high, feasible, known)
    else:  # no ramp of the spread meets the risk: the one with the least risk
        i = max(range(len(candidates)), key=lambda j: wins[j][0] / max(wins[j][1], 1e-300))
        bets = candidates[i][1]
    w, var = stats.win_variance(bets)
    sd = math.sqrt(var)
    return OptimalRamp(bets, w, var, risk_of_ruin(w, sd, bankroll), candidates[i][0], bool(ok))


ALPHAS = np.geomspace(1e-2, 1e8, 401)
"""The multipliers of the clipped Kelly family the search tries (whole-unit bets each)."""


def _polish(stats, bets, low, high, feasible, known) -> np.ndarray:
    """Single-bin moves of one unit (to ``low`` or 0 at the bottom) while the win grows and
    ``feasible`` holds, best move first."""
    bets = bets.copy()
    for _ in range(10 * len(bets) * int(max(high, 1))):
        w0, _ = stats.win_variance(bets)
        best, best_w = None, w0
        for k in np.flatnonzero(known):
            for step in (1.0, -1.0):
                trial = bets.copy()
                trial[k] = min(high, max(low, bets[k] + step))
                if trial[k] == bets[k]:
                    continue
                w, _ = stats.win_variance(trial)
                if w > best_w + 1e-15 and feasible(trial):
                    best, best_w = trial, w
        if best is None:
            break
        bets = best
    return bets


def parse_ramp(text: str) -> Ramp:
    """A ramp from ``UNITS:TC,UNITS:TC,...`` (``1:-1,2:1,4:2,8:3``: 1 unit below true count 1,
    2 from +1, 4 from +2, 8 from +3; below the first count its units too), or a ValueError."""
    pairs = []
    for part in text.split(","):
        units, sep, count = part.partition(":")
        try:
            pairs.append((int(count), float(units)))
        except ValueError:
            raise ValueError(
                f"ramp {text!r}: write UNITS:TRUE_COUNT pairs, e.g. 1:-1,2:1,4:2,8:3"
            ) from None
        if not sep:
            raise ValueError(f"ramp {text!r}: {part!r} lacks ':TRUE_COUNT'")
    pairs.sort()
    counts = [c for c, _ in pairs]
    units = [u for _, u in pairs]
    if len(set(counts)) != len(counts):
        raise ValueError(f"ramp {text!r}: a true count appears twice")
    if any(not (0 <= u <= MAX_UNITS) or not math.isfinite(u) for u in units):
        raise ValueError(f"ramp {text!r}: units must be in 0..{MAX_UNITS}")
    return Ramp(text.replace(" ", ""), tuple(counts), tuple(units))
