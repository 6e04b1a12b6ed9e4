"""The Zero shoe game's pure-Python twin: the same shoes dealt, counted and played through the
rules engine (``engine/core/table.py`` seats of ``ZeroRound``), round for round.

The shoes are dealt, counted, binned and seated by ``engine/core/shoe_replay.replay_rounds``
(the kernel's cards, in plain Python); each round is dealt and settled here.
The tallies must equal ``shoe_game.simulate_shoe_game``'s exactly. Slow; for tests.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core.shoe_game import (
    ShoeGame,
    ShoeTallies,
)
from cardedge.engine.core.shoe_replay import replay_rounds
from cardedge.engine.core.simulation import check_rounds
from cardedge.engine.core.table import Table, play_table
from cardedge.engine.zero.game import ZeroRound
from cardedge.engine.zero.players import TablePlayer
from cardedge.engine.zero.shoe_game import IndexedZeroTables
from cardedge.engine.zero.simulate import (
    ZERO_PAIR,
    ZERO_TRIPS,
    side_bet_bins,
    zero_outcome_labels,
    zero_outcome_nets,
)


def simulate_shoe_game(
    rules: ZeroRules,
    game: ShoeGame,
    tables: IndexedZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
) -> ShoeTallies:
    """``shoe_game.simulate_shoe_game``, one table round at a time, from the same streams
    (``engine/core/shoe_replay.replay_rounds``)."""
    rounds = check_rounds(rounds)
    table_pays = load_paytable(paytable)
    labels = zero_outcome_labels()
    side_labels, side_net = side_bet_bins(table_pays)
    players = [TablePlayer(tables.tables(k)) for k in range(len(tables.sets))]
    n_bins = 2 * game.limit + 1
    outcomes = np.zeros((n_bins, len(labels)), dtype=np.int64)
    index_rounds = np.zeros(n_bins, dtype=np.int64)
    index_plays = np.zeros(n_bins, dtype=np.int64)
    side = np.zeros((n_bins, len(side_labels)), dtype=np.int64)
    for r in replay_rounds(game, tables, players, rounds, seed):
        shoe, k = r.shoe, r.bin
        table = Table(
            shoe,
            game.players,
            lambda deal, shoe=shoe: ZeroRound(rules, shoe, 1.0, table_pays, seat=deal),
        )
        out = play_table(table, r.seats)[0]
        side[k, out.side_row] += 1
        if out.decision == "zero pair":
            outcomes[k, ZERO_TRIPS if out.trips else ZERO_PAIR] += 1
        else:
            outcomes[k, labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
        if r.counter.departed:
            index_rounds[k] += 1
            index_plays[k] += r.counter.departed
    return ShoeTallies(
        game,
        rules,
        tables.name,
        rounds,
        seed,
        labels,
        zero_outcome_nets(rules),
        outcomes,
        index_rounds,
        index_plays,
        side_labels,
        side_net,
        side,
    )
