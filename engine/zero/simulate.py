"""Monte Carlo rounds of Zero in numba: the rules engine's Zero at millions of rounds a minute.

Each round is dealt from a freshly shuffled shoe and played by ``tables.ZeroTables``; the kernel
settles every wager from the rules alone and counts outcomes, first decisions and the Zero Pays
side bet. ``replay`` plays the same rounds through the Python engine, count for count.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardedge.analysis.core.kernels import entry
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.core import dealing
from cardedge.engine.core.dealing import draw, fresh_shoe
from cardedge.engine.core.simulation import DEFAULT_CHUNK, Simulation, chunks, run_streams
from cardedge.engine.zero.game import DECISIONS as ZERO_DECISIONS
from cardedge.engine.zero.game import side_bet_index
from cardedge.engine.zero.tables import ZeroTables

ZERO_MAX_NET = 4
"""Two split hands, both doubled: the main wager's net lies in -4..4 outside Zero Pairs."""
ZERO_PAIR, ZERO_TRIPS = 0, 1
"""Outcome bins before the integer nets (which start at bin 2 with -ZERO_MAX_NET)."""


def zero_outcome_labels() -> tuple[str, ...]:
    """Outcome bins of a Zero round: Zero Pair, trips, then net -4 .. +4 per initial wager."""
    nets = tuple(f"{n:+d}" if n else "0" for n in range(-ZERO_MAX_NET, ZERO_MAX_NET + 1))
    return ("zero pair", "trips") + nets


def side_bet_bins(table: PayTable) -> tuple[tuple[str, ...], np.ndarray]:
    """The side bet's bins: each paying row of ``table`` then 'loses', and each bin's net win
    per unit staked."""
    labels = tuple(r.hand for r in table.rows) + ("loses",)
    return labels, np.array([float(table.net(i)) for i in range(len(labels))])


def zero_outcome_nets(rules: ZeroRules) -> np.ndarray:
    """Net result per initial wager of each bin of ``zero_outcome_labels``."""
    ints = [float(n) for n in range(-ZERO_MAX_NET, ZERO_MAX_NET + 1)]
    return np.array([rules.zero_pair_pays, rules.trips_payout] + ints)


@entry(nogil=True)
def zero_rounds(rng, rounds, shoe, value, rank, rules, tables, side_index, counts):
    """Play ``rounds`` rounds of Zero, adding to ``counts`` = (outcomes, decisions, side).

    Deal order as the engine: player, player, up, hole, then the player's draws hand by hand,
    then the dealer's. ``value``/``rank`` map card kinds to point values and rank indices;
    ``rules``: the rules' ``KernelRules`` record; ``tables`` = (init, three, split_two,
    split_three), the decision tables of ``tables.ZeroTables``.
    """
    outcomes, decisions, side = counts
    init, three, split_two, split_three = tables
    draws = rules.dealer.draws
    split_doubles = rules.double_split
    unsplit_doubles = rules.double_unsplit
    split_ok = rules.split_ok
    totals = np.zeros(2, dtype=np.int64)
    wagers = np.zeros(2, dtype=np.int64)
    for _ in range(rounds):
        c1 = draw(rng, shoe, 0)
        c2 = draw(rng, shoe, 1)
        cu = draw(rng, shoe, 2)
        ch = draw(rng, shoe, 3)
        dealt = 4
        side[side_index[c1, c2, cu]] += 1
        v1 = value[c1]
        v2 = value[c2]
        up = value[cu]
        if rank[c1] == rank[c2] and (v1 + v2) % 10 == 0:
            decisions[0] += 1
            if v1 == 0 and rank[cu] == rank[c1]:
                outcomes[1] += 1
            else:
                outcomes[0] += 1
            continue
        a = init[v1, v2, up]
        if a == Action.SPLIT and split_ok[(v1 + v2) % 10]:
            decisions[4] += 1
            n_hands = 2
            for h in range(2):
                sa = v1 if h == 0 else v2
                sb = v2 if h == 0 else v1
                y = value[draw(rng, shoe, dealt)]
                dealt += 1
                t = (sa + y) % 10
                w = 1
                if split_two[sa, sb, y, up] != 0:
                    x = value[draw(rng, shoe, dealt)]
                    dealt += 1
                    t = (t + x) % 10
                    if split_doubles[t] and split_three[sa, sb, y, x, up] != 0:
                        z = value[draw(rng, shoe, dealt)]
                        dealt += 1
                        t = (t + z) % 10
                        w = 2
                totals[h] = t
                wagers[h] = w
        else:
            n_hands = 1
            t = (v1 + v2) % 10
            w = 1
            if a == Action.HIT:
                x = value[draw(rng, shoe, dealt)]
                dealt += 1
                t = (t + x) % 10
                if unsplit_doubles[t] and three[v1, v2, x, up] != 0:
                    z = value[draw(rng, shoe, dealt)]
                    dealt += 1
                    t = (t + z) % 10
                    w = 2
                    decisions[3] += 1
                else:
                    decisions[2] += 1
            else:
                decisions[1] += 1
            totals[0] = t
            wagers[0] = w
        d = (up + value[ch]) % 10
        n_dealer = 2
        while n_dealer < 4 and draws[n_dealer - 2, d]:
            d = (d + value[draw(rng, shoe, dealt)]) % 10
            dealt += 1
            n_dealer += 1
        net = 0
        for h in range(n_hands):
            if totals[h] < d:
                net += wagers[h]
            elif totals[h] > d:
                net -= wagers[h]
        outcomes[2 + 4 + net] += 1


def simulate_zero(
    rules: ZeroRules,
    decks: int,
    tables: ZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
) -> Simulation:
    """Simulate ``rounds`` rounds of Zero dealt from fresh shoes of ``decks`` decks, played by
    ``tables``, with the Zero Pays side bet.

    The rounds are dealt from independent streams (``simulation.run_streams``) on ``threads``
    threads (default: every core); the counts of a seed do not depend on ``threads`` or
    ``chunk``. ``progress(n)`` is called after each stream of n rounds.
    """
    table = load_paytable(paytable)
    kernel_rules = rules.kernel_record()
    n_outcomes = len(zero_outcome_labels())
    n_side = len(table.rows) + 1
    index = side_bet_index(table)

    def play(rng, n):
        shoe = fresh_shoe(decks)
        outcomes = np.zeros(n_outcomes, dtype=np.int64)
        decisions = np.zeros(len(ZERO_DECISIONS), dtype=np.int64)
        side = np.zeros(n_side, dtype=np.int64)
        for m in chunks(n, chunk):
            zero_rounds(
                rng,
                m,
                shoe,
                dealing.BACCARAT_VALUE_OF_KIND,
                dealing.RANK_OF_KIND,
                kernel_rules,
                (tables.init, tables.three, tables.split_two, tables.split_three),
                index,
                (outcomes, decisions, side),
            )
        return outcomes, decisions, side

    outcomes, decisions, side = run_streams(play, rounds, seed, threads, progress)
    side_labels, side_net = side_bet_bins(table)
    return Simulation(
        "zero",
        tables.name,
        rules,
        decks,
        int(rounds),
        seed,
        zero_outcome_labels(),
        zero_outcome_nets(rules),
        outcomes,
        ZERO_DECISIONS,
        decisions,
        side_labels,
        side_net,
        side,
    )
