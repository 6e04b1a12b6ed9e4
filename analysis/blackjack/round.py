"""A whole round of blackjack: EV per initial wager, summed exactly over every initial deal.

``ShoeAnalysis`` holds the strategy-independent work for one pre-deal shoe and rule set (the
stand EVs, that is the dealer's probabilities, of every unsplit and split shoe state); any
number of policies are then evaluated on it cheaply with ``evaluate``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from cardedge.analysis.blackjack import player
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.dealer import batch_scratch, kernel_args
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table, points
from cardedge.analysis.blackjack.policy import (
    OPTIMAL_POLICY,
    BlackjackPolicy,
)
from cardedge.analysis.blackjack.rules import BlackjackRules, KernelRules
from cardedge.analysis.blackjack.sharing import (
    dealer_key,
    split_play_key,
    stand_key,
)
from cardedge.analysis.blackjack.split import expected_hands, split_value
from cardedge.analysis.core.cards import POINT_VALUES
from cardedge.analysis.core.shoe import Shoe

VALUE_INDEX: tuple[int, ...] = tuple(v - 1 for v in POINT_VALUES)
"""Value index (0 ace .. 9 ten-value) of each rank of ``cardedge.analysis.core.cards.RANKS``."""

_STAND_SIGN = player.stand_sign()
_KEY_WEIGHTS = 64 ** np.arange(N_VALUES, dtype=np.int64)
"""Removed cards as one integer key (a hand and its split cards hold fewer than 64 of a value)."""

DEALER_MAX_POINTS = 26
HAND_MAX_POINTS = 31
"""A player hand holds at most 31 points (a hard 21 then a ten), the dealer's at most 26."""


def shoe_values(shoe: Shoe) -> np.ndarray:
    """Counts of the shoe by value index (0 ace .. 9 ten-value), int64."""
    return shoe.by_value(VALUE_INDEX, N_VALUES)


def check_shoe(base: np.ndarray, rules: BlackjackRules) -> None:
    """Raise ValueError unless every round can be played out without running out of cards."""
    most_hands = max(rules.max_hands(v + 1) if base[v] >= 2 else 1 for v in range(N_VALUES))
    need = DEALER_MAX_POINTS + HAND_MAX_POINTS * most_hands
    have = int(sum(points(v) * int(base[v]) for v in range(N_VALUES)))
    if have <= need:
        raise ValueError(
            f"shoe holds {have} points; more than {need} are needed so that no round "
            f"({most_hands} hands and the dealer) can run out of cards"
        )


@dataclass(frozen=True, eq=False)
class ContextValues:
    """EVs ``[hand, up]`` of every hand of one context under one policy."""

    stand: np.ndarray
    hit: np.ndarray
    double: np.ndarray
    surrender: np.ndarray
    """Surrender EV of an unsplit two-card hand when the rules allow it, else NaN."""
    value: np.ndarray
    """EV under the policy."""
    action: np.ndarray
    """Action taken (``actions.Action``)."""


@dataclass(eq=False)
class DealerOutcomeRows:
    """The dealer's outcome rows ``[up, outcome]`` of shoe states, one per multiset of removed
    cards (its ``_KEY_WEIGHTS`` key), in one growing array: looked up thousands at a time by
    sorted keys, which a dictionary of small arrays made the new-shoe analysis' largest
    Python cost."""

    keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """Sorted keys of the rows held."""
    slots: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """``table`` row of each key in ``keys``."""
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, N_VALUES, 7)))
    size: int = 0

    def __len__(self) -> int:
        return self.size

    def find(self, keys: np.ndarray) -> np.ndarray:
        """``table`` row of each key, -1 where none is held."""
        if not self.size:
            return np.full(len(keys), -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(self.keys, keys), self.size - 1)
        return np.where(self.keys[pos] == keys, self.slots[pos], -1)

    def add(self, keys: np.ndarray, rows: np.ndarray) -> None:
        """Hold ``rows[k]`` as the row of ``keys[k]`` (keys not held yet, distinct)."""
        end = self.size + len(keys)
        if end > len(self.table):
            grown = np.zeros((max(end, 2 * len(self.table)), N_VALUES, 7))
            grown[: self.size] = self.table[: self.size]
            self.table = grown
        self.table[self.size : end] = rows
        order = np.argsort(keys)
        at = np.searchsorted(self.keys, keys[order])
        self.keys = np.insert(self.keys, at, keys[order])
        self.slots = np.insert(self.slots, at, np.arange(self.size, end)[order])
        self.size = end


