"""Betting statistics of a shoe study's rounds (both games): win, SD, SCORE and N0 of a way of
betting (flat, a ramp), exact and simulated; the risk of ruin and the bankroll for a risk; the
optimal (Kelly) ramps; the break-even true count. A **win** is the player's, in units.

**Win rate, SD, SCORE, N0** for a bet ramp ``b(true count)``:
- exact: win per round ``w = mean(b x ev)`` from each round's exact EV of the strategy;
  variance ``mean(b^2) x m2 - w^2`` with ``m2`` the second moment of a round's net on a fresh
  shoe under the strategy (exact; a round's SD moves by about 1% with the composition, and
  computing each round's own would cost ten times the study);
- simulated: the mean and variance of ``b x net`` over the rounds dealt.
Per 100 rounds: win ``100 w``, SD ``10 sqrt(var)``; ``N0 = var / w^2`` (rounds to a win of one
SD); ``SCORE = 10^6 w^2 / var`` (win per 100 rounds with the bet scaled to a 10,000-unit bank
at the optimal, 13.5% risk-of-ruin level), both given only when ``w > 0``. ``z`` is the
simulated minus the exact win in standard errors of their difference.

**Risk of ruin** of a way of betting with win ``w`` and SD ``s`` per round (exact), for a
bankroll of ``B`` units, is the diffusion (Brownian motion with drift) approximation of play
that never stops and never resizes its bets: ``RoR = exp(-2 w B / s^2)``, 1 when ``w <= 0``;
the bankroll for a risk ``r`` is ``B = -s^2 ln(r) / (2 w)`` (none when ``w <= 0``).

**The optimal (Kelly) ramp** for a bankroll of ``B`` units and a spread ``LOW-HIGH``: at each
whole true count bin, the bet that maximises the expected log growth of the bankroll to second
order, the fraction ``f = edge / m2`` of it (``edge``: the mean exact EV of the strategy over
the bin's rounds; ``m2``: a round's second moment, the fresh shoe's, as for the SD above; 0
where the edge is not positive), as ``f B`` units (full Kelly) or ``f B / 2`` (half Kelly),
rounded to whole units and kept within ``LOW``..``HIGH``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardedge.reports.core.ramp import Ramp
from cardedge.reports.core.study_stats import TC_LIMIT, shoe_mean, true_count_bins

MIN_BIN_SHARE = 0.001
"""A true-count bin counts towards the break-even count only with this share of the rounds..."""
MIN_BIN_ROUNDS = 20
"""...and at least this many rounds."""
RISKS: tuple[tuple[float, str], ...] = ((0.135, "13_5"), (0.05, "5"))
"""Risks of ruin whose bankroll the betting tables give, with their column's suffix."""
DEFAULT_KELLY_BANKROLL = 10_000.0
"""The bankroll (units) of the optimal ramp without ``--bankroll``: SCORE's."""


def risk_of_ruin(win: float, sd: float, bankroll: float) -> float:
    """``exp(-2 win bankroll / sd^2)``: the diffusion risk of ruin of a win ``win`` and SD ``sd``
    per round (units) with ``bankroll`` units; 1 when the win is not positive, 0 for a positive
    win without variance."""
    if not win > 0:
        return 1.0
    if not sd > 0:
        return 0.0
    return math.exp(-2.0 * win * bankroll / (sd * sd))


def bankroll_for_risk(win: float, sd: float, risk: float) -> float | None:
    """``-sd^2 ln(risk) / (2 win)``: the bankroll (units) whose diffusion risk of ruin is
    ``risk``; None when the win is not positive (no bankroll suffices)."""
    if not win > 0:
        return None
    return -sd * sd * math.log(risk) / (2.0 * win)


def n0(win: float, variance: float) -> float | None:
    """``variance / win^2``: the rounds to a total win of one SD (N0), from a win and a
    variance per round; None unless both are positive."""
    return variance / (win * win) if win > 0 and variance > 0 else None


