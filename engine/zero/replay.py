"""The zero simulator's pure-Python twin: the same rounds played through the rules engine.

``simulate_zero`` here deals from the kernel's shoes (``replayed_shoes``) and must count what
the kernel counts, exactly; slow (the engine checks every action): a few thousand rounds.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core.simulation import Simulation, check_rounds, replayed_shoes
from cardedge.engine.zero.game import DECISIONS as ZERO_DECISIONS
from cardedge.engine.zero.game import ZeroRound, play_round
from cardedge.engine.zero.players import TablePlayer
from cardedge.engine.zero.simulate import (
    ZERO_PAIR,
    ZERO_TRIPS,
    side_bet_bins,
    zero_outcome_labels,
    zero_outcome_nets,
)
from cardedge.engine.zero.tables import ZeroTables


def simulate_zero(
    rules: ZeroRules,
    decks: int,
    tables: ZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
) -> Simulation:
    """``simulate.simulate_zero``, one ``ZeroRound`` at a time, from the same streams."""
    rounds = check_rounds(rounds)
    table = load_paytable(paytable)
    player = TablePlayer(tables)
    labels = zero_outcome_labels()
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(ZERO_DECISIONS), dtype=np.int64)
    side = np.zeros(len(table.rows) + 1, dtype=np.int64)
    for shoe in replayed_shoes(decks, rounds, seed):
        out = play_round(ZeroRound(rules, shoe, 1.0, table), player)
        decisions[ZERO_DECISIONS.index(out.decision)] += 1
        side[out.side_row] += 1
        if out.decision == "zero pair":
            outcomes[ZERO_TRIPS if out.trips else ZERO_PAIR] += 1
        else:
            outcomes[labels.index(f"{int(out.net):+d}" if out.net else "0")] += 1
    side_labels, side_net = side_bet_bins(table)
    return Simulation(
        "zero",
        tables.name,
        rules,
        decks,
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
