"""The shoe game's pure-Python twin: the same shoes dealt, counted and played through the rules
engine (``engine/core/table.py`` seats of ``BlackjackRound``), round for round.

Each stream's shoe is a ``DealtShoe`` on the stream's generator, shuffled (``dealt = 0``) and
burned as the kernel does, so it deals exactly the kernel's cards; the count, the true count,
its bin and the play state are computed here from the cards the table dealt, in plain Python.
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
    rules, game: ShoeGame, tables: IndexedTables, rounds: int, seed: int | None = None
) -> ShoeTallies:
    """``shoe_game.simulate_shoe_game``, one table round at a time, from the same streams."""
    rounds = check_rounds(rounds)
    labels = blackjack_outcome_labels(rules)
    players = [
        TablePlayer(
            BlackjackTables(tables.name, tables.first[k], tables.unsplit[k], tables.split[k])
        )
        for k in range(len(tables.sets))
    ]
    tags = game.system.by_rank()
    irc = game.system.initial_running_count(game.decks)
    n_bins = 2 * game.limit + 1
    outcomes = np.zeros((n_bins, len(labels)), dtype=np.int64)
    index_rounds = np.zeros(n_bins, dtype=np.int64)
    index_plays = np.zeros(n_bins, dtype=np.int64)
    insurance = np.zeros((3, n_bins), dtype=np.int64)
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
                lambda deal, shoe=shoe: bj.BlackjackRound(rules, shoe, seat=deal),
            )
            ours = table.seats[0]
            if ours.insurance_offered:
                insurance[0, k] += 1
                if tables.insure[tables.set_of_state[state]]:
                    ours.insure()
            out = play_table(table, seats)[0]
            if out.insurance:
                insurance[1, k] += 1
                insurance[2, k] += round(2 * out.insurance)
            if out.player_natural:
                outcomes[k, BJ_NATURAL_PUSH if out.dealer_natural else BJ_NATURAL_WIN] += 1
            elif out.hands[0].surrendered:
                outcomes[k, labels.index("surrender")] += 1
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
        blackjack_outcome_nets(rules),
        outcomes,
        index_rounds,
        index_plays,
        insurance=np.ascontiguousarray(insurance.T) if rules.insurance else None,
    )
