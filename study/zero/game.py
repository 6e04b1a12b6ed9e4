"""Zero in a shoe study: each round's exact values on the cards left, and its play.

Before each round the cards left are evaluated exactly (``evaluate_play`` on that shoe: optimal
play, and the chart with any index plays in force at the round's true count); the round is then
dealt from the shoe by the rules engine and played by the chart's decision tables, the same
chart whose exact value was recorded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.policy import OPTIMAL_POLICY
from cardedge.analysis.zero.round import evaluate_policies
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.shoes import minimum_cards
from cardedge.engine.zero.game import ZeroRound
from cardedge.engine.zero.players import TablePlayer
from cardedge.engine.zero.tables import chart_tables
from cardedge.strategy.core.departures import Departure, in_force
from cardedge.strategy.zero.charts import ZeroChart
from cardedge.strategy.zero.indices import chart_with
from cardedge.study.core.game import ChartStudy
from cardedge.study.core.rounds import RoundValues


@dataclass(frozen=True, eq=False)
class ZeroStudy(ChartStudy, game="zero", new_round=ZeroRound):
    """Zero under ``rules`` played by ``chart`` (with ``departures`` at their counts)."""

    rules: ZeroRules
    chart: ZeroChart

    def analysable(self, counts: np.ndarray) -> bool:
        """True when the cards left hold a round's deepest deal (``analysis/zero/shoes.py``)."""
        return int(counts.sum()) >= minimum_cards(self.rules)

    def played(self, active: tuple[Departure, ...]):
        """(policy, player) of the chart with ``active`` departures in force (kept per set)."""
        if active not in self._played:
            policy = chart_with(self.chart, active).policy()
            self._played[active] = (policy, TablePlayer(chart_tables(policy, self.rules)))
        return self._played[active]

    def unindexed_player(self, counts: np.ndarray) -> TablePlayer:
        # Zero's chart tables do not depend on the cards left
        return self.played(())[1]

    def evaluate(self, counts: np.ndarray, true_count: float) -> RoundValues:
        shoe = Shoe(tuple(int(c) for c in counts))
        play = self.rules.play_rules()
        active = in_force(self.departures, true_count)
        policy, player = self.played(active)
        # one memo of the shoe's stand and double EVs serves both policies
        optimal, result = evaluate_policies(play, shoe, (OPTIMAL_POLICY, policy))
        return RoundValues(
            optimal.price(self.rules).ev, result.price(self.rules).ev, len(active), player
        )
