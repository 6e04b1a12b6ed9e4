"""The blackjack dealer: probabilities of each final result, given the exact remaining shoe.

Every way the dealer can finish is a multiset D of card values (the up card included) whose
orderings that start with a given up card and obey the drawing rule are equally likely: each
has probability prod_v ff(n_v, d_v) / ff(N, |D|) for a shoe of N cards with n_v of value v
(ff the falling factorial). Listing the finishing multisets once per drawing rule (1,677
non-bust ones for S17) with the number of valid orderings per up card turns the dealer into one
pass over that list per shoe, for all ten up cards at once; no recursion.

The hole card is drawn from the shoe after the player's cards. By exchangeability that gives
the exact joint distribution of the player's and dealer's cards, whichever is dealt first; a
peeking dealer's natural is then a result like any other, costing the player only the initial
wager (the player loses nothing more to it), which ``conditioned_on_no_natural`` removes for
display.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, packed
from cardedge.analysis.blackjack.rules import BlackjackRules, DealerRules
from cardedge.analysis.core.kernels import entry, inline
from cardedge.analysis.core.records import frozen, thawed

N_OUTCOMES = 7
OUTCOME_LABELS: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "natural")
"""Dealer results in outcome-index order: final totals 17..21, bust, natural (A + ten)."""
BUST = 5
NATURAL = 6


CARD_STRIDE = 16
"""Dealer hands hold fewer than 16 cards, so (value, count) packs as value * 16 + count."""


@dataclass(frozen=True, eq=False)
class DealerHands:
    """The dealer's non-bust finishing multisets as flat arrays (CSR) for the kernel."""

    size: np.ndarray
    """``[d]``: cards in multiset d (up card included)."""
    outcome: np.ndarray
    """``[d]``: outcome index (0..4 for 17..21, ``NATURAL``)."""
    card_start: np.ndarray
    card_key: np.ndarray
    """Multiset d holds, for j in its card range, ``card_key[j] % 16`` cards of value index
    ``card_key[j] // 16``."""
    up_start: np.ndarray
    up_slot: np.ndarray
    up_orderings: np.ndarray
    """Multiset d is reached by ``up_orderings[j]`` (float) draw orders starting with up card
    ``up_slot[j] // 7``; its outcome is ``up_slot[j] % 7``."""


def dealer_hands(dealer: DealerRules) -> DealerHands:
    """Finishing multisets of the dealer drawing by ``dealer`` (the rules record's
    ``DealerRules``: to 17, hitting soft 17 when the rules say so).

    Multisets are listed in the order of (their tuple of counts, outcome), and a multiset's up
    cards in increasing order, so the kernel always sums in the same order. Built a card count
    at a time: the draw orders (from each up card) that reach a multiset with every shorter
    hand still drawing are counted together, since whether a hand draws depends on its cards,
    not their order (9 ms, where following every draw order took 60-100 ms of every blackjack
    process's first call). ``tests/test_blackjack_tables.py`` checks it against that walk.
    Kept per drawing rule (the record's values, ``frozen``).
    """
    return _dealer_hands(frozen(dealer))