@dataclass
class DealerMemo:
    """What the dealer's play gives every analysis of one shoe under one dealer drawing rule
    (``KernelRules.dealer``), whatever the player's rules (DAS, surrender, doubling, splits,
    peek, payouts): the outcome rows by removed cards (``ShoeAnalysis._dealer_outcomes``) and
    the stand EVs of each context (``ShoeAnalysis._stand``: the hands of a context, the pair
    cards out and whether split hands stop at two cards, and the rules record less what no
    stand reads, ``sharing.stand_key``), and the split hands' values, each kept under
    everything it depends on (the policy, and the record less what a split hand never reads,
    ``sharing.split_play_key``). Read only once made: the kernels only read stand EVs."""

    rows: DealerOutcomeRows = field(default_factory=DealerOutcomeRows)
    stands: dict[tuple, np.ndarray] = field(default_factory=dict)
    split_firsts: dict[tuple, list] = field(default_factory=dict)
    """``ShoeAnalysis._firsts``: a split hand's first-card EVs by split context, policy and
    play record (rules that split differently, or surrender, play a split hand alike)."""
    split_rows: dict[tuple, np.ndarray] = field(default_factory=dict)
    """``ShoeAnalysis.split_values``' rows by pair, split limit, policy and play record."""


@lru_cache(maxsize=2)
def _dealer_memo(base: tuple[int, ...], dealer: tuple) -> DealerMemo:
    return DealerMemo()


def dealer_memo(base: tuple[int, ...], record: KernelRules) -> DealerMemo:
    """The ``DealerMemo`` of the shoe ``base`` (counts by value) and the dealer of the rules
    record ``record``, shared by every analysis of them in the process (the last two): the web
    page re-analyses a shoe on every rule change, and only the rules the dealer obeys (the
    record's ``dealer``, ``sharing.dealer_key``) change what the dealer gives."""
    return _dealer_memo(base, dealer_key(record))


