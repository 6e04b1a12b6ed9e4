"""A blackjack shoe game in numba: shoes dealt to a cut card, counted, tallied by true count.

How shoes are dealt and counted, the true count's conventions and the tallies' record
are the shared ``engine/core/shoe_game.py``'s; this module plays blackjack's rounds.

**The table.** ``players`` seats are dealt in table order (a card to each seat, the second to
each, the dealer's up card and hole card), act in seat order, and the dealer plays once, as
``engine/core/table.py``. Seat 1 (first dealt, first to act) is the counter: it plays the chart
with the index plays in force at the round's true count, and only its rounds are tallied; the
other seats play the chart without index plays (as ``cardedge blackjack study`` seats them).
Every rule of ``rules.kernel_record()`` applies as in ``simulate.blackjack_rounds``, whose
hand-playing helpers this kernel calls.

**The tallies.** Per whole true count bin (``-limit`` .. ``limit``, the end bins pooling the
tails): rounds by outcome (the fresh-shoe kernel's bins: natural paid, natural pushed, net -8
.. +8, surrendered), rounds in which the counter took an index play, and the index plays taken.
A bet that depends only on the bin (a ramp, wonging out) scales a round's net, so any ramp is
priced from these after the run without dealing again (``reports/blackjack/shoe_game.py``).

**Insurance.** When the rules offer it (``kernel_record().insurance``) and the up card is an
ace, the counter is offered insurance before anyone acts and takes it where the insurance
index play is in force at the round's play state (``IndexedTables.insure``), whatever he holds;
the other seats never insure. Per bin: insurance offered, taken, and the bets' net in half
units of the initial wager (+2 won 2 to 1, -1 lost), apart from the outcomes (the hands').
Counts are integers: a seed gives the same tallies on any number of threads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import ACE, hand_table
from cardedge.analysis.blackjack.round import ShoeAnalysis
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
from cardedge.engine.core.shoe_game import (
    ShoeDealerBase,
    ShoeGame,
    ShoeTallies,
    count_inputs,
    count_state,
    counted,
    deal_shoe_game,
    play_states,
    shuffled_if_cut,
    state_span,
)
from cardedge.strategy.blackjack.charts import policy_from_chart
from cardedge.strategy.blackjack.indices import chart_with, insures
from cardedge.strategy.core.departures import Departure


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
    insure: np.ndarray
    """``[set]``: the insurance index play is in force (the counter insures an ace up)."""


def indexed_tables(
    rules,
    analysis: ShoeAnalysis,
    chart,
    strategy: str,
    departures: Sequence[Departure],
    limit: int,
) -> IndexedTables:
    """The tables of ``chart`` (named ``strategy``) with ``departures`` in force by true count,
    on the fresh shoe of ``analysis``; play states cover true counts within ``limit + 1`` and
    every index (``state_span``)."""
    half_span = state_span(departures, limit)
    set_of_state, sets = play_states(departures, half_span)
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
        np.array([insures(a) for a in sets], dtype=np.bool_),
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
        np.zeros(1, dtype=np.bool_),
    )


@dataclass(frozen=True, eq=False)
class BlackjackShoeDealer(ShoeDealerBase):
    """Deals blackjack's shoe game (``engine.core.shoe_game.ShoeDealer``): ``dealer(rng, n)``
    deals ``n`` rounds of ``game`` under ``rules`` from a freshly shuffled shoe, the counter
    playing ``tables`` (``IndexedTables``). Picklable (``ShoeDealerBase``)."""

    @property
    def extras(self) -> dict[str, int]:
        """Insurance's tallies (offered, taken, net in half units) where the rules offer it."""
        return {"insurance": 3} if self.rules.insurance else {}

    def fields(self) -> dict[str, object]:
        return {}

    @property
    def outcome_labels(self) -> tuple[str, ...]:
        return blackjack_outcome_labels(self.rules)

    @property
    def outcome_net(self) -> np.ndarray:
        return blackjack_outcome_nets(self.rules)

    @functools.cached_property
    def _inputs(self) -> tuple:
        tables = self.tables
        n_hands = tables.first.shape[1]
        split = np.ascontiguousarray(tables.split.reshape(-1, n_hands, tables.split.shape[-1]))
        return (
            hand_table().arrays,
            self.rules.kernel_record(),
            count_inputs(self.game, self.tables.half_span),
            (tables.first, tables.unsplit, split, tables.set_of_state, tables.insure),
        )

    def __call__(self, rng, n):
        hands, kernel_rules, inputs, stack = self._inputs
        game = self.game
        tally = (
            *self.counter_tallies(len(self.outcome_labels)),
            np.zeros((3, 2 * game.limit + 1), dtype=np.int64),
            np.zeros((game.players, BJ_MAX_HANDS), dtype=np.int64),
            np.zeros((game.players, BJ_MAX_HANDS), dtype=np.int64),
            np.zeros((3, game.players), dtype=np.int64),
        )
        shoe_rounds(
            rng,
            n,
            fresh_shoe(game.decks),
            dealing.POINT_INDEX_OF_KIND,
            inputs.tags,
            hands,
            kernel_rules,
            inputs.shape,
            inputs.count,
            stack,
            self.tables.base,
            tally,
        )
        if not self.extras:
            return tally[:3]
        return (*tally[:3], np.ascontiguousarray(tally[3].T))  # [bin, 3], as the records keep it


