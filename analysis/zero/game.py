"""Zero, described once for the shared layers (``analysis/core/game.py``)."""

from __future__ import annotations

from cardedge.analysis.core.game import Game
from cardedge.analysis.core.shoe import ShoeFormat
from cardedge.analysis.zero.rules import RULES, ZeroRules

SHOE = ShoeFormat(
    pools_tens=False,
    missing_hint="Zero counts A, 2..9, T, J, Q, K each: same-rank Zero Pairs need ranks",
    spec_example="A=24,2=24,...,9=24,T=24,J=24,Q=24,K=24 (every rank: Zero Pairs need ranks)",
)
"""A Zero shoe counts every rank: a Zero Pair is two cards of one rank."""

GAME = Game(
    name="zero",
    title="Zero",
    label="Zero",
    rules=RULES,
    rules_class=ZeroRules,
    shoe=SHOE,
    count_system="hiopt2",
    has_chart=True,
    has_side_bet=True,
)
