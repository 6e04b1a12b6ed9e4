"""A simulated Zero shoe game: the chart and index plays it is played with, dealt by
``engine/zero/shoe_game.py``; its tables are the shared ``reports/core/shoe_game.py``'s, and
the Zero Pays side bet's edge by true count beside them.

The chart played is a study's (basic, published or a chart file) and, with ``indices``, its
index plays for the count kept (default Hi-Opt II, the Zero study's): ``cardedge zero
indices``' table, computed ``decks - 1`` decks from the end (at most 5), as ``cardedge zero
study`` plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from cardedge.analysis.core.counts import CountSystem, resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core.shoe_game import ShoeGame
from cardedge.engine.zero.shoe_game import indexed_tables, shoe_dealer
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoe_game import (
    DEFAULT_RISK,
    Betting,
    ShoeGameRun,
    Where,
    counter_play,
    dealt_run,
)
from cardedge.reports.core.simulation import new_seed
from cardedge.reports.core.study_tables import bin_label
from cardedge.reports.zero.indices import DEFAULT_SYSTEM
from cardedge.reports.zero.study import STUDIES
from cardedge.strategy.core.departures import Departure
from cardedge.strategy.zero.indices import chart_with


def simulate_shoe(
    rules: ZeroRules,
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
    paytable: PayTable | str | None = None,
    index_progress=lambda items: items,
    where: Where | None = None,
    log: Callable[[str], None] | None = None,
) -> ShoeGameRun:
    """Deal the shoe game and keep its tallies (``ShoeGameRun``): on ``threads`` threads, or
    ``where`` says (Dask, a folder: ``reports/core/shoe_game.deal_run``); the counter's Zero
    Pays side bet is settled by ``paytable`` (default: the shipped table); ``progress(n)``
    after each batch of ``n`` rounds, or ``progress(n, note)`` when it takes a second argument
    (``note``: the running edge and SE)."""
    seed = new_seed() if seed is None else seed
    system = system or resolve_system(DEFAULT_SYSTEM)
    counter = counter_play(
        "zero", STUDIES, chart_with, rules, shoe, strategy, system, indices, departures,
        index_progress,
    )  # fmt: skip
    decks = shoe.whole_decks("a shoe game")
    game = ShoeGame(decks, penetration, system, players, burn, convention, divisor)
    tables = indexed_tables(rules, counter.chart, counter.label, counter.departures, game.limit)
    table = load_paytable(paytable)
    betting = Betting(ramp, wong_out, tuple(bankrolls), risk, trip_rounds)
    where = Where(threads) if where is None else where
    dealer = shoe_dealer(rules, game, tables, table)
    paid = {"paytable": [[r.hand, list(r.when), str(r.pays)] for r in table.rows]}
    return dealt_run(dealer, counter, rounds, seed, betting, where, progress, log, paid)


def side_bet_by_true_count(run: ShoeGameRun, head: str, paytable: PayTable) -> Table:
    """The Zero Pays side bet on the counter's cards by true count: rounds, the side bet's
    house edge and its SE (percent of the side stake), and how often each row paid."""
    t = run.tallies
    side = t.side
    rounds = side.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = (side @ t.side_net) / rounds
        second = (side @ t.side_net**2) / rounds
        se = np.sqrt(np.maximum(second - mean**2, 0.0) / rounds)
        paid = 1.0 - side[:, -1] / rounds
    limit = t.game.limit
    total = side.sum(axis=0)
    overall = float(total @ t.side_net) / t.rounds
    frame = pd.DataFrame(
        {
            "true_count": t.true_counts,
            "range": [bin_label(int(k), limit) for k in t.true_counts],
            "rounds": rounds,
            "side_edge": [-100.0 * m + 0.0 for m in mean],
            "side_edge_se": 100.0 * se,
            "side_wins": paid,
        }
    )
    return Table(
        f"{head}: Zero Pays side bet by true count",
        frame,
        [
            f"side_edge: house edge in % of the Zero Pays stake on the counter's first two "
            f"cards and the up card ({paytable.label} pay table), over the rounds of the bin "
            f"(negative: the player's advantage); se: its standard error; side_wins: the share "
            f"of rounds it pays. Every round: {-100.0 * overall + 0.0:.3f}%.",
            *paytable.notes(),
        ],
        digits={"side_edge": 3, "side_edge_se": 3, "side_wins": 4},
        keys={"seed": t.seed, "rounds": t.rounds, "strategy": t.policy},
    )
