"""Composition-dependent player evaluator for blackjack (numba kernels).

A shoe state is (base, hand, context): the pre-deal shoe ``base`` (counts by value index) less
the hand's cards and, in a split context (p, e), ``e`` further cards of the pair value p (the
other split cards known to be gone). The up card is still in the state's shoe; the kernels take
it out per up card. Memo arrays are dense, ``[hand index, up card]``, one per context:

- ``batch_outcomes`` gives the dealer's outcome probabilities of shoe states; the caller keeps
  them per removed multiset of cards (many hands of different contexts remove the same cards),
  turns them into stand EVs (``stand_sign``), once per context, shared by every strategy.
- ``play_values`` sweeps the hands from most cards to fewest (children first, no recursion),
  giving the hit and double EVs and the value of the hand under a strategy.

Every EV is per unit of the hand's initial wager, dealer naturals included: under no peek a
dealer natural takes the doubled wager too (loss 2 on a double), under peek only the initial
wager (loss 1), which is the exact unconditional value because the natural's cost does not
depend on the player's decisions.

The five-card rule (when the rules' record has ``charlie`` = 5): a hand of five cards that has
not busted wins at once, even money, and draws no more. Its stand EV is that value (the round
puts it there: ``charlie_sign``), +1 without a hole card, 1 - 2 P(natural) under peek (a peeked
natural takes the initial wager before play); ``play_values`` plays it as a stand.

Surrender (when the rules allow it: an unsplit hand's first two cards) gives up half the initial
wager: EV -0.5 once the player may surrender. Under peek (late surrender) a dealer natural has
already taken the whole wager, so the unconditional EV is -0.5 - 0.5 P(natural); without a hole
card the player loses 0.5 whatever the dealer then holds, natural included.

A strategy is data: ``codes[hand, up]`` holds ``actions.Action`` codes: ``OPTIMAL`` (best action
for the exact shoe), a fixed ``STAND``/``HIT``, ``DOUBLE_ELSE_HIT``/``DOUBLE_ELSE_STAND`` (double
on two cards when allowed, else hit / stand) or ``SURRENDER_ELSE_HIT``/``SURRENDER_ELSE_STAND``
(surrender when allowed, else hit / stand).
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.dealer import BUST, NATURAL, dealer_outcomes_batch
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN
from cardedge.analysis.core.kernels import entry, inline

SURRENDER_LOSS = 0.5
"""What surrender costs, per unit of the initial wager."""


@inline
def state_shoe(base, counts, i, p, e, shoe):
    """Fill ``shoe`` with the state's counts (up card in); False if the state is impossible."""
    for v in range(N_VALUES):
        shoe[v] = base[v] - counts[i, v] - (e if v == p else 0)
        if shoe[v] < 0:
            return False
    return True


@inline
def in_context(counts, n_cards, i, p, two_card_only):
    """True when hand ``i`` is a hand of the context: two cards or more, holding the pair card
    in a split context (p >= 0), exactly two cards when split aces take one card."""
    if n_cards[i] < 2:
        return False
    if p >= 0 and counts[i, p] == 0:
        return False
    if two_card_only and n_cards[i] != 2:
        return False
    return True


def stand_sign() -> np.ndarray:
    """``[player total, outcome]``: the result of standing on the total (<= 21) against each
    dealer outcome (17..21, bust, natural); a dealer natural beats every non-natural hand."""
    sign = np.zeros((22, 7))
    for total in range(22):
        for k in range(5):
            sign[total, k] = np.sign(total - (17 + k))
        sign[total, BUST] = 1.0
        sign[total, NATURAL] = -1.0
    return sign


def charlie_sign(peek: bool) -> np.ndarray:
    """``[outcome]``: a five-card hand's result against each dealer outcome (17..21, bust,
    natural) under the five-card rule: +1, settled before the dealer reveals anything, a
    natural included; under peek -1 to a natural, which took the initial wager before play."""
    sign = np.ones(7)
    if peek:
        sign[NATURAL] = -1.0
    return sign


@entry
def batch_outcomes(
    base, removed, size, card_start, card_key, up_start, up_slot, up_orderings, out, scratch
):
    """Fill ``out[k, up, outcome]`` with the dealer's outcome probabilities for the shoe
    ``base - removed[k]`` (the up card still in it), for every row k (``scratch``:
    ``dealer.batch_scratch()``)."""
    dealer_outcomes_batch(
        base, removed, size, card_start, card_key, up_start, up_slot, up_orderings, out, scratch
    )


@inline
def natural_probability(shoe, u, n_left):
    """P(the hole card completes a dealer natural) with up card ``u`` out of ``shoe``; the
    shoe then holds ``n_left`` cards."""
    if n_left <= 0:
        return 0.0
    if u == ACE:
        return shoe[TEN] / n_left
    if u == TEN:
        return shoe[ACE] / n_left
    return 0.0


@inline
def surrender_value(pnat, natural_loss):
    """EV per initial wager of surrendering when the hole card completes a natural with
    probability ``pnat`` and the player then loses ``natural_loss`` (1 under peek, the whole
    wager before surrender was possible; 0.5 without a hole card)."""
    return -SURRENDER_LOSS * (1.0 - pnat) - natural_loss * pnat


