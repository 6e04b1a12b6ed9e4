"""Zero's action codes: one IntEnum for decisions taken and for strategy chart cells.

numba reads IntEnum members as integer constants in njit code, so the kernels, the charts
(int8 arrays of these codes), the engine's decision tables and the reports share one set.
"""

from __future__ import annotations

from enum import IntEnum


class Action(IntEnum):
    """A Zero action code.

    STAND, HIT and SPLIT are also the initial decisions the evaluator reports per deal
    (``RoundResult.deal_action``, the engine's ``init`` table), hence 0, 1, 2. A chart cell
    holds a fixed action (STAND/HIT on two cards, STAND/DOUBLE on three, SPLIT/NO_SPLIT for a
    split pair) or OPTIMAL: choose the best action for the exact shoe.
    """

    STAND = 0
    HIT = 1
    SPLIT = 2
    DOUBLE = 3
    NO_SPLIT = 4
    OPTIMAL = 5

    @property
    def label(self) -> str:
        """The action's name as the engine, the trainer and the EV tables spell it."""
        return self.name.lower().replace("_", " ")


PLAYER_ACTIONS: tuple[Action, ...] = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT)
"""The actions a player may take at the table, in the order they are offered."""
