"""A shoe game, either game's: how shoes are dealt and counted, the true count made whole, and
the tallies by true count (``engine/<game>/shoe_game.py`` deal and play).

**The shoe.** A shoe of ``decks`` decks is shuffled (Fisher-Yates, done lazily: each draw swaps
a uniformly chosen undealt card into the next position, ``dealing.draw``), ``burn`` cards are
burned unseen, and rounds are dealt while fewer than the cut card's ``round(penetration x
cards)`` cards are out (the burned ones included); then the shoe is shuffled again.

**The count.** The running count counts every card dealt (the other seats' and the dealer's,
hole card included; not the burned ones), from the system's initial running count (0 when
balanced). The true count before a round is ``pivot + (running - pivot) / decks left``
(``CountSystem.true_count``: pivot 0 for a balanced count), with the decks left by the
``divisor`` convention (``DIVISORS``) and made whole by the ``convention`` (``CONVENTIONS``).
Index plays are decided on the count at the start of the round (as the shoe study decides
them), not on the cards seen during it.

**Play states.** A play state ``s`` stands for true count ``s / 2 - half_span`` (an odd ``s``:
strictly between two whole counts), so departures compared with the true count itself
(``exact``) and with a whole count take their decision tables from the same stack
(``play_states``: the set of departures in force in each state).

The kernels' helpers here (``decks_left``, ``count_state``) have plain-Python twins
(``true_count``, ``whole_count``, ``play_state``) that the games' replays use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK
from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.kernels import inline
from cardedge.engine.core import dealing
from cardedge.engine.core.dealing import draw
from cardedge.engine.core.simulation import check_rounds, deal_streams, stream_entropy, stream_sizes
from cardedge.engine.core.table import check_seats
from cardedge.strategy.core.departures import Departure, in_force

CONVENTIONS: dict[str, str] = {
    "exact": "index plays against the true count itself (TC >= index going up, TC <= index "
    "going down); bins and bets on the whole count below (the shoe study's)",
    "floor": "the whole count below (+2.7 is 2, -0.3 is -1), for bets and index plays",
    "truncate": "the whole count toward 0 (+2.7 is 2, -0.3 is 0), for bets and index plays",
    "round": "the nearest whole count, halves away from 0 (+2.5 is 3, -0.5 is -1), for bets "
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

    def describe(self, decks: bool = True) -> str:
        """'6 decks, 75% penetration, burn 1, 1 player, Hi-Lo (exact true count, exact decks
        left)'; without ``decks`` where the rules' words name the shoe already."""
        seats = f"{self.players} player{'s' if self.players > 1 else ''}"
        shoe = f"{self.decks} decks, " if decks else ""
        return (
            f"{shoe}{self.penetration * 100:g}% penetration, burn {self.burn}, "
            f"{seats}, {self.system.name} ({self.convention} true count, {self.divisor} decks "
            "left)"
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
    side_labels: tuple[str, ...] = ()
    """A side bet's outcomes on the counter's cards, when the game tallies one."""
    side_net: np.ndarray | None = None
    """Each side outcome's net per unit staked on the side bet."""
    side: np.ndarray | None = None
    """[bin, side outcome]: rounds of the counter's seat (None: no side bet tallied)."""
    insurance: np.ndarray | None = None
    """[bin, 3]: insurance offered to the counter (an ace up), taken, and the insurance bets'
    net in half units of the initial wager (+2 won, -1 lost); None when the game offers no
    insurance. Apart from ``outcomes``, the hands' results."""
    batch_outcomes: np.ndarray | None = None
    """[batch, bin, outcome]: the rounds of each batch (a stream of ``simulation.run_streams``:
    whole shoes from a fresh shuffle, independent of every other batch), in stream order;
    ``outcomes`` is their sum. The SE by batch means comes from them (rounds of one shoe are
    correlated through the count; batches are not)."""

    @property
    def batches(self) -> int:
        return 0 if self.batch_outcomes is None else len(self.batch_outcomes)

    @property
    def batch_rounds(self) -> np.ndarray | None:
        """[batch, bin]: rounds of each batch in each bin (None without batches)."""
        return None if self.batch_outcomes is None else self.batch_outcomes.sum(axis=2)

    @property
    def batch_sums(self) -> np.ndarray | None:
        """[batch, bin]: sum of a one-unit round's net of each batch in each bin."""
        return None if self.batch_outcomes is None else self.batch_outcomes @ self.outcome_net

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