def score(win: float, variance: float) -> float | None:
    """``10^6 win^2 / variance``: SCORE, the win per 100 rounds of this way of betting scaled
    to a 10,000-unit bankroll at its optimal (13.5% risk of ruin) size, from a win and a
    variance per round; None unless both are positive."""
    return 1e6 * win * win / variance if win > 0 and variance > 0 else None


def desirability_index(win: float, sd: float) -> float | None:
    """``1000 win / sd``: the desirability index (DI, the square root of SCORE), from a win and
    an SD per round; None unless both are positive."""
    return 1000.0 * win / sd if win > 0 and sd > 0 else None


def ramp_win_variance(
    shares: Sequence[float], edges: Sequence[float], bets: Sequence[float], second_moment: float
) -> tuple[float, float]:
    """(win, variance) per round, units, of betting ``bets[k]`` units in the share
    ``shares[k]`` of the rounds, whose player edge is ``edges[k]`` (a fraction of the initial
    wager), a round's second moment ``second_moment`` at every count: ``w = sum(s b e)``,
    ``var = sum(s b^2) m2 - w^2`` (the study tables' exact rows, bin by bin)."""
    win = sum(s * b * e for s, b, e in zip(shares, bets, edges, strict=True))
    square = sum(s * b * b for s, b in zip(shares, bets, strict=True))
    return win, max(square * second_moment - win * win, 0.0)


def ruin_column(bankroll: float) -> str:
    """'risk_of_ruin_B1000': the risk of ruin column of a bankroll of 1,000 units."""
    return f"risk_of_ruin_B{bankroll:.12g}"


def risk_column(suffix: str) -> str:
    """'bankroll_for_13_5_percent': the column of the bankroll for a risk (``RISKS``)."""
    return f"bankroll_for_{suffix}_percent"


def _risk(win: float | None, sd: float | None, bankrolls: Sequence[float]) -> dict:
    """The risk of ruin per bankroll and the bankroll per risk (``RISKS``) of a win and SD per
    round; every column blank when ``win`` is None (a simulated row)."""
    row: dict = {
        ruin_column(b): None if win is None else risk_of_ruin(win, sd, b) for b in bankrolls
    }
    for risk, suffix in RISKS:
        row[risk_column(suffix)] = None if win is None else bankroll_for_risk(win, sd, risk)
    return row


def _betting(shoes, bets: np.ndarray, per_round: np.ndarray, second: float) -> dict:
    """Average bet, win and SD per 100 rounds, SCORE and N0 of ``bets`` on rounds worth
    ``per_round`` each (exact EVs or simulated nets), ``second`` the mean of (bet x result)^2;
    SCORE and N0 blank unless the win and the variance are positive."""
    w, se = shoe_mean(bets * per_round, shoes)
    var = max(second - w * w, 0.0)
    return {
        "average_bet": float(bets.mean()),
        "win_per_100": 100 * w,
        "win_se_per_100": 100 * se,
        "sd_per_100": 10 * math.sqrt(var),
        "score": score(w, var),
        "n0": n0(w, var),
    }


def _exact_betting(
    records: pd.DataFrame, bets: np.ndarray, m2: float, bankrolls: Sequence[float] = ()
) -> dict:
    """``_betting`` from each round's exact EV, the second moment ``m2`` a fresh shoe's, with
    the risk of ruin per bankroll and the bankrolls for ``RISKS`` (``_risk``)."""
    ev = records["ev_strategy"].to_numpy()
    second = float(np.mean(bets**2)) * m2
    row = _betting(records["shoe"], bets, ev, second)
    w, _ = shoe_mean(bets * ev, records["shoe"])
    return row | _risk(w, math.sqrt(max(second - w * w, 0.0)), bankrolls)


def _ramp_rows(
    records: pd.DataFrame, bets: np.ndarray, label: str, m2: float, bankrolls: Sequence[float]
) -> list[dict]:
    """The exact and the simulated row of one way of betting; ``z`` on the simulated one, the
    risk of ruin on the exact one."""
    shoes = records["shoe"]
    ev = records["ev_strategy"].to_numpy()
    net = records["net"].to_numpy()
    simulated = _betting(shoes, bets, net, float(np.mean((bets * net) ** 2)))
    diff, se_diff = shoe_mean(bets * (net - ev), shoes)
    return [
        {
            "bets": label,
            "source": "exact",
            **_exact_betting(records, bets, m2, bankrolls),
            "z": None,
        },
        {
            "bets": label,
            "source": "simulated",
            **simulated,
            **_risk(None, None, bankrolls),
            "z": diff / se_diff if se_diff > 0 else None,
        },
    ]


