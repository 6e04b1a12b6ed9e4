"""Exact value of splitting a pair, resplits included, for a zero-memory post-split strategy.

This is the exchangeability method of E. Farmer ("Blackjack and pair splitting", his strategy
engine's split write-up) and J. Nairn (arXiv 1909.13710). Let S be the shoe once the up card
and the two pair cards p are out: n cards, P of them pair cards. Each split hand's play
depends only on its own cards and the up card (CDZ-: it plays as an unsplit hand of the same
cards would), so by exchangeability a hand's EV given what is known about the *other* hands'
cards is the EV of one hand dealt from S with those cards removed, and cards that nobody looks
at (other hands' hits, cards of unknown kind) may be put back.

What is known is only the kind (pair card or not) of each hand's second-card draws, so two
families of one-hand EVs suffice:

- ``X[a][b]``: a split hand drawing any second card (a new pair is played, not resplit), with
  ``a`` pair cards and ``b`` non-pair cards of unknown value removed from S;
- ``N[a][b]``: the same given its second card is not a pair card.

Removing a non-pair card of unknown value is "remove a random card" (= nothing, by
exchangeability) minus its pair-card part, so ``X[a][b]`` and ``N[a][b]`` reduce to ``X[a][0]``
and ``P[a]`` (the hand p,p played without resplitting) for a = 0..2(H-2): the only one-hand
EVs the evaluator computes, on shoes with ``2 + a`` pair cards removed in all.

The split then ends either with h < H hands, every second card a non-pair (h - 2 resplit
cards, h non-pairs), or reaches the H-hand limit after k hands were completed with a non-pair;
``split_patterns`` counts the orders of resplit/non-pair draws that lead to each ending, and
each order has the same probability ff(P, r) ff(n - P, k) / ff(n, r + k). Draws of cards in
between (hits to earlier hands) do not change that probability (optional stopping for an
exchangeable sequence). Everything is exact arithmetic on these numbers: the functions work on
floats, and on ``fractions.Fraction`` for the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class SplitPattern:
    """One way a split can end, with the number of draw orders that lead to it."""

    resplits: int
    """Pair cards drawn as second cards and moved to new hands (r)."""
    completed: int
    """Hands completed with a non-pair second card before the end (k)."""
    at_limit: bool
    """True: the hand limit H was reached (the other H - k hands draw freely)."""
    orders: int
    """Number of resplit/non-pair draw orders giving this ending."""

    @property
    def hands(self) -> int:
        return 2 + self.resplits


@lru_cache(maxsize=8)
def split_patterns(max_hands: int) -> tuple[SplitPattern, ...]:
    """Every ending of a split of one pair into at most ``max_hands`` hands.

    Found by playing out every sequence of second-card kinds: a pair card while below the
    limit makes a new hand, a non-pair card completes the current hand.
    """
    if max_hands < 2:
        raise ValueError(f"max_hands must be >= 2, got {max_hands!r}")
    found: dict[tuple[int, int, bool], int] = {}
    stack = [(2, 0, 0)]  # hands, completed, resplits
    while stack:
        hands, completed, resplits = stack.pop()
        if hands == max_hands:
            key = (resplits, completed, True)
        elif completed == hands:
            key = (resplits, completed, False)
        else:
            stack.append((hands + 1, completed, resplits + 1))
            stack.append((hands, completed + 1, resplits))
            continue
        found[key] = found.get(key, 0) + 1
    return tuple(SplitPattern(r, k, lim, c) for (r, k, lim), c in sorted(found.items()))


def falling(x, k: int):
    """Falling factorial x (x - 1) ... (x - k + 1); 1 for k = 0."""
    out = 1
    for j in range(k):
        out *= x - j
    return out


def pattern_probability(n: int, pairs: int, pattern: SplitPattern, one=1.0):
    """Probability of one specific draw order of the pattern's resplit and non-pair cards."""
    r, k = pattern.resplits, pattern.completed
    den = falling(n, r + k)
    if den == 0:
        return one * 0
    return one * falling(pairs, r) * falling(n - pairs, k) / den


def _drop_nonpairs(base_values: list, n: int, pairs: int, depth: int, own_nonpair: bool) -> list:
    """Table ``T[a][b]`` from ``T[a][0] = base_values[a]`` by removing b unknown non-pairs.

    T[a][b-1] = v T[a+1][b-1] + (1 - v) T[a][b], v = P(a removed random card is a pair card).
    """
    table = [list(base_values)]
    for b in range(1, depth + 1):
        prev = table[-1]
        row = []
        for a in range(len(prev) - 1):
            left = n - a - (b - 1) - (1 if own_nonpair else 0)
            v = (pairs - a) / left if left > 0 else 0
            if v == 1 or pairs - a < 0:
                row.append(0 * prev[a])  # no non-pair card left: a state of probability 0
            else:
                row.append((prev[a] - v * prev[a + 1]) / (1 - v))
        table.append(row)
    # transpose to [a][b]
    return [
        [table[b][a] for b in range(len(table)) if a < len(table[b])]
        for a in range(len(base_values))
    ]


def split_value(n: int, pairs: int, max_hands: int, x_values: list, p_values: list):
    """EV of splitting (the sum over all final hands), per unit of the initial wager.

    ``n``/``pairs``: cards and pair cards in S (up card and the two pair cards out).
    ``x_values[a]``: EV of one split hand drawing any second card (a pair played, not
    resplit) from S less ``a`` more pair cards; ``p_values[a]``: EV of the hand p,p played
    without resplitting from S less ``a`` more pair cards; a = 0..2(max_hands - 2).
    """
    depth = max_hands - 2
    need = 2 * depth + 1
    if len(x_values) < need or len(p_values) < need:
        raise ValueError(f"need {need} values of X and P for {max_hands} hands")
    x0 = list(x_values[:need])
    n0 = []
    for a in range(need):
        left = n - a
        w = (pairs - a) / left if left > 0 and pairs - a > 0 else 0 * x0[a]
        n0.append(0 * x0[a] if w == 1 else (x0[a] - w * p_values[a]) / (1 - w))
    x = _drop_nonpairs(x0, n, pairs, depth, own_nonpair=False)
    nonpair = _drop_nonpairs(n0, n, pairs, depth, own_nonpair=True)
    one = x0[0] * 0 + 1
    ev = 0 * one
    for pat in split_patterns(max_hands):
        prob = pat.orders * pattern_probability(n, pairs, pat, one)
        if prob == 0:
            continue
        r, k = pat.resplits, pat.completed
        if pat.at_limit:
            if k > 0:
                ev += prob * k * nonpair[r][k - 1]
            ev += prob * (max_hands - k) * x[r][k]
        else:
            ev += prob * pat.hands * nonpair[r][k - 1]
    return ev


def hand_count_distribution(n: int, pairs: int, max_hands: int, one=1.0) -> dict[int, object]:
    """P(the split ends with h hands), h = 2..max_hands, drawing from S (n cards, ``pairs``)."""
    dist = {h: 0 * one for h in range(2, max_hands + 1)}
    for pat in split_patterns(max_hands):
        h = max_hands if pat.at_limit else pat.hands
        dist[h] += pat.orders * pattern_probability(n, pairs, pat, one)
    return dist


def expected_hands(n: int, pairs: int, max_hands: int, one=1.0):
    """Expected number of hands a split ends with (drawing from n cards, ``pairs`` pair cards)."""
    return sum(h * p for h, p in hand_count_distribution(n, pairs, max_hands, one).items())
