"""A shoe game's pure-Python walk, either game's: the run's streams dealt from ``DealtShoe``s as
the kernels deal them, counted, binned and seated in plain Python (``engine/<game>/
shoe_replay.py`` deal and settle each round through their rules engine).

Each stream's shoe is a ``DealtShoe`` on the stream's generator, shuffled (``dealt = 0``) and
burned as the kernel does (``shoe_game.shuffled_if_cut``), so it deals exactly the kernel's
cards; the true count, its bin and the play state come from ``shoe_game``'s plain-Python twins
of the kernels' helpers, and the cards a round dealt are counted once it is played. Slow; for
tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardedge.engine.core.dealing import RANK_OF_KIND, DealtShoe
from cardedge.engine.core.shoe_game import ShoeGame, play_state, true_count, whole_count
from cardedge.engine.core.simulation import check_rounds, stream_entropy, stream_rng, stream_sizes


class Counted:
    """Seat 1's player: plays ``ours`` and counts the decisions that differ from ``base``."""

    def __init__(self, ours, base) -> None:
        self.ours, self.base = ours, base
        self.name = ours.name
        self.departed = 0

    def choose(self, view) -> str:
        action = self.ours.choose(view)
        if action != self.base.choose(view):
            self.departed += 1
        return action


@dataclass
class ReplayRound:
    """One round about to be dealt: its ``shoe``, the true count's ``bin`` (0 .. 2 limit), the
    set of tables in force for the counter (``in_force``), and the ``seats`` in table order (the
    counter first, a ``Counted``)."""

    shoe: DealtShoe
    bin: int
    in_force: int
    seats: list

    @property
    def counter(self) -> Counted:
        return self.seats[0]


def replay_rounds(
    game: ShoeGame, tables, players: Sequence, rounds: int, seed: int | None
) -> Iterator[ReplayRound]:
    """The ``rounds`` rounds of ``game`` from ``seed``'s streams, each yielded before it is
    dealt (the caller deals and plays it on its ``shoe``); its cards are counted when the next
    is asked for. ``tables``: the game's indexed tables (``set_of_state``, ``base``,
    ``half_span``); ``players[k]``: the player of set ``k``."""
    rounds = check_rounds(rounds)
    tags = game.system.by_rank()
    irc = game.system.initial_running_count(game.decks)
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
            in_force = int(tables.set_of_state[play_state(game.convention, tc, tables.half_span)])
            base = players[tables.base]
            seats = [Counted(players[in_force], base)] + [base] * (game.players - 1)
            start = shoe.dealt
            yield ReplayRound(shoe, k, in_force, seats)
            for card in shoe.cards[start : shoe.dealt]:
                running += tags[RANK_OF_KIND[card]]
