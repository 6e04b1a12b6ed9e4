"""The blackjack coach of a training session: exact EVs of each legal action, and basic play."""

from __future__ import annotations

import numpy as np

from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.engine.blackjack import game as bj
from cardedge.engine.blackjack.players import TablePlayer
from cardedge.engine.blackjack.tables import BlackjackTables
from cardedge.engine.core.dealing import ShuffledShoe
from cardedge.engine.core.training import Judgement, best_of


class BlackjackCoach:
    """Judges blackjack decisions with the exact evaluator's EVs (unconditional on the dealer's
    natural without peek; given no dealer natural when the dealer has peeked).

    An unsplit hand gets the EVs of optimal play of the unsplit hand (split: the exact split
    value, resplits included). A split hand gets the EVs of a hand split from its pair with the
    other split cards out of the shoe (the evaluator's CDZ- play afterwards). A resplit is the
    analysed strategies' convention (resplit whenever allowed) and has no EV of its own here.
    """

    def __init__(self, analysis: ShoeAnalysis, basic: BlackjackTables) -> None:
        self.analysis = analysis
        self.rules = analysis.rules
        self.basic = TablePlayer(basic)
        self.result = analysis.evaluate(OPTIMAL_POLICY)
        self._contexts: dict[tuple[int, int], object] = {}

    game = "blackjack"

    def deal(self, shoe: ShuffledShoe, side_units: float = 0.0) -> bj.BlackjackRound:
        """A new round from ``shoe`` (blackjack has no side bet: ``side_units`` must be 0)."""
        return bj.BlackjackRound(self.rules, shoe)

    def _context(self, p: int, e: int):
        key = (p, e)
        if key not in self._contexts:
            self._contexts[key] = self.analysis.play(OPTIMAL_POLICY, p, e, self.result.unsplit)
        return self._contexts[key]

    def _natural_probability(self, view: bj.BlackjackView) -> float:
        u = view.up_value
        if not self.rules.peek or u not in (0, 9):
            return 0.0
        shoe = self.analysis.base.astype(float).copy()
        for hand in view.hands:
            for k in hand:
                shoe[bj.value_index(k)] -= 1
        shoe[u] -= 1
        return float(shoe[9 if u == 0 else 0] / shoe.sum())

    def action_evs(self, view: bj.BlackjackView) -> dict[str, float]:
        """Exact EV of each legal action (a resplit excepted), per unit of the hand's wager;
        surrender is -0.5 (under peek given no dealer natural, as every EV here)."""
        h = hand_table().find(view.values)
        u = view.up_value
        if view.split_from is None:
            ctx = self.result.unsplit
        else:
            ctx = self._context(view.split_from, len(view.hands) - 1)
        values = {"stand": ctx.stand[h, u], "hit": ctx.hit[h, u], "double": ctx.double[h, u]}
        if view.split_from is None and "split" in view.legal:
            values["split"] = self.result.split_ev[view.values[0], u]
        if "surrender" in view.legal:
            values["surrender"] = ctx.surrender[h, u]
        evs = {a: float(v) for a, v in values.items() if a in view.legal and not np.isnan(v)}
        p_nat = self._natural_probability(view)
        if p_nat > 0:
            # the evaluator's EVs count the peeked natural (-1 whatever the action); the player
            # deciding knows it did not happen
            evs = {a: (v + p_nat) / (1.0 - p_nat) for a, v in evs.items()}
        return evs

    def judge(self, view: bj.BlackjackView, action: str) -> Judgement:
        evs = self.action_evs(view)
        basic = self.basic.choose(view)
        if view.split_from is not None and "split" in view.legal:
            optimal = "split"
        else:
            optimal = best_of(evs)
        return Judgement(action, basic, optimal, evs)
