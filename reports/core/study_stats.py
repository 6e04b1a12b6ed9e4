"""The statistics of a shoe study's per-round records that its tables and its betting statistics
share (both games): means over the rounds dealt with their standard errors, and whole true-count
bins.

Every figure of a study is a statistic of the rounds the study dealt: the exact values are exact
for each round's cards, and the averages over rounds are sample means over the shoes dealt, with
standard errors that treat each shoe as one independent draw (rounds of one shoe share its
cards, so they are not independent of each other).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

TC_LIMIT = 10
"""True-count bins of a level-1 count run from below -``TC_LIMIT`` + 1 to ``TC_LIMIT`` and
above; a level-L count's true counts spread L times wider, and so do its bins
(``tc_limit``)."""


def shoe_mean(values, shoes) -> tuple[float, float]:
    """(mean per round, its standard error) with each shoe one independent draw: the ratio of
    the shoes' sums to their rounds, its SE from the spread of the shoes' sums (NaN for one
    shoe; both NaN without rounds)."""
    frame = pd.DataFrame({"x": np.asarray(values, dtype=float), "shoe": np.asarray(shoes)})
    by_shoe = frame.groupby("shoe")["x"].agg(["sum", "count"])
    total, n = float(by_shoe["sum"].sum()), float(by_shoe["count"].sum())
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    k = len(by_shoe)
    if k < 2:
        return mean, math.nan
    resid = by_shoe["sum"] - mean * by_shoe["count"]
    return mean, math.sqrt(k / (k - 1) * float((resid**2).sum())) / n


def tc_limit(level: float) -> int:
    """The end bins of a count of this level (``TC_LIMIT`` per unit of level)."""
    return TC_LIMIT * max(1, math.ceil(level))


def true_count_bins(true_counts, limit: int = TC_LIMIT) -> np.ndarray:
    """Whole true count below each (floored), clipped to -``limit``..``limit``."""
    return np.clip(np.floor(np.asarray(true_counts, dtype=float)), -limit, limit).astype(int)