class ShoeAnalysis:
    """Stand EVs of every shoe state reachable from one pre-deal shoe under one rule set."""

    def __init__(self, rules: BlackjackRules, shoe: Shoe, strict: bool = True):
        """``shoe`` is the pre-deal shoe (fresh, or stripped or partly dealt). ``strict=False``
        accepts a shoe short enough that some round could run out of cards; such a dealer hand then
        counts as a bust (as in E. Farmer's engine), and a player hand simply stops drawing."""
        self.rules = rules
        self.shoe = shoe
        self.base = shoe_values(self.shoe)
        self.strict = strict
        if strict:
            check_shoe(self.base, rules)
        self.hands = hand_table()
        self._follow(rules, rules.kernel_record())
        self.dealer = kernel_args(self.kernel_rules.dealer)
        self._dealer = dealer_memo(tuple(int(c) for c in self.base), self.kernel_rules)
        self.stand0 = self._stand(-1, 0, False)

    def _follow(self, rules: BlackjackRules, record: KernelRules) -> None:
        """Take ``rules`` (``record``: their kernel record) and the keys of the work shared
        under them."""
        self.rules = rules
        self.kernel_rules = record
        self._dealer_key = dealer_key(record)
        self._stand_key = stand_key(self.kernel_rules)
        self._play_key_value: tuple | None = None

    def variant(self, **changes) -> ShoeAnalysis:
        """The analysis of the same shoe under changed rules, sharing the dealer work (its
        ``DealerMemo``) when the change leaves the dealer's record alone (``dealer_key``):
        everything in the memo is kept under the keys of the rules that made it."""
        rules = self.rules.with_(**changes)
        record = rules.kernel_record()
        if dealer_key(record) != self._dealer_key:
            return ShoeAnalysis(rules, self.shoe, self.strict)
        other = object.__new__(ShoeAnalysis)
        other.__dict__.update(self.__dict__)
        if self.strict:
            check_shoe(other.base, rules)
        other._follow(rules, record)
        # the five-card rule prices five-card hands: their stand EVs may differ (same rows)
        other.stand0 = other._stand(-1, 0, False)
        return other

    def _stand(self, p: int, e: int, two_card_only: bool) -> np.ndarray:
        """``[hand, up]``: stand EVs of the hands of context (p, e); 0 outside it (made once
        per shoe, dealer and what a stand reads of the rules, ``sharing.stand_key``: kept in
        the ``DealerMemo``)."""
        key = (p, e, two_card_only, self._stand_key)
        stands = self._dealer.stands
        if key not in stands:
            stands[key] = self._stand_values(p, e, two_card_only, self.kernel_rules.charlie)
        return stands[key]

    def _stand_values(self, p: int, e: int, two_card_only: bool, charlie: int) -> np.ndarray:
        """Stand EVs of context (p, e) from the dealer's outcome rows; a hand of ``charlie``
        cards (the five-card rule; 0: none) wins at once instead (``player.charlie_sign``)."""
        h = self.hands
        idx, removed = self._context_hands(p, e, two_card_only)
        outcomes = self._dealer_outcomes(removed)
        out = np.zeros((len(h.n_cards), N_VALUES))
        out[idx] = np.einsum("kuo,ko->ku", outcomes, _STAND_SIGN[h.total[idx]])
        if charlie:
            five = h.n_cards[idx] == charlie
            sign = player.charlie_sign(self.kernel_rules.peek)
            out[idx[five]] = np.einsum("kuo,o->ku", outcomes[five], sign)
        return out

    def context_outcomes(self, p: int = -1, e: int = 0) -> np.ndarray:
        """``[hand, up, outcome]``: P(dealer outcome | up card, the hand's cards and, in split
        context (p, e), e more pair cards gone) for every hand of the context; 0 outside it.
        The numbers the context's stand EVs are made of (outcomes 17..21, bust, natural)."""
        idx, removed = self._context_hands(p, e, p >= 0 and self.one_card_split(p))
        out = np.zeros((len(self.hands.n_cards), N_VALUES, 7))
        out[idx] = self._dealer_outcomes(removed)
        return out

    def _context_hands(self, p: int, e: int, two_card_only: bool) -> tuple[np.ndarray, np.ndarray]:
        """The hands of context (p, e) the shoe can hold, and the cards each removes (its own
        and, split from pair p, ``e`` more pair cards)."""
        h = self.hands
        mask = h.n_cards >= 2
        if p >= 0:
            mask &= h.counts[:, p] > 0
        if two_card_only:
            mask &= h.n_cards == 2
        removed = h.counts.copy()
        if p >= 0:
            removed[:, p] += e
        mask &= (removed <= self.base).all(axis=1)
        idx = np.flatnonzero(mask)
        return idx, removed[idx]

    def _dealer_outcomes(self, removed: np.ndarray) -> np.ndarray:
        """``[k, up, outcome]`` for the shoes ``base - removed[k]``, memoized by removed cards
        (hands of different split contexts often remove the same multiset)."""
        keys = removed @ _KEY_WEIGHTS
        memo = self._dealer.rows
        slots = memo.find(keys)
        missing = slots < 0
        if missing.any():
            new, first = np.unique(keys[missing], return_index=True)
            rows = removed[missing][first]
            block = np.zeros((len(new), N_VALUES, 7))
            player.batch_outcomes(self.base, rows, *self.dealer, block, batch_scratch())
            memo.add(new, block)
            slots = memo.find(keys)
        return memo.table[slots]

    def one_card_split(self, p: int) -> bool:
        """True when split hands of pair value index p take exactly one card."""
        return bool(self.kernel_rules.one_card[p + 1])

    def split_stand(self, p: int, e: int) -> np.ndarray:
        """Stand EVs of split hands of pair p with ``e`` other pair cards out (kept in the
        shoe's ``DealerMemo``)."""
        return self._stand(p, e, self.one_card_split(p))

    def play(
        self,
        policy: BlackjackPolicy,
        p: int = -1,
        e: int = 0,
        reference: ContextValues | None = None,
    ) -> ContextValues:
        """EVs of every hand of a context under ``policy``.

        Context (-1, 0) is the unsplit hand; (p, e) a split hand of pair p with e other pair
        cards out. OPTIMAL cells of a split hand take the action best for the unsplit hand of
        the same cards (``reference``, CDZ-).
        """
        h = self.hands
        shape = (len(h.n_cards), N_VALUES)
        # the kernel writes every cell (hands outside the context too)
        hit, dbl, val = np.empty(shape), np.empty(shape), np.empty(shape)
        sur = np.empty(shape)
        act = np.empty(shape, dtype=np.int64)
        stand = self.stand0 if p < 0 else self.split_stand(p, e)
        if reference is None:
            ref = (stand, hit, dbl, sur)
        else:
            ref = (reference.stand, reference.hit, reference.double, reference.surrender)
        player.play_values(
            self.kernel_rules,
            p + 1,
            e,
            self.base,
            h.arrays,
            policy.codes,
            ref,
            (stand, hit, dbl, sur, val, act),
            np.empty(N_VALUES, dtype=np.int64),
        )
        return ContextValues(stand, hit, dbl, sur, val, act)

    @property
    def _play_key(self) -> tuple:
        """What a split context's play depends on besides the policy and the context: the
        rules record but what a split hand never reads (``sharing.split_play_key``)."""
        if self._play_key_value is None:
            self._play_key_value = split_play_key(self.kernel_rules)
        return self._play_key_value

    def _firsts(
        self, policy: BlackjackPolicy, codes: bytes, p: int, a: int, unsplit: ContextValues
    ) -> list:
        """``[y][up]``: EV of the split hand p,y with ``a`` more pair cards out, as Python
        floats (read a hundred times per pair, where numpy's element access would dominate).
        Kept by policy (``codes``: a digest of the hand codes a split of p reads; the
        reference of its optimal cells, the unsplit values, follows from them and the play
        record: a hand's value depends on its descendants' codes, never a pair's) and play
        record: the split limits change how many split hands there are, not how one plays."""
        key = (p, a, codes, self._play_key)
        firsts = self._dealer.split_firsts.get(key)
        if firsts is None:
            ctx = self.play(policy, p, 1 + a, unsplit)
            h = self.hands
            firsts = ctx.value[[h.two_card(p, y) for y in range(N_VALUES)]].tolist()
            self._dealer.split_firsts[key] = firsts
        return firsts

    def split_values(self, policy: BlackjackPolicy, unsplit: ContextValues) -> np.ndarray:
        """``[p, up]``: EV of splitting the pair of value index p (NaN where impossible)."""
        out = np.full((N_VALUES, N_VALUES), np.nan)
        base = self.base
        pairs = _pair_hands()
        # A split hand of pair p is played by the codes of every hand but the other pairs'
        # (a two-card pair plays its pair cell; the only pair a split of p deals is p, p):
        # policies that differ only in other pair rows play it alike.
        played = _split_codes(policy.codes, bool(self.kernel_rules.surrender[1:].any()))
        others = played.copy()
        others[pairs] = 0
        digest = hashlib.blake2b(others.tobytes(), digest_size=16).digest()
        for p in range(N_VALUES):
            if base[p] < 2:
                continue
            max_hands = int(self.kernel_rules.max_hands[p])
            codes = digest + played[pairs[p]].tobytes()
            key = (p, max_hands, codes, self._play_key)
            row = self._dealer.split_rows.get(key)
            if row is None:
                row = self._split_row(policy, codes, p, max_hands, unsplit)
                self._dealer.split_rows[key] = row
            out[p] = row
        return out

    def _split_row(self, policy, codes: bytes, p: int, max_hands: int, unsplit) -> np.ndarray:
        """``[up]``: EV of splitting pair p into at most ``max_hands`` hands (NaN where the shoe
        cannot deal it); kept, as ``_firsts``, by split limit, policy and play record."""
        out = np.full(N_VALUES, np.nan)
        base = self.base
        # [a][y][up]: EV of the split hand p,y in context a
        firsts = [
            self._firsts(policy, codes, p, a, unsplit) for a in range(2 * (max_hands - 2) + 1)
        ]
        for u in range(N_VALUES):
            s = base.copy()
            s[p] -= 2
            s[u] -= 1
            if s[u] < 0:
                continue
            out[u] = self._split_value(p, u, s, firsts, max_hands)
        return out

    def _split_value(self, p, u, s, firsts, max_hands) -> float:
        """Split EV of pair p against u; ``s`` is the shoe S after the up and pair cards,
        ``firsts[a][y][u]`` the EV of the split hand p,y with ``a`` more pair cards out."""
        n = int(s.sum())
        counts = s.tolist()
        pairs = counts[p]
        xs, ps = [], []
        for a, values in enumerate(firsts):
            na = n - a
            x = 0.0
            if pairs >= a and na > 0:
                for y in range(N_VALUES):
                    k = counts[y] - a if y == p else counts[y]
                    if k > 0:
                        x += k / na * values[y][u]
            xs.append(x)
            ps.append(values[p][u])
        ev = split_value(n, pairs, max_hands, xs, ps)
        if self.kernel_rules.peek and u in (ACE, TEN) and n > 0:
            # Each hand was charged its wager on a dealer natural; a peeking dealer takes the
            # initial wager only, so give back the other hands' wagers.
            hole = TEN if u == ACE else ACE
            p_nat = counts[hole] / n
            if p_nat > 0:
                more = expected_hands(n - 1, pairs - (1 if hole == p else 0), max_hands)
                ev += (more - 1.0) * p_nat
        return float(ev)

    def evaluate(self, policy: BlackjackPolicy = OPTIMAL_POLICY) -> RoundResult:
        """Exact EV of a round played by ``policy``."""
        unsplit = self.play(policy)
        split_ev = self.split_values(policy, unsplit)
        return round_result(self, policy, unsplit, split_ev)


