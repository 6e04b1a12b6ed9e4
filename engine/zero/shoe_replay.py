"""The Zero shoe game's pure-Python twin: the same shoes dealt, counted and played through the
rules engine (``engine/core/table.py`` seats of ``ZeroRound``), round for round.

Each stream's shoe is a ``DealtShoe`` on the stream's generator, shuffled (``dealt = 0``) and
burned as the kernel does, so it deals exactly the kernel's cards; the count, the true count,
its bin and the play state are computed here from the cards the table dealt, in plain Python.
The tallies must equal ``shoe_game.simulate_shoe_game``'s exactly. Slow; for tests.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core.dealing import RANK_OF_KIND, DealtShoe
from cardedge.engine.core.shoe_game import (
    ShoeGame,
    ShoeTallies,
    play_state,
    true_count,
    whole_count,
)
from cardedge.engine.core.simulation import check_rounds, stream_entropy, stream_rng, stream_sizes
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


class _Counted:
    """Seat 1's player: plays ``ours`` and counts the decisions that differ from ``base``."""

    def __init__(self, ours: TablePlayer, base: TablePlayer) -> None:
        self.ours, self.base = ours, base
        self.name = ours.name
        self.departed = 0

    def choose(self, view) -> str:
        action = self.ours.choose(view)
        if action != self.base.choose(view):
            self.departed += 1
        return action


def simulate_shoe_game(
    rules: ZeroRules,
    game: ShoeGame,
    tables: IndexedZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
) -> ShoeTallies:
    """``shoe_game.simulate_shoe_game``, one table round at a time, from the same streams."""
    rounds = check_rounds(rounds)
    table_pays = load_paytable(paytable)
    labels = zero_outcome_labels()
    side_labels, side_net = side_bet_bins(table_pays)
    players = [TablePlayer(tables.tables(k)) for k in range(len(tables.sets))]
    tags = game.system.by_rank()
    irc = game.system.initial_running_count(game.decks)
    n_bins = 2 * game.limit + 1
    outcomes = np.zeros((n_bins, len(labels)), dtype=np.int64)
    index_rounds = np.zeros(n_bins, dtype=np.int64)
    index_plays = np.zeros(n_bins, dtype=np.int64)
    side = np.zeros((n_bins, len(side_labels)), dtype=np.int64)
    entropy = stream_entropy(seed)
    for i, size in enumerate(stream_sizes(rounds)):
        shoe = DealtShoe(game.decks, stream_rng(entropy, i))
        shoe.dealt = shoe.size
        running = 0.0
        for _ in range(size):
            if shoe.dealt >= game.cut_card:
                shoe.dealt = 0
                running = irc
                for _b in range(game.burn):
                    shoe.draw()
            tc = true_count(game, running, shoe.size - shoe.dealt)
            whole = whole_count(game.convention, tc)
            k = min(max(whole, -game.limit), game.limit) + game.limit
            state = play_state(game.convention, tc, tables.half_span)
            counted = _Counted(players[tables.set_of_state[state]], players[tables.base])
            seats = [counted] + [players[tables.base]] * (game.players - 1)
            start = shoe.dealt
            table = Table(
                shoe,
                game.players,
                lambda deal, shoe=shoe: ZeroRound(rules, shoe, 1.0, table_pays, seat=deal),
            )
            out = play_table(table, seats)[0]
            side[k, out.side_row] += 1
            if out.decision == "zero pair":
                outcomes[k, ZERO_TRIPS if out.trips else ZERO_PAIR] += 1
            else:
                outcomes[k, labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
            if counted.departed:
                index_rounds[k] += 1
                index_plays[k] += counted.departed
            for card in shoe.cards[start : shoe.dealt]:
                running += tags[RANK_OF_KIND[card]]
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
