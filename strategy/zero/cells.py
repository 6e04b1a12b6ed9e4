"""Reach-weighted EVs of every Zero chart cell (numba), the input of chart derivation.

For a fixed chart, each cell (two-card total x up, three-card total x up, split pair x up) is
consulted in many exact situations. For every cell and each of its two actions this sums
P(reaching the situation) x EV(action there), the rest of the chart held fixed. Switching one
cell changes the round EV by exactly the difference of its two sums, because no situation that
consults a cell lies inside another situation consulting the same cell.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from cardedge.analysis.core.kernels import entry, inline
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.player import (
    card_count,
    cards_left,
    double_ev,
    hit_value,
    stand_ev,
    two_card_value,
)
from cardedge.analysis.zero.split import split_value

CellSums = namedtuple("CellSums", ["two", "three", "split"])
"""Reach-weighted EVs per chart cell and action, per unit of the initial wager: ``two[total,
up, (stand, hit)]``, ``three[total, up, (stand, double)]``, ``split[a, b, up, (no split,
split)]`` (by deal order a, b)."""


def empty_cell_sums() -> CellSums:
    """Zeroed sums, ready for ``cell_values``."""
    return CellSums(np.zeros((10, 10, 2)), np.zeros((10, 10, 2)), np.zeros((10, 10, 10, 2)))


@inline
def _visit_three(st, up, m, p3, w, may_double, sums, t):
    stand = stand_ev(st, up, m, p3)
    dbl = double_ev(st, up, m, p3) if may_double[p3] else stand
    sums.three[t, p3, up, 0] += w * stand
    sums.three[t, p3, up, 1] += w * dbl


@inline
def _visit_two(st, ch, up, m, p2, w, may_double, sums, t):
    stand = stand_ev(st, up, m, p2)
    hit, _ = hit_value(st, ch, up, m, p2, may_double)
    sums.two[t, p2, up, 0] += w * stand
    sums.two[t, p2, up, 1] += w * hit
    if ch.two[p2, up] != Action.HIT:
        return
    n = cards_left(st, m)
    for x in range(N_TOTALS):
        c = card_count(st, up, m, x)
        if c <= 0:
            continue
        m[x] += 1
        _visit_three(st, up, m, (p2 + x) % 10, w * c / n, may_double, sums, t)
        m[x] -= 1


@inline
def _visit_split_hand(st, ch, up, m, a, w, may_double, sums, t):
    n = cards_left(st, m)
    for y in range(N_TOTALS):
        c = card_count(st, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        _visit_two(st, ch, up, m, (a + y) % 10, w * c / n, may_double, sums, t)
        m[y] -= 1


def empty_total_sums() -> CellSums:
    """Zeroed sums by the initial deal's total (a leading axis of 10), for
    ``cell_values_by_total``."""
    return CellSums(
        np.zeros((10, 10, 10, 2)), np.zeros((10, 10, 10, 2)), np.zeros((10, 10, 10, 10, 2))
    )


@entry
def cell_values_by_total(st, ch, eligible, need_all, rules, weights, split_part, kept, plain):
    """The reach-weighted action EVs of every cell of ``ch``, kept apart by the initial deal's
    total ``t`` (each sum's leading axis), so that one run serves several split rules whose
    charts agree on the cells they consult.

    For a total ``t`` with ``eligible[t]`` (split by some of the rules): ``split_part[t]`` gets
    the split cells' sums and, where ``ch`` splits, the split hands' visits; ``kept[t]`` the
    two-card visits of the deals ``ch`` does not split. For a total with ``need_all[t]`` (not
    split by some of the rules): ``plain[t]`` gets every deal's two-card visits, as if ``t``
    were never split. A rule's sums are then, total by total, ``split_part + kept`` for the
    totals it splits and ``plain`` for the others (``strategy.zero.charts._rule_sums``).
    ``rules``: the ``KernelRules`` record (its doubling rows; which totals split is
    ``eligible``/``need_all``'s); ``weights[v1, v2, up]`` is P(non-pair initial deal); splits by
    the standard convention.
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
                t = (v1 + v2) % 10
                if eligible[t]:
                    keep, _, _ = two_card_value(st, ch, up, m, t, rules.double_unsplit)
                    sv = split_value(st, ch, up, m, v1, v2, rules.double_split)
                    split_part.split[t, v1, v2, up, 0] += w * keep
                    split_part.split[t, v1, v2, up, 1] += w * sv
                    if ch.split[v1, v2, up] == Action.SPLIT:
                        for a in (v1, v2):
                            _visit_split_hand(
                                st, ch, up, m, a, w, rules.double_split, split_part, t
                            )
                    else:
                        _visit_two(st, ch, up, m, t, w, rules.double_unsplit, kept, t)
                if need_all[t]:
                    _visit_two(st, ch, up, m, t, w, rules.double_unsplit, plain, t)