@dataclass(frozen=True, eq=False)
class RoundResult:
    """Exact result of one round of blackjack under one rule set and one policy."""

    rules: BlackjackRules
    policy: str
    ev: float
    """Expected net result per unit of the initial wager (negative: the house wins)."""
    deal_probability: np.ndarray
    """``[hand, up]``: P(the first two player cards are that two-card hand and the up card)."""
    deal_ev: np.ndarray
    """``[hand, up]``: EV of the two-card deal under the policy (natural paid)."""
    deal_action: np.ndarray
    """``[hand, up]``: action taken on the deal (``actions.Action``; natural: stand)."""
    unsplit: ContextValues
    split_ev: np.ndarray
    """``[pair value index, up]``: EV of splitting (all hands), NaN where impossible."""
    shoe: Shoe
    """The shoe dealt from (its ``title`` and ``row_keys`` say whether tables name it)."""

    @property
    def house_edge_percent(self) -> float:
        """House edge: minus the EV, in percent of the initial wager."""
        return -100.0 * self.ev

    def natural_win_probability(self) -> float:
        """P(the player's first two cards are a natural and the dealer's are not): what the
        round's EV gains per unit of the natural's payout."""
        base = shoe_values(self.shoe)
        nat = hand_table().two_card(ACE, TEN)
        return float(
            sum(
                self.deal_probability[nat, u] * (1.0 - _natural_push(base, u))
                for u in range(N_VALUES)
                if self.deal_probability[nat, u] > 0
            )
        )

    def ev_at_natural(self, payout: float) -> float:
        """The round's EV had a natural paid ``payout`` instead (per initial wager): a natural
        is settled at once, so its payout changes no decision and the EV is affine in it."""
        return self.ev + self.natural_win_probability() * (payout - self.rules.natural_payout)

    def by_upcard(self) -> dict[str, np.ndarray]:
        """P(up card value index) and the EV per initial wager given it."""
        p_up = self.deal_probability.sum(axis=0)
        ev = (self.deal_probability * self.deal_ev).sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            return {"p_up": p_up, "ev": np.where(p_up > 0, ev / p_up, 0.0)}

    def action_probabilities(self) -> dict[str, float]:
        """P(each first action: natural, stand, hit, double, split, and surrender when the
        rules allow it) over the round."""
        h = hand_table()
        natural = np.zeros_like(self.deal_probability)
        nat = h.two_card(ACE, TEN)
        natural[nat] = self.deal_probability[nat]
        rest = self.deal_probability - natural
        out = {"natural": float(natural.sum())}
        for name, a in (
            ("stand", Action.STAND),
            ("hit", Action.HIT),
            ("double", Action.DOUBLE),
            ("split", Action.SPLIT),
            ("surrender", Action.SURRENDER),
        ):
            if a == Action.SURRENDER and not self.rules.surrender:
                continue
            out[name] = float(rest[self.deal_action == a].sum())
        return out


