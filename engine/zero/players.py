"""Zero players: they see a ``ZeroView`` (own cards, up card, public cards, legal actions) only.

``TablePlayer`` follows decision tables (a chart or optimal play, ``tables``);
``EvaluatorPlayer`` asks the exact hand evaluator for the best action in each situation, the
slow, direct definition of optimal play that the tables are checked against.
"""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.zero.game import DOUBLE, HIT, SPLIT, STAND, ZeroView, zero_value
from cardedge.engine.zero.tables import ZeroTables


class TablePlayer:
    """Plays by ``ZeroTables``: looks up its own cards' and split cards' point values."""

    def __init__(self, tables: ZeroTables) -> None:
        self.tables = tables
        self.name = tables.name

    def choose(self, view: ZeroView) -> str:
        up = view.up_value
        vals = view.values
        t = self.tables
        if view.split_cards is None:
            if len(vals) == 2:
                code = t.init[vals[0], vals[1], up]
                if code == Action.SPLIT and SPLIT in view.legal:
                    return SPLIT
                return HIT if code == Action.HIT else STAND
            double = t.three[vals[0], vals[1], vals[2], up]
        else:
            a, b = (zero_value(k) for k in view.split_cards)
            if len(vals) == 2:
                return HIT if t.split_two[a, b, vals[1], up] else STAND
            double = t.split_three[a, b, vals[1], vals[2], up]
        return DOUBLE if double and DOUBLE in view.legal else STAND


class EvaluatorPlayer:
    """Optimal play straight from ``HandEvaluator`` (pre-deal ``shoe``; a split hand sees the other
    split card but not the other hand's draws, as in the published convention)."""

    name = "optimal (evaluator)"

    def __init__(
        self, rules: ZeroRules, shoe: Shoe, evaluator: HandEvaluator | None = None
    ) -> None:
        self.evaluator = evaluator or HandEvaluator(rules, shoe)

    def action_evs(self, view: ZeroView) -> dict[str, float]:
        """Exact EV of each legal action of the view's hand (per unit of its own wager)."""
        up = view.up_value
        if view.split_cards is None:
            return self.evaluator.action_evs(up, view.values)
        other = zero_value(view.split_cards[1])
        return self.evaluator.action_evs(up, view.values, seen=(other,), split_hand=True)

    def choose(self, view: ZeroView) -> str:
        evs = self.action_evs(view)
        return max(evs, key=lambda k: evs[k])
