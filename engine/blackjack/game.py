"""European blackjack as a game: deal, legal actions, settlement of every wager by the rules.

One ``BlackjackRound`` is one round from a freshly shuffled shoe, dealt in table order: the
player's two cards, the dealer's up card and hole card, then the player's draws hand by hand
(a split hand gets its second card when it comes into play; a resplit hand goes to the end of
the line), then the dealer's draws. The ``BlackjackRules`` object decides everything: peek or
no peek, double after split, the hand limit, resplitting and hitting split aces, soft 17, the
natural's payout and surrender. Results are per initial wager.

Surrender, when the rules allow it, is legal on the first two cards of an unsplit hand and
settles at -0.5: with peek a dealer natural has already ended the round (-1) before the player
could act; without a hole card the surrendered half is lost whatever the dealer then holds,
a natural included. The dealer draws only when some hand is still to be settled.

Under the five-card rule (``five_card``) a hand that reaches five cards without busting is
settled at once: it wins its wager, even money, whatever the dealer then holds (without peek a
natural included; with peek a dealer natural ended the round before play). It is closed, so no
action can reach it again.

Insurance (``insurance``), when the rules offer it against the ace up, is taken by ``insure``
before the player's first action (a natural's round and a peeked dealer natural's included:
insurance is offered before the peek, and the cards are the same): half the initial wager,
+1 (2 to 1) when the dealer has a natural, -0.5 when not. It is a bet of its own: the outcome
gives it as ``insurance``, apart from ``net``, the hands' result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cardedge.analysis.blackjack.hands import ACE, TEN, VALUE_LABELS
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.cards import POINT_VALUES
from cardedge.engine.core import game as core
from cardedge.engine.core.dealing import IllegalAction, ShuffledShoe, rank_of
from cardedge.engine.core.game import Hand, Round, SeatDeal, View
from cardedge.engine.core.game import play_round as play_round  # the games' callers' name

STAND, HIT, DOUBLE, SPLIT, SURRENDER = "stand", "hit", "double", "split", "surrender"
ACTIONS: tuple[str, ...] = (STAND, HIT, DOUBLE, SPLIT, SURRENDER)
"""Indexed by the ``analysis.blackjack.player.ACTION_*`` codes."""
FIRST_ACTIONS: tuple[str, ...] = ("natural", *ACTIONS)
"""How a round's initial hand was played, as ``RoundResult.action_probabilities`` counts them."""
SURRENDER_NET = -0.5
"""A surrendered hand's result, per initial wager."""
INSURANCE_STAKE = 0.5
"""The insurance bet, per initial wager."""
INSURANCE_PAYS = 2.0
"""Insurance's payout to 1 on a dealer natural."""


def first_actions(rules: BlackjackRules) -> tuple[str, ...]:
    """The first actions a round under ``rules`` can count (surrender only when allowed)."""
    return FIRST_ACTIONS if rules.surrender else FIRST_ACTIONS[:-1]


def value_index(kind: int) -> int:
    """Value index of a card kind: 0 ace, 1..8 for 2..9, 9 any ten-value card."""
    return POINT_VALUES[rank_of(kind)] - 1


def hard_total(kinds) -> int:
    """Sum of the cards with every ace counted 1."""
    return sum(value_index(k) + 1 for k in kinds)


def best_total(kinds) -> int:
    """The hand's total: one ace counts 11 when that does not pass 21."""
    hard = hard_total(kinds)
    if any(value_index(k) == ACE for k in kinds) and hard + 10 <= 21:
        return hard + 10
    return hard


def is_soft(kinds) -> bool:
    """True when an ace counts 11 in ``best_total``."""
    return best_total(kinds) != hard_total(kinds)


def _pair_value(hand: BlackjackHand) -> int | None:
    """The point value (1 aces .. 10) of the pair ``hand`` was split from, as the rules' legality
    questions take it; None for an unsplit hand."""
    return None if hand.split_from is None else hand.split_from + 1


def is_natural(kinds) -> bool:
    """Two cards, an ace and a ten-value card."""
    return len(kinds) == 2 and sorted(value_index(k) for k in kinds) == [ACE, TEN]


def dealer_draws(kinds, rules: BlackjackRules) -> bool:
    """True when the dealer takes another card: below 17, or soft 17 when hitting soft 17."""
    total = best_total(kinds)
    return total < 17 or (total == 17 and rules.h17 and is_soft(kinds))