def deal_probabilities(base: np.ndarray) -> np.ndarray:
    """``[hand, up]``: P(the player's two cards form that hand and the up card is ``up``).

    Read-only, and computed once per shoe: every evaluation and chart derivation asks for it.
    """
    return _deal_probabilities(tuple(int(c) for c in base))


@lru_cache(maxsize=64)
def _deal_probabilities(counts: tuple[int, ...]) -> np.ndarray:
    base = np.array(counts, dtype=np.int64)
    out = _deal_probability_table(base)
    out.flags.writeable = False
    return out


def _deal_probability_table(base: np.ndarray) -> np.ndarray:
    h = hand_table()
    out = np.zeros((len(h.n_cards), N_VALUES))
    n = float(base.sum())
    for a in range(N_VALUES):
        for b in range(a, N_VALUES):
            i = h.two_card(a, b)
            ways = base[a] * (base[b] - (a == b))
            if a != b:
                ways *= 2
            if ways <= 0:
                continue
            for u in range(N_VALUES):
                cu = base[u] - (u == a) - (u == b)
                if cu > 0:
                    out[i, u] = ways * cu / (n * (n - 1) * (n - 2))
    return out


def _split_codes(codes: np.ndarray, split_hands_surrender: bool) -> np.ndarray:
    """``codes`` as a split hand reads them: where split hands may not surrender (always, by
    ``BlackjackRules.may_surrender``), 'surrender else hit' is hit and 'surrender else stand'
    stand (``player.coded_action``), so charts that differ only there play it alike."""
    if split_hands_surrender:
        return codes
    out = codes.copy()
    out[codes == Action.SURRENDER_ELSE_HIT] = Action.HIT
    out[codes == Action.SURRENDER_ELSE_STAND] = Action.STAND
    return out


