"""Composition-dependent player evaluator for Zero (numba kernels).

A shoe state is (base, up, m): the pre-deal shoe ``base`` (counts by point value) less the up
card ``up`` and the multiset ``m`` of player cards dealt so far. Stand EVs are memoized per
state in ``memo[up, rank(m)]`` (``flags`` marks filled rows), so each dealer distribution is
computed once. Every EV is per unit of the wager on that hand (a double counts 2).

A strategy is data: ``chart2[total, up]`` (two-card hands), ``chart3[total, up]`` (three-card
hands) and ``chart_split[a, b, up]`` (split pairs), each cell ``OPTIMAL`` (choose the best
action for the exact shoe) or a fixed action. All cells ``OPTIMAL`` is composition-dependent
optimal play.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analysis.memo import multiset_rank
from analysis.zero.dealer import N_TOTALS, dealer_distribution, stand_evs

OPTIMAL, STAND, HIT, DOUBLE, SPLIT, NO_SPLIT = 0, 1, 2, 3, 4, 5
ACTION_STAND, ACTION_HIT, ACTION_SPLIT = 0, 1, 2
"""Initial decisions reported by ``deal_value`` (a zero pair never reaches the evaluator)."""


@njit(cache=True)
def card_count(base, up, m, v):
    """Cards of value v left in the state's shoe."""
    return base[v] - m[v] - (1 if v == up else 0)


@njit(cache=True)
def cards_left(base, m):
    """Cards left in the state's shoe (the up card is out too)."""
    n = -1
    for v in range(N_TOTALS):
        n += base[v] - m[v]
    return n


@njit(cache=True)
def stand_ev_row(base, up, m, threshold, binom, memo, flags):
    """Stand EV of every player total 0..9 in this state (memoized)."""
    r = multiset_rank(m, binom)
    if flags[up, r] == 0:
        shoe = np.empty(N_TOTALS, dtype=np.int64)
        for v in range(N_TOTALS):
            shoe[v] = card_count(base, up, m, v)
        dist = np.empty(N_TOTALS)
        dealer_distribution(shoe, up, threshold, dist)
        stand_evs(dist, memo[up, r])
        flags[up, r] = 1
    return memo[up, r]


@njit(cache=True)
def double_ev(p3, base, up, m, threshold, binom, memo, flags):
    """EV of doubling a three-card total p3 (per unit of the original wager, so up to +-2)."""
    n = cards_left(base, m)
    ev = 0.0
    for z in range(N_TOTALS):
        c = card_count(base, up, m, z)
        if c <= 0:
            continue
        m[z] += 1
        ev += c / n * stand_ev_row(base, up, m, threshold, binom, memo, flags)[(p3 + z) % 10]
        m[z] -= 1
    return 2.0 * ev


@njit(cache=True)
def three_card_value(p3, can_double, code, base, up, m, threshold, binom, memo, flags):
    """(EV, 1 if doubled else 0) of a three-card total under cell ``code`` (stand wins ties)."""
    stand = stand_ev_row(base, up, m, threshold, binom, memo, flags)[p3]
    if not can_double or code == STAND:
        return stand, 0
    dbl = double_ev(p3, base, up, m, threshold, binom, memo, flags)
    if code == DOUBLE or dbl > stand:
        return dbl, 1
    return stand, 0


@njit(cache=True)
def hit_value(p2, can_double, chart3, base, up, m, threshold, binom, memo, flags):
    """(EV, P(double)) of hitting a two-card total p2, the three-card hand then per ``chart3``."""
    n = cards_left(base, m)
    ev = 0.0
    p_double = 0.0
    for x in range(N_TOTALS):
        c = card_count(base, up, m, x)
        if c <= 0:
            continue
        p3 = (p2 + x) % 10
        m[x] += 1
        v, d = three_card_value(
            p3, can_double, chart3[p3, up], base, up, m, threshold, binom, memo, flags
        )
        m[x] -= 1
        ev += c / n * v
        p_double += c / n * d
    return ev, p_double


