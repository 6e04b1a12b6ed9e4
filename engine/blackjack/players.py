"""Blackjack players: they see a ``BlackjackView`` (own cards, up card, public cards, legal
actions), never the hole card.

``TablePlayer`` plays any policy of the exact evaluator (optimal, basic, the AI levels) from its
decision tables (``tables``).
"""

from __future__ import annotations

from cardedge.analysis.blackjack.actions import PLAYER_ACTIONS
from cardedge.analysis.blackjack.hands import hand_table
from cardedge.engine.blackjack.game import SPLIT, BlackjackView
from cardedge.engine.blackjack.tables import BlackjackTables

ACTION_NAMES = {a: a.label for a in PLAYER_ACTIONS}


class TablePlayer:
    """Plays by ``BlackjackTables``; a split hand resplits whenever the rules allow."""

    def __init__(self, tables: BlackjackTables) -> None:
        self.tables = tables
        self.name = tables.name

    def choose(self, view: BlackjackView) -> str:
        h = hand_table().find(view.values)
        u = view.up_value
        t = self.tables
        if view.split_from is None:
            code = t.first[h, u] if len(view.hand) == 2 else t.unsplit[h, u]
        elif SPLIT in view.legal:
            return SPLIT
        else:
            code = t.split[view.split_from, h, u]
        return ACTION_NAMES[int(code)]
