"""Monte Carlo rounds of Zero and blackjack in numba: the engine's rules at millions a minute.

Each round is dealt from a freshly shuffled shoe (``dealing``: draws without replacement, in
table order) and played by decision tables (``zero_tables`` / ``blackjack_tables``); the kernels
settle every wager from the rules alone. They count outcomes (a histogram of the round's net
result), first decisions and, for Zero, the Zero Pays side bet; means, variances and standard
errors follow exactly from the counts. ``reference`` plays the same rounds through the Python
engines (same seed, same cards): the tests compare the two count for count.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from cardedge.analysis.blackjack.hands import ACE, TEN, hand_table
from cardedge.analysis.blackjack.player import ACTION_DOUBLE, ACTION_HIT, ACTION_SPLIT, ACTION_STAND
from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.round import split_mask
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.blackjack.game import FIRST_ACTIONS
from cardedge.engine.core import dealing
from cardedge.engine.core.dealing import draw, fresh_shoe
from cardedge.engine.zero.game import DECISIONS as ZERO_DECISIONS
from cardedge.engine.zero.game import side_bet_index
from cardedge.engine.zero.tables import INIT_HIT, INIT_SPLIT, ZeroTables
from numba import njit

DEFAULT_CHUNK = 500_000
"""Rounds per kernel call (progress is reported between calls; results do not depend on it)."""

ZERO_MAX_NET = 4
"""Two split hands, both doubled: the main wager's net lies in -4..4 outside Zero Pairs."""
ZERO_PAIR, ZERO_TRIPS = 0, 1
"""Outcome bins before the integer nets (which start at bin 2 with -ZERO_MAX_NET)."""


@dataclass(frozen=True)
class Simulation:
    """Counts from simulated rounds and the statistics they give.

    ``outcome_net[i]`` is the net result per initial wager of outcome bin ``i`` and
    ``outcome_counts[i]`` how many rounds ended there; every round is in exactly one bin.
    """

    game: str
    policy: str
    rules: object
    rounds: int
    seed: int | None
    outcome_labels: tuple[str, ...]
    outcome_net: np.ndarray
    outcome_counts: np.ndarray
    decision_labels: tuple[str, ...]
    decision_counts: np.ndarray
    side_labels: tuple[str, ...] = ()
    side_net: np.ndarray | None = None
    side_counts: np.ndarray | None = None

    @property
    def mean(self) -> float:
        """Mean net result per initial wager."""
        return float(self.outcome_counts @ self.outcome_net) / self.rounds

    @property
    def variance(self) -> float:
        """Sample variance of one round's net result (n - 1 denominator)."""
        return _variance(self.outcome_counts, self.outcome_net, self.rounds)

    @property
    def stderr(self) -> float:
        """Standard error of ``mean``."""
        return math.sqrt(self.variance / self.rounds)

    @property
    def house_edge_percent(self) -> float:
        return -100.0 * self.mean

    @property
    def stderr_percent(self) -> float:
        return 100.0 * self.stderr

    def frequencies(self) -> dict[str, float]:
        """Share of rounds in each outcome bin."""
        return _shares(self.outcome_labels, self.outcome_counts, self.rounds)

    def decision_frequencies(self) -> dict[str, float]:
        """Share of rounds by first decision."""
        return _shares(self.decision_labels, self.decision_counts, self.rounds)

    def side_frequencies(self) -> dict[str, float]:
        """Share of rounds by the side bet's paying row ('loses' last)."""
        if self.side_counts is None:
            return {}
        return _shares(self.side_labels, self.side_counts, self.rounds)

    @property
    def side_mean(self) -> float | None:
        """Mean net result of the side bet per unit staked (None when not simulated)."""
        if self.side_counts is None:
            return None
        return float(self.side_counts @ self.side_net) / self.rounds

    @property
    def side_stderr(self) -> float | None:
        if self.side_counts is None:
            return None
        return math.sqrt(_variance(self.side_counts, self.side_net, self.rounds) / self.rounds)


def _variance(counts: np.ndarray, nets: np.ndarray, n: int) -> float:
    if n < 2:
        return float("nan")
    mean = float(counts @ nets) / n
    return float(counts @ (nets - mean) ** 2) / (n - 1)


def _shares(labels, counts, n) -> dict[str, float]:
    return {lab: float(c) / n for lab, c in zip(labels, counts, strict=True)}


