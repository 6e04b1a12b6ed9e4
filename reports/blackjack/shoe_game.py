"""A simulated blackjack shoe game: the chart and index plays it is played with, dealt by
``engine/blackjack/shoe_game.py``; its tables are the shared ``reports/core/shoe_game.py``'s.

The chart played is a study's (basic, the generic 'normal' chart or a chart file) and, with
``indices``, its index plays for the count kept: ``cardedge blackjack indices``' table,
computed ``decks - 1`` decks from the end (at most 5), as ``cardedge blackjack study`` plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import CountSystem, resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.blackjack.shoe_game import indexed_tables, shoe_dealer
from cardedge.engine.core.shoe_game import ShoeGame
from cardedge.reports.blackjack.indices import DEFAULT_SYSTEM
from cardedge.reports.blackjack.study import STUDIES
from cardedge.reports.core.shoe_game import (
    DEFAULT_RISK,
    Betting,
    ShoeGameRun,
    Where,
    counter_play,
    dealt_run,
)
from cardedge.reports.core.simulation import new_seed
from cardedge.strategy.blackjack.indices import chart_with
from cardedge.strategy.core.departures import Departure


def simulate_shoe(
    rules: BlackjackRules,
    shoe: Shoe,
    strategy: str = "basic",
    rounds: int = 1_000_000,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
    *,
    penetration: float,
    players: int = 1,
    system: CountSystem | None = None,
    indices: bool = False,
    departures: Sequence[Departure] | None = None,
    ramp: str = "1-8",
    wong_out: float | None = None,
    convention: str = "exact",
    divisor: str = "exact",
    burn: int = 1,
    bankrolls: Sequence[float] = (),
    risk: float = DEFAULT_RISK,
    trip_rounds: float | None = None,
    index_progress=lambda items: items,
    where: Where | None = None,
    log: Callable[[str], None] | None = None,
) -> ShoeGameRun:
    """Deal the shoe game and keep its tallies (``ShoeGameRun``): on ``threads`` threads, or
    ``where`` says (Dask, a folder: ``reports/core/shoe_game.deal_run``); ``progress(n)`` after
    each batch of ``n`` rounds, or ``progress(n, note)`` when it takes a second argument
    (``note``: the running edge and SE)."""
    seed = new_seed() if seed is None else seed
    system = system or resolve_system(DEFAULT_SYSTEM)
    counter = counter_play(
        "blackjack", STUDIES, chart_with, rules, shoe, strategy, system, indices, departures,
        index_progress,
    )  # fmt: skip
    decks = shoe.whole_decks("a shoe game")
    game = ShoeGame(decks, penetration, system, players, burn, convention, divisor)
    analysis = ShoeAnalysis(rules, shoe)
    tables = indexed_tables(
        rules, analysis, counter.chart, counter.label, counter.departures, game.limit
    )
    betting = Betting(ramp, wong_out, tuple(bankrolls), risk, trip_rounds)
    where = Where(threads) if where is None else where
    dealer = shoe_dealer(rules, game, tables)
    return dealt_run(dealer, counter, rounds, seed, betting, where, progress, log)
