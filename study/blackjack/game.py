"""Blackjack in a shoe study: each round's exact values on the cards left, and its play.

Before each round the cards left are analysed exactly (``ShoeAnalysis``: CDZ- optimal play,
and the chart with any index plays in force at the round's true count); the round is then dealt
from the shoe by the rules engine and played by the decision tables of that same policy on that
same shoe (``policy_tables``), so the simulated net and the exact value describe one strategy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardedge.analysis.blackjack.hands import N_VALUES, points
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.shoes import minimum_points
from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.blackjack.game import BlackjackRound
from cardedge.engine.blackjack.players import TablePlayer
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.strategy.blackjack.charts import Chart, policy_from_chart
from cardedge.strategy.blackjack.indices import chart_with
from cardedge.strategy.core.departures import Departure, in_force
from cardedge.study.core.game import ChartStudy
from cardedge.study.core.rounds import RoundValues

RANK_POINTS = np.array([points(min(r, N_VALUES - 1)) for r in range(13)], dtype=np.int64)
"""Points (ace 1, ten-valued 10) of each of the 13 ranks."""


@dataclass(frozen=True, eq=False)
class BlackjackStudy(ChartStudy, game="blackjack", new_round=BlackjackRound):
    """Blackjack under ``rules`` played by ``chart`` (with ``departures`` at their counts)."""

    rules: BlackjackRules
    chart: Chart

    def analysable(self, counts: np.ndarray) -> bool:
        """True when no round can run out of the cards left (``analysis/blackjack/shoes.py``)."""
        return int(RANK_POINTS @ counts) >= minimum_points(self.rules)

    def policy(self, active: tuple[Departure, ...]):
        """The chart's policy with ``active`` departures in force (kept per set)."""
        if active not in self._played:
            chart = chart_with(self.chart, active)
            self._played[active] = policy_from_chart(chart, self.rules, self.strategy)
        return self._played[active]

    def unindexed_player(self, counts: np.ndarray) -> TablePlayer:
        # the tables are read off the policy's play on these cards (``policy_tables``), as
        # ``evaluate`` builds our seat's
        analysis = ShoeAnalysis(self.rules, Shoe(tuple(int(c) for c in counts)))
        return TablePlayer(policy_tables(analysis, self.policy(())))

    def evaluate(self, counts: np.ndarray, true_count: float) -> RoundValues:
        shoe = Shoe(tuple(int(c) for c in counts))
        analysis = ShoeAnalysis(self.rules, shoe)
        optimal = analysis.evaluate()
        active = in_force(self.departures, true_count)
        policy = self.policy(active)
        result = analysis.evaluate(policy)
        player = TablePlayer(policy_tables(analysis, policy, result))
        return RoundValues(optimal.ev, result.ev, len(active), player)
