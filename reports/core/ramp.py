"""Bet ramps: how many units a counter bets at each true count (both games).

A **stated ramp** ``LOW-HIGH`` from ``start``: ``LOW`` units below true count ``start``, then
one unit more for each whole true count from it (``LOW + 1`` at ``start``, ``LOW + 2`` at
``start + 1`` ...), up to ``HIGH``. The true count is taken down to the whole count below it
(+2.7 bets as +2), as counters bet. A **ramp file** is a CSV with the header
``true_count,units`` and one row per whole true count from which a bet applies, true counts
increasing and units not decreasing; below the first row the first row's units are bet.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_UNITS = 10_000
"""The largest bet a ramp may name, in units (a bound that keeps every figure finite)."""
MAX_BANKROLL = 1e12
"""The largest bankroll (``--bankroll``), in units: a bound that keeps every figure finite."""
_SPREAD = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class Ramp:
    """Units bet from each whole true count: ``units[i]`` from ``counts[i]`` up (and below
    ``counts[0]``, ``units[0]``)."""

    name: str
    counts: tuple[int, ...]
    units: tuple[float, ...]

    def bets(self, true_counts) -> np.ndarray:
        """Units bet at each true count (floored to the whole count below)."""
        whole = np.floor(np.asarray(true_counts, dtype=float))
        where = np.searchsorted(np.array(self.counts, dtype=float), whole, side="right") - 1
        return np.array(self.units, dtype=float)[np.clip(where, 0, None)]

    @property
    def spread(self) -> str:
        """'1-8': the smallest and largest bet."""
        return f"{min(self.units):g}-{max(self.units):g}"


def stated_ramp(low: float, high: float, start: int) -> Ramp:
    """The stated ramp ``low-high`` from true count ``start`` (module docstring)."""
    check_spread(low, high)
    steps = math.ceil(high - low)
    counts = [start - 1] + [start + k for k in range(steps)]
    units = [low] + [min(high, low + k + 1) for k in range(steps)]
    return Ramp(f"{low:g}-{high:g} from true count {start:+d}", tuple(counts), tuple(units))


def check_spread(low: float, high: float) -> None:
    """ValueError unless 0 < low < high <= ``MAX_UNITS``."""
    if not (math.isfinite(low) and math.isfinite(high)) or low <= 0:
        raise ValueError(f"spread {low:g}-{high:g}: the smallest bet must be a positive number")
    if high <= low:
        raise ValueError(
            f"spread {low:g}-{high:g} is not increasing: write LOW-HIGH with LOW < HIGH (1-8)"
        )
    if high > MAX_UNITS:
        raise ValueError(f"spread {low:g}-{high:g}: bets are limited to {MAX_UNITS:,} units")


def parse_spread(text: str) -> tuple[float, float] | None:
    """(low, high) of 'LOW-HIGH', or None when ``text`` is not of that form."""
    m = _SPREAD.match(text)
    return (float(m.group(1)), float(m.group(2))) if m else None


def load_ramp(path: str | Path) -> Ramp:
    """A ramp file (module docstring), or a one-line ValueError naming the line at fault."""
    path = Path(path)
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read the ramp file ({e})") from None
    rows = list(csv.reader(lines))
    if not rows or [c.strip() for c in rows[0]] != ["true_count", "units"]:
        raise ValueError(f"{path}: a ramp file starts with the header 'true_count,units'")
    counts: list[int] = []
    units: list[float] = []
    for n, row in enumerate(rows[1:], start=2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != 2:
            raise ValueError(f"{path}, line {n}: two fields expected (true_count,units)")
        try:
            tc, bet = int(row[0]), float(row[1])
        except ValueError:
            raise ValueError(
                f"{path}, line {n}: a whole true count and a number of units expected"
            ) from None
        if not math.isfinite(bet) or not 0 < bet <= MAX_UNITS:
            raise ValueError(f"{path}, line {n}: units must be in (0, {MAX_UNITS:,}]")
        if counts and tc <= counts[-1]:
            raise ValueError(f"{path}, line {n}: true counts must increase")
        if units and bet < units[-1]:
            raise ValueError(f"{path}, line {n}: units must not decrease as the count rises")
        counts.append(tc)
        units.append(bet)
    if not counts:
        raise ValueError(f"{path}: the ramp file has no rows")
    return Ramp(path.name, tuple(counts), tuple(units))


def resolve_ramp(spread: str, start: int) -> Ramp:
    """``--spread``: 'LOW-HIGH' (a stated ramp from ``start``) or a ramp file."""
    parsed = parse_spread(spread)
    if parsed is not None:
        return stated_ramp(*parsed, start)
    if Path(spread).is_file():
        return load_ramp(spread)
    raise ValueError(f"--spread {spread!r} is neither LOW-HIGH (like 1-8) nor a ramp file")
