"""The exact distribution of a Zero round's net result (the return table's input).

Net results are counted in half units (a Zero Pair wins 1.5). Split hands are followed card by
card: the second hand draws from the shoe without the first hand's cards, while its decisions
see only its own cards (the standard convention), and both are settled against one dealer hand
drawn from what is left, so the joint outcome (+-4 .. 0) is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import player
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import ShoeStates, deal_probabilities, deal_value, split_mask
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.split import SPLIT_STANDARD

MAX_NET = 4
"""The largest net result of a non-pair deal: a split, both hands doubled, both winning."""
N_BINS = 4 * MAX_NET + 1
MAX_LEAVES = 1000
"""Final hands one split hand can reach: second card x third card x double card."""


@njit(cache=True)
def _sign(dealer, player_total):
    """+1 if the player's total is lower (wins), -1 if higher, 0 on a tie."""
    if dealer > player_total:
        return 1
    if dealer < player_total:
        return -1
    return 0


@njit(cache=True)
def _settle(w, total, bet, dist, out):
    for d in range(N_TOTALS):
        out[2 * bet * _sign(d, total) + 2 * MAX_NET] += w * dist[d]


@njit(cache=True)
def split_hand_leaves(
    a, das, c2, c3, base, up, m_dec, m_act, thr, binom, memo, flags, lp, lt, lb, lc
):
    """Every final state of a split hand starting with card a; returns how many.

    Decisions use the state ``m_dec`` (split cards + own cards), probabilities the actual shoe
    ``m_act`` (also without cards dealt to an earlier hand). Leaf i has probability ``lp[i]``,
    total ``lt[i]``, wager ``lb[i]`` (1 or 2) and drawn cards ``lc[i]`` (-1 where none).
    """
    k = 0
    n_y = player.cards_left(base, m_act)
    for y in range(N_TOTALS):
        cy = player.card_count(base, up, m_act, y)
        if cy <= 0:
            continue
        py = cy / n_y
        m_dec[y] += 1
        m_act[y] += 1
        p2 = (a + y) % 10
        _, action, _ = player.two_card_value(
            p2, das, c2, c3, base, up, m_dec, thr, binom, memo, flags
        )
        if action == Action.STAND:
            lp[k], lt[k], lb[k] = py, p2, 1
            lc[k, 0], lc[k, 1], lc[k, 2] = y, -1, -1
            k += 1
        else:
            for x in range(N_TOTALS):
                cx = player.card_count(base, up, m_act, x)
                if cx <= 0:
                    continue
                px = py * cx / (n_y - 1)
                m_dec[x] += 1
                m_act[x] += 1
                p3 = (p2 + x) % 10
                _, dbl = player.three_card_value(
                    p3, das, c3[p3, up], base, up, m_dec, thr, binom, memo, flags
                )
                if dbl == 0:
                    lp[k], lt[k], lb[k] = px, p3, 1
                    lc[k, 0], lc[k, 1], lc[k, 2] = y, x, -1
                    k += 1
                else:
                    for z in range(N_TOTALS):
                        cz = player.card_count(base, up, m_act, z)
                        if cz <= 0:
                            continue
                        lp[k], lt[k], lb[k] = px * cz / (n_y - 2), (p3 + z) % 10, 2
                        lc[k, 0], lc[k, 1], lc[k, 2] = y, x, z
                        k += 1
                m_dec[x] -= 1
                m_act[x] -= 1
        m_dec[y] -= 1
        m_act[y] -= 1
    return k


@njit(cache=True)
def _add(m, lc, i, sign):
    for j in range(3):
        if lc[i, j] >= 0:
            m[lc[i, j]] += sign


