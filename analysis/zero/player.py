"""Composition-dependent player evaluator for Zero (numba kernels).

A shoe state is (base, up, m): the pre-deal shoe ``base`` (counts by point value) less the up
card ``up`` and the multiset ``m`` of player cards dealt so far. The kernels take the memo of
every state of one pre-deal shoe as a ``records.StateMemo`` ``st`` and the state's ``up, m``
beside it; stand EVs and the dealer's final-total distribution are memoized per state, so each
dealer distribution is computed once. Every EV is per unit of the wager on that hand (a double
counts 2).

A strategy is data: a ``records.Charts`` ``ch`` of cells for two-card totals, three-card
totals and split pairs, each cell an ``Action``: ``OPTIMAL`` (choose the best action for the
exact shoe) or a fixed action. All cells ``OPTIMAL`` is composition-dependent optimal play.
Splits are in ``split``, the loop over initial deals in ``round``.
"""

from __future__ import annotations

from cardedge.analysis.core.kernels import entry, inline, inner
from cardedge.analysis.core.memo import multiset_rank
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS, dealer_distribution, stand_evs


@inline
def card_count(st, up, m, v):
    """Cards of value v left in the shoe of state (up, m)."""
    return st.base[v] - m[v] - (1 if v == up else 0)


@inline
def cards_left(st, m):
    """Cards left in the shoe of a state with player cards ``m`` (the up card is out too)."""
    n = -1
    for v in range(N_TOTALS):
        n += st.base[v] - m[v]
    return n


@inner
def _fill_state(st, up, m, r):
    """Compute memo row r of state (up, m): the dealer's distribution, then the stand EVs."""
    shoe = st.shoe
    for v in range(N_TOTALS):
        shoe[v] = card_count(st, up, m, v)
    dist = st.memo[up, r, N_TOTALS:]
    dealer_distribution(shoe, up, st.dealer, dist)
    stand_evs(dist, st.memo[up, r, :N_TOTALS])
    st.flags[up, r] = 1


# A memo lookup is the evaluators' innermost step. Inlined (numba's inline="always") into
# each lookup it compiled once per call site, 1.5 s of a cold `zero edge`; as an inner kernel
# (a plain machine call, no wrapper) the round runs as fast (bench/zero_edge.py: 45-50 ms, 11-12
# ms with the states kept, either way).
@inner
def state_index(st, up, m):
    """Row of state (up, m) in ``st.memo``, filled on first use.

    The row holds the stand EVs of player totals 0..9, then P(dealer's final total 0..9).
    """
    r = multiset_rank(m, st.binom)
    if st.flags[up, r] == 0:
        _fill_state(st, up, m, r)
    return r


@inline
def stand_ev(st, up, m, p):
    """EV of standing on total p in state (up, m), per unit wagered (memoized)."""
    return st.memo[up, state_index(st, up, m), p]


@inline
def dealer_row(st, up, m):
    """P(dealer's final total is 0..9) in state (up, m) (memoized)."""
    return st.memo[up, state_index(st, up, m), N_TOTALS:]


@inner
def _fill_doubles(st, up, m, r):
    """Row r of ``st.doubles``: the EV of doubling every three-card total 0..9 in state (up, m).

    The ten states one card further are the same whatever the total, so one pass fills all
    ten (the sums run in the same order as for one total, so the bits are the same).
    """
    n = cards_left(st, m)
    row = st.doubles[up, r]
    for p3 in range(N_TOTALS):
        row[p3] = 0.0
    for z in range(N_TOTALS):
        c = card_count(st, up, m, z)
        if c <= 0:
            continue
        m[z] += 1
        rz = state_index(st, up, m)
        m[z] -= 1
        for p3 in range(N_TOTALS):
            row[p3] += c / n * st.memo[up, rz, (p3 + z) % 10]
    for p3 in range(N_TOTALS):
        row[p3] = 2.0 * row[p3]
    st.dflags[up, r] = 1


@inline
def double_ev(st, up, m, p3):
    """EV of doubling a three-card total p3 (per unit of the original wager, so up to +-2),
    memoized per state: a three-card state is reached from several deals and split hands."""
    r = multiset_rank(m, st.binom)
    if st.dflags[up, r] == 0:
        _fill_doubles(st, up, m, r)
    return st.doubles[up, r, p3]


@inline
def three_card_value(st, up, m, p3, may_double, code):
    """(EV, 1 if doubled else 0) of a three-card total p3 under cell ``code`` (stand wins ties).

    ``may_double[total]``: the hand's doubling rule, a row of the ``KernelRules`` record
    (``double_unsplit`` or ``double_split``)."""
    stand = stand_ev(st, up, m, p3)
    if not may_double[p3] or code == Action.STAND:
        return stand, 0
    dbl = double_ev(st, up, m, p3)
    if code == Action.DOUBLE or dbl > stand:
        return dbl, 1
    return stand, 0


@inline
def hit_value(st, ch, up, m, p2, may_double):
    """(EV, P(double)) of hitting a two-card total p2, the three-card hand then per ``ch``."""
    n = cards_left(st, m)
    ev = 0.0
    p_double = 0.0
    for x in range(N_TOTALS):
        c = card_count(st, up, m, x)
        if c <= 0:
            continue
        p3 = (p2 + x) % 10
        m[x] += 1
        v, d = three_card_value(st, up, m, p3, may_double, ch.three[p3, up])
        m[x] -= 1
        ev += c / n * v
        p_double += c / n * d
    return ev, p_double


@inner
def two_card_value(st, ch, up, m, p2, may_double):
    """(EV, action, P(double)) of a two-card total p2 played by the charts (stand wins ties).

    ``action`` is ``Action.STAND`` or ``Action.HIT``; EV is per unit of the hand's wager.
    """
    stand = stand_ev(st, up, m, p2)
    code = ch.two[p2, up]
    if code == Action.STAND:
        return stand, Action.STAND, 0.0
    hit, p_double = hit_value(st, ch, up, m, p2, may_double)
    if code == Action.HIT or hit > stand:
        return hit, Action.HIT, p_double
    return stand, Action.STAND, 0.0


@entry
def two_card_value_entry(st, ch, up, m, p2, may_double):
    """``two_card_value`` for Python (tests, notebooks): the kernel itself is ``inner``."""
    return two_card_value(st, ch, up, m, p2, may_double)