class ShoeDealer(Protocol):
    """What deals a game's shoe game (``engine/<game>/shoe_game.py``'s ``shoe_dealer``): a
    picklable object (a Dask worker deals with it) whose call ``dealer(rng, n)`` deals ``n``
    rounds from a freshly shuffled shoe with ``rng`` and returns (outcomes[bin, outcome],
    index rounds[bin], index plays[bin], then one array per name of ``extras``, each [bin] or
    [bin, k]) of the counter's seat, as integers."""

    game: ShoeGame
    rules: object
    policy: str
    outcome_labels: tuple[str, ...]
    outcome_net: np.ndarray
    extras: dict[str, int]
    """The ``ShoeTallies`` fields the arrays after the first three fill (summed over streams),
    in order, each with its columns (0: a [bin] array): a game's own tallies (Zero's side bet:
    ``side``, a column per pay-table row)."""

    def fields(self) -> dict[str, object]:
        """The ``ShoeTallies`` fields the dealer fixes (its extra tallies' labels)."""
        ...

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, ...]: ...


@dataclass(frozen=True, eq=False)
class ShoeDealerBase:
    """What each game's ``ShoeDealer`` shares: the ``rules``, the ``game`` and the counter's
    indexed ``tables`` (their play states spanning at least the game's bins), the policy's name,
    pickling without the kernel inputs a subclass caches as ``_inputs`` (made again where a
    Dask worker unpickles it), and the counter's first three tallies."""

    rules: object
    game: ShoeGame
    tables: object

    def __post_init__(self) -> None:
        if self.tables.half_span < self.game.limit + 1:
            raise ValueError("tables whose play states span less than the game's true-count bins")

    @property
    def policy(self) -> str:
        return self.tables.name

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_inputs"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def counter_tallies(self, outcomes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Zeroed (outcomes[bin, outcome], index rounds[bin], index plays[bin])."""
        n_bins = 2 * self.game.limit + 1
        return (
            np.zeros((n_bins, outcomes), dtype=np.int64),
            np.zeros(n_bins, dtype=np.int64),
            np.zeros(n_bins, dtype=np.int64),
        )


def tallies_of(
    dealer: ShoeDealer,
    rounds: int,
    seed: int | None,
    streams: Sequence[tuple[np.ndarray, ...]],
) -> ShoeTallies:
    """The ``ShoeTallies`` of a run of ``rounds`` rounds from the counts of each of its
    streams (in stream order: the batches)."""
    outcomes = np.stack([c[0] for c in streams])
    extras = {
        name: np.sum([c[3 + i] for c in streams], axis=0) for i, name in enumerate(dealer.extras)
    }
    return ShoeTallies(
        dealer.game,
        dealer.rules,
        dealer.policy,
        int(rounds),
        seed,
        dealer.outcome_labels,
        dealer.outcome_net,
        outcomes.sum(axis=0),
        np.sum([c[1] for c in streams], axis=0),
        np.sum([c[2] for c in streams], axis=0),
        batch_outcomes=outcomes,
        **dealer.fields(),
        **extras,
    )


def deal_shoe_game(
    dealer: ShoeDealer,
    rounds: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
) -> ShoeTallies:
    """Deal ``rounds`` rounds with ``dealer`` on ``threads`` threads, one stream of
    ``simulation.stream_sizes`` at a time (each a batch, kept: ``ShoeTallies.batch_outcomes``);
    ``progress(n)`` after each stream of ``n`` rounds. Integers: a seed's tallies do not
    depend on ``threads``."""
    rounds = check_rounds(rounds)
    entropy = stream_entropy(seed)
    sizes = stream_sizes(rounds)
    on_stream = None if progress is None else (lambda i, _: progress(sizes[i]))
    counts = deal_streams(dealer, rounds, entropy, range(len(sizes)), threads, on_stream)
    return tallies_of(dealer, rounds, seed, counts)


def state_span(departures: Sequence[Departure], limit: int) -> int:
    """The play states' half span: the true counts within ``limit + 1`` (the bins' and one
    more), widened to hold every departure's index strictly inside (an unbalanced count's
    index plays, or a level-1 count's far ones, may lie beyond the bins)."""
    return max([limit + 1, *(abs(d.index) + 1 for d in departures)])


def check_span(departures: Sequence[Departure], half_span: int) -> None:
    """Refuse an index play whose index lies beyond the play states' span."""
    outside = [d for d in departures if not -half_span < d.index < half_span]
    if outside:
        raise ValueError(f"an index play's index lies beyond +-{half_span}: {outside[0]}")