def shoe_dealer(rules, game: ShoeGame, tables: IndexedTables) -> BlackjackShoeDealer:
    """The dealer of ``game`` under ``rules``, the counter playing ``tables``."""
    return BlackjackShoeDealer(rules, game, tables)


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
    ``tables``, on independent streams (``shoe_game.deal_shoe_game``: each stream starts with a
    freshly shuffled shoe and is a batch, so a seed's tallies do not depend on ``threads``)."""
    return deal_shoe_game(shoe_dealer(rules, game, tables), rounds, seed, progress, threads)


@entry(nogil=True, refcounts=False)
def shoe_rounds(rng, rounds, shoe, vidx, tag, hands, rules, shape, count, stack, base, tally):
    """Deal ``rounds`` rounds of a shoe game from a freshly shuffled ``shoe``, adding the
    counter's seat to ``tally`` = (outcomes[bin, outcome], index rounds[bin], index
    plays[bin], insurance[offered / taken / net in half units, bin], then the seats' work
    arrays: hands[seat, i], wagers[seat, i], and [3, seat] hands, first card, second card).
    ``tag[kind]``: the count's tag of each card kind; ``shape`` = (cut card, burn, players,
    convention code, divisor code, limit, half span); ``count`` = (initial running count, pivot);
    ``stack`` = ``IndexedTables``' (first, unsplit, split, set_of_state, insure), split's
    first two axes as one (set x pair), and ``base`` its chart's set. Module docstring for the
    rest."""
    cut, burn, players, convention, divisor, limit, span = (
        shape[0],
        shape[1],
        shape[2],
        shape[3],
        shape[4],
        shape[5],
        shape[6],
    )
    irc, pivot = count[0], count[1]
    first, unsplit, split, set_of_state, insure = stack
    outcomes, index_rounds, index_plays, insurance, hidx, wager, seats = tally
    n_hands, one, two = seats[0], seats[1], seats[2]
    n = shoe.shape[0]
    dealt = n  # past the cut card: the first round shuffles
    running = 0.0
    for _ in range(rounds):
        dealt, running = shuffled_if_cut(rng, shoe, dealt, running, cut, burn, irc)
        state, tc_bin = count_state(running, n - dealt, pivot, convention, divisor, limit, span)
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
        if rules.insurance and u == ACE:  # offered before anyone acts (and before a peek)
            insurance[0, tc_bin] += 1
            if insure[ours]:
                insurance[1, tc_bin] += 1
                insurance[2, tc_bin] += 2 if d_nat else -1
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
        running = counted(shoe, start, dealt, tag, running)
