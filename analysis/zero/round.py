"""A whole round of Zero: EV per initial wager, summed exactly over every initial deal."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.core.kernels import entry, inline, inner
from cardedge.analysis.core.memo import binomial_table, multiset_count
from cardedge.analysis.core.records import frozen, thawed, without
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import player
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.records import DealerRules, Play, SplitMemo, StateMemo
from cardedge.analysis.zero.rules import PlayRules, ZeroRules, distinct_play_rules
from cardedge.analysis.zero.split import (
    SPLIT_OPTIMAL,
    SPLIT_OPTIMAL_OWN,
    SPLIT_STANDARD,
    optimal_split_value,
    split_value,
)

SPLIT_MODES = ("standard", "optimal")
"""Split conventions offered to users (see ``analysis.zero.split``)."""
_SPLIT_CODES = {
    "standard": SPLIT_STANDARD,
    "optimal": SPLIT_OPTIMAL,
    "optimal-own": SPLIT_OPTIMAL_OWN,
}
"""'optimal-own': fully optimal order, but the first hand maximises only its own EV."""
MIN_SHOE = 14
"""Smallest shoe analysed: a fully optimal split can use 8 player cards, the dealer 4."""

DECISIONS = ("zero pair", "stand", "hit, stand", "hit, double", "split")
UPCARD_LABELS = ("0", "A", "2", "3", "4", "5", "6", "7", "8", "9")
"""Up card point values 0..9 as printed (0: any ten-valued card)."""

_BINOM = binomial_table()


@inline
def _unsplit_value(st, ch, play, up, m, v1, v2):
    """(EV, action, P(double)) of playing the deal v1, v2 (in ``m``) without splitting."""
    return player.two_card_value(st, ch, up, m, (v1 + v2) % 10, play.rules.double_unsplit)


@inline
def deal_value(st, ch, play, up, v1, v2, m):
    """(EV, action, P(double)) of a non-pair initial deal v1, v2 against up card ``up``,
    splits valued by the standard convention.

    EV is per unit of the initial Zero wager; ``action`` is ``Action.STAND``, ``HIT`` or
    ``SPLIT``; P(double) is the probability of ending with a doubled three-card hand given the
    action (0 when standing or splitting). ``m`` is room for the player's cards, all zero on
    entry and again on return (the kernels allocate nothing).
    """
    m[v1] += 1
    m[v2] += 1
    ev, action, p_double = _dealt_value(st, ch, play, up, m, v1, v2)
    m[v1] -= 1
    m[v2] -= 1
    return ev, action, p_double


@inline
def _dealt_value(st, ch, play, up, m, v1, v2):
    """``deal_value`` once the player's cards v1, v2 are in ``m``."""
    ev, action, p_double = _unsplit_value(st, ch, play, up, m, v1, v2)
    cell = ch.split[v1, v2, up]
    if not play.rules.split_ok[(v1 + v2) % 10] or cell == Action.NO_SPLIT:
        return ev, action, p_double
    sv = split_value(st, ch, up, m, v1, v2, play.rules.double_split)
    if cell == Action.SPLIT or sv > ev:
        return sv, Action.SPLIT, 0.0
    return ev, action, p_double


@inner
def optimal_split_deal_value(st, ch, play, h2, up, v1, v2, m):
    """``deal_value`` with the fully optimal split (``play.split_mode``: SPLIT_OPTIMAL or
    SPLIT_OPTIMAL_OWN), its second hands memoized in ``h2``.

    A kernel of its own so that the standard path never compiles the fully optimal split.
    """
    m[v1] += 1
    m[v2] += 1
    ev, action, p_double = _unsplit_value(st, ch, play, up, m, v1, v2)
    cell = ch.split[v1, v2, up]
    if play.rules.split_ok[(v1 + v2) % 10] and cell != Action.NO_SPLIT:
        joint = play.split_mode == SPLIT_OPTIMAL
        sv = optimal_split_value(st, ch, h2, up, m, v1, v2, play.rules.double_split, joint)
        if cell == Action.SPLIT or sv > ev:
            ev, action, p_double = sv, Action.SPLIT, 0.0
    m[v1] -= 1
    m[v2] -= 1
    return ev, action, p_double