@lru_cache(maxsize=2)
def _dealer_hands(dealer: DealerRules) -> DealerHands:
    draws_on = thawed(dealer).draws
    pts = np.arange(1, N_VALUES + 1, dtype=np.int64)
    one_card = np.eye(N_VALUES, dtype=np.int64)
    # the hands of one card count: counts by value, the up card, draw orders reaching it
    counts, up, orders = one_card, np.arange(N_VALUES), np.ones(N_VALUES, dtype=np.int64)
    finished = []
    n_cards = 1
    while len(counts):
        hard = counts @ pts
        has_ace = counts[:, ACE] > 0
        soft = has_ace & (hard + 10 <= 21)
        total = np.where(soft, hard + 10, hard)
        natural = (n_cards == 2) & has_ace & (counts[:, TEN] > 0)
        draws = ~natural & draws_on[soft.astype(np.int64), total]
        outcome = np.where(natural, NATURAL, total - 17)
        finished.append((counts[~draws], up[~draws], outcome[~draws], orders[~draws]))
        parent, v = np.nonzero(draws[:, None] & (hard[:, None] + pts[None, :] <= 21))
        reached = counts[parent] + one_card[v]
        key = packed(reached) * CARD_STRIDE + up[parent]
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        orders_next = np.zeros(first.size, dtype=np.int64)
        np.add.at(orders_next, inverse, orders[parent])
        counts, up, orders = reached[first], up[parent][first], orders_next
        n_cards += 1
    counts, up, outcome, orders = (np.concatenate(part) for part in zip(*finished, strict=True))
    group = packed(counts) * N_OUTCOMES + outcome
    order = np.lexsort((up, group))
    counts, up, outcome, orders, group = (x[order] for x in (counts, up, outcome, orders, group))
    _, starts = np.unique(group, return_index=True)
    multiset = counts[starts]
    size = multiset.sum(axis=1)
    if size.max() >= CARD_STRIDE:
        raise ValueError(f"a dealer hand of {size.max()} cards does not fit the packing")
    d, value = np.nonzero(multiset)
    return DealerHands(
        size,
        outcome[starts],
        np.concatenate(([0], np.cumsum(np.count_nonzero(multiset, axis=1)))),
        value * CARD_STRIDE + multiset[d, value],
        np.append(starts, len(up)),
        up * N_OUTCOMES + outcome,
        orders.astype(np.float64),
    )


@entry
def dealer_outcomes(shoe, size, card_start, card_key, up_start, up_slot, up_orderings, out):
    """Fill ``out[up, k]`` with P(dealer outcome k | up card ``up``) for the shoe ``shoe``.

    ``shoe`` holds counts by value index with the up card still in it (the player's cards are
    out). Rows of up cards the shoe lacks are left at zero.
    """
    n = 0
    for v in range(N_VALUES):
        n += shoe[v]
    # ff[v * 16 + k]: falling factorial of the count of value v, k terms
    ff = np.ones(N_VALUES * CARD_STRIDE)
    for v in range(N_VALUES):
        for k in range(1, CARD_STRIDE):
            ff[v * CARD_STRIDE + k] = ff[v * CARD_STRIDE + k - 1] * max(shoe[v] - k + 1, 0)
    inv = np.ones(CARD_STRIDE)
    for k in range(1, CARD_STRIDE):
        left = n - k + 1
        inv[k] = inv[k - 1] / left if left > 0 else 0.0
    acc = np.zeros(N_VALUES * N_OUTCOMES)
    for d in range(size.shape[0]):
        p = inv[size[d]]
        for j in range(card_start[d], card_start[d + 1]):
            p *= ff[card_key[j]]
        for j in range(up_start[d], up_start[d + 1]):
            acc[up_slot[j]] += p * up_orderings[j]
    for u in range(N_VALUES):
        for k in range(N_OUTCOMES):
            out[u, k] = acc[u * N_OUTCOMES + k]
        if shoe[u] == 0:
            continue
        scale = n / shoe[u]
        rest = 0.0
        for k in range(N_OUTCOMES):
            if k != BUST:
                out[u, k] *= scale
                rest += out[u, k]
        out[u, BUST] = 1.0 - rest


BATCH = 128
"""Shoes per block in ``dealer_outcomes_batch``: a block's falling factorials and sums stay in
the core's cache while every dealer multiset passes over them."""


class BatchScratch(NamedTuple):
    """Work arrays of ``dealer_outcomes_batch`` for one block of ``BATCH`` shoes (``batch_scratch``
    makes them): the caller allocates, so the kernels allocate nothing, and a process that loads
    them from numba's cache does not import numba's array-allocation code (60 ms)."""

    shoes: np.ndarray
    """``[i, v]``: the block's shoes (int64)."""
    ff: np.ndarray
    inv: np.ndarray
    acc: np.ndarray
    p: np.ndarray
    total: np.ndarray
    """``[i]``: cards in shoe i (int64)."""


def batch_scratch() -> BatchScratch:
    """Fresh (uninitialised) work arrays for ``dealer_outcomes_batch``."""
    return BatchScratch(
        np.empty((BATCH, N_VALUES), dtype=np.int64),
        np.empty((N_VALUES * CARD_STRIDE, BATCH)),
        np.empty((CARD_STRIDE, BATCH)),
        np.empty((N_VALUES * N_OUTCOMES, BATCH)),
        np.empty(BATCH),
        np.empty(BATCH, dtype=np.int64),
    )


