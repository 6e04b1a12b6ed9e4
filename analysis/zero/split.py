"""Zero splits (numba kernels): the published convention and the fully optimal split.

Standard (the published figures' convention): each split hand is played seeing only its own
cards, the other split card and the up card. By exchangeability its value is that of a hand
starting with its split card dealt from the shoe without both split cards and the up card, so
the split is worth the sum of two such one-card-hand values.

Fully optimal: the player picks which split card to play first, plays that hand, then plays the
second hand knowing every card of the first. The first hand's choices may weigh the second
hand's value (``joint``) or only its own EV. The second hand's value for each set of cards the
first hand used is memoized in a ``records.SplitMemo`` ``h2``.

All EVs are per unit of the initial Zero wager (two split hands: up to +-4). Kernels take the
shoe states ``st`` and the charts ``ch`` as records (``analysis.zero.records``), the state
(``up``, ``m``: split cards and every card drawn so far) beside them, then the hand.
"""

from __future__ import annotations

from cardedge.analysis.core.kernels import inline, inner
from cardedge.analysis.core.memo import multiset_rank
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.player import (
    card_count,
    cards_left,
    double_ev,
    stand_ev,
    two_card_value,
)

SPLIT_STANDARD, SPLIT_OPTIMAL, SPLIT_OPTIMAL_OWN = 0, 1, 2


@inner
def split_hand_value(st, ch, up, m, a, may_double):
    """EV of one split hand starting with a card of value a (already in ``m``).

    The hand draws its second card from the state's shoe and is played by the charts; no Zero
    Pair, no resplit; it may double a three-card total where ``may_double`` (the rules record's
    ``double_split``) allows.
    """
    n = cards_left(st, m)
    ev = 0.0
    for y in range(N_TOTALS):
        c = card_count(st, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        v, _, _ = two_card_value(st, ch, up, m, (a + y) % 10, may_double)
        m[y] -= 1
        ev += c / n * v
    return ev


@inline
def split_value(st, ch, up, m, a, b, may_double):
    """EV of splitting a and b (both in ``m``) by the standard convention."""
    return split_hand_value(st, ch, up, m, a, may_double) + split_hand_value(
        st, ch, up, m, b, may_double
    )


@inner
def _optimal_two_card_value(st, ch, h2, up, m, p2, may_double):
    """Optimal EV of a split hand's two-card total p2 in state ``m``, memoized in ``h2``.

    Keyed on (up, rank(m), p2): many orders of first-hand and second-hand cards reach the same
    multiset. Valid within one run, where the rules and the (all OPTIMAL) charts are fixed.
    """
    r = multiset_rank(m, st.binom)
    if h2.flags[up, r, p2] == 0:
        v, _, _ = two_card_value(st, ch, up, m, p2, may_double)
        h2.values[up, r, p2] = v
        h2.flags[up, r, p2] = 1
    return h2.values[up, r, p2]


@inner
def _second_hand_value(st, ch, h2, up, m, b, may_double):
    """EV of the second split hand (card b) once the first hand's cards, in ``m``, are seen."""
    n = cards_left(st, m)
    ev = 0.0
    for y in range(N_TOTALS):
        c = card_count(st, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        ev += c / n * _optimal_two_card_value(st, ch, h2, up, m, (b + y) % 10, may_double)
        m[y] -= 1
    return ev


@inner
def _first_three(st, ch, h2, up, m, p3, b, may_double, joint):
    """(own EV, own + second-hand EV) of the first hand at three-card total p3."""
    own = stand_ev(st, up, m, p3)
    both = own + _second_hand_value(st, ch, h2, up, m, b, may_double)
    if not may_double[p3]:
        return own, both
    n = cards_left(st, m)
    dbl_own = double_ev(st, up, m, p3)
    dbl_both = dbl_own
    for z in range(N_TOTALS):
        c = card_count(st, up, m, z)
        if c <= 0:
            continue
        m[z] += 1
        dbl_both += c / n * _second_hand_value(st, ch, h2, up, m, b, may_double)
        m[z] -= 1
    if (dbl_both > both) if joint else (dbl_own > own):
        return dbl_own, dbl_both
    return own, both


@inner
def _first_two(st, ch, h2, up, m, p2, b, may_double, joint):
    """(own EV, own + second-hand EV) of the first hand at two-card total p2."""
    own = stand_ev(st, up, m, p2)
    both = own + _second_hand_value(st, ch, h2, up, m, b, may_double)
    n = cards_left(st, m)
    hit_own = 0.0
    hit_both = 0.0
    for x in range(N_TOTALS):
        c = card_count(st, up, m, x)
        if c <= 0:
            continue
        m[x] += 1
        o, t = _first_three(st, ch, h2, up, m, (p2 + x) % 10, b, may_double, joint)
        m[x] -= 1
        hit_own += c / n * o
        hit_both += c / n * t
    if (hit_both > both) if joint else (hit_own > own):
        return hit_own, hit_both
    return own, both


@inner
def _ordered_split_value(st, ch, h2, up, m, a, b, may_double, joint):
    """EV of splitting with the a-hand played first and the b-hand knowing its cards.

    ``joint``: the first hand's choices maximise both hands' EV, not only its own.
    """
    n = cards_left(st, m)
    ev = 0.0
    for y in range(N_TOTALS):
        c = card_count(st, up, m, y)
        if c <= 0:
            continue
        m[y] += 1
        _, t = _first_two(st, ch, h2, up, m, (a + y) % 10, b, may_double, joint)
        m[y] -= 1
        ev += c / n * t
    return ev


@inner
def optimal_split_value(st, ch, h2, up, m, a, b, may_double, joint):
    """EV of the fully optimal split of a and b (in ``m``): the better order of play."""
    first_a = _ordered_split_value(st, ch, h2, up, m, a, b, may_double, joint)
    if a == b:
        return first_a
    return max(first_a, _ordered_split_value(st, ch, h2, up, m, b, a, may_double, joint))
