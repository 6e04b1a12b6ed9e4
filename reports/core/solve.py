"""The payout that gives a target house edge (both games), and the payouts a casino prints on
either side of it.

Every payout ``solve`` takes is paid the moment a hand is dealt (a natural, a Zero Pair,
ten-valued trips, a side bet's winning hand): it changes no decision, so under one strategy the
house edge is affine in it, ``edge(p) = edge(0) + slope * p``, and one evaluation prices every
payout (the game's room gives ``edge_at``). The payout hitting the target is then exact:
``p = (target - edge(0)) / slope``, which the tests feed back into ``edge``.

A solved payout like 1.5983 to 1 is no payout a casino prints; the **ladder** is the list of
those it does (``LADDER`` by default, or any list given), and the table gives the nearest rung
on each side of the target: the house's side (the edge at least the target) and the player's
(the edge below it), each with its own edge.

Edges are in percent of the wager the payout belongs to (the initial wager; the side bet for a
side bet), positive for the house, negative for the player's advantage.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from cardedge.analysis.core.rules import MAX_PAYOUT, payout_text
from cardedge.core.errors import BadValue, shown
from cardedge.reports.core.render import Table

LADDER: tuple[str, ...] = (
    # a natural, a pair, trips: even money, 6:5, 7:5, 3:2, 8:5, 2:1, 5:2
    *("1:1", "6:5", "7:5", "3:2", "8:5", "2:1", "5:2"),
    # then whole numbers to 1, thinning out as side-bet pay tables print them
    *("3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1", "10:1", "12:1", "15:1", "20:1"),
    *("25:1", "30:1", "40:1", "50:1", "60:1", "75:1", "100:1", "150:1", "200:1", "250:1"),
    *("300:1", "500:1", "750:1", "1000:1", "2000:1", "2500:1", "5000:1", "10000:1"),
    *("25000:1", "50000:1", "100000:1", "250000:1", "500000:1", "1000000:1"),
)
"""The payouts casinos print, the default ladder: those of a blackjack natural and a pair bet
(1:1, 6:5, 7:5, 3:2, 8:5, 2:1, 5:2), then the whole numbers to 1 of side-bet pay tables. A
payout beyond what the solved option takes (1000 to 1 for a rule) is left out."""
MAX_LADDER_PAYOUT = Fraction(1_000_000)
"""The largest payout a ladder may hold (a side bet's row takes up to this)."""
ON_TARGET = 1e-9
"""A rung whose edge is within this (percentage points) of the target counts as reaching it:
on the house's side (its float edge may be a rounding off the target)."""

_RATIO = re.compile(r"^\s*(\d+)\s*(?::|\bto\b)\s*(\d+)\s*$")


def ladder_payout(value: object) -> Fraction:
    """One rung, exactly: ``3:2`` (or ``3 to 2``), a decimal as written (``"1.4"`` is 7/5), or
    a number (its shortest decimal); from 0 to ``MAX_LADDER_PAYOUT``. ``ValueError`` else."""
    if isinstance(value, Fraction):
        payout = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise ValueError(f"{shown(value)} is not a payout")
        payout = Fraction(repr(value))
    elif isinstance(value, str):
        match = _RATIO.match(value)
        try:
            if match:
                payout = Fraction(int(match[1]), int(match[2]))
            else:
                payout = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{shown(value)} is not a payout (like 3:2, 6:5 or 1.4)") from None
    else:
        raise ValueError(f"{shown(value)} is not a payout (like 3:2, 6:5 or 1.4)")
    if not 0 <= payout <= MAX_LADDER_PAYOUT:
        raise ValueError(f"{shown(value)} is not a payout from 0 to {MAX_LADDER_PAYOUT}")
    return payout


def ladder_payouts(ladder: object = None) -> tuple[Fraction, ...]:
    """A ladder's payouts, exact, smallest first, each once: ``None`` is ``LADDER``; else a
    comma-separated text (``"6:5,7:5,3:2"``) or a list of payouts (``ladder_payout``).
    ``BadValue`` (keyword ``ladder``) for a payout it cannot read or an empty ladder."""
    if ladder is None:
        given: Iterable[object] = LADDER
    elif isinstance(ladder, str):
        given = [t for t in ladder.split(",") if t.strip()]
    elif isinstance(ladder, list | tuple):
        given = ladder
    else:
        raise BadValue("ladder", f"{shown(ladder)} is not a list of payouts (like '6:5,3:2')")
    try:
        payouts = sorted({ladder_payout(v) for v in given})
    except ValueError as e:
        raise BadValue("ladder", str(e)) from None
    if not payouts:
        raise BadValue("ladder", f"{shown(ladder)}: no payout; give at least one (like 3:2)")
    return tuple(payouts)


@dataclass(frozen=True)
class Rung:
    """A ladder payout with the house edge it gives (percent)."""

    payout: Fraction
    edge: float


@dataclass(frozen=True)
class Solution:
    """A solved payout: ``payout`` gives the ``target`` edge exactly (up to float rounding, or
    exactly when ``exact`` is a Fraction); ``house_side`` and ``player_side`` are the nearest
    ladder payouts whose edges are at least the target and below it (None when the ladder has
    none on that side)."""

    target: float
    edge: float
    """The edge the solved payout gives, computed again (equals ``target`` to rounding)."""
    payout: float
    exact: Fraction | None
    slope: float
    """Change in the house edge (percentage points) per unit of payout (negative)."""
    house_side: Rung | None
    player_side: Rung | None
    ladder: tuple[Fraction, ...]
    """The ladder's payouts the option takes (0 to ``high``), smallest first."""
    unpaid_edge: float
    """The house edge (percent) were the payout 0."""
    high: Fraction
    """The largest payout the option takes."""
    high_edge: float
    """The house edge (percent) at ``high``."""


def solve_payout(
    edge_at: Callable[[Fraction], float | Fraction],
    target: float | Fraction,
    high: int | Fraction = MAX_PAYOUT,
    ladder: Iterable[Fraction] | None = None,
) -> Solution:
    """The payout whose edge (``edge_at(p)``, percent) is ``target``: affine in the payout, so
    two evaluations give it; and the nearest ``ladder`` payouts (``ladder_payouts``; default
    ``LADDER``) on each side of the target. ``BadValue`` (keyword ``target``) when no payout
    from 0 to ``high`` reaches it, naming the reachable edges with their sign."""
    e0, e1 = edge_at(Fraction(0)), edge_at(Fraction(1))
    slope = e1 - e0
    high_edge = edge_at(Fraction(high))
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
            f"the reachable edges are {reachable_text(float(e0), float(high_edge), high)}",
        )
    rungs = tuple(p for p in (ladder_payouts() if ladder is None else ladder) if p <= high)
    house, player = ladder_sides(edge_at, rungs, float(target))
    return Solution(
        float(target),
        float(edge_at(Fraction(payout))),
        float(payout),
        payout if exact else None,  # type: ignore[arg-type]
        float(slope),
        house,
        player,
        rungs,
        float(e0),
        Fraction(high),
        float(high_edge),
    )