@inline
def deal_possible(st, v1, v2, up):
    """True when the pre-deal shoe holds the player's cards v1, v2 and the up card."""
    need_v1 = 1 + (v2 == v1) + (up == v1)
    need_v2 = 1 + (v1 == v2) + (up == v2)
    need_up = 1 + (v1 == up) + (v2 == up)
    return st.base[v1] >= need_v1 and st.base[v2] >= need_v2 and st.base[up] >= need_up


def deal_value_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed ``[v1, v2, up]`` arrays of EV, action and P(double) for the two loops below:
    allocated here, so that no kernel compiles numpy's allocation (a cold start pays for
    every such compilation)."""
    shape = (N_TOTALS, N_TOTALS, N_TOTALS)
    return np.zeros(shape), np.zeros(shape, dtype=np.int64), np.zeros(shape)


# The two loops below differ only in the deal kernel they call: one loop taking the mode as
# data would compile the fully optimal split into every standard run (2 s more of cold start).
@entry
def all_deal_values(st, ch, play, ev, act, pdbl, m):
    """Fill ``ev, act, pdbl[v1, v2, up]`` (``deal_value_arrays``) with ``deal_value``'s (EV,
    action, P(double)) for every deal; ``m``: ten zeros, room for the player's cards.

    Deals the shoe cannot produce are left at 0 (EV 0, ``Action.STAND``). A deal's value
    depends on the multiset {v1, v2} only (``ZeroPolicy`` refuses order-dependent split
    cells), so each unordered pair is evaluated once and mirrored.
    """
    for v1 in range(N_TOTALS):
        for v2 in range(v1, N_TOTALS):
            for up in range(N_TOTALS):
                if deal_possible(st, v1, v2, up):
                    e, a, d = deal_value(st, ch, play, up, v1, v2, m)
                    ev[v1, v2, up] = ev[v2, v1, up] = e
                    act[v1, v2, up] = act[v2, v1, up] = a
                    pdbl[v1, v2, up] = pdbl[v2, v1, up] = d


@entry
def all_optimal_split_deal_values(st, ch, play, h2, ev, act, pdbl, m):
    """``all_deal_values`` with the fully optimal split (``optimal_split_deal_value``)."""
    for v1 in range(N_TOTALS):
        for v2 in range(v1, N_TOTALS):
            for up in range(N_TOTALS):
                if deal_possible(st, v1, v2, up):
                    e, a, d = optimal_split_deal_value(st, ch, play, h2, up, v1, v2, m)
                    ev[v1, v2, up] = ev[v2, v1, up] = e
                    act[v1, v2, up] = act[v2, v1, up] = a
                    pdbl[v1, v2, up] = pdbl[v2, v1, up] = d


class ShoeStates:
    """Memoized stand EVs of every shoe state reached from one pre-deal shoe.

    ``record`` is the ``StateMemo`` the kernels take; it fills in as they visit states.
    """

    def __init__(self, shoe: Shoe, dealer: DealerRules, max_player_cards: int = 5) -> None:
        """States are ``shoe`` less an up card and up to ``max_player_cards`` player cards; the
        dealer plays by ``dealer`` (the rules record's ``DealerRules``)."""
        n_keys = multiset_count(N_TOTALS, max_player_cards)
        self.record = StateMemo(
            base=shoe.by_value(BACCARAT_VALUES, N_TOTALS),
            dealer=dealer,
            binom=_BINOM,
            memo=np.zeros((N_TOTALS, n_keys, 2 * N_TOTALS)),
            flags=np.zeros((N_TOTALS, n_keys), dtype=np.uint8),
            doubles=np.zeros((N_TOTALS, n_keys, N_TOTALS)),
            dflags=np.zeros((N_TOTALS, n_keys), dtype=np.uint8),
            shoe=np.zeros(N_TOTALS, dtype=np.int64),
        )

    @property
    def base(self) -> np.ndarray:
        """Counts of the pre-deal shoe by point value."""
        return self.record.base

    def split_memo(self, max_cards: int = 6) -> SplitMemo:
        """Empty memo of split hands' two-card values keyed (up, rank of cards out, total)."""
        shape = (N_TOTALS, multiset_count(N_TOTALS, max_cards), N_TOTALS)
        return SplitMemo(np.zeros(shape), np.zeros(shape, dtype=np.uint8))


def shoe_states(shoe: Shoe, rules: ZeroRules | PlayRules, max_player_cards: int = 5) -> ShoeStates:
    """The ``ShoeStates`` of ``shoe`` under ``rules``, shared by every evaluation in the process
    (the last three) whose kernels read the same: the states' stand and double EVs are filled
    by the dealer kernels, which take the shoe and the rules record's ``dealer`` alone, so they
    are kept under exactly those. Rules that differ in anything else (the policy, the split
    and double rules, the payouts) share them; a rule the dealer obeys is in its record, so it
    parts the key by construction."""
    dealer = frozen(rules.kernel_record().dealer)
    return _shoe_states(shoe, dealer, int(max_player_cards))


@lru_cache(maxsize=3)
def _shoe_states(shoe: Shoe, dealer: DealerRules, max_player_cards: int) -> ShoeStates:
    return ShoeStates(shoe, thawed(dealer), max_player_cards)


@dataclass(frozen=True)
class DealProbabilities:
    """Exact probabilities of the initial deal (player's two cards, then the up card)."""

    by_value: np.ndarray
    """``[v1, v2, up]``: probability of that ordered deal by point value."""
    zero_pair_fraction: np.ndarray
    """``[v1, v2]``: share of those two-card deals that are Zero Pairs (same rank, total 0)."""
    zero_pair: float
    """P(the player's first two cards are a Zero Pair)."""
    trips: float
    """P(a ten-valued Zero Pair with an up card of the same rank)."""
    trips_by_up: np.ndarray
    """P(trips) split by up card value (all of it at value 0)."""

    @property
    def nonpair(self) -> np.ndarray:
        """``[v1, v2, up]``: probability of that ordered deal by value when it is no Zero Pair."""
        return self.by_value * (1.0 - self.zero_pair_fraction)[:, :, None]


def deal_probabilities(shoe: Shoe) -> DealProbabilities:
    """Probabilities of every initial deal from ``shoe`` (counts by rank)."""
    c = np.array(shoe.counts, dtype=float)
    n = c.sum()
    nv = np.zeros(N_TOTALS)
    for r, k in enumerate(shoe.counts):
        nv[BACCARAT_VALUES[r]] += k
    p = np.zeros((N_TOTALS,) * 3)
    for v1 in range(N_TOTALS):
        for v2 in range(N_TOTALS):
            k2 = nv[v2] - (v1 == v2)
            for up in range(N_TOTALS):
                ku = nv[up] - (v1 == up) - (v2 == up)
                if nv[v1] > 0 and k2 > 0 and ku > 0:
                    p[v1, v2, up] = nv[v1] * k2 * ku / (n * (n - 1) * (n - 2))
    pair_fraction = np.zeros((N_TOTALS, N_TOTALS))
    zero_pair = 0.0
    for v in range(N_TOTALS):
        if (2 * v) % 10 != 0 or nv[v] < 2:
            continue
        same_rank = sum(k * (k - 1) for r, k in enumerate(c) if BACCARAT_VALUES[r] == v)
        pair_fraction[v, v] = same_rank / (nv[v] * (nv[v] - 1))
        zero_pair += same_rank / (n * (n - 1))
    trips = sum(c[r] * (c[r] - 1) * (c[r] - 2) for r in TEN_RANKS) / (n * (n - 1) * (n - 2))
    trips_by_up = np.zeros(N_TOTALS)
    trips_by_up[0] = trips
    return DealProbabilities(p, pair_fraction, zero_pair, trips, trips_by_up)


@dataclass(frozen=True)
class RoundResult:
    """Exact result of one round of Zero under one rule set and one policy."""

    rules: ZeroRules
    policy: str
    split: str
    ev: float
    """Expected net result per unit of the initial Zero wager (negative: the house wins)."""
    deal_ev: np.ndarray
    """``[v1, v2, up]``: EV of a non-pair deal under the policy, per initial wager."""
    deal_action: np.ndarray
    """``[v1, v2, up]``: the initial decision, ``Action.STAND``, ``HIT`` or ``SPLIT``."""
    deal_p_double: np.ndarray
    """``[v1, v2, up]``: probability the hand ends doubled (given the deal)."""
    probabilities: DealProbabilities
    shoe: Shoe
    """The shoe dealt from (its ``title`` and ``row_keys`` say whether tables name it)."""

    @property
    def house_edge_percent(self) -> float:
        """House edge: minus the EV, in percent of the initial wager."""
        return -100.0 * self.ev

    def by_upcard(self) -> dict[str, np.ndarray]:
        """P(up card value), the EV given it, and P(each decision in ``DECISIONS``) given it."""
        pr = self.probabilities
        p = pr.by_value
        nonpair = pr.nonpair
        pair = p * pr.zero_pair_fraction[:, :, None]
        p_up = p.sum(axis=(0, 1))
        r = self.rules
        ev_sum = (nonpair * self.deal_ev).sum(axis=(0, 1)) + pair.sum(
            axis=(0, 1)
        ) * r.zero_pair_pays
        ev_sum += pr.trips_by_up * (r.trips_payout - r.zero_pair_pays)
        act = self.deal_action
        hit = nonpair * (act == Action.HIT)
        decisions = np.stack(
            [
                pair.sum(axis=(0, 1)),
                (nonpair * (act == Action.STAND)).sum(axis=(0, 1)),
                (hit * (1 - self.deal_p_double)).sum(axis=(0, 1)),
                (hit * self.deal_p_double).sum(axis=(0, 1)),
                (nonpair * (act == Action.SPLIT)).sum(axis=(0, 1)),
            ]
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            return {
                "p_up": p_up,
                "ev": np.where(p_up > 0, ev_sum / p_up, 0.0),
                "decisions": np.where(p_up > 0, decisions / p_up, 0.0),
            }

    def decision_probabilities(self) -> dict[str, float]:
        """P(each initial decision in ``DECISIONS``) over the whole round; they sum to 1."""
        up = self.by_upcard()
        total = (up["decisions"] * up["p_up"]).sum(axis=1)
        return dict(zip(DECISIONS, (float(x) for x in total), strict=True))


def play_record(rules: ZeroRules | PlayRules, split: str = "standard") -> Play:
    """The ``Play`` record of ``rules`` with the split convention ``split``."""
    return Play(rules.kernel_record(), _SPLIT_CODES[split])


def all_but_splitting(rules: ZeroRules | PlayRules) -> tuple:
    """The key of work shared by rules that split different totals: their kernel record less
    ``split_ok`` (a new rule is in the record, so in the key, by construction). Two rule sets
    of one key play every hand alike but for which two-card totals may split."""
    return without(rules.kernel_record(), "split_ok")


@dataclass(frozen=True)
class PlayResult:
    """How a policy plays every initial deal under one set of play rules: one kernel run.

    Nothing here depends on what a Zero Pair pays; ``price`` adds that for any payouts.
    """

    play: PlayRules
    policy: str
    split: str
    deal_ev: np.ndarray
    """``[v1, v2, up]``: EV of a non-pair deal under the policy, per initial wager."""
    deal_action: np.ndarray
    """``[v1, v2, up]``: the initial decision, ``Action.STAND``, ``HIT`` or ``SPLIT``."""
    deal_p_double: np.ndarray
    """``[v1, v2, up]``: probability the hand ends doubled (given the deal)."""
    probabilities: DealProbabilities
    shoe: Shoe
    """The shoe dealt from."""

    @property
    def nonpair_ev(self) -> float:
        """Contribution of the non-pair deals to the round's EV, per initial wager."""
        return float((self.probabilities.nonpair * self.deal_ev).sum())

    def price(self, rules: ZeroRules) -> RoundResult:
        """The round under ``rules`` (whose play rules these are): add the Zero Pair payouts.

        A Zero Pair pays ``zero_pair_pays``, and ten-valued trips ``trips_pays`` instead.
        """
        if rules.play_rules() != self.play:
            raise ValueError(f"rules {rules.describe(self.shoe)!r} are not played as {self.play}")
        probs = self.probabilities
        total = (
            self.nonpair_ev
            + probs.zero_pair * rules.zero_pair_pays
            + probs.trips * (rules.trips_payout - rules.zero_pair_pays)
        )
        return RoundResult(
            rules,
            self.policy,
            self.split,
            total,
            self.deal_ev,
            self.deal_action,
            self.deal_p_double,
            probs,
            self.shoe,
        )


def evaluate_play(
    play: PlayRules,
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
) -> PlayResult:
    """Exact value of every initial deal under ``play`` played by ``policy`` (one kernel run).

    ``shoe`` is the pre-deal shoe (a fresh one, or stripped or partly dealt).
    ``split='optimal'`` plays the second split hand knowing the first hand's cards (only with
    the optimal policy).
    """
    return evaluate_policies(play, shoe, (policy,), split)[0]


def evaluate_policies(
    play: PlayRules,
    shoe: Shoe,
    policies: Iterable[ZeroPolicy],
    split: str = "standard",
) -> list[PlayResult]:
    """``evaluate_play`` of each policy on one shoe, sharing the shoe's memo of stand and
    double EVs (they do not depend on the policy) and its deal probabilities."""
    policies = list(policies)
    if split not in _SPLIT_CODES:
        raise ValueError(f"unknown split mode {split!r} (choose from {', '.join(SPLIT_MODES)})")
    if split != "standard" and not all(p.is_optimal for p in policies):
        raise ValueError(f"split {split!r} needs the optimal policy")
    if shoe.size < MIN_SHOE:
        raise ValueError(f"shoe has {shoe.size} cards; at least {MIN_SHOE} are needed")
    fully_optimal = split != "standard"
    states = shoe_states(shoe, play, 8 if fully_optimal else 5)
    probabilities = deal_probabilities(shoe)
    record = play_record(play, split)
    out = []
    for policy in policies:
        ev, act, pdbl = deal_value_arrays()
        m = np.zeros(N_TOTALS, dtype=np.int64)
        st, ch = states.record, policy.charts
        if fully_optimal:
            # A second split hand at two cards: both split cards, up to 3 first-hand cards,
            # its own.
            h2 = states.split_memo(6)
            all_optimal_split_deal_values(st, ch, record, h2, ev, act, pdbl, m)
        else:
            all_deal_values(st, ch, record, ev, act, pdbl, m)
        out.append(PlayResult(play, policy.name, split, ev, act, pdbl, probabilities, shoe))
    return out


def evaluate_round(
    rules: ZeroRules,
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
) -> RoundResult:
    """Exact EV of a round of Zero under ``rules`` played by ``policy`` (see ``evaluate_play``).

    To evaluate several rule sets, ``evaluate_rules`` shares the work between those played
    alike.
    """
    return evaluate_play(rules.play_rules(), shoe, policy, split).price(rules)


def evaluate_rules(
    rules: Iterable[ZeroRules],
    shoe: Shoe,
    policy: ZeroPolicy = OPTIMAL_POLICY,
    split: str = "standard",
    progress: Callable[[Iterable], Iterable] = lambda items: items,
) -> list[RoundResult]:
    """``evaluate_round`` of each rule set, evaluating each distinct ``play_rules()`` once.

    Rule sets that differ only in what a Zero Pair pays (the two presets, say) are priced from
    one ``PlayResult``. ``progress`` wraps the loop over the distinct play rules.
    """
    rules = list(rules)
    plays = progress(distinct_play_rules(rules))
    played = {play: evaluate_play(play, shoe, policy, split) for play in plays}
    return [played[r.play_rules()].price(r) for r in rules]


def evaluate_split_rules(
    plays: Iterable[PlayRules], shoe: Shoe, policy: ZeroPolicy = OPTIMAL_POLICY
) -> dict[PlayRules, PlayResult]:
    """``evaluate_play`` of each of ``plays`` (rules records alike but for ``split_ok``: any
    split totals, ``all_but_splitting``) by ``policy`` in two kernel runs, whatever their
    number: never splitting, and splitting every total any of them splits.

    A deal's value depends on its own total's split rule only (a split hand never splits
    again, and its value does not depend on which other totals split), so the deals of a
    total ``plays[i]`` splits take the second run's values and the others the first run's:
    the same numbers, bit for bit, as a run of each (the tests compare them).
    """
    plays = list(dict.fromkeys(plays))
    if len({all_but_splitting(p) for p in plays}) > 1:
        raise ValueError("evaluate_split_rules takes play rules differing in split totals only")
    union = frozenset().union(*(p.split_totals for p in plays))
    never = evaluate_play(replace(plays[0], split_totals=frozenset()), shoe, policy)
    every = evaluate_play(replace(plays[0], split_totals=union), shoe, policy)
    totals = np.add.outer(np.arange(N_TOTALS), np.arange(N_TOTALS)) % 10
    out = {}
    for play in plays:
        split = np.isin(totals, sorted(play.split_totals))[:, :, None]
        out[play] = PlayResult(
            play,
            never.policy,
            never.split,
            np.where(split, every.deal_ev, never.deal_ev),
            np.where(split, every.deal_action, never.deal_action),
            np.where(split, every.deal_p_double, never.deal_p_double),
            never.probabilities,
            shoe,
        )
    return out
