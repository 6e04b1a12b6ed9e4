"""Which shoes Zero can be analysed on: the deepest round, computed from the rules.

A player hand holds at most 4 cards (two, a hit, a double); a split makes two such hands (each
split card, a second card, a hit, a double); the dealer holds at most 4 cards (two, then one
draw on 5+, then one more). The deepest round therefore uses 2 x 4 + 4 = 12 cards when the
rules allow a split, 4 + 4 = 8 otherwise. The evaluator asks for ``MIN_SHOE`` (14) cards, two
more than that; the minimum is the larger of the two.
"""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import MIN_SHOE
from cardedge.analysis.zero.rules import PlayRules, ZeroRules

HAND_MAX_CARDS = 4
"""Two cards, a hit, a double."""
DEALER_MAX_CARDS = 4
"""Two cards, a draw on a total of 5+, one more draw."""


def deepest_round_cards(rules: ZeroRules | PlayRules) -> int:
    """Most cards one round can use under ``rules``: two split hands (or one hand) and the
    dealer's."""
    hands = 2 if rules.kernel_record().split_ok.any() else 1
    return hands * HAND_MAX_CARDS + DEALER_MAX_CARDS


def minimum_cards(rules: ZeroRules | PlayRules) -> int:
    """Fewest cards a shoe may hold to be analysed under ``rules`` (the evaluator's floor
    ``MIN_SHOE`` included)."""
    return max(deepest_round_cards(rules), MIN_SHOE)


def check_shoe(shoe: Shoe, rules: ZeroRules | PlayRules) -> Shoe:
    """``shoe`` if Zero can be analysed on it under ``rules``, else a one-line ValueError."""
    need = minimum_cards(rules)
    if shoe.size < need:
        deepest = deepest_round_cards(rules)
        raise ValueError(
            f"shoe too small for Zero: {shoe.describe()} holds {shoe.size} cards; at least "
            f"{need} are needed (the deepest round uses {deepest}, the evaluator asks {MIN_SHOE})"
        )
    return shoe
