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

import numpy as np

from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, points
from cardedge.analysis.core.kernels import entry, inline

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


def _draws(hard: int, aces: bool, hit_soft_17: bool) -> bool:
    soft = aces and hard + 10 <= 21
    total = hard + 10 if soft else hard
    return total < 17 or (hit_soft_17 and soft and total == 17)


@lru_cache(maxsize=2)
def dealer_hands(hit_soft_17: bool) -> DealerHands:
    """Finishing multisets of the dealer drawing to 17 (hitting soft 17 when asked)."""
    found: dict[tuple[tuple[int, ...], int], dict[int, int]] = {}
    # Every draw order, depth first; each carries its hard total and whether it holds an ace,
    # and a draw that busts is not followed (about 0.1 s per rule where summing each order
    # again took 0.4 s: the first blackjack call of a process pays it).
    pts = [points(v) for v in range(N_VALUES)]
    stack = [((up,), up, pts[up], up == ACE) for up in range(N_VALUES)]
    while stack:
        seq, up, hard, has_ace = stack.pop()
        if len(seq) == 2 and has_ace and TEN in seq:
            outcome = NATURAL
        elif _draws(hard, has_ace, hit_soft_17):
            stack.extend(
                (seq + (v,), up, hard + pts[v], has_ace or v == ACE)
                for v in range(N_VALUES)
                if hard + pts[v] <= 21
            )
            continue
        else:
            outcome = (hard + 10 if has_ace and hard + 10 <= 21 else hard) - 17
        counts = [0] * N_VALUES
        for v in seq:
            counts[v] += 1
        ups = found.setdefault((tuple(counts), outcome), {})
        ups[up] = ups.get(up, 0) + 1
    keys = sorted(found)
    size, outcome, card_start, card_key = [], [], [0], []
    up_start, up_slot, up_orderings = [0], [], []
    for counts, out in keys:
        size.append(sum(counts))
        outcome.append(out)
        card_key += [v * CARD_STRIDE + c for v, c in enumerate(counts) if c]
        card_start.append(len(card_key))
        for up, k in sorted(found[(counts, out)].items()):
            up_slot.append(up * N_OUTCOMES + out)
            up_orderings.append(k)
        up_start.append(len(up_slot))
    if max(size) >= CARD_STRIDE:
        raise ValueError(f"a dealer hand of {max(size)} cards does not fit the packing")

    def arr(x):
        return np.array(x, dtype=np.int64)

    return DealerHands(
        arr(size),
        arr(outcome),
        arr(card_start),
        arr(card_key),
        arr(up_start),
        arr(up_slot),
        np.array(up_orderings, dtype=np.float64),
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


@inline
def dealer_outcomes_batch(shoes, size, card_start, card_key, up_start, up_slot, up_orderings, out):
    """``dealer_outcomes`` for every row of ``shoes`` (``out[k, up, outcome]``).

    The same arithmetic per shoe, in the same order (so the same bits), but the dealer
    multisets are the outer loop and a block of shoes the inner one: the inner loops run over
    contiguous memory and the compiler vectorizes them.
    """
    n_shoes = shoes.shape[0]
    ff = np.empty((N_VALUES * CARD_STRIDE, BATCH))
    inv = np.empty((CARD_STRIDE, BATCH))
    acc = np.empty((N_VALUES * N_OUTCOMES, BATCH))
    p = np.empty(BATCH)
    total = np.empty(BATCH, dtype=np.int64)
    for start in range(0, n_shoes, BATCH):
        b = min(BATCH, n_shoes - start)
        for i in range(b):
            shoe = shoes[start + i]
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
            shoe = shoes[start + i]
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


def kernel_args(hit_soft_17: bool) -> tuple:
    """The dealer-list arrays ``dealer_outcomes`` takes after the shoe."""
    t = dealer_hands(hit_soft_17)
    return (t.size, t.card_start, t.card_key, t.up_start, t.up_slot, t.up_orderings)


def outcome_table(shoe_values, hit_soft_17: bool = False) -> np.ndarray:
    """``[up, k]``: P(outcome k | up card), for a shoe given as counts by value index.

    The shoe includes the up card; rows for up cards it lacks are zero.
    """
    shoe = np.asarray(shoe_values, dtype=np.int64)
    out = np.zeros((N_VALUES, N_OUTCOMES))
    dealer_outcomes(shoe, *kernel_args(hit_soft_17), out)
    return out


def conditioned_on_no_natural(row: np.ndarray) -> np.ndarray:
    """One up card's outcome probabilities given the dealer has no natural (what a peeking
    dealer's player sees once play starts); the natural column becomes 0."""
    out = np.array(row, dtype=float)
    p_nat = out[NATURAL]
    out[NATURAL] = 0.0
    return out / (1.0 - p_nat) if p_nat < 1.0 else out * 0.0