def settle_hand(
    total: int, wager: float, dealer_total: int, dealer_natural: bool, busted: bool
) -> float:
    """Net result of one non-natural hand: a bust loses at once, a dealer natural beats every
    such hand (doubled and split wagers too), a dealer bust pays, else higher total wins."""
    if busted or dealer_natural:
        return -wager
    if dealer_total > 21 or total > dealer_total:
        return wager
    if total < dealer_total:
        return -wager
    return 0.0


@dataclass
class BlackjackHand(Hand):
    """One player hand: cards (kinds), wager, and the pair it was split from (value index)."""

    split_from: int | None = None
    one_card: bool = False
    """Split aces that take one card only (``hit_split_aces`` off)."""
    surrendered: bool = False
    five_card: bool = False
    """Won at once by the five-card rule (five cards, not bust)."""

    hand_total = staticmethod(best_total)

    @property
    def busted(self) -> bool:
        return hard_total(self.cards) > 21

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(value_index(k) for k in self.cards)

    @property
    def settled_early(self) -> bool:
        """Busted, surrendered or won by the five-card rule: the dealer's hand no longer
        matters to it."""
        return self.busted or self.surrendered or self.five_card

    def net(self, dealer_total: int, dealer_natural: bool) -> float:
        """The hand's result once the dealer has finished (a surrender: -0.5 and a five-card
        hand +1 whatever the dealer holds; the round of a peeked natural never gets here)."""
        if self.surrendered:
            return SURRENDER_NET * self.wager
        if self.five_card:
            return self.wager
        return settle_hand(self.total, self.wager, dealer_total, dealer_natural, self.busted)


@dataclass(frozen=True)
class BlackjackView(View):
    """What the player sees when deciding: own cards, up card, every hand's cards, legal actions
    (``values`` and ``up_value`` are value indices)."""

    split_from: int | None
    """Value index of the split pair for a split hand, else None."""
    legal: tuple[str, ...]

    card_value = staticmethod(value_index)
    hand_total = staticmethod(best_total)

    @property
    def soft(self) -> bool:
        return is_soft(self.hand)


@dataclass(frozen=True)
class HandResult(core.HandResult):
    """A settled hand: cards, total, wager (2 when doubled), bust, net result, surrender, and
    whether the five-card rule won it."""

    busted: bool
    net: float
    surrendered: bool = False
    five_card: bool = False


@dataclass(frozen=True)
class BlackjackOutcome(core.Outcome):
    """A settled round; ``net`` per initial wager."""

    player_natural: bool
    dealer_natural: bool
    first_action: str | None
    """The first action on the initial hand ('natural' for a natural; None when a peeking
    dealer's natural ended the round before the player acted)."""
    insurance: float = 0.0
    """The insurance bet's net per initial wager (+1 won, -0.5 lost, 0 not taken): a bet of
    its own, not in ``net``."""


