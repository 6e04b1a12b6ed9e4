"""Monte Carlo rounds of Zero in numba: the rules engine's Zero at millions of rounds a minute.

Each round is dealt from a freshly shuffled shoe and played by ``tables.ZeroTables``; the kernel
settles every wager from the rules alone and counts outcomes, first decisions and the Zero Pays
side bet. ``replay`` plays the same rounds through the Python engine, count for count.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardedge.analysis.core.kernels import entry, inline
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


@inline
def play_hand(rng, shoe, dealt, value, rules, v1, v2, up, tables, t, b, hand):
    """Play a seat's first two cards ``v1``, ``v2`` (not a Zero Pair) against ``up`` by the
    table set ``t`` of ``tables`` = (init, three, split_two, split_three) (``ZeroTables``'
    arrays stacked on a first axis), drawing from position ``dealt`` in the engine's order
    (each split hand's cards in turn). Each hand's total and wager go to ``hand`` = (totals,
    wagers, seat) at [seat, hand]. Returns (dealt, hands, decision: ``DECISIONS``' position,
    moved: the decisions that set ``b`` would have taken otherwise, as a player asked at each
    of them; none when ``b`` is ``t``)."""
    init, three, split_two, split_three = tables
    totals, wagers, seat = hand
    moved = 0
    a = init[t, v1, v2, up]
    split = a == Action.SPLIT and rules.split_ok[(v1 + v2) % 10]
    if t != b:
        base = init[b, v1, v2, up]
        base_split = base == Action.SPLIT and rules.split_ok[(v1 + v2) % 10]
        if split != base_split or (not split and (a == Action.HIT) != (base == Action.HIT)):
            moved += 1
    if split:
        for h in range(2):
            sa = v1 if h == 0 else v2
            sb = v2 if h == 0 else v1
            y = value[draw(rng, shoe, dealt)]
            dealt += 1
            t2 = (sa + y) % 10
            w = 1
            hit = split_two[t, sa, sb, y, up] != 0
            if t != b and hit != (split_two[b, sa, sb, y, up] != 0):
                moved += 1
            if hit:
                x = value[draw(rng, shoe, dealt)]
                dealt += 1
                t2 = (t2 + x) % 10
                may = rules.double_split[t2]
                double = may and split_three[t, sa, sb, y, x, up] != 0
                if t != b and double != (may and split_three[b, sa, sb, y, x, up] != 0):
                    moved += 1
                if double:
                    t2 = (t2 + value[draw(rng, shoe, dealt)]) % 10
                    dealt += 1
                    w = 2
            totals[seat, h] = t2
            wagers[seat, h] = w
        return dealt, 2, 4, moved
    total = (v1 + v2) % 10
    w = 1
    decision = 1
    if a == Action.HIT:
        x = value[draw(rng, shoe, dealt)]
        dealt += 1
        total = (total + x) % 10
        may = rules.double_unsplit[total]
        double = may and three[t, v1, v2, x, up] != 0
        if t != b and double != (may and three[b, v1, v2, x, up] != 0):
            moved += 1
        decision = 2
        if double:
            total = (total + value[draw(rng, shoe, dealt)]) % 10
            dealt += 1
            w = 2
            decision = 3
    totals[seat, 0] = total
    wagers[seat, 0] = w
    return dealt, 1, decision, moved


@inline
def dealer_total(rng, shoe, dealt, value, draws, up, hole):
    """(dealt, total) of the dealer's hand ``up``, ``hole`` drawn to the end by ``draws``
    (the rules' ``dealer.draws[cards - 2, total]``), from position ``dealt``."""
    d = (up + hole) % 10
    n_dealer = 2
    while n_dealer < 4 and draws[n_dealer - 2, d]:
        d = (d + value[draw(rng, shoe, dealt)]) % 10
        dealt += 1
        n_dealer += 1
    return dealt, d


@inline
def settle(hand, n_hands, dealer):
    """Net of the seat's ``n_hands`` hands (``hand`` = (totals, wagers, seat)) against the
    dealer's total: the lower total wins each hand's wager, equal pushes."""
    totals, wagers, seat = hand
    net = 0
    for h in range(n_hands):
        if totals[seat, h] < dealer:
            net += wagers[seat, h]
        elif totals[seat, h] > dealer:
            net -= wagers[seat, h]
    return net


@inline
def pair_outcome(c1, c2, cu, value, rank):
    """``ZERO_PAIR`` or ``ZERO_TRIPS`` when the first cards ``c1``, ``c2`` (kinds) are a
    Zero Pair (the up card ``cu`` making trips of a ten-valued pair), else -1."""
    if rank[c1] == rank[c2] and (value[c1] + value[c2]) % 10 == 0:
        if value[c1] == 0 and rank[cu] == rank[c1]:
            return ZERO_TRIPS
        return ZERO_PAIR
    return -1


@entry(nogil=True)
def zero_rounds(rng, rounds, shoe, value, rank, rules, tables, side_index, counts):
    """Play ``rounds`` rounds of Zero, adding to ``counts`` = (outcomes, decisions, side).

    Deal order as the engine: player, player, up, hole, then the player's draws hand by hand,
    then the dealer's. ``value``/``rank`` map card kinds to point values and rank indices;
    ``rules``: the rules' ``KernelRules`` record; ``tables`` = (init, three, split_two,
    split_three), the decision tables of ``tables.ZeroTables`` stacked on a first axis of one.
    """
    outcomes, decisions, side = counts
    totals = np.zeros((1, 2), dtype=np.int64)
    wagers = np.zeros((1, 2), dtype=np.int64)
    hand = (totals, wagers, 0)
    for _ in range(rounds):
        c1 = draw(rng, shoe, 0)
        c2 = draw(rng, shoe, 1)
        cu = draw(rng, shoe, 2)
        ch = draw(rng, shoe, 3)
        side[side_index[c1, c2, cu]] += 1
        pair = pair_outcome(c1, c2, cu, value, rank)
        if pair >= 0:
            decisions[0] += 1
            outcomes[pair] += 1
            continue
        up = value[cu]
        dealt, n_hands, decision, _ = play_hand(
            rng, shoe, 4, value, rules, value[c1], value[c2], up, tables, 0, 0, hand
        )
        decisions[decision] += 1
        _, d = dealer_total(rng, shoe, dealt, value, rules.dealer.draws, up, value[ch])
        outcomes[2 + ZERO_MAX_NET + settle(hand, n_hands, d)] += 1


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
                (
                    tables.init[None],
                    tables.three[None],
                    tables.split_two[None],
                    tables.split_three[None],
                ),
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
