"""A blackjack playing policy as decision tables over fresh-shoe situations.

With a fresh shoe each round, the exact evaluator's policy depends only on the hand's cards
(``analysis.blackjack.hands`` index), the up card and whether the hand came from a split:
``first[hand, up]`` is the action on the initial two cards (split included),
``unsplit[hand, up]`` the action on a later unsplit hand, ``split[p, hand, up]`` the action on a
hand split from pair p (CDZ-: as the evaluator plays it). A split hand that receives another
pair card resplits whenever the rules allow (the evaluator's convention). Codes are
``analysis.blackjack.player.ACTION_*``. The tables are read off the evaluator's action arrays,
so a simulation plays exactly the strategy whose exact edge it is compared with.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardedge.analysis.blackjack.hands import N_VALUES, hand_table
from cardedge.analysis.blackjack.policy import BlackjackPolicy
from cardedge.analysis.blackjack.round import RoundResult, ShoeAnalysis


@dataclass(frozen=True, eq=False)
class BlackjackTables:
    """Decision tables of one policy (see the module docstring)."""

    name: str
    first: np.ndarray
    unsplit: np.ndarray
    split: np.ndarray

    def __post_init__(self) -> None:
        n = len(hand_table().n_cards)
        for key, shape in (
            ("first", (n, N_VALUES)),
            ("unsplit", (n, N_VALUES)),
            ("split", (N_VALUES, n, N_VALUES)),
        ):
            arr = getattr(self, key)
            if arr.shape != shape:
                raise ValueError(f"table {key} must have shape {shape}, got {arr.shape}")
            object.__setattr__(self, key, np.ascontiguousarray(arr, dtype=np.int8))


def policy_tables(
    analysis: ShoeAnalysis, policy: BlackjackPolicy, result: RoundResult | None = None
) -> BlackjackTables:
    """Tables of ``policy`` on the analysis' fresh shoe and rules (``result``: its exact
    round result if already computed)."""
    result = analysis.evaluate(policy) if result is None else result
    split = np.zeros((N_VALUES, *result.deal_action.shape), dtype=np.int8)
    for p in range(N_VALUES):
        if analysis.base[p] >= 2:
            split[p] = analysis.play(policy, p, 1, result.unsplit).action
    return BlackjackTables(policy.name, result.deal_action, result.unsplit.action, split)