@njit(cache=True)
def two_card_value(p2, can_double, chart2, chart3, base, up, m, threshold, binom, memo, flags):
    """(EV, action, P(double)) of a two-card total played by the charts (stand wins ties)."""
    stand = stand_ev_row(base, up, m, threshold, binom, memo, flags)[p2]
    code = chart2[p2, up]
    if code == STAND:
        return stand, ACTION_STAND, 0.0
    hit, p_double = hit_value(p2, can_double, chart3, base, up, m, threshold, binom, memo, flags)
    if code == HIT or hit > stand:
        return hit, ACTION_HIT, p_double
    return stand, ACTION_STAND, 0.0


@njit(cache=True)
def split_hand_value(a, das, chart2, chart3, base, up, m, threshold, binom, memo, flags):
    """EV of one split hand starting with a card of value a (already in ``m``).

    The hand draws its second card from the state's shoe and is played by the charts, seeing
    only its own cards, the other split card and the up card; no Zero Pair, no resplit.
    """
    n = cards_left(base, m)
    ev = 0.0
    for y in range(N_TOTALS):
        c = card_count(base, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        v, _, _ = two_card_value(
            (a + y) % 10, das, chart2, chart3, base, up, m, threshold, binom, memo, flags
        )
        m[y] -= 1
        ev += c / n * v
    return ev


@njit(cache=True)
def split_value(a, b, das, chart2, chart3, base, up, m, threshold, binom, memo, flags):
    """EV of splitting a and b (both in ``m``): the sum of the two hands' values (up to +-4)."""
    return split_hand_value(
        a, das, chart2, chart3, base, up, m, threshold, binom, memo, flags
    ) + split_hand_value(b, das, chart2, chart3, base, up, m, threshold, binom, memo, flags)


@njit(cache=True)
def deal_value(
    v1, v2, up, split_ok, das, chart2, chart3, chart_split, base, threshold, binom, memo, flags
):
    """(EV, action, P(double)) of a non-pair initial deal v1, v2 against up card ``up``.

    EV is per unit of the initial Zero wager; P(double) is the probability of ending with a
    doubled three-card hand given the action (0 when standing or splitting).
    """
    m = np.zeros(N_TOTALS, dtype=np.int64)
    m[v1] += 1
    m[v2] += 1
    p2 = (v1 + v2) % 10
    ev, action, p_double = two_card_value(
        p2, True, chart2, chart3, base, up, m, threshold, binom, memo, flags
    )
    if split_ok[p2]:
        code = chart_split[v1, v2, up]
        if code != NO_SPLIT:
            sv = split_value(
                v1, v2, das, chart2, chart3, base, up, m, threshold, binom, memo, flags
            )
            if code == SPLIT or sv > ev:
                return sv, ACTION_SPLIT, 0.0
    return ev, action, p_double


@njit(cache=True)
def all_deal_values(
    split_ok, das, chart2, chart3, chart_split, base, threshold, binom, memo, flags, ev, act, pdbl
):
    """Fill ``ev/act/pdbl[v1, v2, up]`` for every feasible initial deal by value."""
    for v1 in range(N_TOTALS):
        for v2 in range(N_TOTALS):
            for up in range(N_TOTALS):
                need_v1 = 1 + (1 if v2 == v1 else 0) + (1 if up == v1 else 0)
                need_v2 = 1 + (1 if v1 == v2 else 0) + (1 if up == v2 else 0)
                need_up = 1 + (1 if v1 == up else 0) + (1 if v2 == up else 0)
                if base[v1] < need_v1 or base[v2] < need_v2 or base[up] < need_up:
                    continue
                e, a, d = deal_value(
                    v1,
                    v2,
                    up,
                    split_ok,
                    das,
                    chart2,
                    chart3,
                    chart_split,
                    base,
                    threshold,
                    binom,
                    memo,
                    flags,
                )
                ev[v1, v2, up] = e
                act[v1, v2, up] = a
                pdbl[v1, v2, up] = d
