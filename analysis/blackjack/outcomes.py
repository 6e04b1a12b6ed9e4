"""The distribution of a blackjack round's net result, per initial wager (the return table).

The outcome bins are the simulator's: a natural paid (net: the rules' payout), a natural
pushed (0), every whole net -8 .. +8 (up to four hands, each doubled), and, when the rules
allow it, a surrender (-0.5; under peek a dealer natural takes the whole wager first, so its
rounds are in bin -1; without a hole card a surrendered round loses half even to a natural).

How each part is computed, from the evaluator's own structures:

- **Unsplit deals: exact.** ``hand_distributions`` sweeps the hands like the evaluator's
  ``play_values`` (children first), but keeps for every hand the joint distribution of the
  dealer's result and the hand's net result (and its expected wager) instead of the EV. A
  stand reads the dealer's outcome probabilities of its exact shoe (``context_outcomes``);
  a bust takes P(dealer result, that card busts) = P(result | hand) - sum over non-busting
  cards of P(card) P(result | hand + card), the identity that makes the hole card drawable
  last. Its mean is the evaluator's value, term by term.
- **Split deals: exact pattern probabilities and exact one-hand marginals; hands combined as
  independent given the dealer's result.** The Farmer-Nairn method (``split.py``) values a
  split as a sum over the endings of the split (pair cards resplit, hands completed) of
  one-hand expectations on shoes with pair and non-pair cards removed. The same linear
  algebra applied to each hand's joint distribution of (dealer result, net, wager) gives, for
  every ending, each hand's exact joint distribution with the dealer's result. The hands of
  one ending are then combined as independent given the dealer's result (17..21, bust,
  natural): the only approximation, leaving out how the split hands' cards shift one another's
  chances once the dealer's result is fixed. The mean is unaffected (it is linear), so the
  distribution's mean is the exact edge; probabilities sum to 1 exactly; only how split
  rounds spread over the bins -8..8 is approximate. The Fraction twin
  (``reference.Reference.outcome_distribution``) plays split hands literally and measures the
  gap on small shoes (tests).

Under peek, every round in which the dealer has a natural (the player none) is lost by exactly
the initial wager, whatever the player would have done: its mass goes to bin -1. Under the
five-card rule a hand of five cards wins its wager whatever the dealer's result (without peek a
natural included).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from cardedge.analysis.blackjack import player
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.dealer import BUST, N_OUTCOMES, NATURAL
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY, BlackjackPolicy
from cardedge.analysis.blackjack.round import ContextValues, RoundResult, ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.split import _drop_nonpairs, pattern_probability, split_patterns
from cardedge.analysis.core.kernels import entry, inline
from cardedge.core.sums import convolve

HAND_BINS = 9
"""A hand's net in half units -2 .. +2 (index 2 net + 4): doubled loss .. doubled win."""
WAGER = HAND_BINS
"""Slot after the net bins: E[the hand's wager; dealer result] (1, or 2 when doubled)."""
SLOTS = HAND_BINS + 1
MAX_NET = 8
"""Four hands, each doubled."""
ROUND_BINS = 4 * MAX_NET + 1
"""A round's net in half units -8 .. +8 (index 2 net + 16)."""
SURRENDER_NET = -0.5


@inline
def _result(total, outcome):
    """+1, 0 or -1: a standing total (<= 21) against a dealer result (17..21, bust, natural)."""
    if outcome == BUST:
        return 1
    if outcome == NATURAL:
        return -1
    dealer = 17 + outcome
    if total > dealer:
        return 1
    if total < dealer:
        return -1
    return 0


@inline
def _settle(out, i, u, total, wager, weights, scale):
    """Add a standing hand of ``total`` and ``wager`` against dealer results of probability
    ``scale * weights[outcome]`` to ``out[i, u]``."""
    for d in range(N_OUTCOMES):
        w = scale * weights[d]
        out[i, u, d, 2 * wager * _result(total, d) + 4] += w
        out[i, u, d, WAGER] += wager * w