@njit(cache=True)
def _split_outcomes(w, a, b, das, c2, c3, base, up, m, thr, binom, memo, flags, out):
    """Add the split's joint outcome distribution (weight ``w``) to ``out``; returns E[wager]."""
    lp1 = np.empty(MAX_LEAVES)
    lt1 = np.empty(MAX_LEAVES, dtype=np.int64)
    lb1 = np.empty(MAX_LEAVES, dtype=np.int64)
    lc1 = np.empty((MAX_LEAVES, 3), dtype=np.int64)
    lp2 = np.empty(MAX_LEAVES)
    lt2 = np.empty(MAX_LEAVES, dtype=np.int64)
    lb2 = np.empty(MAX_LEAVES, dtype=np.int64)
    lc2 = np.empty((MAX_LEAVES, 3), dtype=np.int64)
    m_dec = m.copy()
    m_act = m.copy()
    n1 = split_hand_leaves(
        a, das, c2, c3, base, up, m_dec, m_act, thr, binom, memo, flags, lp1, lt1, lb1, lc1
    )
    # The second hand's decisions ignore the first hand's cards, so its final hands are the
    # same for every first-hand outcome; only their probabilities change with the shoe.
    n2 = split_hand_leaves(
        b, das, c2, c3, base, up, m_dec, m_act, thr, binom, memo, flags, lp2, lt2, lb2, lc2
    )
    wager = 0.0
    for i in range(n1):
        _add(m_act, lc1, i, 1)
        for j in range(n2):
            p = w * lp1[i] * _draw_probability(base, up, m_act, lc2, j)
            if p == 0.0:
                continue
            _add(m_act, lc2, j, 1)
            dist = player.dealer_row(base, up, m_act, thr, binom, memo, flags)
            for d in range(N_TOTALS):
                net = lb1[i] * _sign(d, lt1[i]) + lb2[j] * _sign(d, lt2[j])
                out[2 * net + 2 * MAX_NET] += p * dist[d]
            wager += p * (lb1[i] + lb2[j])
            _add(m_act, lc2, j, -1)
        _add(m_act, lc1, i, -1)
    return wager


@njit(cache=True)
def _draw_probability(base, up, m, lc, j):
    """P(drawing the cards ``lc[j]`` in order from the state's shoe); ``m`` is left as found."""
    p = 1.0
    n = player.cards_left(base, m)
    k = 0
    for t in range(3):
        v = lc[j, t]
        if v < 0:
            break
        c = player.card_count(base, up, m, v)
        if c <= 0:
            p = 0.0
            break
        p *= c / (n - t)
        m[v] += 1
        k += 1
    for t in range(k):
        m[lc[j, t]] -= 1
    return p


@njit(cache=True)
def nonpair_outcomes(
    weights, split_ok, das, c2, c3, cs, base, thr, binom, memo, flags, h2m, h2f, out
):
    """Add P(net result) of every non-pair deal (``weights[v1, v2, up]``) to ``out``.

    ``out[2 * net + 2 * MAX_NET]`` collects P(net) for net in -4..4 by half units; returns the
    expected total amount wagered (initial, doubles and split wagers) from these deals.
    """
    wager = 0.0
    m = np.zeros(N_TOTALS, dtype=np.int64)
    for v1 in range(N_TOTALS):
        for v2 in range(N_TOTALS):
            for up in range(N_TOTALS):
                w = weights[v1, v2, up]
                if w <= 0.0:
                    continue
                _, action, _ = deal_value(
                    v1,
                    v2,
                    up,
                    split_ok,
                    SPLIT_STANDARD,
                    das,
                    c2,
                    c3,
                    cs,
                    base,
                    thr,
                    binom,
                    memo,
                    flags,
                    h2m,
                    h2f,
                )
                m[:] = 0
                m[v1] += 1
                m[v2] += 1
                p2 = (v1 + v2) % 10
                if action == Action.SPLIT:
                    wager += _split_outcomes(
                        w, v1, v2, das, c2, c3, base, up, m, thr, binom, memo, flags, out
                    )
                    continue
                if action == Action.STAND:
                    _settle(w, p2, 1, player.dealer_row(base, up, m, thr, binom, memo, flags), out)
                    wager += w
                    continue
                n = player.cards_left(base, m)
                for x in range(N_TOTALS):
                    cx = player.card_count(base, up, m, x)
                    if cx <= 0:
                        continue
                    px = w * cx / n
                    m[x] += 1
                    p3 = (p2 + x) % 10
                    _, dbl = player.three_card_value(
                        p3, True, c3[p3, up], base, up, m, thr, binom, memo, flags
                    )
                    if dbl == 0:
                        _settle(
                            px, p3, 1, player.dealer_row(base, up, m, thr, binom, memo, flags), out
                        )
                        wager += px
                    else:
                        for z in range(N_TOTALS):
                            cz = player.card_count(base, up, m, z)
                            if cz <= 0:
                                continue
                            pz = px * cz / (n - 1)
                            m[z] += 1
                            _settle(
                                pz,
                                (p3 + z) % 10,
                                2,
                                player.dealer_row(base, up, m, thr, binom, memo, flags),
                                out,
                            )
                            m[z] -= 1
                            wager += 2 * pz
                    m[x] -= 1
    return wager