def ladder_sides(
    edge_at: Callable[[Fraction], float | Fraction], rungs: Iterable[Fraction], target: float
) -> tuple[Rung | None, Rung | None]:
    """The rung with the smallest edge at least ``target`` (the house's side: ``ON_TARGET``
    below it counts as reaching it) and the rung with the largest edge below it (the
    player's), each None when no rung is on that side."""
    house: Rung | None = None
    player: Rung | None = None
    for p in rungs:
        rung = Rung(p, float(edge_at(p)))
        if rung.edge >= target - ON_TARGET:
            if house is None or rung.edge < house.edge:
                house = rung
        elif player is None or rung.edge > player.edge:
            player = rung
    return house, player


def signed_edge(edge: float) -> str:
    """An edge with its side said: ``6.3042% (house)``, ``2676.6% to the player``."""
    if edge >= 0:
        return f"{edge:.4f}% (house)"
    return f"{edge:.4f}% (a player's edge of {-edge:.4f}%)"


def reachable_text(unpaid: float, high_edge: float, high) -> str:
    """The edges the payouts an option takes reach: paying 0 and paying ``high``, signed."""
    return (
        f"{signed_edge(unpaid)} paying 0, to {signed_edge(high_edge)} paying {high}:1 (the "
        "largest payout the option takes)"
    )


def ratio_text(r: Fraction) -> str:
    """``a:b`` of a Fraction."""
    return f"{r.numerator}:{r.denominator}"


SHOWN_RUNGS = 12
"""A ladder longer than this is shown by its first rungs and its last."""


def ladder_text(ladder: tuple[Fraction, ...]) -> str:
    """A ladder as its notes say it: every rung, or the first ones, '...' and the last."""
    texts = [ratio_text(p) for p in ladder]
    if len(texts) > SHOWN_RUNGS:
        texts = [*texts[: SHOWN_RUNGS - 2], "...", texts[-1]]
    return ", ".join(texts) + f" ({len(ladder)} payouts)"


def solution_table(solution: Solution, pay: str, title: str, keys: dict, notes: list[str]) -> Table:
    """A solved payout as rows: the payout itself (decimal, and exact when it is a Fraction),
    then the nearest ladder payout on the house's side and on the player's, each with its
    edge and its change from the target."""
    s = solution
    rows = [
        {
            "payout": "solved",
            "pays": payout_text(s.payout),
            "pays_decimal": s.payout,
            "exact": None if s.exact is None else f"{s.exact.numerator}/{s.exact.denominator}",
            "house_edge_percent": s.edge,
            "from_target_points": s.edge - s.target,
        }
    ]
    sides = (("ladder: house side", s.house_side), ("ladder: player side", s.player_side))
    for name, rung in sides:
        if rung is not None:
            rows.append(
                {
                    "payout": name,
                    "pays": ratio_text(rung.payout),
                    "pays_decimal": float(rung.payout),
                    "exact": None,
                    "house_edge_percent": rung.edge,
                    "from_target_points": rung.edge - s.target,
                }
            )
    shown_ladder = ladder_text(s.ladder)
    missing = [
        f"no ladder payout gives an edge {side} the target."
        for side, rung in (("at least", s.house_side), ("below", s.player_side))
        if rung is None
    ]
    notes = [
        f"{pay} pays p to 1: house edge = {s.unpaid_edge:.6f}% + ({s.slope:.6f}) x p "
        "percentage points (an affine function: the payout "
        "settles a hand at once and changes no decision, so the strategy is the same at every "
        "payout).",
        "ladder: house side: the printed payout nearest the solved one whose edge is at least "
        "the target; ladder: player side: the nearest whose edge is below it. "
        f"from_target_points: the edge minus the target. Ladder: {shown_ladder}.",
        *missing,
        f"reachable: {reachable_text(s.unpaid_edge, s.high_edge, s.high)}; a negative edge is "
        "the player's advantage.",
        *notes,
    ]
    return Table(
        title,
        rows,
        notes,
        digits={"house_edge_percent": 6, "pays_decimal": 10, "from_target_points": 6},
        keys={**keys, "pay": pay, "target_percent": s.target},
    )