@entry
def hand_distributions(base, rules, p, e, counts, n_cards, child, total, act, outcomes, out):
    """Fill ``out[hand, up, dealer result, slot]`` for every hand of context (p, e).

    Slots 0..8: P(dealer result and the hand's net = (slot - 4) / 2 units), the hand played by
    ``act[hand, up]`` (``Action`` codes, as ``play_values`` chose them) from the state's shoe;
    slot ``WAGER``: E[the hand's final wager; dealer result]. ``outcomes[hand, up]``: the
    dealer's result probabilities given the hand's cards (``ShoeAnalysis.context_outcomes``).
    ``rules``: the rules' ``KernelRules`` record (split aces taking one card, the five-card
    rule). A dealer natural beats every hand by its wager (a doubled hand loses 2): the no-peek
    settlement; under peek the caller moves the natural's mass to -1. A hand the five-card rule
    settles (``rules.charlie`` cards) wins its wager whatever the dealer's result.
    """
    two_card_only = rules.one_card[p + 1]
    shoe = np.empty(N_VALUES, dtype=np.int64)
    left = np.empty(N_OUTCOMES)
    for i in range(counts.shape[0] - 1, -1, -1):
        out[i] = 0.0
        if not player.in_context(counts, n_cards, i, p, two_card_only):
            continue
        if not player.state_shoe(base, counts, i, p, e, shoe):
            continue
        n = 0
        for v in range(N_VALUES):
            n += shoe[v]
        for u in range(N_VALUES):
            if shoe[u] == 0:
                continue
            a = act[i, u]
            if n_cards[i] == rules.charlie:
                for d in range(N_OUTCOMES):  # net +1: slot 2 * 1 + 4
                    out[i, u, d, 6] += outcomes[i, u, d]
                    out[i, u, d, WAGER] += outcomes[i, u, d]
                continue
            if two_card_only or a == Action.STAND:
                _settle(out, i, u, total[i], 1, outcomes[i, u], 1.0)
                continue
            if a == Action.SURRENDER:
                for d in range(N_OUTCOMES):
                    out[i, u, d, 3] += outcomes[i, u, d]
                    out[i, u, d, WAGER] += outcomes[i, u, d]
                continue
            wager = 2 if a == Action.DOUBLE else 1
            shoe[u] -= 1
            m = n - 1
            for d in range(N_OUTCOMES):
                left[d] = outcomes[i, u, d]
            for x in range(N_VALUES):
                j = child[i, x]
                if shoe[x] == 0 or j < 0:
                    continue
                px = shoe[x] / m
                for d in range(N_OUTCOMES):
                    left[d] -= px * outcomes[j, u, d]
                if wager == 2:
                    _settle(out, i, u, total[j], 2, outcomes[j, u], px)
                else:
                    for d in range(N_OUTCOMES):
                        for s in range(SLOTS):
                            out[i, u, d, s] += px * out[j, u, d, s]
            shoe[u] += 1
            # the busting cards: what is left of P(dealer result | this hand)
            for d in range(N_OUTCOMES):
                out[i, u, d, 4 - 2 * wager] += left[d]
                out[i, u, d, WAGER] += wager * left[d]


def context_distributions(
    analysis: ShoeAnalysis, values: ContextValues, p: int = -1, e: int = 0
) -> np.ndarray:
    """``[hand, up, dealer result, slot]`` of ``hand_distributions`` for one context, played
    by the actions ``values.action`` (``ShoeAnalysis.play`` of the same context)."""
    h = analysis.hands
    out = np.zeros((len(h.n_cards), N_VALUES, N_OUTCOMES, SLOTS))
    hand_distributions(
        analysis.base,
        analysis.kernel_rules,
        p,
        e,
        h.counts,
        h.n_cards,
        h.child,
        h.total,
        values.action,
        analysis.context_outcomes(p, e),
        out,
    )
    return out


# -- splits ------------------------------------------------------------------------------------
def _pair_arrays(analysis, contexts, p, u, s):
    """One split hand's joint arrays [dealer result, slot] per context a (a more pair cards
    gone): X (any second card, a pair played unsplit) and P (the pair p,p played unsplit)."""
    h = analysis.hands
    xs, ps = [], []
    for a, dist in enumerate(contexts):
        sa = s.copy()
        sa[p] -= a
        na = int(sa.sum())
        x = np.zeros((N_OUTCOMES, SLOTS))
        if sa[p] >= 0 and na > 0:
            for y in range(N_VALUES):
                if sa[y] > 0:
                    x += sa[y] / na * dist[h.two_card(p, y), u]
        xs.append(x)
        ps.append(dist[h.two_card(p, p), u].copy())
    return xs, ps


def _given_nonpair(xs, ps, n, pairs):
    """The N arrays: a split hand whose second card is not a pair card (``split_value``'s n0)."""
    out = []
    for a, (x, pp) in enumerate(zip(xs, ps, strict=True)):
        left = n - a
        w = (pairs - a) / left if left > 0 and pairs - a > 0 else 0.0
        out.append(x * 0.0 if w == 1 else (x - w * pp) / (1 - w))
    return out


def _ending_hands(pattern, max_hands, x, nonpair):
    """The arrays of the hands of one ending of the split (``split_value``'s terms)."""
    r, k = pattern.resplits, pattern.completed
    if pattern.at_limit:
        return [nonpair[r][k - 1]] * k + [x[r][k]] * (max_hands - k)
    return [nonpair[r][k - 1]] * pattern.hands