@dataclass
class BlackjackRound(Round):
    """One round of blackjack from a freshly shuffled shoe; drive it with ``act``."""

    rules: BlackjackRules
    shoe: ShuffledShoe
    seat: SeatDeal | None = None
    """At a table (``engine/core/table.py``): the cards the table dealt this seat."""
    hands: list[BlackjackHand] = field(init=False)
    up: int = field(init=False)
    hole: int = field(init=False)
    dealer: list[int] = field(init=False)
    current: int = field(init=False, default=0)
    first_action: str | None = field(init=False, default=None)
    outcome: BlackjackOutcome | None = field(init=False, default=None)
    insured: bool = field(init=False, default=False)

    view_type = BlackjackView

    def __post_init__(self) -> None:
        c1, c2 = self.deal_first()
        self.hands = [BlackjackHand([c1, c2])]
        self.player_natural = is_natural([c1, c2])
        self.dealer_natural = is_natural(self.dealer)
        if self.player_natural:
            self.first_action = "natural"
            payout = 0.0 if self.dealer_natural else self.rules.natural_payout
            self._finish(payout)
        elif self.rules.peek and self.dealer_natural:
            self._finish(-1.0)

    # ---- what the player may see and do ------------------------------------------------------
    @property
    def insurance_offered(self) -> bool:
        """The rules offer insurance against this up card (an ace) and the player has not
        acted yet nor insured."""
        offered = self.rules.may_insure(value_index(self.up) + 1)
        return offered and not self.insured and self.first_action in (None, "natural")

    def insure(self) -> None:
        """Take insurance (module docstring); IllegalAction when it is not offered now."""
        if not self.insurance_offered:
            raise IllegalAction("insurance is not offered now (an ace up, before acting)")
        self.insured = True
        if self.outcome is not None:  # a natural's round, settled at the deal
            self.outcome = replace(self.outcome, insurance=self.insurance_net)

    @property
    def insurance_net(self) -> float:
        """The insurance bet's net per initial wager (0 when not taken)."""
        if not self.insured:
            return 0.0
        won = INSURANCE_PAYS if self.dealer_natural else -1.0
        return INSURANCE_STAKE * won

    def _may_split(self, hand: BlackjackHand) -> bool:
        if len(hand.cards) != 2:
            return False
        a, b = hand.values
        if hand.split_from is not None and hand.split_from != a:
            return False
        return self.rules.may_split(a + 1, b + 1, len(self.hands))

    def legal_actions(self) -> tuple[str, ...]:
        """The actions the rules allow now, in ``ACTIONS`` order; () once the round is over."""
        if self.finished:
            return ()
        hand = self.hands[self.current]
        pair = _pair_value(hand)
        out = [STAND]
        if not hand.one_card and self.rules.may_hit(pair, len(hand.cards)):
            out.append(HIT)
            if self.rules.may_double(len(hand.cards), hand.total, is_soft(hand.cards), pair):
                out.append(DOUBLE)
        if self._may_split(hand):
            out.append(SPLIT)
        if len(self.hands) == 1 and self.rules.may_surrender(len(hand.cards), pair):
            out.append(SURRENDER)
        return tuple(out)

    def split_seen(self, hand: BlackjackHand) -> dict[str, Any]:
        return {"split_from": hand.split_from}

    def apply(self, action: str, hand: BlackjackHand) -> None:
        if self.first_action is None:
            self.first_action = action
        if action == STAND:
            hand.closed = True
        elif action == HIT:
            hand.cards.append(self.shoe.draw())
            hand.five_card = not hand.busted and self.rules.wins_at_once(len(hand.cards))
            hand.closed = hand.busted or hand.five_card
        elif action == DOUBLE:
            hand.wager = 2.0
            hand.cards.append(self.shoe.draw())
            hand.closed = True
        elif action == SURRENDER:
            hand.surrendered = True
            hand.closed = True
        else:
            p = hand.values[0]
            one_card = not self.rules.may_hit(p + 1)
            moved = hand.cards.pop()
            hand.split_from = p
            hand.one_card = one_card
            self.hands.append(BlackjackHand([moved], split_from=p, one_card=one_card))
            self.deal_second(hand)

    # ---- the house's side ---------------------------------------------------------------------
    def deal_second(self, hand: BlackjackHand) -> None:
        hand.cards.append(self.shoe.draw())
        if hand.one_card and not self._may_split(hand):
            hand.closed = True

    def needs_dealer(self) -> bool:
        """Some hand is still to be settled and the dealer has no natural (which stands)."""
        return not all(h.settled_early for h in self.hands) and not self.dealer_natural

    def draw_dealer(self) -> None:
        while dealer_draws(self.dealer, self.rules):
            self.dealer.append(self.shoe.draw())

    def settle(self) -> None:
        d = best_total(self.dealer)
        self._finish(sum(h.net(d, self.dealer_natural) for h in self.hands))

    def _finish(self, net: float) -> None:
        d = best_total(self.dealer)
        natural_round = self.player_natural or (self.rules.peek and self.dealer_natural)
        results = []
        for h in self.hands:
            hand_net = net if natural_round else h.net(d, self.dealer_natural)
            results.append(
                HandResult(
                    tuple(h.cards),
                    h.total,
                    h.wager,
                    busted=h.busted,
                    net=hand_net,
                    surrendered=h.surrendered,
                    five_card=h.five_card,
                )
            )
        self.outcome = BlackjackOutcome(
            net=float(net),
            hands=tuple(results),
            dealer=tuple(self.dealer),
            dealer_total=d,
            player_natural=self.player_natural,
            dealer_natural=self.dealer_natural,
            first_action=self.first_action,
            insurance=self.insurance_net,
        )


def describe_values(values) -> str:
    """Value indices as chart labels, e.g. 'A,7'."""
    return ",".join(VALUE_LABELS[v] for v in values)
