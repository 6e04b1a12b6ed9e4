"""The Zero coach of a training session: exact EVs of every legal action, and the basic play."""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core.dealing import ShuffledShoe
from cardedge.engine.core.training import Judgement, best_of
from cardedge.engine.zero import game as zr
from cardedge.engine.zero.players import EvaluatorPlayer, TablePlayer
from cardedge.engine.zero.tables import ZeroTables


class ZeroCoach:
    """Judges Zero decisions: exact EVs from ``HandEvaluator``, basic strategy from tables.

    A split hand is valued as the analysis plays it: seeing the other split card, not the other
    hand's draws.
    """

    def __init__(self, rules: ZeroRules, shoe: Shoe, basic: ZeroTables) -> None:
        self.rules = rules
        self.basic = TablePlayer(basic)
        self.optimal = EvaluatorPlayer(rules, shoe, HandEvaluator(rules, shoe))

    game = "zero"

    def deal(self, shoe: ShuffledShoe, side_units: float = 0.0) -> zr.ZeroRound:
        """A new round from ``shoe``; ``side_units``: Zero Pays stake per initial wager."""
        return zr.ZeroRound(self.rules, shoe, side_units)

    def judge(self, view: zr.ZeroView, action: str) -> Judgement:
        evs = self.optimal.action_evs(view)
        return Judgement(action, self.basic.choose(view), best_of(evs), evs)