def _combine(hands, peek: bool) -> tuple[np.ndarray, float]:
    """Round net distribution (``ROUND_BINS`` half units) and expected total wager of the hands
    of one ending, independent given the dealer's result."""
    out = np.zeros(ROUND_BINS)
    wager = 0.0
    first = hands[0]
    for d in range(N_OUTCOMES):
        p_d = first[d, :HAND_BINS].sum()
        if p_d == 0.0:
            continue
        if peek and d == NATURAL:
            out[2 * -1 + 2 * MAX_NET] += p_d
            wager += p_d
            continue
        dist = first[d, :HAND_BINS].copy()
        for hand in hands[1:]:
            dist = convolve(dist, hand[d, :HAND_BINS] / hand[d, :HAND_BINS].sum())
        lo = 2 * MAX_NET - (len(dist) - 1) // 2
        out[lo : lo + len(dist)] += dist
        wager += sum(hand[d, WAGER] * p_d / hand[d, :HAND_BINS].sum() for hand in hands)
    return out, wager


def split_distribution(analysis, contexts, p, u) -> tuple[np.ndarray, float]:
    """Net distribution (``ROUND_BINS``) and expected total wager of splitting pair p against
    up card u, given that deal (see the module doc: hands independent given the dealer)."""
    base = analysis.base
    s = base.copy()
    s[p] -= 2
    s[u] -= 1
    n, pairs = int(s.sum()), int(s[p])
    max_hands = analysis.rules.max_hands(p + 1)
    xs, ps = _pair_arrays(analysis, contexts, p, u, s)
    n0 = _given_nonpair(xs, ps, n, pairs)
    depth = max_hands - 2
    x = _drop_nonpairs(xs, n, pairs, depth, own_nonpair=False)
    nonpair = _drop_nonpairs(n0, n, pairs, depth, own_nonpair=True)
    out = np.zeros(ROUND_BINS)
    wager = 0.0
    for pat in split_patterns(max_hands):
        prob = pat.orders * pattern_probability(n, pairs, pat)
        if prob == 0:
            continue
        dist, w = _combine(_ending_hands(pat, max_hands, x, nonpair), analysis.rules.peek)
        out += prob * dist
        wager += prob * w
    return out, wager


# -- the round ---------------------------------------------------------------------------------
def outcome_labels(rules: BlackjackRules) -> tuple[str, ...]:
    """The bins, as the simulator names them: natural wins, natural pushes, -8 .. +8, and
    surrender when the rules allow it."""
    nets = tuple(f"{n:+d}" if n else "0" for n in range(-MAX_NET, MAX_NET + 1))
    return ("natural wins", "natural pushes") + nets + (("surrender",) if rules.surrender else ())


@dataclass(frozen=True)
class Outcomes:
    """Exact distribution of one round's net result per initial wager (split rounds: see the
    module doc), under one rule set and policy, from a fresh shoe."""

    rules: BlackjackRules
    policy: str
    probability: dict[str, float]
    """P(bin), by ``outcome_labels``; sums to 1."""
    net: dict[str, float]
    """Net result per initial wager of each bin (natural wins: the rules' payout)."""
    expected_wager: float
    """Expected total amount wagered per round, in initial wagers (doubles and split hands
    included; a surrender counts its whole initial wager)."""
    split_part: dict[str, float]
    """P(bin and the round is split), by bin: the part whose spread over the bins combines the
    split hands as independent given the dealer's result (the rest is exact)."""

    def priced(self, rules: BlackjackRules) -> Outcomes:
        """The distribution under ``rules``, which differ from these only in the natural's
        payout: the same probabilities, the natural's bin paid the new payout."""
        if rules.with_(natural=self.rules.natural) != self.rules:
            raise ValueError("priced: the rules may differ only in the natural's payout")
        net = {**self.net, "natural wins": rules.natural_payout}
        return replace(self, rules=rules, net=net)

    @property
    def split_probability(self) -> float:
        """P(the round is split)."""
        return sum(self.split_part.values())

    def rows(self) -> list[tuple[str, float, float]]:
        """(bin, net, probability) of every bin of positive probability, highest net first."""
        keys = sorted(self.probability, key=lambda k: (-self.net[k], k))
        return [(k, self.net[k], self.probability[k]) for k in keys if self.probability[k] > 0]

    @property
    def ev(self) -> float:
        """Expected net result per initial wager (player's sign: negative, the house wins)."""
        return sum(self.net[k] * p for k, p in self.probability.items())

    @property
    def std(self) -> float:
        """Standard deviation of the round's net result, per initial wager."""
        second = sum(self.net[k] ** 2 * p for k, p in self.probability.items())
        return float(np.sqrt(second - self.ev**2))

    @property
    def element_of_risk_percent(self) -> float:
        """House edge per unit of the total amount wagered (doubles and splits included), %."""
        return -100.0 * self.ev / self.expected_wager


