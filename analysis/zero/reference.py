"""Slow, obviously-correct Zero evaluator in exact fractions: the twin the kernels are tested on.

Plain recursion over the cards as they are drawn, on shoes of counts by point value, every
probability a ``Fraction``. It shares no code with the numba kernels beyond the rules object
and the policy's cell codes, which it reads once into plain Python (``Chart``). Use it on small
shoes (one deck or less, or a sample of deals).

Play follows a policy (``analysis.zero.policy.ZeroPolicy``, e.g. ``ZeroChart.policy()``): a
cell holding a fixed action is obeyed, an ``OPTIMAL`` cell takes the better action for the
exact shoe. Ties go as in the kernels: stand rather than hit or double, no split rather than
split; EVs do not depend on that, the outcome distribution can.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import perm

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.core.records import frozen
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action as codes
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.records import DealerRules, KernelRules
from cardedge.analysis.zero.rules import PlayRules, ZeroRules

Shoe10 = tuple[int, ...]
"""Counts by point value 0..9."""

BEST, STAND, HIT, DOUBLE, SPLIT, NO_SPLIT = "best", "stand", "hit", "double", "split", "no split"
"""A chart cell: BEST (choose by exact EV) or the fixed action."""
_NAMES = {
    codes.OPTIMAL: BEST,
    codes.STAND: STAND,
    codes.HIT: HIT,
    codes.DOUBLE: DOUBLE,
    codes.SPLIT: SPLIT,
    codes.NO_SPLIT: NO_SPLIT,
}
_ALLOWED = {
    "two-card": {BEST, STAND, HIT},
    "three-card": {BEST, STAND, DOUBLE},
    "split": {BEST, SPLIT, NO_SPLIT},
}


@dataclass(frozen=True, eq=False)
class Chart:
    """A policy as plain nested tuples of action names, hashed by identity (a cache key).

    ``two[total][up]``, ``three[total][up]`` and ``split[a][b][up]`` hold an action name or
    BEST; totals, up cards and split cards are point values 0..9.
    """

    name: str
    two: tuple[tuple[str, ...], ...]
    three: tuple[tuple[str, ...], ...]
    split: tuple[tuple[tuple[str, ...], ...], ...]

    @classmethod
    def of(cls, policy: ZeroPolicy) -> Chart:
        """The chart of ``policy`` (one object per policy object, so caches are shared)."""
        return _chart_of(policy)


def _cells(block: str, array) -> tuple:
    if getattr(array, "ndim", 0) > 1:
        return tuple(_cells(block, row) for row in array)
    names = tuple(_NAMES.get(int(c)) for c in array)
    bad = [n for n in names if n not in _ALLOWED[block]]
    if bad:
        raise ValueError(f"{block} cell holds {bad[0]!r}, not one of {sorted(_ALLOWED[block])}")
    return names


@cache
def _chart_of(policy: ZeroPolicy) -> Chart:
    return Chart(
        policy.name,
        _cells("two-card", policy.chart2),
        _cells("three-card", policy.chart3),
        _cells("split", policy.chart_split),
    )


OPTIMAL_CHART = Chart.of(OPTIMAL_POLICY)


def draws(shoe: Shoe10):
    """Each card value that can come next, with its probability and the shoe after it."""
    n = sum(shoe)
    for v, c in enumerate(shoe):
        if c:
            rest = list(shoe)
            rest[v] -= 1
            yield v, Fraction(c, n), tuple(rest)


def _without(shoe: Shoe10, v: int) -> Shoe10:
    rest = list(shoe)
    rest[v] -= 1
    return tuple(rest)


@cache
def asked(rules: ZeroRules | PlayRules) -> KernelRules:
    """The rules as the twins read them: the kernels' own record (``kernel_record``, built
    from the rules' questions), its tables as tuples (``frozen``: hashable, for the caches)."""
    return frozen(rules.kernel_record())


DEALER_MAX_CARDS = 4
"""The dealer's hand never holds more than four cards (the up card, the hole card, two draws)."""


@cache
def dealer_final(
    shoe: Shoe10, total: int, n_cards: int, dealer: DealerRules
) -> tuple[Fraction, ...]:
    """P(final total t) for a dealer holding ``n_cards`` cards totalling ``total``."""
    den = perm(sum(shoe), _draws_left(shoe, n_cards))
    return tuple(Fraction(w, den) for w in _dealer_ways(shoe, total, n_cards, dealer))


