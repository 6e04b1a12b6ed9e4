"""Reach-weighted EVs of every Zero chart cell (numba), the input of chart derivation.

For a fixed chart, each cell (two-card total x up, three-card total x up, split pair x up) is
consulted in many exact situations. For every cell and each of its two actions this sums
P(reaching the situation) x EV(action there), the rest of the chart held fixed. Switching one
cell changes the round EV by exactly the difference of its two sums, because no situation that
consults a cell lies inside another situation consulting the same cell.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.player import (
    card_count,
    cards_left,
    double_ev,
    hit_value,
    stand_ev_row,
    two_card_value,
)
from cardedge.analysis.zero.split import split_value


@njit(cache=True)
def _visit_three(p3, w, can_double, up, m, base, thr, binom, memo, flags, c3):
    stand = stand_ev_row(base, up, m, thr, binom, memo, flags)[p3]
    dbl = double_ev(p3, base, up, m, thr, binom, memo, flags) if can_double else stand
    c3[p3, up, 0] += w * stand
    c3[p3, up, 1] += w * dbl


@njit(cache=True)
def _visit_two(p2, w, can_double, chart2, chart3, up, m, base, thr, binom, memo, flags, c2, c3):
    stand = stand_ev_row(base, up, m, thr, binom, memo, flags)[p2]
    hit, _ = hit_value(p2, can_double, chart3, base, up, m, thr, binom, memo, flags)
    c2[p2, up, 0] += w * stand
    c2[p2, up, 1] += w * hit
    if chart2[p2, up] != Action.HIT:
        return
    n = cards_left(base, m)
    for x in range(N_TOTALS):
        c = card_count(base, up, m, x)
        if c <= 0:
            continue
        m[x] += 1
        _visit_three((p2 + x) % 10, w * c / n, can_double, up, m, base, thr, binom, memo, flags, c3)
        m[x] -= 1


@njit(cache=True)
def _visit_split_hand(a, w, das, chart2, chart3, up, m, base, thr, binom, memo, flags, c2, c3):
    n = cards_left(base, m)
    for y in range(N_TOTALS):
        c = card_count(base, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        _visit_two(
            (a + y) % 10,
            w * c / n,
            das,
            chart2,
            chart3,
            up,
            m,
            base,
            thr,
            binom,
            memo,
            flags,
            c2,
            c3,
        )
        m[y] -= 1


@njit(cache=True)
def cell_values(
    weights, split_ok, das, chart2, chart3, chart_split, base, thr, binom, memo, flags, c2, c3, cs
):
    """Accumulate reach-weighted action EVs into ``c2``/``c3`` ([total, up, action]) and ``cs``.

    ``weights[v1, v2, up]`` is P(non-pair initial deal); actions are (stand, hit) in ``c2``,
    (stand, double) in ``c3`` and (no split, split) in ``cs[a, b, up]``. EVs are per unit of
    the initial wager, so sums are contributions to the round EV.
    """
    m = np.zeros(N_TOTALS, dtype=np.int64)
    for v1 in range(N_TOTALS):
        for v2 in range(N_TOTALS):
            for up in range(N_TOTALS):
                w = weights[v1, v2, up]
                if w <= 0.0:
                    continue
                m[:] = 0
                m[v1] += 1
                m[v2] += 1
                p2 = (v1 + v2) % 10
                if split_ok[p2]:
                    keep, _, _ = two_card_value(
                        p2, True, chart2, chart3, base, up, m, thr, binom, memo, flags
                    )
                    sv = split_value(
                        v1, v2, das, chart2, chart3, base, up, m, thr, binom, memo, flags
                    )
                    cs[v1, v2, up, 0] += w * keep
                    cs[v1, v2, up, 1] += w * sv
                    if chart_split[v1, v2, up] == Action.SPLIT:
                        for a in (v1, v2):
                            _visit_split_hand(
                                a,
                                w,
                                das,
                                chart2,
                                chart3,
                                up,
                                m,
                                base,
                                thr,
                                binom,
                                memo,
                                flags,
                                c2,
                                c3,
                            )
                        continue
                _visit_two(
                    p2, w, True, chart2, chart3, up, m, base, thr, binom, memo, flags, c2, c3
                )