def _rng(seed: int | None) -> np.random.Generator:
    if seed is not None and (isinstance(seed, bool) or int(seed) != seed or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return np.random.default_rng(seed)


def _check_rounds(rounds: int) -> int:
    if isinstance(rounds, bool) or int(rounds) != rounds or rounds < 2:
        raise ValueError(f"rounds must be a whole number >= 2, got {rounds!r}")
    return int(rounds)


def _chunks(rounds: int, chunk: int) -> list[int]:
    return [min(chunk, rounds - i) for i in range(0, rounds, chunk)]


# ---- Zero ------------------------------------------------------------------------------------
def zero_outcome_labels() -> tuple[str, ...]:
    """Outcome bins of a Zero round: Zero Pair, trips, then net -4 .. +4 per initial wager."""
    nets = tuple(f"{n:+d}" if n else "0" for n in range(-ZERO_MAX_NET, ZERO_MAX_NET + 1))
    return ("zero pair", "trips") + nets


def zero_outcome_nets(rules: ZeroRules) -> np.ndarray:
    """Net result per initial wager of each bin of ``zero_outcome_labels``."""
    ints = [float(n) for n in range(-ZERO_MAX_NET, ZERO_MAX_NET + 1)]
    return np.array([rules.zero_pair_pays, rules.trips_pays] + ints)


@njit(cache=True)
def zero_rounds(
    rng,
    rounds,
    shoe,
    value,
    rank,
    thr,
    das,
    split_ok,
    init,
    three,
    split_two,
    split_three,
    side_index,
    outcomes,
    decisions,
    side,
):
    """Play ``rounds`` rounds of Zero, adding to the ``outcomes``, ``decisions``, ``side`` counts.

    Deal order as the engine: player, player, up, hole, then the player's draws hand by hand,
    then the dealer's. ``value``/``rank`` map card kinds to point values and rank indices.
    """
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
        if a == INIT_SPLIT and split_ok[(v1 + v2) % 10]:
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
                    if das and split_three[sa, sb, y, x, up] != 0:
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
            if a == INIT_HIT:
                x = value[draw(rng, shoe, dealt)]
                dealt += 1
                t = (t + x) % 10
                if three[v1, v2, x, up] != 0:
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
        while n_dealer < 4 and d >= thr:
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
    tables: ZeroTables,
    rounds: int,
    seed: int | None = None,
    paytable: PayTable | str | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Simulate ``rounds`` rounds of Zero played by ``tables``, with the Zero Pays side bet.

    ``progress(n)`` is called after each chunk of n rounds.
    """
    rounds = _check_rounds(rounds)
    rng = _rng(seed)
    table = load_paytable(paytable)
    shoe = fresh_shoe(rules.decks)
    split_ok = split_mask(rules)
    labels = zero_outcome_labels()
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(ZERO_DECISIONS), dtype=np.int64)
    side = np.zeros(len(table.rows) + 1, dtype=np.int64)
    index = side_bet_index(table)
    for n in _chunks(rounds, chunk):
        zero_rounds(
            rng,
            n,
            shoe,
            dealing.ZERO_VALUE_OF_KIND,
            dealing.RANK_OF_KIND,
            rules.dealer_draw_threshold,
            rules.double_after_split,
            split_ok,
            tables.init,
            tables.three,
            tables.split_two,
            tables.split_three,
            index,
            outcomes,
            decisions,
            side,
        )
        if progress is not None:
            progress(n)
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


# ---- blackjack -------------------------------------------------------------------------------
BJ_MAX_NET = 8
"""Four hands, all doubled: a blackjack round's net lies in -8..8 outside naturals."""
BJ_NATURAL_WIN, BJ_NATURAL_PUSH = 0, 1
BJ_MAX_HANDS = 4


def blackjack_outcome_labels() -> tuple[str, ...]:
    """Outcome bins of a blackjack round: natural paid, natural pushed, then net -8 .. +8."""
    nets = tuple(f"{n:+d}" if n else "0" for n in range(-BJ_MAX_NET, BJ_MAX_NET + 1))
    return ("natural wins", "natural pushes") + nets


def blackjack_outcome_nets(rules) -> np.ndarray:
    """Net result per initial wager of each bin of ``blackjack_outcome_labels``."""
    ints = [float(n) for n in range(-BJ_MAX_NET, BJ_MAX_NET + 1)]
    return np.array([rules.natural_payout, 0.0] + ints)


@njit(cache=True)
def _dealer_total(hard, has_ace):
    """(total, soft): one ace counts 11 when that does not pass 21."""
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@njit(cache=True)
def blackjack_rounds(
    rng,
    rounds,
    shoe,
    vidx,
    child,
    total,
    n_cards,
    peek,
    hit_soft_17,
    das,
    max_hands,
    one_card_aces,
    first,
    unsplit,
    split,
    outcomes,
    decisions,
):
    """Play ``rounds`` rounds of blackjack, adding to the ``outcomes`` and ``decisions`` counts.

    ``shoe`` holds card kinds and ``vidx`` maps them to value indices (0 ace .. 9 ten); a hand
    is an index of ``analysis.blackjack.hands`` (``child``: draw transitions, -1 a bust).
    Deal order as the engine; decision codes ``analysis.blackjack.player.ACTION_*``.
    """
    hidx = np.zeros(BJ_MAX_HANDS, dtype=np.int64)
    wager = np.zeros(BJ_MAX_HANDS, dtype=np.int64)
    for _ in range(rounds):
        a = vidx[draw(rng, shoe, 0)]
        b = vidx[draw(rng, shoe, 1)]
        u = vidx[draw(rng, shoe, 2)]
        hole = vidx[draw(rng, shoe, 3)]
        dealt = 4
        p_nat = (a == ACE and b == TEN) or (a == TEN and b == ACE)
        d_nat = (u == ACE and hole == TEN) or (u == TEN and hole == ACE)
        if p_nat:
            decisions[0] += 1
            outcomes[1 if d_nat else 0] += 1
            continue
        h0 = child[child[0, a], b]
        act = first[h0, u]
        decisions[1 + act] += 1  # FIRST_ACTIONS: natural, then the ACTION_* codes in order
        if peek and d_nat:
            outcomes[2 + BJ_MAX_NET - 1] += 1
            continue
        if act == ACTION_SPLIT:
            if a != b or max_hands[a] < 2:
                raise ValueError("decision table splits a hand that cannot be split")
            n_hands = 2
            wager[0] = 1
            wager[1] = 1
            one_card = one_card_aces and a == ACE
            i = 0
            while i < n_hands:
                y = vidx[draw(rng, shoe, dealt)]
                dealt += 1
                while y == a and n_hands < max_hands[a]:
                    wager[n_hands] = 1
                    n_hands += 1
                    y = vidx[draw(rng, shoe, dealt)]
                    dealt += 1
                h = child[child[0, a], y]
                if one_card:
                    hidx[i] = h
                else:
                    table = split[a]
                    dealt = _play_hand(
                        rng, shoe, dealt, h, u, table, -1, das, child, n_cards, hidx, wager, i, vidx
                    )
                i += 1
        else:
            n_hands = 1
            wager[0] = 1
            dealt = _play_hand(
                rng, shoe, dealt, h0, u, unsplit, act, True, child, n_cards, hidx, wager, 0, vidx
            )
        all_bust = True
        for i in range(n_hands):
            if hidx[i] >= 0:
                all_bust = False
        dealer = 0
        if not d_nat:
            hard = u + 1 + hole + 1
            has_ace = u == ACE or hole == ACE
            if not all_bust:
                while True:
                    t, soft = _dealer_total(hard, has_ace)
                    if t > 17 or (t == 17 and not (hit_soft_17 and soft)):
                        break
                    v = vidx[draw(rng, shoe, dealt)]
                    dealt += 1
                    hard += v + 1
                    has_ace = has_ace or v == ACE
            dealer, _ = _dealer_total(hard, has_ace)
        net = 0
        for i in range(n_hands):
            h = hidx[i]
            if h < 0 or d_nat:
                net -= wager[i]
            elif dealer > 21 or total[h] > dealer:
                net += wager[i]
            elif total[h] < dealer:
                net -= wager[i]
        outcomes[2 + BJ_MAX_NET + net] += 1


@njit(cache=True)
def _play_hand(
    rng, shoe, dealt, h, u, table, first_code, may_double, child, n_cards, hidx, wager, i, vidx
):
    """Play hand ``i`` (hand index ``h``) by ``table[hand, up]``; ``first_code`` >= 0 is its
    first decision instead. Stores the final hand index in ``hidx[i]`` (-1: bust) and a double
    in ``wager[i]``; returns the number of cards dealt so far."""
    code = first_code
    while True:
        if code < 0:
            code = table[h, u]
        if code == ACTION_STAND:
            break
        if code == ACTION_DOUBLE:
            if n_cards[h] != 2 or not may_double:
                raise ValueError("decision table doubles where the rules forbid it")
            h = child[h, vidx[draw(rng, shoe, dealt)]]
            dealt += 1
            wager[i] = 2
            break
        if code != ACTION_HIT:
            raise ValueError("decision table splits a hand that cannot be split")
        h = child[h, vidx[draw(rng, shoe, dealt)]]
        dealt += 1
        if h < 0:
            break
        code = -1
    hidx[i] = h
    return dealt


def simulate_blackjack(
    rules,
    tables,
    rounds: int,
    seed: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Simulate ``rounds`` rounds of blackjack under ``rules`` played by ``tables``
    (``blackjack_tables.BlackjackTables``); ``progress(n)`` after each chunk of n rounds."""
    rounds = _check_rounds(rounds)
    rng = _rng(seed)
    hands = hand_table()
    shoe = fresh_shoe(rules.decks)
    max_hands = np.array([rules.max_hands(v + 1) for v in range(10)], dtype=np.int64)
    labels = blackjack_outcome_labels()
    outcomes = np.zeros(len(labels), dtype=np.int64)
    decisions = np.zeros(len(FIRST_ACTIONS), dtype=np.int64)
    for n in _chunks(rounds, chunk):
        blackjack_rounds(
            rng,
            n,
            shoe,
            dealing.BLACKJACK_INDEX_OF_KIND,
            hands.child,
            hands.total,
            hands.n_cards,
            rules.peek,
            rules.hit_soft_17,
            rules.double_after_split,
            max_hands,
            not rules.hit_split_aces,
            tables.first,
            tables.unsplit,
            tables.split,
            outcomes,
            decisions,
        )
        if progress is not None:
            progress(n)
    return Simulation(
        "blackjack",
        tables.name,
        rules,
        rounds,
        seed,
        labels,
        blackjack_outcome_nets(rules),
        outcomes,
        FIRST_ACTIONS,
        decisions,
    )