@inline
def choose(stand, hit, dbl, sur, can_double, can_surrender):
    """Action of the best EV (stand wins ties; a double or a surrender must be strictly
    better than everything before it)."""
    best = Action.STAND
    value = stand
    if hit > value:
        best = Action.HIT
        value = hit
    if can_double and dbl > value:
        best = Action.DOUBLE
        value = dbl
    if can_surrender and sur > value:
        best = Action.SURRENDER
    return best


@inline
def coded_action(code, can_double, can_surrender, stand, hit, dbl, sur):
    """Action a fixed strategy code takes (OPTIMAL: the best of the given EVs)."""
    if code == Action.STAND:
        return Action.STAND
    if code == Action.HIT:
        return Action.HIT
    if code == Action.DOUBLE_ELSE_HIT:
        return Action.DOUBLE if can_double else Action.HIT
    if code == Action.DOUBLE_ELSE_STAND:
        return Action.DOUBLE if can_double else Action.STAND
    if code == Action.SURRENDER_ELSE_HIT:
        return Action.SURRENDER if can_surrender else Action.HIT
    if code == Action.SURRENDER_ELSE_STAND:
        return Action.SURRENDER if can_surrender else Action.STAND
    return choose(stand, hit, dbl, sur, can_double, can_surrender)


@entry
def play_values(rules, c, e, base, hands, codes, ref, out, shoe):
    """Fill hit, double, surrender, value and action ``[hand, up]`` of every hand of a context.

    ``rules``: the rules' ``KernelRules`` record; ``c``: the context, 0 for the unsplit hand or
    ``p + 1`` for a hand split from pair value index p with ``e`` other pair cards out.
    ``hands``: ``hands.HandArrays``. ``out`` = (stand, hit, double, surrender, value, action)
    arrays, stand filled in; ``shoe`` a work array of ``N_VALUES`` int64. ``value`` is the
    hand's EV under ``codes``; an OPTIMAL cell takes the action that is best by ``ref`` =
    (stand, hit, double, surrender) (pass the context's own arrays for exact-shoe optimal play,
    the unsplit arrays for CDZ- split hands). A hand
    may double or surrender where the record says so; a double that busts or meets a dealer
    natural loses 2, or under peek 1 on the natural. ``double`` is NaN on a two-card hand that
    may not double, ``surrender`` NaN where not allowed. A hand the five-card rule settles
    (``rules.charlie`` cards) stands whatever ``codes`` says: value its stand EV (the
    rule's value, filled in by the caller), ``hit`` NaN.
    """
    stand, hit, dbl, sur, val, act = out
    ref_stand, ref_hit, ref_dbl, ref_sur = ref
    counts, n_cards, child = hands.counts, hands.n_cards, hands.child
    p = c - 1
    two_card_only = rules.one_card[c]
    keep = 2.0 - rules.natural_loss_on_double
    for i in range(counts.shape[0] - 1, -1, -1):
        for u in range(N_VALUES):
            hit[i, u] = 0.0
            dbl[i, u] = 0.0
            sur[i, u] = np.nan
            val[i, u] = 0.0
            act[i, u] = Action.STAND
        if not in_context(counts, n_cards, i, p, two_card_only):
            continue
        if not state_shoe(base, counts, i, p, e, shoe):
            continue
        n = 0
        for v in range(N_VALUES):
            n += shoe[v]
        two = n_cards[i] == 2
        charlie = n_cards[i] == rules.charlie
        can_double = two and rules.double[c, hands.total[i], 1 if hands.soft[i] else 0]
        can_surrender = two and rules.surrender[c]
        if two and not can_double:
            for u in range(N_VALUES):
                dbl[i, u] = np.nan
        for u in range(N_VALUES):
            if shoe[u] == 0:
                continue
            if two_card_only:
                val[i, u] = stand[i, u]
                continue
            if charlie:
                hit[i, u] = np.nan
                val[i, u] = stand[i, u]
                continue
            shoe[u] -= 1
            m = n - 1
            h = 0.0
            d = 0.0
            for x in range(N_VALUES):
                if shoe[x] == 0:
                    continue
                px = shoe[x] / m
                j = child[i, x]
                if j < 0:
                    h -= px
                else:
                    h += px * val[j, u]
                if can_double:
                    shoe[x] -= 1
                    pnat = natural_probability(shoe, u, m - 1)
                    shoe[x] += 1
                    if j < 0:
                        d += px * (-2.0 + keep * pnat)
                    else:
                        d += px * (2.0 * stand[j, u] + keep * pnat)
            if can_surrender:
                sur[i, u] = surrender_value(
                    natural_probability(shoe, u, m), rules.surrender_natural_loss
                )
            shoe[u] += 1
            hit[i, u] = h
            if can_double or not two:
                dbl[i, u] = d
            a = coded_action(
                codes[i, u],
                can_double,
                can_surrender,
                ref_stand[i, u],
                ref_hit[i, u],
                ref_dbl[i, u],
                ref_sur[i, u],
            )
            act[i, u] = a
            if a == Action.STAND:
                val[i, u] = stand[i, u]
            elif a == Action.HIT:
                val[i, u] = h
            elif a == Action.DOUBLE:
                val[i, u] = d
            else:
                val[i, u] = sur[i, u]