@lru_cache(maxsize=1)
def _pair_hands() -> np.ndarray:
    """Hand-table index of the two-card pair of each value index."""
    h = hand_table()
    return np.array([h.two_card(p, p) for p in range(N_VALUES)])


@lru_cache(maxsize=1)
def _two_card_hands() -> np.ndarray:
    """Hand-table indices of every two-card hand (the initial deals)."""
    h = hand_table()
    return np.array(sorted({h.two_card(a, b) for a in range(N_VALUES) for b in range(N_VALUES)}))


def _natural_push(base: np.ndarray, u: int) -> float:
    """P(the dealer's hole card completes a natural | a player natural and up card ``u``)."""
    s = base.copy()
    s[ACE] -= 1
    s[TEN] -= 1
    s[u] -= 1
    return player.natural_probability(s, u, int(s.sum()))


def round_result(
    analysis: ShoeAnalysis,
    policy: BlackjackPolicy,
    unsplit: ContextValues,
    split_ev: np.ndarray,
) -> RoundResult:
    """Sum the deal values over every initial deal (a deal of probability 0 is valued 0)."""
    h = hand_table()
    rules = analysis.rules
    base = analysis.base
    prob = deal_probabilities(base)
    dealt = prob != 0
    two = _two_card_hands()
    deal_ev = np.zeros_like(prob)
    deal_act = np.zeros(prob.shape, dtype=np.int64)
    take = dealt[two]
    deal_ev[two] = np.where(take, unsplit.value[two], 0.0)
    deal_act[two] = np.where(take, unsplit.action[two], 0)
    for a in range(N_VALUES):
        i = h.two_card(a, a)
        for u in range(N_VALUES):
            sv = split_ev[a, u]
            if not dealt[i, u] or np.isnan(sv):
                continue
            code = policy.pairs[a, u]
            if code == Action.SPLIT or (code != Action.NO_SPLIT and sv > deal_ev[i, u]):
                deal_ev[i, u] = sv
                deal_act[i, u] = Action.SPLIT
    natural = h.two_card(ACE, TEN)
    for u in range(N_VALUES):
        if dealt[natural, u]:
            deal_ev[natural, u] = rules.natural_payout * (1.0 - _natural_push(base, u))
            deal_act[natural, u] = Action.STAND
        else:
            deal_ev[natural, u] = 0.0
            deal_act[natural, u] = 0
    total = float((prob * deal_ev).sum())
    return RoundResult(
        rules, policy.name, total, prob, deal_ev, deal_act, unsplit, split_ev, analysis.shoe
    )


def evaluate_round(
    rules: BlackjackRules,
    shoe: Shoe,
    policy: BlackjackPolicy = OPTIMAL_POLICY,
) -> RoundResult:
    """Exact EV of a round under ``rules`` dealt from ``shoe``, played by ``policy`` (default:
    CDZ- optimal)."""
    return ShoeAnalysis(rules, shoe).evaluate(policy)


@lru_cache(maxsize=16)
def shoe_analysis(rules: BlackjackRules, shoe: Shoe) -> ShoeAnalysis:
    """The analysis of ``shoe`` for ``rules``, kept for reuse (rules and shoes are hashable)."""
    return ShoeAnalysis(rules, shoe)
