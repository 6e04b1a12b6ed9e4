"""The blackjack simulator's pure-Python twin: the same rounds played through the rules engine.

Every round is a ``BlackjackRound`` on the shoes the kernel deals (``replayed_shoes``): the
counts must be the kernel's to the round. Slow, as the engine checks each action; for tests.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.engine.blackjack import game as bj
from cardedge.engine.blackjack.players import TablePlayer
from cardedge.engine.blackjack.simulate import (
    BJ_NATURAL_PUSH,
    BJ_NATURAL_WIN,
    blackjack_outcome_labels,
    blackjack_outcome_nets,
)
from cardedge.engine.blackjack.tables import BlackjackTables
from cardedge.engine.core.simulation import Simulation, check_rounds, replayed_shoes


def simulate_blackjack(
    rules: BlackjackRules,
    decks: int,
    tables: BlackjackTables,
    rounds: int,
    seed: int | None = None,
) -> Simulation:
    """``simulate.simulate_blackjack``, one ``BlackjackRound`` at a time, from the same streams.

    The first action of a round a peeking dealer's natural ends at once is the table's action
    on the deal (the exact action probabilities count the policy's action on every deal).
    """
    rounds = check_rounds(rounds)
    player = TablePlayer(tables)
    labels = blackjack_outcome_labels(rules)
    firsts = bj.first_actions(rules)
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(firsts), dtype=np.int64)
    for shoe in replayed_shoes(decks, rounds, seed):
        rnd = bj.BlackjackRound(rules, shoe)
        out = bj.play_round(rnd, player)
        first = out.first_action
        if first is None:
            values = rnd.hands[0].values
            code = int(tables.first[hand_table().find(values), bj.value_index(rnd.up)])
            first = bj.ACTIONS[code]
        decisions[firsts.index(first)] += 1
        if out.player_natural:
            outcomes[BJ_NATURAL_PUSH if out.dealer_natural else BJ_NATURAL_WIN] += 1
        elif out.hands[0].surrendered:
            outcomes[labels.index("surrender")] += 1
        else:
            outcomes[labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
    return Simulation(
        "blackjack",
        tables.name,
        rules,
        decks,
        rounds,
        seed,
        labels,
        blackjack_outcome_nets(rules),
        outcomes,
        firsts,
        decisions,
    )
