"""A Zero playing policy as decision tables over fresh-shoe situations, by point value.

With a fresh shoe each round, every decision depends only on the point values of the cards the
player may take into account: ``init[v1, v2, up]`` (stand / hit / split the first two cards),
``three[v1, v2, x, up]`` (double the three-card hand v1, v2, x?), and for a split hand with
split card a, the other split card b and second card y: ``split_two[a, b, y, up]`` (hit?) and
``split_three[a, b, y, x, up]`` (double?). A split hand ignores the other hand's draws: the
convention of the published figures (``analysis.zero.split``).

Charts become tables cell by cell; optimal play is filled in by the exact evaluator's kernels,
with the evaluator's tie-breaking (stand unless hitting or doubling is strictly better, split
only when strictly better). Only the choice of action comes from the evaluator: the engine and
the simulator settle every hand themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.player import three_card_value, two_card_value
from cardedge.analysis.zero.policy import ZeroPolicy
from cardedge.analysis.zero.round import ShoeStates
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.split import split_value


@dataclass(frozen=True, eq=False)
class ZeroTables:
    """Decision tables of one policy for one rule set (see the module docstring).

    ``init`` holds ``Action.STAND``, ``HIT`` or ``SPLIT``; ``three``, ``split_two`` and
    ``split_three`` hold 1 (hit, or double) or 0 (stand).
    """

    name: str
    init: np.ndarray
    three: np.ndarray
    split_two: np.ndarray
    split_three: np.ndarray

    def __post_init__(self) -> None:
        shapes = {
            "init": (N_TOTALS,) * 3,
            "three": (N_TOTALS,) * 4,
            "split_two": (N_TOTALS,) * 4,
            "split_three": (N_TOTALS,) * 5,
        }
        for key, shape in shapes.items():
            arr = getattr(self, key)
            if arr.shape != shape:
                raise ValueError(f"table {key} must have shape {shape}, got {arr.shape}")
            object.__setattr__(self, key, np.ascontiguousarray(arr, dtype=np.int8))


def _split_ok(rules: ZeroRules) -> np.ndarray:
    ok = np.zeros(N_TOTALS, dtype=np.bool_)
    for t in rules.split_totals:
        ok[t] = True
    return ok


def chart_tables(policy: ZeroPolicy, rules: ZeroRules) -> ZeroTables:
    """Tables of a total-dependent chart (every cell a fixed action, as ``ZeroChart.policy``).

    A split cell applies when the pair's total may be split; split hands play the two- and
    three-card rows, doubling only with double after split.
    """
    if (policy.chart2 == Action.OPTIMAL).any() or (policy.chart3 == Action.OPTIMAL).any():
        raise ValueError(f"policy {policy.name!r} has OPTIMAL cells; use optimal_tables")
    v = np.arange(N_TOTALS)
    up = v[None, None, :]
    t2 = (v[:, None] + v[None, :]) % 10
    hit2 = policy.chart2[t2[:, :, None], up] == Action.HIT
    split = _split_ok(rules)[t2][:, :, None] & (policy.chart_split == Action.SPLIT)
    init = np.where(split, Action.SPLIT, np.where(hit2, Action.HIT, Action.STAND))
    t3 = (v[:, None, None] + v[None, :, None] + v[None, None, :]) % 10
    three = policy.chart3[t3[..., None], v[None, None, None, :]] == Action.DOUBLE
    # split hands: a, b, y -> total a + y; a, b, y, x -> total a + y + x (b never counts)
    two_split = np.broadcast_to(hit2[:, None, :, :], (N_TOTALS,) * 4)
    dbl_split = np.broadcast_to(three[:, None, :, :, :], (N_TOTALS,) * 5)
    if not rules.double_after_split:
        dbl_split = np.zeros_like(dbl_split)
    return ZeroTables(policy.name, init, three, two_split.copy(), dbl_split.copy())


@njit(cache=True)
def _possible(base, up, m):
    for v in range(N_TOTALS):
        if base[v] - m[v] - (1 if v == up else 0) < 0:
            return False
    return True


@njit(cache=True)
def fill_optimal(
    split_ok, das, c2, c3, base, thr, binom, memo, flags, init, three, split_two, split_three
):
    """Fill the four tables with the exact best action of every fresh-shoe situation.

    Situations the shoe cannot produce are left as they are (stand).
    """
    m = np.zeros(N_TOTALS, dtype=np.int64)
    for up in range(N_TOTALS):
        for v1 in range(N_TOTALS):
            for v2 in range(N_TOTALS):
                m[:] = 0
                m[v1] += 1
                m[v2] += 1
                if not _possible(base, up, m):
                    continue
                p2 = (v1 + v2) % 10
                ev, act, _ = two_card_value(p2, True, c2, c3, base, up, m, thr, binom, memo, flags)
                if split_ok[p2]:
                    sv = split_value(v1, v2, das, c2, c3, base, up, m, thr, binom, memo, flags)
                    if sv > ev:
                        act = Action.SPLIT
                init[v1, v2, up] = act
                for x in range(N_TOTALS):
                    m[x] += 1
                    if _possible(base, up, m):
                        _, d = three_card_value(
                            (p2 + x) % 10,
                            True,
                            Action.OPTIMAL,
                            base,
                            up,
                            m,
                            thr,
                            binom,
                            memo,
                            flags,
                        )
                        three[v1, v2, x, up] = d
                    m[x] -= 1
                if not split_ok[p2]:
                    continue
                # a split hand of split card v1 (the other is v2): second card y, then x
                for y in range(N_TOTALS):
                    m[y] += 1
                    if _possible(base, up, m):
                        q2 = (v1 + y) % 10
                        _, a2, _ = two_card_value(
                            q2, das, c2, c3, base, up, m, thr, binom, memo, flags
                        )
                        split_two[v1, v2, y, up] = 1 if a2 == Action.HIT else 0
                        for x in range(N_TOTALS):
                            m[x] += 1
                            if _possible(base, up, m):
                                q3 = (q2 + x) % 10
                                _, d = three_card_value(
                                    q3, das, Action.OPTIMAL, base, up, m, thr, binom, memo, flags
                                )
                                split_three[v1, v2, y, x, up] = d
                            m[x] -= 1
                    m[y] -= 1


def optimal_tables(rules: ZeroRules, shoe: Shoe | None = None) -> ZeroTables:
    """Tables of composition-dependent optimal play for a fresh shoe (standard split)."""
    shoe = Shoe.decks(rules.decks) if shoe is None else shoe
    states = ShoeStates(shoe, rules.dealer_draw_threshold, 5)
    cells = np.full((N_TOTALS, N_TOTALS), Action.OPTIMAL, dtype=np.int8)
    init = np.zeros((N_TOTALS,) * 3, dtype=np.int8)
    three = np.zeros((N_TOTALS,) * 4, dtype=np.int8)
    split_two = np.zeros((N_TOTALS,) * 4, dtype=np.int8)
    split_three = np.zeros((N_TOTALS,) * 5, dtype=np.int8)
    fill_optimal(
        _split_ok(rules),
        rules.double_after_split,
        cells,
        cells,
        *states.args(),
        init,
        three,
        split_two,
        split_three,
    )
    return ZeroTables("optimal", init, three, split_two, split_three)