def play_states(
    departures: Sequence[Departure], half_span: int
) -> tuple[np.ndarray, tuple[tuple[Departure, ...], ...]]:
    """(set_of_state, sets): the departures in force in each play state (module docstring), as
    an index into ``sets``, whose first set is the chart's own (none in force)."""
    check_span(departures, half_span)
    sets: list[tuple[Departure, ...]] = [()]
    set_of_state = np.zeros(4 * half_span + 1, dtype=np.int64)
    for s in range(len(set_of_state)):
        active = in_force(departures, s / 2 - half_span)
        if active not in sets:
            sets.append(active)
        set_of_state[s] = sets.index(active)
    return set_of_state, tuple(sets)


@dataclass(frozen=True)
class CountInputs:
    """What a shoe-game kernel needs of the game: ``tags[kind]`` (the count's tag of each card
    kind), ``shape`` = (cut card, burn, players, convention code, divisor code, limit, the
    play states' half span) and ``count`` = (initial running count, pivot)."""

    tags: np.ndarray
    shape: np.ndarray
    count: np.ndarray


def count_inputs(game: ShoeGame, half_span: int | None = None) -> CountInputs:
    """The kernel inputs of ``game`` (``CountInputs``), its decision tables' play states
    spanning ``half_span`` (default ``limit + 1``)."""
    system = game.system
    pivot = 0.0 if system.balanced else system.deck_sum()
    shape = np.array(
        [
            game.cut_card,
            game.burn,
            game.players,
            list(CONVENTIONS).index(game.convention),
            list(DIVISORS).index(game.divisor),
            game.limit,
            game.limit + 1 if half_span is None else half_span,
        ],
        dtype=np.int64,
    )
    return CountInputs(
        system.by_rank()[dealing.RANK_OF_KIND].astype(np.float64),
        shape,
        np.array([system.initial_running_count(game.decks), pivot], dtype=np.float64),
    )


@inline
def shuffled_if_cut(rng, shoe, dealt, running, cut, burn, irc):
    """(dealt, running) before a round: past the cut card the shoe is shuffled (``dealt = 0``:
    ``dealing.draw`` shuffles as it deals), the running count starts again at ``irc`` and
    ``burn`` cards are burned unseen; else as they were."""
    if dealt >= cut:
        dealt = 0
        running = irc
        for _ in range(burn):
            draw(rng, shoe, dealt)
            dealt += 1
    return dealt, running


@inline
def counted(shoe, start, dealt, tag, running):
    """``running`` with the cards of positions ``start`` .. ``dealt`` counted (``tag[kind]``;
    a round that ran past the last card counts the shoe's cards only)."""
    for i in range(start, min(dealt, shoe.shape[0])):
        running += tag[shoe[i]]
    return running


@inline
def decks_left(left, divisor):
    """Decks left of ``left`` cards by the ``DIVISORS`` convention of code ``divisor``."""
    if divisor == 0:
        return left / 52.0
    if divisor == 1:
        return max(0.5, math.floor(left / 26.0 + 0.5) / 2.0)
    return max(1.0, math.ceil(left / 52.0))


@inline
def count_state(running, left, pivot, convention, divisor, limit, span):
    """(play state, bin) before a round: the true count of ``running`` with ``left`` cards
    left, made whole by the ``CONVENTIONS`` code ``convention``; the play state clipped to the
    half span ``span`` and the bin (0 .. 2 limit) to the end bins."""
    tc = pivot + (running - pivot) / decks_left(left, divisor)
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
    state = min(max(state + 2 * span, 0), 4 * span)
    return state, min(max(whole, -limit), limit) + limit


def true_count(game: ShoeGame, running: float, left: int) -> float:
    """The true count before a round: ``pivot + (running - pivot) / decks left`` by the
    game's divisor (``decks_left``'s arithmetic, in the same order; plain Python)."""
    if game.divisor == "exact":
        decks = left / 52.0
    elif game.divisor == "half":
        decks = max(0.5, math.floor(left / 26.0 + 0.5) / 2.0)
    else:
        decks = max(1.0, math.ceil(left / 52.0))
    pivot = 0.0 if game.system.balanced else game.system.deck_sum()
    return pivot + (running - pivot) / decks


def whole_count(convention: str, tc: float) -> int:
    """The whole true count of ``convention`` (``CONVENTIONS``; plain Python)."""
    if convention in ("exact", "floor"):
        return math.floor(tc)
    if convention == "truncate":
        return math.trunc(tc)
    whole = math.floor(abs(tc) + 0.5)
    return -whole if tc < 0 else whole


def play_state(convention: str, tc: float, half_span: int) -> int:
    """The play state at true count ``tc`` (``count_state``'s; plain Python)."""
    whole = whole_count(convention, tc)
    state = 2 * whole + (1 if convention == "exact" and tc != whole else 0)
    return min(max(state + 2 * half_span, 0), 4 * half_span)
