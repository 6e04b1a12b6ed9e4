"""The blackjack kernels' fixed tables (every player hand, every dealer finish) against the
walks that follow one hand and one draw order at a time: the same arrays, entry for entry and
in the same order (the kernels' sums, and so every figure's last digit, follow that order)."""

from __future__ import annotations

import numpy as np
import pytest

from cardedge.analysis.blackjack.dealer import (
    CARD_STRIDE,
    N_OUTCOMES,
    NATURAL,
    DealerHands,
    dealer_hands,
)
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table, points
from cardedge.analysis.blackjack.rules import BlackjackRules


def hand_walk() -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Hands in the order a breadth-first walk from the empty hand finds them, and each
    hand's child by card value (-1 when the card busts it)."""
    empty = (0,) * N_VALUES
    order = [empty]
    index = {empty: 0}
    k = 0
    while k < len(order):
        hand = order[k]
        hard = sum(points(v) * c for v, c in enumerate(hand))
        for v in range(N_VALUES):
            if hard + points(v) > 21:
                continue
            key = tuple(c + (u == v) for u, c in enumerate(hand))
            if key not in index:
                index[key] = len(order)
                order.append(key)
        k += 1
    child = np.full((len(order), N_VALUES), -1, dtype=np.int64)
    for i, hand in enumerate(order):
        for v in range(N_VALUES):
            child[i, v] = index.get(tuple(c + (u == v) for u, c in enumerate(hand)), -1)
    return order, child


def _draws(hard: int, aces: bool, h17: bool) -> bool:
    soft = aces and hard + 10 <= 21
    total = hard + 10 if soft else hard
    return total < 17 or (h17 and soft and total == 17)


def dealer_walk(h17: bool) -> dict[tuple[tuple[int, ...], int], dict[int, int]]:
    """(counts of the dealer's finished hand, outcome) -> {up card: draw orders}, following
    every draw order from every up card."""
    found: dict[tuple[tuple[int, ...], int], dict[int, int]] = {}
    stack = [((up,), up, points(up), up == ACE) for up in range(N_VALUES)]
    while stack:
        seq, up, hard, has_ace = stack.pop()
        if len(seq) == 2 and has_ace and TEN in seq:
            outcome = NATURAL
        elif _draws(hard, has_ace, h17):
            stack.extend(
                (seq + (v,), up, hard + points(v), has_ace or v == ACE)
                for v in range(N_VALUES)
                if hard + points(v) <= 21
            )
            continue
        else:
            outcome = (hard + 10 if has_ace and hard + 10 <= 21 else hard) - 17
        counts = tuple(seq.count(v) for v in range(N_VALUES))
        ups = found.setdefault((counts, outcome), {})
        ups[up] = ups.get(up, 0) + 1
    return found


def unpack(hands: DealerHands) -> dict[tuple[tuple[int, ...], int], dict[int, int]]:
    """The kernel's arrays read back into ``dealer_walk``'s form (keeping their order)."""
    out = {}
    for d in range(len(hands.size)):
        counts = [0] * N_VALUES
        for key in hands.card_key[hands.card_start[d] : hands.card_start[d + 1]]:
            counts[key // CARD_STRIDE] = key % CARD_STRIDE
        assert sum(counts) == hands.size[d]
        ups = {}
        for j in range(hands.up_start[d], hands.up_start[d + 1]):
            assert hands.up_slot[j] % N_OUTCOMES == hands.outcome[d]
            assert hands.up_orderings[j] == int(hands.up_orderings[j])
            ups[int(hands.up_slot[j] // N_OUTCOMES)] = int(hands.up_orderings[j])
        out[(tuple(counts), int(hands.outcome[d]))] = ups
    return out


def test_every_hand_in_the_walks_order_with_its_children():
    order, child = hand_walk()
    table = hand_table()
    assert len(order) == 3083
    assert table.counts.tolist() == [list(hand) for hand in order]
    np.testing.assert_array_equal(table.child, child)
    assert table.index == {hand: i for i, hand in enumerate(order)}
    hard = [sum(points(v) * c for v, c in enumerate(hand)) for hand in order]
    np.testing.assert_array_equal(table.hard, hard)
    np.testing.assert_array_equal(table.n_cards, [sum(hand) for hand in order])
    soft = [hand[ACE] > 0 and h + 10 <= 21 for hand, h in zip(order, hard, strict=True)]
    np.testing.assert_array_equal(table.soft, soft)
    total = [h + 10 * s for h, s in zip(hard, soft, strict=True)]
    np.testing.assert_array_equal(table.total, total)


@pytest.mark.parametrize("h17", [False, True])
def test_every_dealer_finish_in_sorted_order_with_its_draw_orders(h17):
    walk = dealer_walk(h17)
    hands = dealer_hands(BlackjackRules(h17=h17).kernel_record().dealer)
    got = unpack(hands)
    assert list(got) == sorted(walk)
    assert got == {key: dict(sorted(ups.items())) for key, ups in walk.items()}
    assert [list(ups) for ups in got.values()] == [sorted(ups) for ups in got.values()]
    if not h17:
        assert len(got) == 1677  # the module's docstring counts them
    for array in (hands.size, hands.outcome, hands.card_start, hands.card_key):
        assert array.dtype == np.int64
    assert hands.up_orderings.dtype == np.float64
