"""A rules engine for Zero and blackjack: an independent witness of the exact analysis.

Cards are dealt from a shuffled finite shoe (``dealing``); each game (``zero``, ``blackjack``)
tracks hands, offers only the legal actions of its rules object, rejects anything else with
``IllegalAction`` and settles every wager itself: the engine never asks the exact evaluators how
a hand ends. Players (``zero_players``, ``blackjack_players``) see only what a seat at the table
sees. ``simulate`` is the same game in numba for Monte Carlo runs, ``reference`` its pure-Python
twin played through the engines, ``training`` the judge behind the interactive sessions.
"""

from cardedge.engine.core.dealing import IllegalAction

__all__ = ["IllegalAction"]