@dataclass(frozen=True)
class OptimalRamps:
    """The optimal (Kelly) ramps of a study: full and half Kelly for ``bankroll`` units within
    the spread ``low``-``high``, and the true-count bins they come from."""

    bankroll: float
    low: float
    high: float
    bins: pd.DataFrame
    """By whole true count bin: rounds, edge (mean exact EV of the strategy), m2_simulated (mean
    squared net of the rounds played), fraction (of the bankroll, full Kelly), full and half
    (units)."""
    full: Ramp
    half: Ramp

    @property
    def spread(self) -> str:
        return f"{self.low:g}-{self.high:g}"


def kelly_units(
    edge: float, second_moment: float, bankroll: float, low: float, high: float, share=1.0
) -> float:
    """The Kelly bet in units: ``share`` x ``edge / second_moment`` (0 when the edge is not
    positive) of ``bankroll`` units, rounded to whole units (halves up), within ``low``-``high``."""
    fraction = max(edge, 0.0) / second_moment if second_moment > 0 else 0.0
    return float(min(high, max(low, math.floor(share * fraction * bankroll + 0.5))))


def optimal_ramps(
    records: pd.DataFrame,
    second_moment: float,
    bankroll: float,
    low: float,
    high: float,
    limit: int = TC_LIMIT,
) -> OptimalRamps:
    """Full and half Kelly bets at each true count bin of ``records`` (module docstring)."""
    bins = true_count_bins(records["true_count"], limit)
    frame = pd.DataFrame(
        {"bin": bins, "ev": records["ev_strategy"].to_numpy(), "net2": records["net"] ** 2}
    )
    stats = frame.groupby("bin").agg(
        rounds=("ev", "size"), edge=("ev", "mean"), m2_simulated=("net2", "mean")
    )
    stats["fraction"] = [
        max(e, 0.0) / second_moment if second_moment > 0 else 0.0 for e in stats["edge"]
    ]
    for column, share in (("full", 1.0), ("half", 0.5)):
        stats[column] = [
            kelly_units(e, second_moment, bankroll, low, high, share) for e in stats["edge"]
        ]
    counts = tuple(int(k) for k in stats.index)
    spread = f"{low:g}-{high:g}"
    bank = f"{bankroll:,.12g}"
    return OptimalRamps(
        bankroll,
        low,
        high,
        stats,
        Ramp(f"optimal {spread}, full Kelly, bank {bank}", counts, tuple(stats["full"])),
        Ramp(f"optimal {spread}, half Kelly, bank {bank}", counts, tuple(stats["half"])),
    )


def _bin_means(records: pd.DataFrame, limit: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Mean exact EV of the strategy and rounds per whole true count bin: every bin, and the
    bins with at least ``MIN_BIN_ROUNDS`` rounds and ``MIN_BIN_SHARE`` of them."""
    bins = true_count_bins(records["true_count"], limit)
    stats = pd.Series(records["ev_strategy"].to_numpy()).groupby(bins).agg(["mean", "count"])
    return stats, stats[stats["count"] >= max(MIN_BIN_ROUNDS, MIN_BIN_SHARE * len(records))]


def break_even_count(records: pd.DataFrame, limit: int = TC_LIMIT) -> int | None:
    """The lowest whole true count from which every bin up holds a player advantage (mean exact
    EV of the strategy above 0), over bins with at least ``MIN_BIN_ROUNDS`` rounds and
    ``MIN_BIN_SHARE`` of them; None when no such bin has an advantage."""
    _, stats = _bin_means(records, limit)
    start = None
    for k in sorted(stats.index, reverse=True):
        if stats.loc[k, "mean"] > 0:
            start = int(k)
        else:
            break
    return start
