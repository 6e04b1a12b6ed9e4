"""Composition-dependent player evaluator for Zero (numba kernels).

A shoe state is (base, up, m): the pre-deal shoe ``base`` (counts by point value) less the up
card ``up`` and the multiset ``m`` of player cards dealt so far. Stand EVs and the dealer's
final-total distribution are memoized per state in ``memo[up, rank(m)]`` (``flags`` marks
filled rows), so each dealer distribution is computed once. Every EV is per unit of the
wager on that hand (a double counts 2).

A strategy is data: ``chart2[total, up]`` (two-card hands), ``chart3[total, up]`` (three-card
hands) and ``chart_split[a, b, up]`` (split pairs), each cell an ``Action``: ``OPTIMAL``
(choose the best action for the exact shoe) or a fixed action. All cells ``OPTIMAL`` is
composition-dependent optimal play. Splits are in ``split``, the loop over initial deals in
``round``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardedge.analysis.core.memo import multiset_rank
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS, dealer_distribution, stand_evs


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
def state_row(base, up, m, threshold, binom, memo, flags):
    """Memo row of this state: stand EVs of totals 0..9, then P(dealer final total 0..9)."""
    r = multiset_rank(m, binom)
    if flags[up, r] == 0:
        shoe = np.empty(N_TOTALS, dtype=np.int64)
        for v in range(N_TOTALS):
            shoe[v] = card_count(base, up, m, v)
        dist = memo[up, r, N_TOTALS:]
        dealer_distribution(shoe, up, threshold, dist)
        stand_evs(dist, memo[up, r, :N_TOTALS])
        flags[up, r] = 1
    return memo[up, r]


@njit(cache=True)
def stand_ev_row(base, up, m, threshold, binom, memo, flags):
    """Stand EV of every player total 0..9 in this state (memoized)."""
    return state_row(base, up, m, threshold, binom, memo, flags)[:N_TOTALS]


@njit(cache=True)
def dealer_row(base, up, m, threshold, binom, memo, flags):
    """P(dealer's final total is 0..9) in this state (memoized)."""
    return state_row(base, up, m, threshold, binom, memo, flags)[N_TOTALS:]


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
    if not can_double or code == Action.STAND:
        return stand, 0
    dbl = double_ev(p3, base, up, m, threshold, binom, memo, flags)
    if code == Action.DOUBLE or dbl > stand:
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
    if code == Action.STAND:
        return stand, Action.STAND, 0.0
    hit, p_double = hit_value(p2, can_double, chart3, base, up, m, threshold, binom, memo, flags)
    if code == Action.HIT or hit > stand:
        return hit, Action.HIT, p_double
    return stand, Action.STAND, 0.0
