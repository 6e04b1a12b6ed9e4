"""Slow, obviously-correct Zero evaluator in exact fractions: the twin the kernels are tested on.

Plain recursion over the cards as they are drawn, on shoes of counts by point value, every
probability a ``Fraction``. It shares no code with the numba kernels beyond the rules object.
Use it on small shoes (one deck or less, or a sample of deals).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.zero.rules import ZeroRules

Shoe = tuple[int, ...]
"""Counts by point value 0..9."""


def draws(shoe: Shoe):
    """Each card value that can come next, with its probability and the shoe after it."""
    n = sum(shoe)
    for v, c in enumerate(shoe):
        if c:
            rest = list(shoe)
            rest[v] -= 1
            yield v, Fraction(c, n), tuple(rest)


@cache
def dealer_final(shoe: Shoe, total: int, n_cards: int, threshold: int) -> tuple[Fraction, ...]:
    """P(final total t) for a dealer holding ``n_cards`` cards totalling ``total``."""
    must_draw = n_cards == 1 or (n_cards in (2, 3) and total >= threshold)
    if not must_draw:
        return tuple(Fraction(int(t == total)) for t in range(10))
    out = [Fraction(0)] * 10
    for v, p, rest in draws(shoe):
        for t, q in enumerate(dealer_final(rest, (total + v) % 10, n_cards + 1, threshold)):
            out[t] += p * q
    return tuple(out)


def stand(shoe: Shoe, up: int, p: int, threshold: int) -> Fraction:
    """EV of standing on total p: +1 if the dealer ends higher, -1 lower, 0 equal."""
    dist = dealer_final(shoe, up, 1, threshold)
    return sum(dist[p + 1 :], Fraction(0)) - sum(dist[:p], Fraction(0))


@cache
def three_card(shoe: Shoe, up: int, p3: int, can_double: bool, threshold: int) -> Fraction:
    """Best EV of a three-card total: stand, or double for exactly one more card."""
    best = stand(shoe, up, p3, threshold)
    if can_double:
        dbl = sum(
            (2 * p * stand(rest, up, (p3 + v) % 10, threshold) for v, p, rest in draws(shoe)),
            Fraction(0),
        )
        best = max(best, dbl)
    return best


@cache
def two_card(shoe: Shoe, up: int, p2: int, can_double: bool, threshold: int) -> Fraction:
    """Best EV of a two-card total: stand, or hit once and play the three-card hand."""
    hit = sum(
        (
            p * three_card(rest, up, (p2 + v) % 10, can_double, threshold)
            for v, p, rest in draws(shoe)
        ),
        Fraction(0),
    )
    return max(stand(shoe, up, p2, threshold), hit)


def split_hand(shoe: Shoe, up: int, a: int, rules: ZeroRules) -> Fraction:
    """EV of a split hand starting with value a, drawn from ``shoe`` (both split cards out)."""
    return sum(
        (
            p
            * two_card(
                rest, up, (a + v) % 10, rules.double_after_split, rules.dealer_draw_threshold
            )
            for v, p, rest in draws(shoe)
        ),
        Fraction(0),
    )


def _first_hand(
    shoe: Shoe, up: int, total: int, n_cards: int, b: int, rules: ZeroRules
) -> Fraction:
    """Best EV of first split hand plus the second hand played knowing the first's cards."""
    thr = rules.dealer_draw_threshold
    if n_cards == 1:
        return sum(
            (
                p * _first_hand(rest, up, (total + v) % 10, 2, b, rules)
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
    best = stand(shoe, up, total, thr) + split_hand(shoe, up, b, rules)
    if n_cards == 2:
        hit = sum(
            (
                p * _first_hand(rest, up, (total + v) % 10, 3, b, rules)
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
        return max(best, hit)
    if rules.double_after_split:
        dbl = sum(
            (
                p * (2 * stand(rest, up, (total + v) % 10, thr) + split_hand(rest, up, b, rules))
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
        best = max(best, dbl)
    return best


def deal_ev(
    shoe: Shoe, up: int, v1: int, v2: int, rules: ZeroRules, split: str = "standard"
) -> Fraction:
    """Optimal EV of a non-pair deal v1, v2 vs ``up``; ``shoe`` has all three cards removed."""
    best = two_card(shoe, up, (v1 + v2) % 10, True, rules.dealer_draw_threshold)
    if (v1 + v2) % 10 in rules.split_totals:
        if split == "standard":
            sv = split_hand(shoe, up, v1, rules) + split_hand(shoe, up, v2, rules)
        else:
            sv = max(
                _first_hand(shoe, up, v1, 1, v2, rules), _first_hand(shoe, up, v2, 1, v1, rules)
            )
        best = max(best, sv)
    return best


def round_ev(rank_counts: tuple[int, ...], rules: ZeroRules, split: str = "standard") -> Fraction:
    """Exact EV per initial wager of a round under optimal play, enumerating deals by rank."""
    n = sum(rank_counts)
    total = Fraction(0)
    counts = list(rank_counts)
    for r1 in range(13):
        p1 = Fraction(counts[r1], n)
        if not p1:
            continue
        counts[r1] -= 1
        for r2 in range(13):
            p2 = Fraction(counts[r2], n - 1)
            if not p2:
                continue
            counts[r2] -= 1
            for ru in range(13):
                pu = Fraction(counts[ru], n - 2)
                if not pu:
                    continue
                counts[ru] -= 1
                total += p1 * p2 * pu * _deal_result(counts, r1, r2, ru, rules, split)
                counts[ru] += 1
            counts[r2] += 1
        counts[r1] += 1
    return total


def _deal_result(
    counts: list[int], r1: int, r2: int, ru: int, rules: ZeroRules, split: str
) -> Fraction:
    v1, v2, up = BACCARAT_VALUES[r1], BACCARAT_VALUES[r2], BACCARAT_VALUES[ru]
    if r1 == r2 and (v1 + v2) % 10 == 0:
        trips = r1 in TEN_RANKS and ru == r1
        return Fraction(rules.trips_pays if trips else rules.zero_pair_pays)
    shoe = [0] * 10
    for r, c in enumerate(counts):
        shoe[BACCARAT_VALUES[r]] += c
    return deal_ev(tuple(shoe), up, v1, v2, rules, split)
