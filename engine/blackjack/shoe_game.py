"""A blackjack shoe game in numba: shoes dealt to a cut card, counted, tallied by true count.

**The shoe.** A shoe of ``decks`` decks is shuffled (Fisher-Yates, done lazily: each draw swaps
a uniformly chosen undealt card into the next position, ``dealing.draw``), ``burn`` cards are
burned unseen, and rounds are dealt while fewer than the cut card's ``round(penetration x
cards)`` cards are out (the burned ones included); then the shoe is shuffled again.

**The table.** ``players`` seats are dealt in table order (a card to each seat, the second to
each, the dealer's up card and hole card), act in seat order, and the dealer plays once, as
``engine/core/table.py``. Seat 1 (first dealt, first to act) is the counter: it plays the chart
with the index plays in force at the round's true count, and only its rounds are tallied; the
other seats play the chart without index plays (as ``cardedge blackjack study`` seats them).
Every rule of ``rules.kernel_record()`` applies as in ``simulate.blackjack_rounds``, whose
hand-playing helpers this kernel calls.

**The count.** The running count counts every card dealt (the other seats' and the dealer's,
hole card included; not the burned ones), from the system's initial running count (0 when
balanced). The true count before a round is ``pivot + (running - pivot) / decks left``
(``CountSystem.true_count``: pivot 0 for a balanced count), with the decks left by the
``divisor`` convention (``DIVISORS``) and made whole by the ``convention`` (``CONVENTIONS``).
Index plays are decided on the count at the start of the round (as the shoe study decides
them), not on the cards seen during it.

**The tallies.** Per whole true count bin (``-limit`` .. ``limit``, the end bins pooling the
tails): rounds by outcome (the fresh-shoe kernel's bins: natural paid, natural pushed, net -8
.. +8, surrendered), rounds in which the counter took an index play, and the index plays taken.
A bet that depends only on the bin (a ramp, wonging out) scales a round's net, so any ramp is
priced from these after the run without dealing again (``reports/blackjack/shoe_game.py``).
Counts are integers: a seed gives the same tallies on any number of threads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.core.cards import CARDS_PER_DECK
from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.kernels import entry
from cardedge.engine.blackjack.simulate import (
    BJ_MAX_HANDS,
    BJ_MAX_NET,
    BJ_SURRENDER,
    blackjack_outcome_labels,
    blackjack_outcome_nets,
    check_first,
    dealer_total,
    is_natural,
    play_seat,
    settle,
    settled,
)
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.engine.core import dealing
from cardedge.engine.core.dealing import draw, fresh_shoe
from cardedge.engine.core.simulation import run_streams
from cardedge.engine.core.table import check_seats
from cardedge.strategy.blackjack.charts import policy_from_chart
from cardedge.strategy.blackjack.indices import chart_with
from cardedge.strategy.core.departures import Departure, in_force

CONVENTIONS: dict[str, str] = {
    "exact": "index plays against the true count itself (TC >= index going up, TC <= index "
    "going down); bins and bets on the whole count below (the shoe study's)",
    "floor": "the whole count below (+2.7 is 2, -0.3 is -1), for bets and index plays",
    "truncate": "the whole count toward zero (+2.7 is 2, -0.3 is 0), for bets and index plays",
    "round": "the nearest whole count, halves away from zero (+2.5 is 3, -0.5 is -1), for bets "
    "and index plays",
}
"""How the true count is made whole, by name (the kernel's code is the position)."""
DIVISORS: dict[str, str] = {
    "exact": "decks left = cards left / 52",
    "half": "decks left = cards left / 52 to the nearest half deck (at least a half)",
    "whole": "decks left = cards left / 52 rounded up to whole decks",
}
"""How the decks left are estimated, by name (the kernel's code is the position)."""
TALLY_LIMIT = 10
"""True-count bins of a level-1 count run from -``TALLY_LIMIT`` (and below) to
``TALLY_LIMIT`` (and above), as the shoe study's (``reports/core/study_stats.TC_LIMIT``); a
level-L count's spread L times wider."""
DEFAULT_BURN = 1


def tally_limit(level: float) -> int:
    """The end bins of a count of this level."""
    return TALLY_LIMIT * max(1, math.ceil(level))


@dataclass(frozen=True)
class ShoeGame:
    """How a shoe game is dealt and counted (the module docstring)."""

    decks: int
    penetration: float
    system: CountSystem
    players: int = 1
    burn: int = DEFAULT_BURN
    convention: str = "exact"
    divisor: str = "exact"

    def __post_init__(self) -> None:
        check_seats(self.players)
        if not (isinstance(self.penetration, int | float) and 0 < self.penetration < 1):
            raise ValueError(f"penetration must be in (0, 1), got {self.penetration!r}")
        if self.convention not in CONVENTIONS:
            raise ValueError(
                f"unknown true-count convention {self.convention!r} ({', '.join(CONVENTIONS)})"
            )
        if self.divisor not in DIVISORS:
            raise ValueError(f"unknown decks-left divisor {self.divisor!r} ({', '.join(DIVISORS)})")
        if not 0 <= self.burn < self.cut_card:
            raise ValueError(f"burn must be in 0..{self.cut_card - 1} cards, got {self.burn}")

    @property
    def cards(self) -> int:
        return self.decks * CARDS_PER_DECK

    @property
    def cut_card(self) -> int:
        """Cards out (burned ones included) at which no round starts."""
        return round(self.penetration * self.cards)

    @property
    def limit(self) -> int:
        """The end bins' true counts (``tally_limit`` of the system's level)."""
        return tally_limit(self.system.level)

    def describe(self) -> str:
        """'6 decks, 75% penetration, 1 player, Hi-Lo (exact true count, exact decks left)'."""
        seats = f"{self.players} player{'s' if self.players > 1 else ''}"
        return (
            f"{self.decks} decks, {self.penetration * 100:g}% penetration, burn {self.burn}, "
            f"{seats}, {self.system.name} ({self.convention} true count, {self.divisor} decks "
            "left)"
        )


@dataclass(frozen=True, eq=False)
class IndexedTables:
    """Decision tables of a chart with its index plays, one set per play state.

    A play state ``s`` stands for true count ``s / 2 - half_span`` (an odd ``s``: strictly
    between two whole counts), so departures compared with the true count itself (``exact``)
    and with a whole count take their tables from the same stack; ``set_of_state[s]`` is the
    set of tables in force there and ``base`` the chart's own (no index play)."""

    name: str
    first: np.ndarray
    unsplit: np.ndarray
    split: np.ndarray
    set_of_state: np.ndarray
    base: int
    half_span: int
    sets: tuple[tuple[Departure, ...], ...]
    """The departures in force in each set."""


def indexed_tables(
    rules,
    analysis: ShoeAnalysis,
    chart,
    strategy: str,
    departures: Sequence[Departure],
    limit: int,
) -> IndexedTables:
    """The tables of ``chart`` (named ``strategy``) with ``departures`` in force by true count,
    on the fresh shoe of ``analysis``; play states cover true counts within ``limit + 1``."""
    half_span = limit + 1
    outside = [d for d in departures if not -half_span < d.index < half_span]
    if outside:
        raise ValueError(f"an index play's index lies beyond +-{half_span}: {outside[0]}")
    sets: list[tuple[Departure, ...]] = [()]
    set_of_state = np.zeros(4 * half_span + 1, dtype=np.int64)
    for s in range(len(set_of_state)):
        active = in_force(departures, s / 2 - half_span)
        if active not in sets:
            sets.append(active)
        set_of_state[s] = sets.index(active)
    tables = [
        policy_tables(analysis, policy_from_chart(chart_with(chart, a), rules, strategy))
        for a in sets
    ]
    name = strategy + (f" with {len(departures)} index plays" if departures else "")
    return IndexedTables(
        name,
        np.ascontiguousarray(np.stack([t.first for t in tables])),
        np.ascontiguousarray(np.stack([t.unsplit for t in tables])),
        np.ascontiguousarray(np.stack([t.split for t in tables])),
        set_of_state,
        0,
        half_span,
        tuple(sets),
    )


def plain_tables(name: str, first, unsplit, split, limit: int) -> IndexedTables:
    """One set of tables (no index play) in every play state."""
    half_span = limit + 1
    return IndexedTables(
        name,
        np.ascontiguousarray(first[None]),
        np.ascontiguousarray(unsplit[None]),
        np.ascontiguousarray(split[None]),
        np.zeros(4 * half_span + 1, dtype=np.int64),
        0,
        half_span,
        ((),),
    )


@dataclass(frozen=True)
class ShoeTallies:
    """A shoe game's tallies by whole true count bin (``true_counts``: the bins' counts, the
    first and last pooling the tails)."""

    game: ShoeGame
    rules: object
    policy: str
    rounds: int
    seed: int | None
    outcome_labels: tuple[str, ...]
    outcome_net: np.ndarray
    outcomes: np.ndarray
    """[bin, outcome]: rounds of the counter's seat."""
    index_rounds: np.ndarray
    """[bin]: rounds in which the counter took at least one index play."""
    index_plays: np.ndarray
    """[bin]: index plays taken (decisions that differ from the chart's)."""

    @property
    def true_counts(self) -> np.ndarray:
        return np.arange(-self.game.limit, self.game.limit + 1)

    @property
    def bin_rounds(self) -> np.ndarray:
        return self.outcomes.sum(axis=1)

    @property
    def bin_sums(self) -> np.ndarray:
        """Sum of a one-unit round's net per bin (exact from integer counts)."""
        return self.outcomes @ self.outcome_net

    @property
    def bin_squares(self) -> np.ndarray:
        """Sum of the squared net of a one-unit round per bin."""
        return self.outcomes @ (self.outcome_net**2)


def simulate_shoe_game(
    rules,
    game: ShoeGame,
    tables: IndexedTables,
    rounds: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
) -> ShoeTallies:
    """Deal ``rounds`` rounds of the shoe game ``game`` under ``rules``, the counter playing
    ``tables``, on independent streams (``simulation.run_streams``: each stream starts with a
    freshly shuffled shoe, so a seed's tallies do not depend on ``threads``)."""
    if tables.half_span != game.limit + 1:
        raise ValueError("tables built for another true-count span than the game's")
    hands = hand_table().arrays
    kernel_rules = rules.kernel_record()
    labels = blackjack_outcome_labels(rules)
    nets = blackjack_outcome_nets(rules)
    tags = game.system.by_rank()[dealing.RANK_OF_KIND].astype(np.float64)
    irc = game.system.initial_running_count(game.decks)
    pivot = 0.0 if game.system.balanced else game.system.deck_sum()
    shape = np.array(
        [
            game.cut_card,
            game.burn,
            game.players,
            list(CONVENTIONS).index(game.convention),
            list(DIVISORS).index(game.divisor),
            game.limit,
        ],
        dtype=np.int64,
    )
    count = np.array([irc, pivot], dtype=np.float64)
    n_bins = 2 * game.limit + 1
    n_hands = tables.first.shape[1]
    split = np.ascontiguousarray(tables.split.reshape(-1, n_hands, tables.split.shape[-1]))
    stack = (tables.first, tables.unsplit, split, tables.set_of_state)

    def play(rng, n):
        tally = (
            np.zeros((n_bins, len(labels)), dtype=np.int64),
            np.zeros(n_bins, dtype=np.int64),
            np.zeros(n_bins, dtype=np.int64),
            np.zeros((game.players, BJ_MAX_HANDS), dtype=np.int64),
            np.zeros((game.players, BJ_MAX_HANDS), dtype=np.int64),
            np.zeros((3, game.players), dtype=np.int64),
        )
        shoe_rounds(
            rng,
            n,
            fresh_shoe(game.decks),
            dealing.POINT_INDEX_OF_KIND,
            tags,
            hands,
            kernel_rules,
            shape,
            count,
            stack,
            tables.base,
            tally,
        )
        return tally[:3]

    outcomes, index_rounds, index_plays = run_streams(play, rounds, seed, threads, progress)
    return ShoeTallies(
        game,
        rules,
        tables.name,
        int(rounds),
        seed,
        labels,
        nets,
        outcomes,
        index_rounds,
        index_plays,
    )


@entry(nogil=True, refcounts=False)
def shoe_rounds(rng, rounds, shoe, vidx, tag, hands, rules, shape, count, stack, base, tally):
    """Deal ``rounds`` rounds of a shoe game from a freshly shuffled ``shoe``, adding the
    counter's seat to ``tally`` = (outcomes[bin, outcome], index rounds[bin], index
    plays[bin], then the seats' work arrays: hands[seat, i], wagers[seat, i], and [3, seat]
    hands, first card, second card). ``tag[kind]``: the count's tag of each card kind;
    ``shape`` = (cut card, burn, players, convention code, divisor code, limit); ``count`` =
    (initial running count, pivot);
    ``stack`` = ``IndexedTables``' (first, unsplit, split, set_of_state), split's first two
    axes as one (set x pair), and ``base`` its chart's set. Module docstring for the rest."""
    cut, burn, players, convention, divisor, limit = (
        shape[0],
        shape[1],
        shape[2],
        shape[3],
        shape[4],
        shape[5],
    )
    irc, pivot = count[0], count[1]
    first, unsplit, split, set_of_state = stack
    outcomes, index_rounds, index_plays, hidx, wager, seats = tally
    n_hands, one, two = seats[0], seats[1], seats[2]
    n = shoe.shape[0]
    span = limit + 1
    top_state = 4 * span
    dealt = n  # past the cut card: the first round shuffles
    running = 0.0
    for _ in range(rounds):
        if dealt >= cut:
            dealt = 0
            running = irc
            for _b in range(burn):
                draw(rng, shoe, dealt)
                dealt += 1
        left = n - dealt
        if divisor == 0:
            decks_left = left / 52.0
        elif divisor == 1:
            decks_left = max(0.5, math.floor(left / 26.0 + 0.5) / 2.0)
        else:
            decks_left = max(1.0, math.ceil(left / 52.0))
        tc = pivot + (running - pivot) / decks_left
        below = math.floor(tc)
        if convention == 0:
            whole = below
            state = 2 * whole + (0 if tc == below else 1)
        else:
            if convention == 1:
                whole = below
            elif convention == 2:
                whole = math.trunc(tc)
            else:
                whole = math.floor(abs(tc) + 0.5)
                if tc < 0:
                    whole = -whole
            state = 2 * whole
        state = min(max(state + 2 * span, 0), top_state)
        tc_bin = min(max(whole, -limit), limit) + limit
        ours = set_of_state[state]
        start = dealt
        for s in range(players):
            one[s] = vidx[draw(rng, shoe, dealt)]
            dealt += 1
        for s in range(players):
            two[s] = vidx[draw(rng, shoe, dealt)]
            dealt += 1
        u = vidx[draw(rng, shoe, dealt)]
        hole = vidx[draw(rng, shoe, dealt + 1)]
        dealt += 2
        d_nat = is_natural(u, hole)
        live = False
        out = -1
        moved = 0
        for s in range(players):
            t = ours if s == 0 else base
            a, b = one[s], two[s]
            n_hands[s] = 0
            if is_natural(a, b):
                if s == 0:
                    out = 1 if d_nat else 0
                continue
            h0 = hands.child[hands.child[0, a], b]
            act = first[t, h0, u]
            check_first(act, rules)
            if rules.peek and d_nat:
                if s == 0:
                    out = 2 + BJ_MAX_NET - 1
                continue
            if s == 0 and act != first[base, h0, u]:
                moved += 1
            if act == Action.SURRENDER:
                if s == 0:
                    out = BJ_SURRENDER
                continue
            seat = (hidx, wager, s)
            dealt, k, m = play_seat(
                rng, shoe, dealt, vidx, hands, rules, (a, b, h0), u, act, (unsplit, split, t, base),
                seat,
            )  # fmt: skip
            n_hands[s] = k
            if s == 0:
                moved += m
            if not settled(seat, k, hands.n_cards, rules.charlie):
                live = True
        dealer = 0
        if not d_nat:
            dealt, dealer = dealer_total(rng, shoe, dealt, vidx, rules, u, hole, live)
        if out < 0:
            net = settle((hidx, wager, 0), n_hands[0], hands, rules.charlie, dealer, d_nat)
            out = 2 + BJ_MAX_NET + net
        outcomes[tc_bin, out] += 1
        if moved > 0:
            index_rounds[tc_bin] += 1
            index_plays[tc_bin] += moved
        for i in range(start, min(dealt, n)):
            running += tag[shoe[i]]