@dataclass(frozen=True)
class Outcomes:
    """Exact distribution of one round's net result, per unit of the initial wager."""

    rules: ZeroRules
    policy: str
    net: np.ndarray
    """Net results of non-pair deals: -4, -3.5, ..., 4 (half units)."""
    probability: np.ndarray
    """P(non-pair deal ending with each ``net``)."""
    zero_pair: float
    """P(a Zero Pair paid as a pair, i.e. not as ten-valued trips)."""
    trips: float
    """P(ten-valued Zero Pair matching the up card's rank)."""
    expected_wager: float
    """Expected total amount wagered per round, in initial wagers (1 + doubles + split wager)."""

    def rows(self) -> list[tuple[str, float, float]]:
        """(outcome, net result, probability) for every outcome of positive probability."""
        r = self.rules
        out = []
        if self.trips > 0 and r.zero_trips_pays is not None:
            out.append(("ten-valued trips", r.trips_pays, self.trips))
        out.append(
            (
                "zero pair",
                r.zero_pair_pays,
                self.zero_pair + (0 if r.zero_trips_pays is not None else self.trips),
            )
        )
        for net, p in zip(self.net[::-1], self.probability[::-1], strict=True):
            if p > 0:
                out.append((_outcome_name(net), float(net), float(p)))
        return out

    @property
    def ev(self) -> float:
        """Expected net result per initial wager."""
        return sum(net * p for _, net, p in self.rows())

    @property
    def std(self) -> float:
        """Standard deviation of the net result per initial wager."""
        rows = self.rows()
        return float(np.sqrt(sum(p * net * net for _, net, p in rows) - self.ev**2))

    @property
    def element_of_risk_percent(self) -> float:
        """House edge per unit of the total amount wagered (doubles and splits included), in %."""
        return -100.0 * self.ev / self.expected_wager


def _outcome_name(net: float) -> str:
    if net == 0:
        return "push"
    word = "win" if net > 0 else "lose"
    return f"{word} {abs(net):g}"


def outcome_distribution(
    rules: ZeroRules, policy: ZeroPolicy = OPTIMAL_POLICY, shoe: Shoe | None = None
) -> Outcomes:
    """Exact P(each net result) of a round under ``rules`` played by ``policy`` (standard split)."""
    shoe = Shoe.decks(rules.decks) if shoe is None else shoe
    states = ShoeStates(shoe, rules.dealer_draw_threshold, 8)
    h2m, h2f = states.split_memo(0)
    probs = deal_probabilities(shoe)
    weights = probs.nonpair
    split_ok = split_mask(rules)
    out = np.zeros(N_BINS)
    wager = nonpair_outcomes(
        weights,
        split_ok,
        rules.double_after_split,
        policy.chart2,
        policy.chart3,
        policy.chart_split,
        *states.args(),
        h2m,
        h2f,
        out,
    )
    pairs = probs.zero_pair
    return Outcomes(
        rules,
        policy.name,
        np.arange(-2 * MAX_NET, 2 * MAX_NET + 1) / 2.0,
        out,
        pairs - probs.trips,
        probs.trips,
        wager + pairs,
    )
