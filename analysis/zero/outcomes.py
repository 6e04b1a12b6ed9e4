"""The exact distribution of a Zero round's net result (the return table's input).

Net results are counted in half units (a Zero Pair wins 1.5). Split hands are followed card by
card: the second hand draws from the shoe without the first hand's cards, while its decisions
see only its own cards (the standard convention), and both are settled against one dealer hand
drawn from what is left, so the joint outcome (+-4 .. 0) is exact.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cardedge.analysis.core.kernels import entry, inner
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import player
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import deal_probabilities, deal_value, play_record, shoe_states
from cardedge.analysis.zero.rules import PlayRules, ZeroRules, distinct_play_rules

MAX_NET = 4
"""The largest net result of a non-pair deal: a split, both hands doubled, both winning."""
N_BINS = 4 * MAX_NET + 1
MAX_LEAVES = 1000
"""Final hands one split hand can reach: second card x third card x double card."""


@inner
def _sign(dealer, player_total):
    """+1 if the player's total is lower (wins), -1 if higher, 0 on a tie."""
    if dealer > player_total:
        return 1
    if dealer < player_total:
        return -1
    return 0


@inner
def _settle(w, total, bet, dist, out):
    for d in range(N_TOTALS):
        out[2 * bet * _sign(d, total) + 2 * MAX_NET] += w * dist[d]


Leaves = namedtuple("Leaves", ["p", "total", "wager", "cards"])
"""Final hands of one split hand: leaf i has probability ``p[i]``, total ``total[i]``, wager
``wager[i]`` (1 or 2) and drawn cards ``cards[i, :3]`` (-1 where none)."""


@inner
def _empty_leaves():
    """Room for every final hand of one split hand."""
    return Leaves(
        np.empty(MAX_LEAVES),
        np.empty(MAX_LEAVES, dtype=np.int64),
        np.empty(MAX_LEAVES, dtype=np.int64),
        np.empty((MAX_LEAVES, 3), dtype=np.int64),
    )


@inner
def _leaf(leaves, k, p, total, wager, y, x, z):
    leaves.p[k] = p
    leaves.total[k] = total
    leaves.wager[k] = wager
    leaves.cards[k, 0], leaves.cards[k, 1], leaves.cards[k, 2] = y, x, z
    return k + 1


@inner
def _split_hand_leaves(st, ch, up, m_dec, m_act, a, may_double, leaves):
    """Fill ``leaves`` with every final state of a split hand starting with card a; how many.

    Decisions use the state ``m_dec`` (split cards + own cards), probabilities the actual shoe
    ``m_act`` (also without cards dealt to an earlier hand).
    """
    k = 0
    n_y = player.cards_left(st, m_act)
    for y in range(N_TOTALS):
        cy = player.card_count(st, up, m_act, y)
        if cy <= 0:
            continue
        py = cy / n_y
        m_dec[y] += 1
        m_act[y] += 1
        p2 = (a + y) % 10
        _, action, _ = player.two_card_value(st, ch, up, m_dec, p2, may_double)
        if action == Action.STAND:
            k = _leaf(leaves, k, py, p2, 1, y, -1, -1)
        else:
            for x in range(N_TOTALS):
                cx = player.card_count(st, up, m_act, x)
                if cx <= 0:
                    continue
                px = py * cx / (n_y - 1)
                m_dec[x] += 1
                m_act[x] += 1
                p3 = (p2 + x) % 10
                _, dbl = player.three_card_value(st, up, m_dec, p3, may_double, ch.three[p3, up])
                if dbl == 0:
                    k = _leaf(leaves, k, px, p3, 1, y, x, -1)
                else:
                    for z in range(N_TOTALS):
                        cz = player.card_count(st, up, m_act, z)
                        if cz <= 0:
                            continue
                        k = _leaf(leaves, k, px * cz / (n_y - 2), (p3 + z) % 10, 2, y, x, z)
                m_dec[x] -= 1
                m_act[x] -= 1
        m_dec[y] -= 1
        m_act[y] -= 1
    return k


@inner
def _add(m, cards, i, sign):
    for j in range(3):
        if cards[i, j] >= 0:
            m[cards[i, j]] += sign


