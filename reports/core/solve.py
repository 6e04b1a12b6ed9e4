"""The payout that gives a target house edge (both games).

Every payout ``solve`` takes is paid the moment a hand is dealt (a natural, a Zero Pair,
ten-valued trips, a side bet's winning hand): it changes no decision, so under one strategy the
house edge is affine in it, ``edge(p) = edge(0) + slope * p``, and one evaluation prices every
payout (the game's room gives ``edge_at``). The payout hitting the target is then exact:
``p = (target - edge(0)) / slope``, which the tests feed back into ``edge``.

Edges are in percent of the wager the payout belongs to (the initial wager; the side bet for a
side bet), positive for the house.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from cardedge.analysis.core.rules import MAX_PAYOUT, payout_text
from cardedge.core.errors import BadValue
from cardedge.reports.core.render import Table

SIMPLE_DENOMINATOR = 10
"""A simple ratio ``a:b`` has ``b`` at most this (3:2, 6:5, 7:5, 9:4...)."""
WHOLE_FROM = 10
"""From this payout up, a simple ratio is a whole number to 1."""


@dataclass(frozen=True)
class Solution:
    """A solved payout: ``payout`` gives the ``target`` edge exactly (up to float rounding, or
    exactly when ``exact`` is a Fraction); ``ratio`` is the nearest simple ratio, with its own
    edge, and ``house_ratio`` the nearest simple ratio whose edge is at least the target."""

    target: float
    edge: float
    """The edge the solved payout gives, computed again (equals ``target`` to rounding)."""
    payout: float
    exact: Fraction | None
    slope: float
    """Change in the house edge (percentage points) per unit of payout (negative)."""
    ratio: Fraction
    ratio_edge: float
    house_ratio: Fraction | None
    house_ratio_edge: float | None
    reachable: tuple[float, float]
    """The edges payouts 0..``MAX_PAYOUT`` give, lowest first."""
    unpaid_edge: float
    """The house edge (percent) were the payout 0."""
    high: Fraction
    """The largest payout tried."""


def solve_payout(
    edge_at: Callable[[Fraction], float | Fraction],
    target: float | Fraction,
    high: int | Fraction = MAX_PAYOUT,
) -> Solution:
    """The payout whose edge (``edge_at(p)``, percent) is ``target``: affine in the payout, so
    two evaluations give it. ``BadValue`` (keyword ``target``) when no payout from 0 to
    ``high`` reaches it, naming the reachable range."""
    e0, e1 = edge_at(Fraction(0)), edge_at(Fraction(1))
    slope = e1 - e0
    high_end = edge_at(Fraction(high))
    lo, hi = sorted((float(e0), float(high_end)))
    if slope == 0:
        raise BadValue(
            "pay",
            "the house edge does not depend on this payout here (no deal of this shoe is paid it)",
        )
    exact = isinstance(e0, Fraction) and isinstance(slope, Fraction)
    t = Fraction(target) if exact else float(target)
    payout = (t - e0) / slope
    if not 0 <= payout <= high:
        raise BadValue(
            "target",
            f"no payout from 0 to {high} gives a house edge of {float(target):g}%: "
            f"the reachable edges are {lo:.4f}% to {hi:.4f}%",
        )
    denominator = simple_denominator(payout)
    ratio = Fraction(payout).limit_denominator(denominator)
    house = _house_ratio(payout, slope, high, denominator)
    return Solution(
        float(target),
        float(edge_at(Fraction(payout))),
        float(payout),
        payout if exact else None,  # type: ignore[arg-type]
        float(slope),
        ratio,
        float(edge_at(ratio)),
        house,
        None if house is None else float(edge_at(house)),
        (lo, hi),
        float(e0),
        Fraction(high),
    )


def simple_denominator(payout) -> int:
    """The largest denominator of a simple ratio near ``payout``: ``SIMPLE_DENOMINATOR``, but
    1 from ``WHOLE_FROM`` up (a side bet's '490 to 1', not '4412:9')."""
    return 1 if payout >= WHOLE_FROM else SIMPLE_DENOMINATOR


def _house_ratio(payout, slope, high, denominator: int) -> Fraction | None:
    """The simple ratio nearest ``payout`` on the house's side of it (the edge then at least
    the target): below the payout when a larger payout lowers the edge."""
    best = None
    for b in range(1, denominator + 1):
        a = int(Fraction(payout) * b) if slope < 0 else -int(-Fraction(payout) * b)
        r = Fraction(a, b)
        if r < 0 or r > high:
            continue
        if best is None or abs(r - Fraction(payout)) < abs(best - Fraction(payout)):
            best = r
    return best


def ratio_text(r: Fraction) -> str:
    """``a:b`` of a Fraction."""
    return f"{r.numerator}:{r.denominator}"


def solution_table(solution: Solution, pay: str, title: str, keys: dict, notes: list[str]) -> Table:
    """A solved payout as rows: the payout itself (decimal, and exact when it is a Fraction),
    the nearest simple ratio and the nearest on the house's side, each with its edge."""
    s = solution
    rows = [
        {
            "payout": "solved",
            "pays": payout_text(s.payout),
            "pays_decimal": s.payout,
            "exact": None if s.exact is None else f"{s.exact.numerator}/{s.exact.denominator}",
            "house_edge_percent": s.edge,
        },
        {
            "payout": "nearest simple ratio",
            "pays": ratio_text(s.ratio),
            "pays_decimal": float(s.ratio),
            "exact": None,
            "house_edge_percent": s.ratio_edge,
        },
    ]
    if s.house_ratio is not None:
        rows.append(
            {
                "payout": "nearest keeping the target",
                "pays": ratio_text(s.house_ratio),
                "pays_decimal": float(s.house_ratio),
                "exact": None,
                "house_edge_percent": s.house_ratio_edge,
            }
        )
    notes = [
        f"{pay} pays p to 1: house edge = {s.unpaid_edge:.6f}% + ({s.slope:.6f}) x p "
        "percentage points (an affine function: the payout "
        "settles a hand at once and changes no decision, so the strategy is the same at every "
        "payout).",
        f"reachable: {s.reachable[0]:.4f}% to {s.reachable[1]:.4f}% (payouts 0 to {s.high}).",
        *notes,
    ]
    return Table(
        title,
        rows,
        notes,
        digits={"house_edge_percent": 6, "pays_decimal": 10},
        keys={**keys, "pay": pay, "target_percent": s.target},
    )
