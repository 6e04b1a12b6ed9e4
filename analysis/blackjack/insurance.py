"""Insurance's value, exactly: a bet of half the initial wager that the dealer's ace up has a
ten-valued card beside it, paid 2 to 1 (``BlackjackRules.insurance``).

With ``tens`` ten-valued cards among the ``unseen`` cards the hole card (or, without a hole
card, the dealer's second card) comes from, the bet wins with probability ``p = tens / unseen``
and is worth ``(2 p - (1 - p)) / 2 = (3 p - 1) / 2`` initial wagers. Without a hole card the
dealer's second card is drawn after the player's cards, but the player's draws stop on what he
has seen, so by exchangeability (the predictable sampling theorem) it is a uniform unseen card
all the same, and the value is the same with and without peek.

Off a fresh shoe of ``d`` decks, a player holding ``k`` ten-valued cards (0..2) sees
``p = (16 d - k) / (52 d - 3)``, largest at ``k = 0``, where ``3 p - 1 = (3 - 4 d) / (52 d - 3)``:
negative for every ``d >= 1``. So an optimal player never insures off a fresh shoe, and the
exact edge and the charts (fresh-shoe figures) are those of the game without insurance; only a
counted shoe (the index tables, the shoe game) prices it.
"""

from __future__ import annotations

from fractions import Fraction

from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN

PAYS = 2
"""Insurance's payout to 1."""
STAKE = Fraction(1, 2)
"""The insurance bet, per initial wager."""
SEEN = 3
"""Cards seen when insurance is offered: the player's two and the up card."""


def insurance_value(tens: int, unseen: int) -> Fraction:
    """Insurance's EV per initial wager when ``tens`` of the ``unseen`` cards are ten-valued."""
    p = Fraction(tens, unseen)
    return STAKE * (PAYS * p - (1 - p))


def hand_insurance(counts, first: int, second: int) -> Fraction:
    """Insurance's EV per initial wager for the player's two cards of value indices ``first``
    and ``second`` (0 an ace .. 9 a ten) against an ace up, dealt from a shoe of ``counts``
    cards by value index (10 ints)."""
    if len(counts) != N_VALUES:
        raise ValueError(f"counts by value index: {N_VALUES} numbers")
    tens = counts[TEN] - (first == TEN) - (second == TEN)
    return insurance_value(tens, sum(counts) - SEEN)


def cell_insurance(counts) -> Fraction:
    """Insurance's EV per initial wager against an ace up, the player's two cards unseen (the
    deal-weighted mean over every two-card hand: the hole card is then a uniform card of the
    shoe less the ace), from ``counts`` by value index."""
    if counts[ACE] < 1:
        raise ValueError("no ace in the shoe: insurance is never offered")
    return insurance_value(counts[TEN], sum(counts) - 1)
