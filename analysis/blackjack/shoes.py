"""Which shoes blackjack can be analysed on: the deepest round, computed from the rules.

The bound is in points (ace 1, ten-valued 10), the one that holds whatever the composition: a
player hand draws only while its hard total (aces as 1) is at most 21, so it stops by 21 + 10 =
31 points (``HAND_MAX_POINTS``); the dealer draws only on 16 or less, so stops by 16 + 10 = 26
(``DEALER_MAX_POINTS``). With splits to ``split_hands`` hands (4 by
default) the deepest round takes at most 26 + 31 x 4 = 150 points, so a shoe holding 151 or
more can never run out of cards in a round (a 1-deck shoe holds 340).
"""

from __future__ import annotations

from cardedge.analysis.blackjack.hands import N_VALUES, points
from cardedge.analysis.blackjack.round import DEALER_MAX_POINTS, HAND_MAX_POINTS, shoe_values
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe


def most_hands(rules: BlackjackRules) -> int:
    """Most player hands a round can hold under ``rules``."""
    return max(rules.max_hands(v) for v in range(1, N_VALUES + 1))


def deepest_round_points(rules: BlackjackRules) -> int:
    """Most points one round can use: every split hand and the dealer drawn to their limit."""
    return DEALER_MAX_POINTS + HAND_MAX_POINTS * most_hands(rules)


def minimum_points(rules: BlackjackRules) -> int:
    """Fewest points a shoe must hold so that no round can run out of cards."""
    return deepest_round_points(rules) + 1


def shoe_points(shoe: Shoe) -> int:
    """Points in the shoe (ace 1, ten-valued 10)."""
    values = shoe_values(shoe)
    return int(sum(points(v) * int(values[v]) for v in range(N_VALUES)))


def check_shoe(shoe: Shoe, rules: BlackjackRules) -> Shoe:
    """``shoe`` if blackjack can be analysed on it under ``rules``, else a one-line ValueError."""
    have, need = shoe_points(shoe), minimum_points(rules)
    if have < need:
        raise ValueError(
            f"shoe too small for blackjack: {shoe.describe()} holds {have} points (ace 1, "
            f"ten-valued 10); at least {need} are needed (the deepest round, "
            f"{most_hands(rules)} split hands of up to {HAND_MAX_POINTS} points and the "
            f"dealer's {DEALER_MAX_POINTS}, uses {need - 1})"
        )
    return shoe
