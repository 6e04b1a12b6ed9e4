"""A blackjack playing policy as data: the per-hand codes the evaluator consults."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import N_VALUES, hand_table


def _hand_cells() -> np.ndarray:
    return np.full((len(hand_table().n_cards), N_VALUES), Action.OPTIMAL, dtype=np.int8)


def _pair_cells() -> np.ndarray:
    return np.full((N_VALUES, N_VALUES), Action.OPTIMAL, dtype=np.int8)


@dataclass(frozen=True, eq=False)
class BlackjackPolicy:
    """How every hand is played.

    ``codes[hand, up]`` (hand index of ``analysis.blackjack.hands``) is an ``Action`` hand code:
    OPTIMAL, STAND, HIT or a conditional double/surrender; the same code applies to a split
    hand holding the same cards. ``pairs[p, up]`` is OPTIMAL (split when better), SPLIT or
    NO_SPLIT for
    an initial pair of value index p; a split hand that draws another pair card resplits
    whenever the hand limit allows (the published analysers' convention).
    """

    name: str = "optimal"
    codes: np.ndarray = field(default_factory=_hand_cells)
    pairs: np.ndarray = field(default_factory=_pair_cells)

    @property
    def is_optimal(self) -> bool:
        """True when every cell is OPTIMAL (composition-dependent optimal play, CDZ- splits)."""
        return bool((self.codes == Action.OPTIMAL).all() and (self.pairs == Action.OPTIMAL).all())


OPTIMAL_POLICY = BlackjackPolicy()
