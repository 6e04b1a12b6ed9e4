"""EV of every legal action for one Zero hand in one exact situation (for trainers and tables)."""

from __future__ import annotations

import numpy as np

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import player
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import shoe_states
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.split import split_value

MAX_CARDS_SEEN = 8
"""Player cards that may be out of the shoe: both split hands, four cards each at most."""


class HandEvaluator:
    """Action EVs for hands dealt from one pre-deal shoe, the rest played by ``policy``.

    EVs are per unit of the hand's own original wager: standing or hitting ends within +-1 (+-2
    after a double), a split is both hands (+-4 at most). Hands are given as point values.
    """

    def __init__(self, rules: ZeroRules, shoe: Shoe, policy: ZeroPolicy = OPTIMAL_POLICY) -> None:
        """Memoize every shoe state reached from ``shoe``."""
        self.rules = rules
        self.policy = policy
        self.record = rules.kernel_record()
        self.states = shoe_states(shoe, rules, MAX_CARDS_SEEN)

    def _removed(self, up: int, cards: tuple[int, ...]) -> np.ndarray:
        m = np.zeros(N_TOTALS, dtype=np.int64)
        for v in cards:
            m[v] += 1
        left = self.states.base - m
        left[up] -= 1
        if (left < 0).any():
            raise ValueError(f"cards {cards} and up card {up} are not all in the shoe")
        return m

    def action_evs(
        self,
        up: int,
        hand: tuple[int, ...],
        seen: tuple[int, ...] = (),
        split_hand: bool = False,
    ) -> dict[str, float]:
        """EV of each legal action for ``hand`` (2 or 3 card values) against ``up``.

        ``seen`` are other player cards out of the shoe (the other split card, the cards of a
        split hand already played); ``split_hand`` marks a hand made by splitting (no split,
        doubling only with double after split).
        """
        if len(hand) not in (2, 3):
            raise ValueError(f"a hand to decide has 2 or 3 cards, got {len(hand)}")
        m = self._removed(up, tuple(hand) + tuple(seen))
        st = self.states.record
        total = sum(hand) % 10
        record = self.record
        may_double = record.double_split if split_hand else record.double_unsplit
        out = {"stand": float(player.stand_ev(st, up, m, total))}
        if len(hand) == 3:
            if may_double[total]:
                out["double"] = float(player.double_ev(st, up, m, total))
            return out
        charts = self.policy.charts
        out["hit"] = float(player.hit_value(st, charts, up, m, total, may_double)[0])
        if not split_hand and record.split_ok[total]:
            split_row = record.double_split
            out["split"] = float(split_value(st, charts, up, m, hand[0], hand[1], split_row))
        return out

    def best_action(self, up: int, hand: tuple[int, ...], **kw) -> tuple[str, float]:
        """The action with the highest EV (ties: the first of stand, hit, double, split)."""
        evs = self.action_evs(up, hand, **kw)
        name = max(evs, key=lambda k: evs[k])
        return name, evs[name]
