"""A Zero shoe game in numba: shoes dealt to a cut card, counted, tallied by true count.

How shoes are dealt and counted, the true count's conventions and the tallies' record are the
shared ``engine/core/shoe_game.py``'s; this module plays Zero's rounds.

**The table.** ``players`` seats are dealt in table order (a card to each seat, the second to
each, the dealer's up card and hole card), act in seat order (each split hand's cards in turn),
and the dealer draws once for the table unless every seat holds a Zero Pair, as
``engine/core/table.py``. Seat 1 (first dealt, first to act) is the counter: it plays the chart
with the index plays in force at the round's true count, and only its rounds are tallied; the
other seats play the chart without index plays (as ``cardedge zero study`` seats them). Every
rule of ``rules.kernel_record()`` applies as in ``simulate.zero_rounds``, whose hand-playing
helpers this kernel calls.

**The tallies.** Per whole true count bin (``-limit`` .. ``limit``, the end bins pooling the
tails): the counter's rounds by outcome (``simulate.zero_outcome_labels``: Zero Pair, trips,
net -4 .. +4), rounds in which it took an index play, the index plays taken, and the Zero Pays
side bet on its first cards and the up card by pay-table row (``side[bin, row]``: the side
bet's edge by true count, for a counter who bets it). Counts are integers: a seed gives the
same tallies on any number of threads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.kernels import entry
from cardedge.analysis.zero.paytable import PayTable, load_paytable
from cardedge.analysis.zero.rules import ZeroRules
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
from cardedge.engine.zero.game import side_bet_index
from cardedge.engine.zero.simulate import (
    ZERO_MAX_NET,
    dealer_total,
    pair_outcome,
    play_hand,
    settle,
    side_bet_bins,
    zero_outcome_labels,
    zero_outcome_nets,
)
from cardedge.engine.zero.tables import ZeroTables, chart_tables
from cardedge.strategy.core.departures import Departure
from cardedge.strategy.zero.charts import ZeroChart
from cardedge.strategy.zero.indices import chart_with


@dataclass(frozen=True, eq=False)
class IndexedZeroTables:
    """Decision tables of a chart with its index plays, one ``ZeroTables`` set per set of
    departures in force, stacked on a first axis.

    A play state ``s`` stands for true count ``s / 2 - half_span`` (``engine/core/
    shoe_game.py``); ``set_of_state[s]`` is the set in force there and ``base`` the chart's
    own (no index play)."""

    name: str
    init: np.ndarray
    three: np.ndarray
    split_two: np.ndarray
    split_three: np.ndarray
    set_of_state: np.ndarray
    base: int
    half_span: int
    sets: tuple[tuple[Departure, ...], ...]
    """The departures in force in each set."""

    def tables(self, k: int) -> ZeroTables:
        """The ``ZeroTables`` of set ``k``."""
        return ZeroTables(
            self.name, self.init[k], self.three[k], self.split_two[k], self.split_three[k]
        )

    @property
    def stack(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(init, three, split_two, split_three), as the kernels take them."""
        return self.init, self.three, self.split_two, self.split_three


def indexed_tables(
    rules: ZeroRules,
    chart: ZeroChart,
    strategy: str,
    departures: Sequence[Departure],
    limit: int,
) -> IndexedZeroTables:
    """The tables of ``chart`` (named ``strategy``) with ``departures`` in force by true count;
    play states cover true counts within ``limit + 1`` and every index (``state_span``).
    Zero's chart tables do not depend on the cards left (a chart's cell is one action whatever
    the shoe)."""
    half_span = state_span(departures, limit)
    set_of_state, sets = play_states(departures, half_span)
    tables = [chart_tables(chart_with(chart, a).policy(), rules) for a in sets]
    name = strategy + (f" with {len(departures)} index plays" if departures else "")

    def stacked(key: str) -> np.ndarray:
        return np.ascontiguousarray(np.stack([getattr(t, key) for t in tables]))

    return IndexedZeroTables(
        name,
        stacked("init"),
        stacked("three"),
        stacked("split_two"),
        stacked("split_three"),
        set_of_state,
        0,
        half_span,
        tuple(sets),
    )


@dataclass(frozen=True, eq=False)
class ZeroShoeDealer(ShoeDealerBase):
    """Deals Zero's shoe game (``engine.core.shoe_game.ShoeDealer``): ``dealer(rng, n)``
    deals ``n`` rounds of ``game`` under ``rules`` from a freshly shuffled shoe, the counter
    playing ``tables`` (``IndexedZeroTables``) with its Zero Pays side bet settled by
    ``paytable`` (its tallies the fourth array, ``side``). Picklable (``ShoeDealerBase``)."""

    paytable: PayTable

    @property
    def outcome_labels(self) -> tuple[str, ...]:
        return zero_outcome_labels()

    @property
    def outcome_net(self) -> np.ndarray:
        return zero_outcome_nets(self.rules)

    @property
    def extras(self) -> dict[str, int]:
        return {"side": len(self.paytable.rows) + 1}

    def fields(self) -> dict[str, object]:
        labels, net = side_bet_bins(self.paytable)
        return {"side_labels": labels, "side_net": net}

    @functools.cached_property
    def _inputs(self) -> tuple:
        tables = self.tables
        return (
            self.rules.kernel_record(),
            count_inputs(self.game, self.tables.half_span),
            (*tables.stack, tables.set_of_state),
            side_bet_index(self.paytable),
        )

    def __call__(self, rng, n):
        kernel_rules, inputs, stack, index = self._inputs
        game = self.game
        tally = (
            *self.counter_tallies(len(self.outcome_labels)),
            np.zeros((2 * game.limit + 1, self.extras["side"]), dtype=np.int64),
            np.zeros((2, game.players), dtype=np.int64),
            np.zeros((game.players, 2), dtype=np.int64),
            np.zeros((game.players, 2), dtype=np.int64),
        )
        zero_shoe_rounds(
            rng,
            n,
            fresh_shoe(game.decks),
            (dealing.BACCARAT_VALUE_OF_KIND, dealing.RANK_OF_KIND, inputs.tags),
            kernel_rules,
            inputs.shape,
            inputs.count,
            stack,
            self.tables.base,
            index,
            tally,
        )
        return tally[:4]


