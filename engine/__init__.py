"""A rules engine for Zero and blackjack: an independent witness of the exact analysis.

Cards are dealt from a shuffled finite shoe (``core.dealing``); each game's ``game`` tracks
hands, offers only the legal actions of its rules object, rejects anything else with
``IllegalAction`` and settles every wager itself: the engine never asks the exact evaluators how
a hand ends. Players (``<game>.players``) see only what a seat at the table sees. Per game,
``simulate`` is the same game in numba for Monte Carlo runs, ``replay`` its pure-Python twin
played through the engine, ``tables`` the decision tables they play by, ``coach`` the exact
advice of a training session; ``core`` has the simulation statistics and ``training``, the judge
behind the interactive sessions.
"""

from cardedge.engine.core.dealing import IllegalAction

__all__ = ["IllegalAction"]