@inline
def dealer_outcomes_batch(
    base, removed, size, card_start, card_key, up_start, up_slot, up_orderings, out, scratch
):
    """``dealer_outcomes`` for the shoe ``base - removed[k]`` of every row k
    (``out[k, up, outcome]``); ``scratch`` from ``batch_scratch``.

    The same arithmetic per shoe, in the same order (so the same bits), but the dealer
    multisets are the outer loop and a block of shoes the inner one: the inner loops run over
    contiguous memory and the compiler vectorizes them.
    """
    n_shoes = removed.shape[0]
    shoes, ff, inv, acc, p, total = scratch
    for start in range(0, n_shoes, BATCH):
        b = min(BATCH, n_shoes - start)
        for i in range(b):
            shoe = shoes[i]
            for v in range(N_VALUES):
                shoe[v] = base[v] - removed[start + i, v]
            n = 0
            for v in range(N_VALUES):
                n += shoe[v]
            total[i] = n
            for v in range(N_VALUES):
                ff[v * CARD_STRIDE, i] = 1.0
                for k in range(1, CARD_STRIDE):
                    ff[v * CARD_STRIDE + k, i] = ff[v * CARD_STRIDE + k - 1, i] * max(
                        shoe[v] - k + 1, 0
                    )
            inv[0, i] = 1.0
            for k in range(1, CARD_STRIDE):
                left = n - k + 1
                inv[k, i] = inv[k - 1, i] / left if left > 0 else 0.0
        acc[:, :b] = 0.0
        for d in range(size.shape[0]):
            row = inv[size[d]]
            for i in range(b):
                p[i] = row[i]
            for j in range(card_start[d], card_start[d + 1]):
                f = ff[card_key[j]]
                for i in range(b):
                    p[i] *= f[i]
            for j in range(up_start[d], up_start[d + 1]):
                a = acc[up_slot[j]]
                w = up_orderings[j]
                for i in range(b):
                    a[i] += p[i] * w
        for i in range(b):
            shoe = shoes[i]
            o = out[start + i]
            for u in range(N_VALUES):
                for k in range(N_OUTCOMES):
                    o[u, k] = acc[u * N_OUTCOMES + k, i]
                if shoe[u] == 0:
                    continue
                scale = total[i] / shoe[u]
                rest = 0.0
                for k in range(N_OUTCOMES):
                    if k != BUST:
                        o[u, k] *= scale
                        rest += o[u, k]
                o[u, BUST] = 1.0 - rest


def kernel_args(dealer: DealerRules) -> tuple:
    """The dealer-list arrays ``dealer_outcomes`` takes after the shoe, for the dealer's drawing
    rule ``dealer`` (``KernelRules.dealer``)."""
    t = dealer_hands(dealer)
    return (t.size, t.card_start, t.card_key, t.up_start, t.up_slot, t.up_orderings)


def outcome_table(shoe_values, h17: bool = False) -> np.ndarray:
    """``[up, k]``: P(outcome k | up card), for a shoe given as counts by value index.

    The shoe includes the up card; rows for up cards it lacks are zero. The dealer draws as
    under rules that hit soft 17 or not (``h17``): no other rule changes the dealer's play.
    """
    shoe = np.asarray(shoe_values, dtype=np.int64)
    out = np.zeros((N_VALUES, N_OUTCOMES))
    dealer = BlackjackRules(h17=h17).kernel_record().dealer
    dealer_outcomes(shoe, *kernel_args(dealer), out)
    return out


def conditioned_on_no_natural(row: np.ndarray) -> np.ndarray:
    """One up card's outcome probabilities given the dealer has no natural (what a peeking
    dealer's player sees once play starts); the natural column becomes 0."""
    out = np.array(row, dtype=float)
    p_nat = out[NATURAL]
    out[NATURAL] = 0.0
    return out / (1.0 - p_nat) if p_nat < 1.0 else out * 0.0