def shoe_dealer(
    rules: ZeroRules,
    game: ShoeGame,
    tables: IndexedZeroTables,
    paytable: PayTable | str | None = None,
) -> ZeroShoeDealer:
    """The dealer of ``game`` under ``rules``, the counter playing ``tables``, its side bet
    settled by ``paytable`` (default: the shipped table)."""
    return ZeroShoeDealer(rules, game, tables, load_paytable(paytable))


def simulate_shoe_game(
    rules: ZeroRules,
    game: ShoeGame,
    tables: IndexedZeroTables,
    rounds: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
    paytable: PayTable | str | None = None,
) -> ShoeTallies:
    """Deal ``rounds`` rounds of the shoe game ``game`` under ``rules``, the counter playing
    ``tables`` and its Zero Pays side bet settled by ``paytable`` (default: the shipped
    table), on independent streams (``shoe_game.deal_shoe_game``: each stream starts with a
    freshly shuffled shoe and is a batch, so a seed's tallies do not depend on ``threads``)."""
    dealer = shoe_dealer(rules, game, tables, paytable)
    return deal_shoe_game(dealer, rounds, seed, progress, threads)


@entry(nogil=True, refcounts=False)
def zero_shoe_rounds(
    rng, rounds, shoe, kinds, rules, shape, count, stack, base, side_index, tally
):  # fmt: skip
    """Deal ``rounds`` rounds of a Zero shoe game from a freshly shuffled ``shoe``, adding the
    counter's seat to ``tally`` = (outcomes[bin, outcome], index rounds[bin], index
    plays[bin], side[bin, pay-table row], then the seats' work arrays: cards[2, seat] (first
    and second card), totals[seat, hand], wagers[seat, hand]). ``kinds`` = (point value, rank
    index, the count's tag) of each card kind; ``shape`` = (cut card, burn, players, convention
    code, divisor code, limit, half span); ``count`` = (initial running count, pivot); ``stack`` =
    ``IndexedZeroTables``' (init, three, split_two, split_three, set_of_state), ``base`` its
    chart's set; ``side_index[c1, c2, up]`` the side bet's paying row. Module docstring for the
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
    value, rank, tag = kinds
    irc, pivot = count[0], count[1]
    init, three, split_two, split_three, set_of_state = stack
    tables = (init, three, split_two, split_three)
    outcomes, index_rounds, index_plays, side, cards, totals, wagers = tally
    draws = rules.dealer.draws
    n = shoe.shape[0]
    dealt = n  # past the cut card: the first round shuffles
    running = 0.0
    for _ in range(rounds):
        dealt, running = shuffled_if_cut(rng, shoe, dealt, running, cut, burn, irc)
        state, tc_bin = count_state(running, n - dealt, pivot, convention, divisor, limit, span)
        ours = set_of_state[state]
        start = dealt
        for s in range(players):
            cards[0, s] = draw(rng, shoe, dealt)
            dealt += 1
        for s in range(players):
            cards[1, s] = draw(rng, shoe, dealt)
            dealt += 1
        cu = draw(rng, shoe, dealt)
        ch = draw(rng, shoe, dealt + 1)
        dealt += 2
        up = value[cu]
        side[tc_bin, side_index[cards[0, 0], cards[1, 0], cu]] += 1
        live = False
        out = -1
        moved = 0
        n_hands = 0
        for s in range(players):
            c1, c2 = cards[0, s], cards[1, s]
            pair = pair_outcome(c1, c2, cu, value, rank)
            if pair >= 0:
                if s == 0:
                    out = pair
                continue
            live = True
            t = ours if s == 0 else base
            dealt, k, _, m = play_hand(
                rng, shoe, dealt, value, rules, value[c1], value[c2], up, tables, t, base,
                (totals, wagers, s),
            )  # fmt: skip
            if s == 0:
                n_hands = k
                moved = m
        d = 0
        if live:
            dealt, d = dealer_total(rng, shoe, dealt, value, draws, up, value[ch])
        if out < 0:
            out = 2 + ZERO_MAX_NET + settle((totals, wagers, 0), n_hands, d)
        outcomes[tc_bin, out] += 1
        if moved > 0:
            index_rounds[tc_bin] += 1
            index_plays[tc_bin] += moved
        running = counted(shoe, start, dealt, tag, running)
