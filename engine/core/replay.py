"""The simulator's pure-Python twin: the same rounds played through the game engines.

Given the same seed, ``ShuffledShoe`` deals exactly the cards the numba kernels deal (the same
``rng.integers`` calls in the same order), so these functions must return the kernels' counts
exactly. They are slow (the engines check every action), for a few thousand rounds in tests.
"""

from __future__ import annotations

import numpy as np
from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.blackjack import game as bj
from cardedge.engine.blackjack.players import TablePlayer as BlackjackTablePlayer
from cardedge.engine.blackjack.tables import BlackjackTables
from cardedge.engine.core.dealing import ShuffledShoe
from cardedge.engine.core.simulate import (
    BJ_NATURAL_PUSH,
    BJ_NATURAL_WIN,
    ZERO_PAIR,
    ZERO_TRIPS,
    Simulation,
    _check_rounds,
    _rng,
    blackjack_outcome_labels,
    blackjack_outcome_nets,
    zero_outcome_labels,
    zero_outcome_nets,
)
from cardedge.engine.zero.game import DECISIONS as ZERO_DECISIONS
from cardedge.engine.zero.game import ZeroRound, play_round
from cardedge.engine.zero.players import TablePlayer
from cardedge.engine.zero.tables import ZeroTables


def simulate_zero(
    rules: ZeroRules,
    tables: ZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
) -> Simulation:
    """``analysis.engine.simulate.simulate_zero``, one ``ZeroRound`` at a time."""
    rounds = _check_rounds(rounds)
    table = load_paytable(paytable)
    shoe = ShuffledShoe(rules.decks, _rng(seed))
    player = TablePlayer(tables)
    labels = zero_outcome_labels()
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(ZERO_DECISIONS), dtype=np.int64)
    side = np.zeros(len(table.rows) + 1, dtype=np.int64)
    for _ in range(rounds):
        out = play_round(ZeroRound(rules, shoe, 1.0, table), player)
        decisions[ZERO_DECISIONS.index(out.decision)] += 1
        side[out.side_row] += 1
        if out.decision == "zero pair":
            outcomes[ZERO_TRIPS if out.trips else ZERO_PAIR] += 1
        else:
            outcomes[labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
    side_labels = tuple(r.hand for r in table.rows) + ("loses",)
    side_net = np.array([float(table.net(i)) for i in range(len(side_labels))])
    return Simulation(
        "zero",
        tables.name,
        rules,
        rounds,
        seed,
        labels,
        zero_outcome_nets(rules),
        outcomes,
        ZERO_DECISIONS,
        decisions,
        side_labels,
        side_net,
        side,
    )


def simulate_blackjack(
    rules: BlackjackRules, tables: BlackjackTables, rounds: int, seed: int | None = None
) -> Simulation:
    """``analysis.engine.simulate.simulate_blackjack``, one ``BlackjackRound`` at a time.

    The first action of a round a peeking dealer's natural ends at once is the table's action
    on the deal (the exact action probabilities count the policy's action on every deal).
    """
    rounds = _check_rounds(rounds)
    shoe = ShuffledShoe(rules.decks, _rng(seed))
    player = BlackjackTablePlayer(tables)
    labels = blackjack_outcome_labels()
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(bj.FIRST_ACTIONS), dtype=np.int64)
    for _ in range(rounds):
        rnd = bj.BlackjackRound(rules, shoe)
        out = bj.play_round(rnd, player)
        first = out.first_action
        if first is None:
            values = rnd.hands[0].values
            code = int(tables.first[hand_table().find(values), bj.value_index(rnd.up)])
            first = bj.ACTIONS[code]
        decisions[bj.FIRST_ACTIONS.index(first)] += 1
        if out.player_natural:
            outcomes[BJ_NATURAL_PUSH if out.dealer_natural else BJ_NATURAL_WIN] += 1
        else:
            outcomes[labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
    return Simulation(
        "blackjack",
        tables.name,
        rules,
        rounds,
        seed,
        labels,
        blackjack_outcome_nets(rules),
        outcomes,
        bj.FIRST_ACTIONS,
        decisions,
    )
