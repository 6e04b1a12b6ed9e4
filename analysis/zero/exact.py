"""Zero's house edge as an exact fraction: the float kernels' round, in whole numbers.

Every probability of the round is a count of card sequences over a count of sequences: a shoe
state holding ``n`` cards is valued over one denominator that depends on ``n`` alone,
``den(n) = perm(n, n - floor)``, where ``floor`` is at most the cards left once the deepest
round is over. Drawing one card from ``n`` multiplies by ``c / n`` and ``den(n) = n * den(n -
1)``, so a hit's value is the plain sum of ``c * (child's numerator)``: no fraction is
reduced on the way, and two actions of one state compare as their numerators do, exactly.
(``reference._dealer_ways`` counts the dealer alike.) Only the round's few hundred deal
values become ``Fraction``s.

Decisions are taken on these exact values, with the kernels' tie rules (stand rather than hit
or double, no split rather than split): optimal play is exactly optimal, a fixed chart cell is
obeyed. Both split conventions (``analysis.zero.split``): the standard one (each split hand
sees its own cards, the other split card and the up card) and the fully optimal one (the
second hand sees the first hand's cards, the first hand's choices maximise both hands' EV).

Pure Python, no kernel: about 30,000 shoe states at 6 decks with the standard split
(``bench/exact_edge.py`` times it).
"""

from __future__ import annotations

from fractions import Fraction
from math import perm

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.core.rules import payout_text, payout_value
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.rules import PlayRules, ZeroRules

N_TOTALS = 10
DEALER_DRAWS = 3
"""The dealer draws at most three cards after the up card (the hole card and two more)."""
PLAYER_CARDS = {"standard": 5, "optimal": 8}
"""Most player cards out of the shoe in one state, by split convention: two split cards, a
split hand's second card, a hit and a double; with the fully optimal split, the first hand's
three cards and the second hand's too."""
SPLITS = tuple(PLAYER_CARDS)
"""The split conventions valued exactly (``round.SPLIT_MODES``)."""

State = tuple[int, ...]
"""Player cards out of the shoe, as counts by point value 0..9."""


def exact_payout(payout: float) -> Fraction:
    """A Zero payout (kept as a float) as the exact ratio it was written as: 1.2 is 6/5, the
    ratio ``payout_text`` names (a decimal otherwise, its shortest form)."""
    return payout_value(payout_text(payout))