@inner
def _multiset_key(cards, i):
    """A number naming the multiset of leaf i's drawn cards (1 to 3 of them): < 11**3."""
    a, b, c = cards[i, 0], cards[i, 1], cards[i, 2]
    # a missing card (-1) sorts last as 10
    a = 10 if a < 0 else a
    b = 10 if b < 0 else b
    c = 10 if c < 0 else c
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return (a * 11 + b) * 11 + c


@inner
def _merged_leaves(leaves, n, index, out, orders):
    """Merge the leaves that drew the same multiset of cards (in other orders) into ``out``:
    summed probability, the number of ``orders`` merged, and the total, wager and cards of the
    first of them (a multiset fixes the total and, by its size, the wager). How many."""
    index[:] = -1
    g = 0
    for i in range(n):
        key = _multiset_key(leaves.cards, i)
        j = index[key]
        if j < 0:
            j = g
            index[key] = g
            g += 1
            out.p[j] = 0.0
            orders[j] = 0
            out.total[j] = leaves.total[i]
            out.wager[j] = leaves.wager[i]
            for t in range(3):
                out.cards[j, t] = leaves.cards[i, t]
        out.p[j] += leaves.p[i]
        orders[j] += 1
    return g


@inner
def _split_outcomes(st, ch, up, m, w, a, b, may_double, out):
    """Add the split's joint outcome distribution (weight ``w``) to ``out``; returns E[wager]."""
    leaves = _empty_leaves()
    first = _empty_leaves()
    second = _empty_leaves()
    index = np.empty(11**3, dtype=np.int64)
    orders = np.empty(MAX_LEAVES, dtype=np.int64)
    m_dec = m.copy()
    m_act = m.copy()
    n1 = _split_hand_leaves(st, ch, up, m_dec, m_act, a, may_double, leaves)
    n1 = _merged_leaves(leaves, n1, index, first, orders)
    # The second hand's decisions ignore the first hand's cards, so its final hands are the
    # same for every first-hand outcome; only their probabilities change with the shoe. Every
    # order of one multiset of cards is equally likely, so a merged leaf weighs its number of
    # orders times the chance of one of them.
    n2 = _split_hand_leaves(st, ch, up, m_dec, m_act, b, may_double, leaves)
    n2 = _merged_leaves(leaves, n2, index, second, orders)
    wager = 0.0
    for i in range(n1):
        _add(m_act, first.cards, i, 1)
        for j in range(n2):
            p = w * first.p[i] * orders[j] * _draw_probability(st, up, m_act, second.cards, j)
            if p == 0.0:
                continue
            _add(m_act, second.cards, j, 1)
            dist = player.dealer_row(st, up, m_act)
            for d in range(N_TOTALS):
                net = first.wager[i] * _sign(d, first.total[i])
                net += second.wager[j] * _sign(d, second.total[j])
                out[2 * net + 2 * MAX_NET] += p * dist[d]
            wager += p * (first.wager[i] + second.wager[j])
            _add(m_act, second.cards, j, -1)
        _add(m_act, first.cards, i, -1)
    return wager


@inner
def _draw_probability(st, up, m, cards, j):
    """P(drawing the cards ``cards[j]`` in order from the state's shoe); ``m`` is left as found."""
    p = 1.0
    n = player.cards_left(st, m)
    k = 0
    for t in range(3):
        v = cards[j, t]
        if v < 0:
            break
        c = player.card_count(st, up, m, v)
        if c <= 0:
            p = 0.0
            break
        p *= c / (n - t)
        m[v] += 1
        k += 1
    for t in range(k):
        m[cards[j, t]] -= 1
    return p