def _draws_left(shoe: Shoe10, n_cards: int) -> int:
    """The most cards the dealer can still draw: to four cards, or until the shoe is empty."""
    return min(DEALER_MAX_CARDS - n_cards, sum(shoe))


@cache
def _dealer_ways(shoe: Shoe10, total: int, n_cards: int, dealer: DealerRules) -> tuple[int, ...]:
    """``dealer_final`` times ``perm(sum(shoe), _draws_left(shoe, n_cards))``, in integers.

    Every hand is counted as if the dealer went on drawing as far as ``_draws_left`` allows:
    a hand that stops earlier stands for the ``perm`` ways its unused draws could go, so all
    probabilities share one denominator and no fraction is reduced on the way. A hand that
    must draw from an empty shoe counts nothing (it never ends).
    """
    must_draw = n_cards == 1 or (n_cards in (2, 3) and dealer.draws[n_cards - 2][total])
    if not must_draw:
        ways = perm(sum(shoe), _draws_left(shoe, n_cards))
        return tuple(ways if t == total else 0 for t in range(10))
    out = [0] * 10
    for v, c in enumerate(shoe):
        if c:
            rest = list(shoe)
            rest[v] -= 1
            child = _dealer_ways(tuple(rest), (total + v) % 10, n_cards + 1, dealer)
            for t in range(10):
                out[t] += c * child[t]
    return tuple(out)


def stand(shoe: Shoe10, up: int, p: int, dealer: DealerRules) -> Fraction:
    """EV of standing on total p: +1 if the dealer ends higher, -1 lower, 0 equal."""
    below = _dealer_below(shoe, up, dealer)
    return (below[10] - below[p + 1]) - below[p]


@cache
def _dealer_below(shoe: Shoe10, up: int, dealer: DealerRules) -> tuple[Fraction, ...]:
    """``[k]``: P(the dealer ends on a total below k), k = 0..10 (running sums of
    ``dealer_final``, kept: every total a player stands on reads them)."""
    out = [Fraction(0)]
    for q in dealer_final(shoe, up, 1, dealer):
        out.append(out[-1] + q)
    return tuple(out)


def double(shoe: Shoe10, up: int, p3: int, dealer: DealerRules) -> Fraction:
    """EV per initial wager of doubling a three-card total p3: one more card, twice the stake."""
    return sum(
        (2 * p * stand(rest, up, (p3 + v) % 10, dealer) for v, p, rest in draws(shoe)),
        Fraction(0),
    )


@cache
def three_card_play(
    shoe: Shoe10,
    up: int,
    p3: int,
    may_double: tuple[bool, ...],
    dealer: DealerRules,
    chart: Chart = OPTIMAL_CHART,
) -> tuple[Fraction, str]:
    """(EV, STAND or DOUBLE) of a three-card total played by ``chart``."""
    cell = chart.three[p3][up]
    stand_ev = stand(shoe, up, p3, dealer)
    if not may_double[p3] or cell == STAND:
        return stand_ev, STAND
    dbl = double(shoe, up, p3, dealer)
    if cell == DOUBLE or dbl > stand_ev:
        return dbl, DOUBLE
    return stand_ev, STAND


def three_card(
    shoe: Shoe10,
    up: int,
    p3: int,
    may_double: tuple[bool, ...],
    dealer: DealerRules,
    chart: Chart = OPTIMAL_CHART,
) -> Fraction:
    """EV of a three-card total: stand, or double for exactly one more card (per ``chart``)."""
    return three_card_play(shoe, up, p3, may_double, dealer, chart)[0]


@cache
def two_card_play(
    shoe: Shoe10,
    up: int,
    p2: int,
    may_double: tuple[bool, ...],
    dealer: DealerRules,
    chart: Chart = OPTIMAL_CHART,
) -> tuple[Fraction, str]:
    """(EV, STAND or HIT) of a two-card total played by ``chart``; a hit takes one card and the
    three-card hand is played by ``chart`` too."""
    cell = chart.two[p2][up]
    stand_ev = stand(shoe, up, p2, dealer)
    if cell == STAND:
        return stand_ev, STAND
    hit = sum(
        (
            p * three_card(rest, up, (p2 + v) % 10, may_double, dealer, chart)
            for v, p, rest in draws(shoe)
        ),
        Fraction(0),
    )
    if cell == HIT or hit > stand_ev:
        return hit, HIT
    return stand_ev, STAND


