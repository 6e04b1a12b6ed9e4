"""The shoe game's pure-Python twin: the same shoes dealt, counted and played through the rules
engine (``engine/core/table.py`` seats of ``BlackjackRound``), round for round.

The shoes are dealt, counted, binned and seated by ``engine/core/shoe_replay.replay_rounds``
(the kernel's cards, in plain Python); each round is dealt and settled here.
The counter insures through the round's own ``insure`` (``game.BlackjackRound``) when it is
offered and the insurance index play is in force. The tallies must equal
``shoe_game.simulate_shoe_game``'s exactly. Slow; for tests.
"""

from __future__ import annotations

import numpy as np

from cardedge.engine.blackjack import game as bj
from cardedge.engine.blackjack.players import TablePlayer
from cardedge.engine.blackjack.shoe_game import IndexedTables
from cardedge.engine.blackjack.simulate import (
    BJ_NATURAL_PUSH,
    BJ_NATURAL_WIN,
    blackjack_outcome_labels,
    blackjack_outcome_nets,
)
from cardedge.engine.blackjack.tables import BlackjackTables
from cardedge.engine.core.shoe_game import (
    ShoeGame,
    ShoeTallies,
)
from cardedge.engine.core.shoe_replay import replay_rounds
from cardedge.engine.core.simulation import check_rounds
from cardedge.engine.core.table import Table, play_table


def simulate_shoe_game(
    rules, game: ShoeGame, tables: IndexedTables, rounds: int, seed: int | None = None
) -> ShoeTallies:
    """``shoe_game.simulate_shoe_game``, one table round at a time, from the same streams
    (``engine/core/shoe_replay.replay_rounds``)."""
    rounds = check_rounds(rounds)
    labels = blackjack_outcome_labels(rules)
    players = [
        TablePlayer(
            BlackjackTables(tables.name, tables.first[k], tables.unsplit[k], tables.split[k])
        )
        for k in range(len(tables.sets))
    ]
    n_bins = 2 * game.limit + 1
    outcomes = np.zeros((n_bins, len(labels)), dtype=np.int64)
    index_rounds = np.zeros(n_bins, dtype=np.int64)
    index_plays = np.zeros(n_bins, dtype=np.int64)
    insurance = np.zeros((3, n_bins), dtype=np.int64)
    for r in replay_rounds(game, tables, players, rounds, seed):
        shoe, k = r.shoe, r.bin
        table = Table(
            shoe,
            game.players,
            lambda deal, shoe=shoe: bj.BlackjackRound(rules, shoe, seat=deal),
        )
        ours = table.seats[0]
        if ours.insurance_offered:
            insurance[0, k] += 1
            if tables.insure[r.in_force]:
                ours.insure()
        out = play_table(table, r.seats)[0]
        if out.insurance:
            insurance[1, k] += 1
            insurance[2, k] += round(2 * out.insurance)
        if out.player_natural:
            outcomes[k, BJ_NATURAL_PUSH if out.dealer_natural else BJ_NATURAL_WIN] += 1
        elif out.hands[0].surrendered:
            outcomes[k, labels.index("surrender")] += 1
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
        blackjack_outcome_nets(rules),
        outcomes,
        index_rounds,
        index_plays,
        insurance=np.ascontiguousarray(insurance.T) if rules.insurance else None,
    )
