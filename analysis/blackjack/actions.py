"""Blackjack's action codes: one IntEnum for decisions taken and for strategy chart cells.

numba reads IntEnum members as integer constants in njit code, so the kernels, the policies
(int8 arrays of these codes), the engine's decision tables and the reports share one set.
"""

from __future__ import annotations

from enum import IntEnum


class Action(IntEnum):
    """A blackjack action code.

    STAND..SURRENDER are what a hand does (the evaluator's ``act`` arrays, the engine's
    decision tables, the reports). A hand cell of a policy holds STAND, HIT, a conditional
    code (double or surrender when the rules allow it on this hand, else hit or stand) or
    OPTIMAL (the best action for the exact shoe); a pair cell holds SPLIT, NO_SPLIT or OPTIMAL
    (split when it is better).
    """

    STAND = 0
    HIT = 1
    DOUBLE = 2
    SPLIT = 3
    SURRENDER = 4
    DOUBLE_ELSE_HIT = 5
    DOUBLE_ELSE_STAND = 6
    SURRENDER_ELSE_HIT = 7
    SURRENDER_ELSE_STAND = 8
    NO_SPLIT = 9
    OPTIMAL = 10

    @property
    def label(self) -> str:
        """The action's name as the engine, the trainer and the EV tables spell it."""
        return self.name.lower().replace("_", " ")


PLAYER_ACTIONS: tuple[Action, ...] = (
    Action.STAND,
    Action.HIT,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)
"""The actions a player may take at the table, in the order the evaluator reports them."""