def two_card(
    shoe: Shoe10,
    up: int,
    p2: int,
    may_double: tuple[bool, ...],
    dealer: DealerRules,
    chart: Chart = OPTIMAL_CHART,
) -> Fraction:
    """EV of a two-card total: stand, or hit once and play the three-card hand (per ``chart``)."""
    return two_card_play(shoe, up, p2, may_double, dealer, chart)[0]


@cache
def split_hand(
    shoe: Shoe10, up: int, a: int, rules: ZeroRules, chart: Chart = OPTIMAL_CHART
) -> Fraction:
    """EV of a split hand starting with value a, drawn from ``shoe`` (both split cards out)."""
    return sum(
        (
            p
            * two_card(
                rest,
                up,
                (a + v) % 10,
                asked(rules).double_split,
                asked(rules).dealer,
                chart,
            )
            for v, p, rest in draws(shoe)
        ),
        Fraction(0),
    )


@cache
def _first_hand(
    shoe: Shoe10, up: int, total: int, n_cards: int, b: int, rules: ZeroRules
) -> Fraction:
    """Best EV of first split hand plus the second hand played knowing the first's cards."""
    thr = asked(rules).dealer
    if n_cards == 1:
        return sum(
            (
                p * _first_hand(rest, up, (total + v) % 10, 2, b, rules)
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
    best = stand(shoe, up, total, thr) + split_hand(shoe, up, b, rules)
    if n_cards == 2:
        hit = sum(
            (
                p * _first_hand(rest, up, (total + v) % 10, 3, b, rules)
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
        return max(best, hit)
    if asked(rules).double_split[total]:
        dbl = sum(
            (
                p * (2 * stand(rest, up, (total + v) % 10, thr) + split_hand(rest, up, b, rules))
                for v, p, rest in draws(shoe)
            ),
            Fraction(0),
        )
        best = max(best, dbl)
    return best


def deal_play(
    shoe: Shoe10,
    up: int,
    v1: int,
    v2: int,
    rules: ZeroRules,
    split: str = "standard",
    policy: ZeroPolicy = OPTIMAL_POLICY,
) -> tuple[Fraction, str]:
    """(EV per initial wager, STAND/HIT/SPLIT) of a non-pair deal v1, v2 vs ``up`` played by
    ``policy``; ``shoe`` has all three cards removed.

    ``split='optimal'``: the second split hand sees the first hand's cards (optimal policy only).
    """
    if split not in ("standard", "optimal"):
        raise ValueError(f"unknown split mode {split!r}")
    if split != "standard" and not policy.is_optimal:
        raise ValueError(f"split {split!r} needs the optimal policy")
    return _deal_play(shoe, up, v1, v2, rules, split, Chart.of(policy))


def _deal_play(
    shoe: Shoe10, up: int, v1: int, v2: int, rules: ZeroRules, split: str, chart: Chart
) -> tuple[Fraction, str]:
    best, action = two_card_play(
        shoe,
        up,
        (v1 + v2) % 10,
        asked(rules).double_unsplit,
        asked(rules).dealer,
        chart,
    )
    cell = chart.split[v1][v2][up]
    if not asked(rules).split_ok[(v1 + v2) % 10] or cell == NO_SPLIT:
        return best, action
    if split == "standard":
        sv = split_hand(shoe, up, v1, rules, chart) + split_hand(shoe, up, v2, rules, chart)
    else:
        sv = max(_first_hand(shoe, up, v1, 1, v2, rules), _first_hand(shoe, up, v2, 1, v1, rules))
    if cell == SPLIT or sv > best:
        return sv, SPLIT
    return best, action


def deal_ev(
    shoe: Shoe10,
    up: int,
    v1: int,
    v2: int,
    rules: ZeroRules,
    split: str = "standard",
    policy: ZeroPolicy = OPTIMAL_POLICY,
) -> Fraction:
    """EV per initial wager of a non-pair deal v1, v2 vs ``up`` played by ``policy`` (optimal
    play by default); ``shoe`` has all three cards removed."""
    return deal_play(shoe, up, v1, v2, rules, split, policy)[0]


def _deals(rank_counts: tuple[int, ...]):
    """Every initial deal by rank (player r1, r2, then the up card ru), its probability, and
    the counts by rank of the cards left (a list, valid until the next deal)."""
    n = sum(rank_counts)
    counts = list(rank_counts)
    for r1 in range(13):
        p1 = Fraction(counts[r1], n)
        if not p1:
            continue
        counts[r1] -= 1
        for r2 in range(13):
            p2 = Fraction(counts[r2], n - 1)
            if not p2:
                continue
            counts[r2] -= 1
            for ru in range(13):
                pu = Fraction(counts[ru], n - 2)
                if not pu:
                    continue
                counts[ru] -= 1
                yield r1, r2, ru, p1 * p2 * pu, counts
                counts[ru] += 1
            counts[r2] += 1
        counts[r1] += 1


def _zero_pair(r1: int, r2: int, ru: int) -> str | None:
    """'trips', 'pair' or None: a Zero Pair is two cards of one rank totalling 0; ten-valued
    and matched by the up card's rank it is trips."""
    if r1 != r2 or (2 * BACCARAT_VALUES[r1]) % 10:
        return None
    return "trips" if r1 in TEN_RANKS and ru == r1 else "pair"


def _values(counts: list[int]) -> Shoe10:
    shoe = [0] * 10
    for r, c in enumerate(counts):
        shoe[BACCARAT_VALUES[r]] += c
    return tuple(shoe)


def round_ev(
    rank_counts: tuple[int, ...],
    rules: ZeroRules,
    split: str = "standard",
    policy: ZeroPolicy = OPTIMAL_POLICY,
) -> Fraction:
    """Exact EV per initial wager of a round played by ``policy`` (optimal play by default),
    enumerating deals by rank."""
    total = Fraction(0)
    for r1, r2, ru, p, counts in _deals(rank_counts):
        kind = _zero_pair(r1, r2, ru)
        if kind is not None:
            total += p * Fraction(rules.trips_payout if kind == "trips" else rules.zero_pair_pays)
            continue
        v1, v2, up = BACCARAT_VALUES[r1], BACCARAT_VALUES[r2], BACCARAT_VALUES[ru]
        total += p * deal_ev(_values(counts), up, v1, v2, rules, split, policy)
    return total


# -- the outcome distribution: every hand played out card by card ----------------------------
MAX_NET = 4
"""The largest net result of a non-pair deal: a split, both hands doubled, both winning."""
NETS: tuple[Fraction, ...] = tuple(Fraction(k, 2) for k in range(-2 * MAX_NET, 2 * MAX_NET + 1))
"""The net results a distribution is reported on: -4, -7/2, ..., 4 (half units, as the kernel)."""


@dataclass(frozen=True)
class Outcomes:
    """Exact distribution of one round's net result, per unit of the initial wager (Fractions).

    The fields are those of ``analysis.zero.outcomes.Outcomes``, exact.
    """

    rules: ZeroRules
    policy: str
    net: tuple[Fraction, ...]
    """Net results of non-pair deals: ``NETS``."""
    probability: tuple[Fraction, ...]
    """P(a non-pair deal ending with each ``net``)."""
    zero_pair: Fraction
    """P(a Zero Pair paid as a pair, i.e. not as ten-valued trips)."""
    trips: Fraction
    """P(ten-valued Zero Pair matching the up card's rank)."""
    expected_wager: Fraction
    """Expected total amount wagered per round, in initial wagers (1 + doubles + split wager)."""

    @property
    def ev(self) -> Fraction:
        """Expected net result per initial wager."""
        r = self.rules
        return (
            sum((n * p for n, p in zip(self.net, self.probability, strict=True)), Fraction(0))
            + self.zero_pair * Fraction(r.zero_pair_pays)
            + self.trips * Fraction(r.trips_payout)
        )


def _result(player_total: int, bet: int, dealer_total: int) -> int:
    """Net of one hand: the lower total wins ``bet``, the higher loses it, equal pushes."""
    if player_total < dealer_total:
        return bet
    return -bet if player_total > dealer_total else 0


def _hand_ends(
    actual: Shoe10,
    decide: Shoe10,
    up: int,
    total: int,
    n_cards: int,
    may_double: tuple[bool, ...],
    dealer: DealerRules,
    chart: Chart,
):
    """Every way a hand of ``n_cards`` (1 to 3) cards totalling ``total`` ends under ``chart``.

    Cards come from ``actual``; decisions see only ``decide`` (the shoe less the cards this
    hand knows of). Yields (probability, final total, wager, ``actual`` after the hand); a
    one-card hand is a split hand that takes its second card.
    """
    if n_cards == 1:
        for v, p, rest in draws(actual):
            for q, t, bet, left in _hand_ends(
                rest, _without(decide, v), up, (total + v) % 10, 2, may_double, dealer, chart
            ):
                yield p * q, t, bet, left
        return
    if n_cards == 2:
        action = two_card_play(decide, up, total, may_double, dealer, chart)[1]
        if action == STAND:
            yield Fraction(1), total, 1, actual
            return
        for v, p, rest in draws(actual):
            for q, t, bet, left in _hand_ends(
                rest, _without(decide, v), up, (total + v) % 10, 3, may_double, dealer, chart
            ):
                yield p * q, t, bet, left
        return
    action = three_card_play(decide, up, total, may_double, dealer, chart)[1]
    if action == STAND:
        yield Fraction(1), total, 1, actual
        return
    for v, p, rest in draws(actual):
        yield p, (total + v) % 10, 2, rest


def _merged(ends) -> list:
    """Hand ends (probability, total, wager, shoe left) with equal (total, wager, shoe left)
    summed (cards drawn in another order): [((total, wager, shoe left), probability), ...]."""
    out: dict = {}
    for p, t, bet, left in ends:
        out[t, bet, left] = out.get((t, bet, left), Fraction(0)) + p
    return list(out.items())


def _settle(ends: dict, up: int, dealer: DealerRules) -> tuple[dict[int, Fraction], Fraction]:
    """P(net) and E[wager] of hands that ended as ``ends``: {(((total, wager), ...), shoe
    left): probability}, settled against one dealer hand drawn from that shoe."""
    dist: dict[int, Fraction] = {}
    wager = Fraction(0)
    for (hands, left), p in ends.items():
        finals = dealer_final(left, up, 1, dealer)
        for d, q in enumerate(finals):
            if q:
                net = sum(_result(t, bet, d) for t, bet in hands)
                dist[net] = dist.get(net, Fraction(0)) + p * q
        wager += p * sum(bet for _, bet in hands)
    return dist, wager


@cache
def deal_outcomes(
    shoe: Shoe10, up: int, v1: int, v2: int, rules: ZeroRules, chart: Chart = OPTIMAL_CHART
) -> tuple[dict[int, Fraction], Fraction]:
    """(P(net result), expected wager) of the non-pair deal v1, v2 vs ``up`` played by
    ``chart``, standard split; ``shoe`` has the three cards removed.

    A split is played literally: the first hand from ``shoe``, the second from what the first
    left, each deciding on its own cards and both split cards only; one dealer hand then draws
    from what both left.
    """
    thr = asked(rules).dealer
    if _deal_play(shoe, up, v1, v2, rules, "standard", chart)[1] == SPLIT:
        split_doubles = asked(rules).double_split
        ends: dict = {}
        for (t1, b1, left1), p1 in _merged(
            _hand_ends(shoe, shoe, up, v1, 1, split_doubles, thr, chart)
        ):
            for (t2, b2, left2), p2 in _merged(
                _hand_ends(left1, shoe, up, v2, 1, split_doubles, thr, chart)
            ):
                key = (((t1, b1), (t2, b2)), left2)
                ends[key] = ends.get(key, Fraction(0)) + p1 * p2
    else:
        ends = {
            (((t, b),), left): p
            for (t, b, left), p in _merged(
                _hand_ends(
                    shoe, shoe, up, (v1 + v2) % 10, 2, asked(rules).double_unsplit, thr, chart
                )
            )
        }
    return _settle(ends, up, thr)


def outcome_distribution(
    rules: ZeroRules, shoe: Shoe, policy: ZeroPolicy = OPTIMAL_POLICY
) -> Outcomes:
    """Exact P(each net result) of a round under ``rules`` played by ``policy`` (standard split),
    the twin of ``analysis.zero.outcomes.outcome_distribution``: deals enumerated by rank, every
    hand played out card by card (slow: use small shoes)."""
    chart = Chart.of(policy)
    by_net = dict.fromkeys(range(-MAX_NET, MAX_NET + 1), Fraction(0))
    pairs = trips = wager = Fraction(0)
    for r1, r2, ru, p, counts in _deals(shoe.counts):
        kind = _zero_pair(r1, r2, ru)
        if kind is not None:
            pairs += p
            trips += p if kind == "trips" else 0
            continue
        v1, v2, up = BACCARAT_VALUES[r1], BACCARAT_VALUES[r2], BACCARAT_VALUES[ru]
        dist, w = deal_outcomes(_values(counts), up, v1, v2, rules, chart)
        for net, q in dist.items():
            by_net[net] += p * q
        wager += p * w
    # non-pair deals end on whole units: the half-unit bins stay 0, as in the kernel
    probability = tuple(by_net.get(n, Fraction(0)) for n in NETS)
    return Outcomes(rules, policy.name, NETS, probability, pairs - trips, trips, wager + pairs)