def _natural_split(analysis: ShoeAnalysis, u: int) -> float:
    """P(the dealer also has a natural | player natural, up card u)."""
    s = analysis.base.copy()
    s[ACE] -= 1
    s[TEN] -= 1
    s[u] -= 1
    return player.natural_probability(s, u, int(s.sum()))


def outcome_distribution(
    analysis: ShoeAnalysis, policy: BlackjackPolicy = OPTIMAL_POLICY
) -> Outcomes:
    """The distribution of the round's net result under ``policy`` on the analysis' shoe."""
    return distribution_of(analysis, policy, analysis.evaluate(policy))


def distribution_of(
    analysis: ShoeAnalysis, policy: BlackjackPolicy, result: RoundResult
) -> Outcomes:
    """``outcome_distribution`` given the policy's round result (its actions and splits)."""
    rules = analysis.rules
    h = hand_table()
    halves = np.zeros(ROUND_BINS)
    split_halves = np.zeros(ROUND_BINS)
    wager = 0.0
    natural = {"natural wins": 0.0, "natural pushes": 0.0}
    unsplit = context_distributions(analysis, result.unsplit)
    splits = split_deals(analysis, policy, result)
    nat = h.two_card(ACE, TEN)
    for a in range(N_VALUES):
        for b in range(a, N_VALUES):
            i = h.two_card(a, b)
            for u in range(N_VALUES):
                w = result.deal_probability[i, u]
                if w == 0:
                    continue
                if i == nat:
                    push = _natural_split(analysis, u)
                    natural["natural wins"] += w * (1.0 - push)
                    natural["natural pushes"] += w * push
                    wager += w
                elif result.deal_action[i, u] == Action.SPLIT:
                    dist, wag = splits[(a, u)]
                    split_halves += w * dist
                    wager += w * wag
                else:
                    dist, wag = _unsplit_deal(unsplit[i, u], rules.peek)
                    halves[2 * MAX_NET - 4 : 2 * MAX_NET + 5] += w * dist
                    wager += w * wag
    net = {"natural wins": rules.natural_payout, "natural pushes": 0.0}
    for k in range(-MAX_NET, MAX_NET + 1):
        net[f"{k:+d}" if k else "0"] = float(k)
    if rules.surrender:
        net["surrender"] = SURRENDER_NET
    # a natural is no half-unit bin (it pays any payout the rules give, 1000:1 included)
    split_part = {
        label: 0.0 if label in natural else float(split_halves[_bin(x)]) for label, x in net.items()
    }
    probability = {
        label: natural[label] if label in natural else float(halves[_bin(x)]) + split_part[label]
        for label, x in net.items()
    }
    return Outcomes(rules, policy.name, probability, net, float(wager), split_part)


def _bin(net: float) -> int:
    """Index of a net result in the half-unit round bins."""
    return int(round(2 * net)) + 2 * MAX_NET


def _unsplit_deal(dist: np.ndarray, peek: bool) -> tuple[np.ndarray, float]:
    """A hand's [dealer result, slot] array as its net distribution (9 half units) and
    expected wager; under peek a dealer natural costs exactly the initial wager."""
    if peek:
        rest = np.delete(dist, NATURAL, axis=0)
        nets = rest[:, :HAND_BINS].sum(axis=0)
        p_nat = dist[NATURAL, :HAND_BINS].sum()
        nets[2] += p_nat
        return nets, float(rest[:, WAGER].sum() + p_nat)
    return dist[:, :HAND_BINS].sum(axis=0), float(dist[:, WAGER].sum())


def split_deals(analysis, policy, result) -> dict[tuple[int, int], tuple[np.ndarray, float]]:
    """``split_distribution`` of every (pair, up card) the policy splits."""
    out = {}
    split = result.deal_action == Action.SPLIT
    h = hand_table()
    for p in range(N_VALUES):
        ups = [u for u in range(N_VALUES) if split[h.two_card(p, p), u]]
        if not ups:
            continue
        max_hands = analysis.rules.max_hands(p + 1)
        contexts = []
        for a in range(2 * (max_hands - 2) + 1):
            values = analysis.play(policy, p, 1 + a, result.unsplit)
            contexts.append(context_distributions(analysis, values, p, 1 + a))
        for u in ups:
            out[(p, u)] = split_distribution(analysis, contexts, p, u)
    return out
