"""European blackjack, described once for the shared layers (``analysis/core/game.py``)."""

from __future__ import annotations

from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
from cardedge.analysis.core.game import Game
from cardedge.analysis.core.shoe import ShoeFormat

SHOE = ShoeFormat(
    pools_tens=True,
    missing_hint="give A, 2..9 and T (all ten-valued cards), or T, J, Q and K each",
    spec_example="A=24,2=24,...,9=24,T=96 (T: every ten-valued card; or T,J,Q,K each)",
)
"""Blackjack reads point values only: its ten-valued cards may be one count ``T``."""

GAME = Game(
    name="blackjack",
    title="European blackjack",
    label="blackjack",
    rules=RULES,
    rules_class=BlackjackRules,
    shoe=SHOE,
    count_system="hilo",
    has_chart=True,
    has_side_bet=False,
)