@inner
def _hit_outcomes(st, ch, up, m, w, p2, may_double, out, wager):
    """Add the outcomes of hitting two-card total p2 (weight ``w``) to ``out``.

    Returns ``wager`` plus this hand's expected amount wagered (added term by term, in the
    order the sum over deals always used).
    """
    n = player.cards_left(st, m)
    for x in range(N_TOTALS):
        cx = player.card_count(st, up, m, x)
        if cx <= 0:
            continue
        px = w * cx / n
        m[x] += 1
        p3 = (p2 + x) % 10
        _, dbl = player.three_card_value(st, up, m, p3, may_double, ch.three[p3, up])
        if dbl == 0:
            _settle(px, p3, 1, player.dealer_row(st, up, m), out)
            wager += px
        else:
            for z in range(N_TOTALS):
                cz = player.card_count(st, up, m, z)
                if cz <= 0:
                    continue
                pz = px * cz / (n - 1)
                m[z] += 1
                _settle(pz, (p3 + z) % 10, 2, player.dealer_row(st, up, m), out)
                m[z] -= 1
                wager += 2 * pz
        m[x] -= 1
    return wager


@entry
def nonpair_outcomes(st, ch, play, weights, out):
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
                m[:] = 0
                _, action, _ = deal_value(st, ch, play, up, v1, v2, m)
                m[v1] += 1
                m[v2] += 1
                p2 = (v1 + v2) % 10
                if action == Action.SPLIT:
                    wager += _split_outcomes(st, ch, up, m, w, v1, v2, play.rules.double_split, out)
                elif action == Action.STAND:
                    _settle(w, p2, 1, player.dealer_row(st, up, m), out)
                    wager += w
                else:
                    wager = _hit_outcomes(
                        st, ch, up, m, w, p2, play.rules.double_unsplit, out, wager
                    )
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
        if self.trips > 0 and r.trips_pays is not None:
            out.append(("ten-valued trips", r.trips_payout, self.trips))
        out.append(
            (
                "zero pair",
                r.zero_pair_pays,
                self.zero_pair + (0 if r.trips_pays is not None else self.trips),
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
    rules: ZeroRules, shoe: Shoe, policy: ZeroPolicy = OPTIMAL_POLICY
) -> Outcomes:
    """Exact P(each net result) of a round under ``rules`` played by ``policy`` (standard split)."""
    return outcome_distributions([rules], shoe, policy)[0]


def outcome_distributions(
    rules: Iterable[ZeroRules], shoe: Shoe, policy: ZeroPolicy = OPTIMAL_POLICY
) -> list[Outcomes]:
    """``outcome_distribution`` of each rule set, following each distinct ``play_rules()`` once.

    The outcomes of non-pair deals depend only on play; what a Zero Pair pays labels its row.
    """
    rules = list(rules)
    played = {play: _nonpair_outcomes(play, shoe, policy) for play in distinct_play_rules(rules)}
    return [Outcomes(r, policy.name, *played[r.play_rules()]) for r in rules]


class _Cells:
    """A policy as a memo key: equal to another when their chart cells are (a basic chart
    derived again, or the same chart under another name, finds the first one's outcomes)."""

    __slots__ = ("policy", "key")

    def __init__(self, policy: ZeroPolicy) -> None:
        self.policy = policy
        self.key = tuple(c.tobytes() for c in (policy.chart2, policy.chart3, policy.chart_split))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Cells) and self.key == other.key


OUTCOMES_MEMO = 64
"""Non-pair outcome distributions kept (a 6-deck one costs about 2 s; the same shoe, play and
chart recur across a report's sections, the returns tables and the deck comparisons)."""


def _nonpair_outcomes(play: PlayRules, shoe: Shoe, policy: ZeroPolicy):
    """The ``Outcomes`` fields after rules and policy: nets, their probabilities, pairs, trips
    and the expected amount wagered (memoized: its arrays are read-only)."""
    return _nonpair_outcomes_of(play, shoe, _Cells(policy))


@lru_cache(maxsize=OUTCOMES_MEMO)
def _nonpair_outcomes_of(play: PlayRules, shoe: Shoe, cells: _Cells):
    policy = cells.policy
    states = shoe_states(shoe, play, 8)
    probs = deal_probabilities(shoe)
    out = np.zeros(N_BINS)
    wager = nonpair_outcomes(
        states.record,
        policy.charts,
        play_record(play),
        probs.nonpair,
        out,
    )
    pairs = probs.zero_pair
    nets = np.arange(-2 * MAX_NET, 2 * MAX_NET + 1) / 2.0
    for shared in (nets, out):  # every caller gets these arrays: none may change them
        shared.setflags(write=False)
    return nets, out, pairs - probs.trips, probs.trips, wager + pairs