class ZeroExact:
    """Exact values of every Zero hand dealt from one shoe under one set of play rules.

    A value is a whole number over ``den(n)``, ``n`` the cards left in its state once the up
    card and the player's cards are out (the module docstring). ``policy`` plays every hand.
    """

    def __init__(
        self,
        rules: ZeroRules | PlayRules,
        shoe: Shoe,
        policy: ZeroPolicy,
        split: str = "standard",
    ) -> None:
        if split not in SPLITS:
            raise ValueError(f"unknown split mode {split!r} (choose from {', '.join(SPLITS)})")
        if split != "standard" and not policy.is_optimal:
            raise ValueError(f"split {split!r} needs the optimal policy")
        self.split_mode = split
        record = rules.kernel_record()
        self.draws = [[bool(d) for d in row] for row in record.dealer.draws]
        self.double_unsplit = [bool(x) for x in record.double_unsplit]
        self.double_split = [bool(x) for x in record.double_split]
        self.split_ok = [bool(x) for x in record.split_ok]
        charts = policy.charts
        self.two = charts.two.tolist()
        self.three = charts.three.tolist()
        self.split = charts.split.tolist()
        self.base = [int(c) for c in shoe.by_value(BACCARAT_VALUES, N_TOTALS)]
        self.size = sum(self.base)
        self.floor = max(0, self.size - 1 - PLAYER_CARDS[split] - DEALER_DRAWS)
        self._den: dict[int, int] = {}
        self._stand: dict[tuple[int, State], list[int]] = {}
        self._double: dict[tuple[int, State], list[int]] = {}
        self._two: dict[tuple, int] = {}
        self._second: dict[tuple, int] = {}
        self._first: dict[tuple, tuple[int, int]] = {}

    # -- denominators ---------------------------------------------------------------------
    def den(self, n: int) -> int:
        """The denominator of every value of a state holding ``n`` cards."""
        d = self._den.get(n)
        if d is None:
            d = self._den[n] = perm(n, n - self.floor)
        return d

    def shoe_of(self, up: int, m: State) -> list[int]:
        """Cards left by value once the up card and the player's cards ``m`` are out."""
        left = [b - k for b, k in zip(self.base, m, strict=True)]
        left[up] -= 1
        return left

    # -- the dealer -----------------------------------------------------------------------
    def dealer_ways(self, shoe: list[int], up: int) -> tuple[list[int], int]:
        """(ways[t], d): the dealer's final total is t in ways[t] of the perm(n, d) orders of
        the next d = min(3, n) cards (a dealer who stops early stands for every order of the
        draws he leaves)."""
        n = sum(shoe)
        d = min(DEALER_DRAWS, n)
        ways = [0] * N_TOTALS
        draw2, draw3 = self.draws
        for h in range(N_TOTALS):
            ch = shoe[h]
            if ch <= 0:
                continue
            t2 = (up + h) % 10
            if not draw2[t2]:
                ways[t2] += ch * perm(n - 1, d - 1)
                continue
            shoe[h] -= 1
            for x in range(N_TOTALS):
                cx = shoe[x]
                if cx <= 0:
                    continue
                t3 = (t2 + x) % 10
                if not draw3[t3]:
                    ways[t3] += ch * cx * perm(n - 2, d - 2)
                    continue
                shoe[x] -= 1
                w = ch * cx
                for y in range(N_TOTALS):
                    cy = shoe[y]
                    if cy > 0:
                        ways[(t3 + y) % 10] += w * cy
                shoe[x] += 1
            shoe[h] += 1
        return ways, d

    def stand_row(self, up: int, m: State) -> list[int]:
        """Numerators of standing on each total 0..9 in state (up, m): +1 where the dealer
        ends higher (the lower total wins), -1 lower, 0 equal."""
        key = (up, m)
        row = self._stand.get(key)
        if row is not None:
            return row
        shoe = self.shoe_of(up, m)
        n = sum(shoe)
        ways, d = self.dealer_ways(shoe, up)
        scale = perm(n - d, n - self.floor - d)
        total = sum(ways)
        row = []
        below = 0
        for p in range(N_TOTALS):
            above = total - below - ways[p]
            row.append((above - below) * scale)
            below += ways[p]
        self._stand[key] = row
        return row

    # -- the player -----------------------------------------------------------------------
    def double_row(self, up: int, m: State) -> list[int]:
        """Numerators of doubling each three-card total 0..9 in state (up, m): one more card,
        twice the wager."""
        key = (up, m)
        row = self._double.get(key)
        if row is not None:
            return row
        shoe = self.shoe_of(up, m)
        row = [0] * N_TOTALS
        for z in range(N_TOTALS):
            c = shoe[z]
            if c <= 0:
                continue
            stand = self.stand_row(up, _plus(m, z))
            for p3 in range(N_TOTALS):
                row[p3] += c * stand[(p3 + z) % 10]
        row = [2 * v for v in row]
        self._double[key] = row
        return row

    def three_card(self, up: int, m: State, p3: int, may_double: list[bool]) -> int:
        """Numerator of a three-card total p3 played by the policy (stand wins ties)."""
        stand = self.stand_row(up, m)[p3]
        code = self.three[p3][up]
        if not may_double[p3] or code == Action.STAND:
            return stand
        dbl = self.double_row(up, m)[p3]
        if code == Action.DOUBLE or dbl > stand:
            return dbl
        return stand

    def two_card(self, up: int, m: State, p2: int, may_double: list[bool]) -> int:
        """Numerator of a two-card total p2 played by the policy (stand wins ties)."""
        key = (up, m, p2, may_double is self.double_split)
        value = self._two.get(key)
        if value is not None:
            return value
        stand = self.stand_row(up, m)[p2]
        code = self.two[p2][up]
        value = stand
        if code != Action.STAND:
            shoe = self.shoe_of(up, m)
            hit = 0
            for x in range(N_TOTALS):
                c = shoe[x]
                if c > 0:
                    hit += c * self.three_card(up, _plus(m, x), (p2 + x) % 10, may_double)
            if code == Action.HIT or hit > stand:
                value = hit
        self._two[key] = value
        return value

    def split_hand(self, up: int, m: State, a: int) -> int:
        """Numerator of one split hand holding a (both split cards in ``m``): it draws its
        second card and plays on, doubling where the split rule allows."""
        shoe = self.shoe_of(up, m)
        total = 0
        for y in range(N_TOTALS):
            c = shoe[y]
            if c > 0:
                total += c * self.two_card(up, _plus(m, y), (a + y) % 10, self.double_split)
        return total

    def deal(self, up: int, v1: int, v2: int) -> int:
        """Numerator over ``den(size - 3)`` of the non-pair deal v1, v2 against ``up``."""
        m = _plus(_plus((0,) * N_TOTALS, v1), v2)
        total = (v1 + v2) % 10
        best = self.two_card(up, m, total, self.double_unsplit)
        code = self.split[v1][v2][up]
        if not self.split_ok[total] or code == Action.NO_SPLIT:
            return best
        if self.split_mode == "standard":
            # two split hands, each one card further: over den(n - 1) each, n * den(n - 1) = den(n)
            sv = self.split_hand(up, m, v1) + self.split_hand(up, m, v2)
        else:
            sv = self.ordered_split(up, m, v1, v2)
            if v1 != v2:
                sv = max(sv, self.ordered_split(up, m, v2, v1))
        if code == Action.SPLIT or sv > best:
            return sv
        return best

    # -- the fully optimal split (``split.optimal_split_value``, joint) ----------------------
    def second_hand(self, up: int, m: State, b: int) -> int:
        """Numerator of the second split hand (card b) once the first hand's cards, in ``m``,
        are seen: it draws its second card and plays optimally."""
        key = (up, m, b)
        value = self._second.get(key)
        if value is None:
            shoe = self.shoe_of(up, m)
            value = 0
            for y in range(N_TOTALS):
                c = shoe[y]
                if c > 0:
                    value += c * self.two_card(up, _plus(m, y), (b + y) % 10, self.double_split)
            self._second[key] = value
        return value

    def first_hand(self, up: int, m: State, total: int, n_cards: int, b: int) -> tuple[int, int]:
        """(own, own + second hand) numerators of the first split hand holding ``n_cards`` (2
        or 3) cards of ``total``, its choices maximising both hands' EV (stand wins ties)."""
        key = (up, m, total, n_cards, b)
        found = self._first.get(key)
        if found is not None:
            return found
        own = self.stand_row(up, m)[total]
        both = own + self.second_hand(up, m, b)
        shoe = self.shoe_of(up, m)
        if n_cards == 2:
            hit_own = hit_both = 0
            for x in range(N_TOTALS):
                c = shoe[x]
                if c > 0:
                    o, t = self.first_hand(up, _plus(m, x), (total + x) % 10, 3, b)
                    hit_own += c * o
                    hit_both += c * t
            if hit_both > both:
                own, both = hit_own, hit_both
        elif self.double_split[total]:
            dbl_own = self.double_row(up, m)[total]
            dbl_both = dbl_own
            for z in range(N_TOTALS):
                c = shoe[z]
                if c > 0:
                    dbl_both += c * self.second_hand(up, _plus(m, z), b)
            if dbl_both > both:
                own, both = dbl_own, dbl_both
        self._first[key] = (own, both)
        return own, both

    def ordered_split(self, up: int, m: State, a: int, b: int) -> int:
        """Numerator of splitting a and b (both in ``m``), the a-hand played first and the
        b-hand knowing its cards."""
        shoe = self.shoe_of(up, m)
        total = 0
        for y in range(N_TOTALS):
            c = shoe[y]
            if c > 0:
                total += c * self.first_hand(up, _plus(m, y), (a + y) % 10, 2, b)[1]
        return total


def _plus(m: State, v: int) -> State:
    """The multiset ``m`` with one more card of value v."""
    return m[:v] + (m[v] + 1,) + m[v + 1 :]


def nonpair_ev(
    play: ZeroRules | PlayRules,
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
) -> Fraction:
    """The exact contribution of the deals that are no Zero Pair to the player's EV per
    initial wager (``round.PlayResult.nonpair_ev``): what ``play`` and ``policy`` decide, the
    same whatever a Zero Pair pays."""
    values = ZeroExact(play, shoe, policy, split)
    counts = list(shoe.counts)
    nv = values.base
    total = 0
    for up in range(N_TOTALS):
        for v1 in range(N_TOTALS):
            for v2 in range(v1, N_TOTALS):
                # ways of (v1, v2, up) among the perm(n, 3) ordered deals, both orders
                ways = _nonpair_ways(counts, nv, v1, v2, up)
                if ways:
                    total += ways * (1 if v1 == v2 else 2) * values.deal(up, v1, v2)
    n = values.size
    return Fraction(total, perm(n, 3) * values.den(n - 3))


def priced(nonpair: Fraction, rules: ZeroRules, shoe: Shoe) -> Fraction:
    """The player's exact EV per initial wager: the non-pair deals' ``nonpair`` plus the Zero
    Pairs, paid ``zero_pair_pays`` and ten-valued trips ``trips_pays`` (``PlayResult.price``)."""
    counts = list(shoe.counts)
    n = sum(counts)
    pairs = sum(
        c * (c - 1) * (n - 2) for r, c in enumerate(counts) if 2 * BACCARAT_VALUES[r] % 10 == 0
    )
    trips = sum(counts[r] * (counts[r] - 1) * (counts[r] - 2) for r in TEN_RANKS)
    pays = exact_payout(rules.zero_pair_pays)
    trips_pays = exact_payout(rules.trips_payout)
    return nonpair + Fraction(pairs * pays + trips * (trips_pays - pays), perm(n, 3))


def exact_ev(
    rules: ZeroRules,
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
) -> Fraction:
    """The player's exact EV per initial Zero wager of a round under ``rules`` dealt from
    ``shoe``, played by ``policy``: what ``round.evaluate_round(...).ev`` computes in floats."""
    return priced(nonpair_ev(rules, shoe, policy, split), rules, shoe)


def _nonpair_ways(counts: list[int], nv: list[int], v1: int, v2: int, up: int) -> int:
    """Ways to deal the player v1 then v2 (no Zero Pair) and then the up card."""
    first = nv[v1] * (nv[v2] - (v1 == v2))
    if v1 == v2 and 2 * v1 % 10 == 0:
        first -= sum(c * (c - 1) for r, c in enumerate(counts) if BACCARAT_VALUES[r] == v1)
    ku = nv[up] - (up == v1) - (up == v2)
    return first * ku if first > 0 and ku > 0 else 0


def exact_edge(
    rules: ZeroRules,
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
) -> Fraction:
    """The house edge as an exact fraction of the initial wager (minus ``exact_ev``; times
    100 for percent)."""
    return -exact_ev(rules, shoe, policy, split)
