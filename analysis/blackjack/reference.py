"""Slow, literal twin of the blackjack evaluator: exact ``Fraction`` arithmetic on tiny shoes.

It models the game as dealt, with none of the fast evaluator's shortcuts: the dealer's hole
card is drawn *first* (before any player card) and, with peek, play starts only if it does
not complete a natural; the player decides on what the player has seen, so every decision
averages over the unseen hole card; split hands are played one after another from the one
shoe and the dealer then draws from what is left. No exchangeability argument is used, which
is what makes it a check of the fast evaluator's (hole card drawn last, Farmer-Nairn split
formula). Cards are value indices 0 (ace) .. 9 (ten-value); shoes are tuples of 10 counts.

Surrender (when the rules allow it, on an unsplit hand's first two cards) is played as dealt
too: with peek the hole card is checked first, so a natural takes the whole wager before the
player can surrender; without peek the player gives up half the wager whatever the hole card.

So is the five-card rule (``rules.wins_at_once``): a hand that draws its fifth card without
busting is paid its wager there and then, whatever the hole card (under peek play began only
because it completes no natural), and draws no more.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from cardedge.analysis.blackjack.rules import BlackjackRules

ACE, TEN = 0, 9
STAND, HIT, DOUBLE, SURRENDER = "stand", "hit", "double", "surrender"


def _total(cards: tuple[int, ...]) -> tuple[int, bool]:
    """(best total, soft) of value indices ``cards``."""
    hard = sum(c + 1 for c in cards)
    if ACE in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _take(shoe: tuple[int, ...], *cards: int) -> tuple[int, ...]:
    s = list(shoe)
    for c in cards:
        s[c] -= 1
    return tuple(s)


def _completes_natural(up: int, hole: int) -> bool:
    return {up, hole} == {ACE, TEN}


@cache
def dealer_finals(shoe: tuple[int, ...], hard: int, ace: bool, n_cards: int, h17: bool) -> dict:
    """P(final result) of a dealer holding ``n_cards`` cards of hard total ``hard`` (``ace``:
    one of them an ace) who draws from ``shoe``: keys 17..21, 'bust', 'natural'."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if n_cards == 2 and total == 21:
        return {"natural": Fraction(1)}
    if total > 21:
        return {"bust": Fraction(1)}
    if total >= 17 and not (h17 and soft and total == 17):
        return {total: Fraction(1)}
    n = sum(shoe)
    out: dict = {}
    for v in range(10):
        if shoe[v]:
            nxt = dealer_finals(_take(shoe, v), hard + v + 1, ace or v == ACE, n_cards + 1, h17)
            for k, p in nxt.items():
                out[k] = out.get(k, 0) + Fraction(shoe[v], n) * p
    return out


def _settle(total: int, bet: int, dealer: object, won: bool = False) -> int:
    """Net result of a non-natural hand of ``total`` (<= 21) and ``bet`` units; ``won``: the
    five-card rule paid it already, whatever the dealer holds."""
    if won:
        return bet
    if dealer == "natural":
        return -bet
    if dealer == "bust" or total > dealer:
        return bet
    return -bet if total < dealer else 0


class Reference:
    """The literal game on one small shoe under one rule set."""

    def __init__(self, rules: BlackjackRules, shoe: tuple[int, ...], play=None, split=None) -> None:
        """``play(up, cards, may_double, may_surrender) -> 'stand'|'hit'|'double'|'surrender'``
        and ``split(up, pair) -> bool`` fix the player's decisions (a chart); by default every
        decision is optimal."""
        self.rules = rules
        self.play = play
        self.split = split
        self.shoe = tuple(shoe)
        self.payout = rules.natural_fraction
        self._memo: dict = {}
        self._decide: dict = {}
        self._best: dict = {}

    # -- the hole card -------------------------------------------------------------------
    def hole_weights(self, up: int, seen: tuple[int, ...]) -> dict[int, Fraction]:
        """P(hole card | the player's cards ``seen`` and the up card; no natural if peek)."""
        rest = _take(self.shoe, up, *seen)
        w = {
            h: rest[h]
            for h in range(10)
            if rest[h] and not (self.rules.peek and _completes_natural(up, h))
        }
        n = sum(w.values())
        return {h: Fraction(c, n) for h, c in w.items()}

    def dealer(self, up: int, hole: int, used: tuple[int, ...]) -> dict:
        """Dealer finals given the hole card, with ``used`` player cards gone."""
        return dealer_finals(
            _take(self.shoe, up, hole, *used),
            up + hole + 2,
            ACE in (up, hole),
            2,
            self.rules.h17,
        )

    # -- one hand, hole card known to the evaluator but not to the player ----------------
    def _q(self, up, hole, cards, others, action, decide) -> Fraction:
        """EV of ``action`` on ``cards`` given the hole card; ``others``: other cards gone;
        later decisions by ``decide(cards)``."""
        key = (up, hole, tuple(sorted(cards)), tuple(sorted(others)), action, decide)
        if key not in self._memo:
            self._memo[key] = self._q_uncached(up, hole, cards, others, action, decide)
        return self._memo[key]

    def _won(self, cards: tuple[int, ...]) -> bool:
        """Has the five-card rule paid this hand (five cards, not bust)?"""
        return self.rules.wins_at_once(len(cards)) and _total(cards)[0] <= 21

    def _q_uncached(self, up, hole, cards, others, action, decide) -> Fraction:
        rest = _take(self.shoe, up, hole, *cards, *others)
        if self._won(cards):
            return Fraction(1)
        if action == STAND:
            total, _ = _total(cards)
            fin = self.dealer(up, hole, cards + others)
            return sum(p * _settle(total, 1, k) for k, p in fin.items())
        n = sum(rest)
        ev = Fraction(0)
        for v in range(10):
            if not rest[v]:
                continue
            nxt = cards + (v,)
            total, _ = _total(nxt)
            if action == DOUBLE:
                if total > 21:
                    ev += Fraction(rest[v], n) * -2
                else:
                    fin = self.dealer(up, hole, nxt + others)
                    ev += Fraction(rest[v], n) * sum(
                        p * _settle(total, 2, k) for k, p in fin.items()
                    )
            elif total > 21:
                ev -= Fraction(rest[v], n)
            elif self._won(nxt):
                ev += Fraction(rest[v], n)
            else:
                ev += Fraction(rest[v], n) * self._q(up, hole, nxt, others, decide(nxt), decide)
        return ev

    def _natural_cost(self, up: int, seen: tuple[int, ...]) -> tuple[Fraction, Fraction]:
        """(P(dealer natural | seen), the player's loss to it) when the dealer peeks."""
        rest = _take(self.shoe, up, *seen)
        n = sum(rest)
        need = {ACE: TEN, TEN: ACE}.get(up)
        if not self.rules.peek or need is None or n == 0:
            return Fraction(0), Fraction(0)
        return Fraction(rest[need], n), Fraction(1)

    def action_values(
        self, up: int, cards: tuple[int, ...], may_surrender: bool = True
    ) -> dict[str, Fraction]:
        """EV per initial wager of each action on ``cards`` (later play optimal), including the
        dealer's natural (unconditional on it, as the fast evaluator reports). Double and
        surrender are among them where the rules allow them on an unsplit hand (surrender only
        if ``may_surrender`` too)."""
        total, soft = _total(cards)
        may_double = self.rules.may_double(len(cards), total, soft)
        actions = [STAND, HIT] + ([DOUBLE] if may_double else [])
        weights = self.hole_weights(up, cards)
        p_nat, loss = self._natural_cost(up, cards)
        out = {}
        for a in actions:
            decide = self._unsplit_decide(up)
            cond = sum(w * self._q(up, h, cards, (), a, decide) for h, w in weights.items())
            out[a] = -p_nat * loss + (1 - p_nat) * cond
        if may_surrender and self.rules.may_surrender(len(cards)):
            # half the wager back whatever the hole card (with peek: the hole card is no natural)
            cond = sum(w * Fraction(-1, 2) for w in weights.values())
            out[SURRENDER] = -p_nat * loss + (1 - p_nat) * cond
        return out

    def best(self, up: int, cards: tuple[int, ...], split_from: int | None = None) -> str:
        """The optimal action on ``cards`` for a player who has seen only them and the up card;
        ``split_from``: value index of the pair a split hand came from (None: unsplit). What
        the hand may do, the rules say."""
        cards = tuple(sorted(cards))
        pair = None if split_from is None else split_from + 1
        total, soft = _total(cards)
        may_double = self.rules.may_double(len(cards), total, soft, pair)
        may_surrender = self.rules.may_surrender(len(cards), pair)
        key = (up, cards, may_double, may_surrender)
        if key not in self._best:
            self._best[key] = self._best_uncached(up, cards, may_double, may_surrender)
        return self._best[key]

    def _best_uncached(
        self, up: int, cards: tuple[int, ...], may_double: bool, may_surrender: bool
    ) -> str:
        if self.play is not None:
            return self.play(up, cards, may_double, may_surrender)
        vals = self.action_values(up, cards, may_surrender)
        best = STAND
        if vals[HIT] > vals[best]:
            best = HIT
        if may_double and vals[DOUBLE] > vals[best]:
            best = DOUBLE
        if SURRENDER in vals and vals[SURRENDER] > vals[best]:
            best = SURRENDER
        return best

    # -- splitting ----------------------------------------------------------------------
    def _unsplit_decide(self, up: int):
        """Decision function of an unsplit hand: the optimal action on what it has seen."""
        key = ("unsplit", up)
        if key not in self._decide:
            self._decide[key] = lambda cards: self.best(up, cards)
        return self._decide[key]

    def _split_decide(self, up: int, pair: int):
        """Decision function of a split hand (CDZ-: as the unsplit hand of the same cards, but
        a split hand may double or surrender only where the rules say)."""
        key = ("split", up, pair)
        if key in self._decide:
            return self._decide[key]

        def decide(cards):
            if len(cards) == 2 and not self.rules.may_hit(pair + 1):
                return STAND
            return self.best(up, cards, pair)

        self._decide[key] = decide
        return decide

    def _play_out(self, up, hole, cards, others, decide):
        """Every way one split hand can end: list of (probability, total, bet, its cards)."""
        rest = _take(self.shoe, up, hole, *cards, *others)
        total, _ = _total(cards)
        if self._won(cards):
            return [(Fraction(1), total, 1, cards)]
        a = decide(cards)
        if a == STAND:
            return [(Fraction(1), total, 1, cards)]
        n = sum(rest)
        out = []
        for v in range(10):
            if not rest[v]:
                continue
            p = Fraction(rest[v], n)
            nxt = cards + (v,)
            t, _ = _total(nxt)
            if a == DOUBLE or t > 21:
                out.append((p, t, 2 if a == DOUBLE else 1, nxt))
            else:
                out += [
                    (p * q, tt, b, c)
                    for q, tt, b, c in self._play_out(up, hole, nxt, others, decide)
                ]
        return out

    def split_value(self, up: int, pair: int) -> Fraction:
        """EV (all hands, per initial wager) of splitting ``pair`` against ``up``, played out
        literally: hands in turn, each drawing its second card and resplitting a pair card
        while the hand limit allows, then the dealer. Unconditional on a dealer natural."""
        limit = self.rules.max_hands(pair + 1)
        decide = self._split_decide(up, pair)
        seen = (pair, pair)
        weights = self.hole_weights(up, seen)
        p_nat, loss = self._natural_cost(up, seen)

        memo: dict = {}

        def hands_then_dealer(hole, pending, n_hands, done, used):
            key = (hole, pending, n_hands, tuple(sorted(done)), tuple(sorted(used)))
            if key not in memo:
                memo[key] = play_rest(hole, pending, n_hands, done, used)
            return memo[key]

        def play_rest(hole, pending, n_hands, done, used):
            # pending: split hands still to draw a second card (each holds one pair card)
            if pending == 0:
                fin = self.dealer(up, hole, used)
                ev = Fraction(0)
                for k, p in fin.items():
                    ev += p * sum(-b if t > 21 else _settle(t, b, k, w) for t, b, w in done)
                return ev
            rest = _take(self.shoe, up, hole, *used)
            n = sum(rest)
            ev = Fraction(0)
            for v in range(10):
                if not rest[v]:
                    continue
                p = Fraction(rest[v], n)
                if v == pair and n_hands < limit:
                    ev += p * hands_then_dealer(hole, pending + 1, n_hands + 1, done, used + (v,))
                    continue
                start = (pair, v)
                others = tuple(c for c in used) + (v,)
                # the hand's own cards are in ``used`` once drawn; play it out
                for q, t, b, cards in self._play_out(
                    up, hole, start, _without(others, start), decide
                ):
                    ev += (
                        p
                        * q
                        * hands_then_dealer(
                            hole,
                            pending - 1,
                            n_hands,
                            done + ((t, b, self._won(cards)),),
                            _without(others, start) + cards,
                        )
                    )
            return ev

        cond = Fraction(0)
        for h, w in weights.items():
            cond += w * hands_then_dealer(h, 2, 2, (), seen)
        return -p_nat * loss + (1 - p_nat) * cond

    # -- the round ----------------------------------------------------------------------
    def round_ev(self, splits: bool = True) -> Fraction:
        """EV per initial wager of a round under optimal play (CDZ- splits)."""
        n = sum(self.shoe)
        ev = Fraction(0)
        for a in range(10):
            for b in range(10):
                for u in range(10):
                    s = list(self.shoe)
                    p = Fraction(1)
                    for c in (a, b, u):
                        if s[c] == 0:
                            p = Fraction(0)
                            break
                        p *= Fraction(s[c], sum(s))
                        s[c] -= 1
                    if p:
                        ev += p * self.deal_value(a, b, u, splits)
        assert n > 0
        return ev

    def deal_value(self, a: int, b: int, up: int, splits: bool = True) -> Fraction:
        """EV per initial wager of the deal a, b against ``up`` (optimal play or the fixed one)."""
        if {a, b} == {ACE, TEN}:
            rest = _take(self.shoe, a, b, up)
            need = {ACE: TEN, TEN: ACE}.get(up)
            p_nat = Fraction(rest[need], sum(rest)) if need is not None else Fraction(0)
            return self.payout * (1 - p_nat)
        vals = self.action_values(up, tuple(sorted((a, b))))
        if self.play is not None:
            if splits and a == b and self.split(up, a):
                return self.split_value(up, a)
            return vals[self.best(up, (a, b))]
        best = max(vals.values())
        if splits and a == b:
            best = max(best, self.split_value(up, a))
        return best


def _without(cards: tuple[int, ...], remove: tuple[int, ...]) -> tuple[int, ...]:
    out = list(cards)
    for c in remove:
        out.remove(c)
    return tuple(out)


# -- the distribution of the round's net result ------------------------------------------------
def outcome_label(net: Fraction) -> str:
    """The simulator's bin of a non-natural round's net: '-8' .. '+8', '0', 'surrender'."""
    if net == Fraction(-1, 2):
        return "surrender"
    return f"{int(net):+d}" if net else "0"


def _add(dist: dict, key, p) -> None:
    dist[key] = dist.get(key, 0) + p


class OutcomeReference(Reference):
    """The literal game's distribution of the round's net result: every deal, every hole card,
    every card drawn, split hands one after another from the one shoe, then the dealer."""

    def outcome_distribution(self) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
        """(P(bin, the deal is not split), P(bin, the deal is split)) by the simulator's bins
        ('natural wins', 'natural pushes', '-8' .. '+8', 'surrender'); together they sum to 1."""
        unsplit: dict = {}
        split: dict = {}
        for a in range(10):
            for b in range(10):
                for u in range(10):
                    p = self._deal_probability(a, b, u)
                    if not p:
                        continue
                    dist, is_split = self.deal_distribution(a, b, u)
                    for k, q in dist.items():
                        _add(split if is_split else unsplit, k, p * q)
        return unsplit, split

    def _deal_probability(self, a: int, b: int, u: int) -> Fraction:
        s = list(self.shoe)
        p = Fraction(1)
        for c in (a, b, u):
            if s[c] == 0:
                return Fraction(0)
            p *= Fraction(s[c], sum(s))
            s[c] -= 1
        return p

    def deal_distribution(self, a: int, b: int, up: int) -> tuple[dict[str, Fraction], bool]:
        """(P(bin | the deal a, b against up), whether the deal is split), as ``deal_value``
        plays it (optimal, or the fixed chart)."""
        if {a, b} == {ACE, TEN}:
            rest = _take(self.shoe, a, b, up)
            need = {ACE: TEN, TEN: ACE}.get(up)
            p_nat = Fraction(rest[need], sum(rest)) if need is not None else Fraction(0)
            return {"natural wins": 1 - p_nat, "natural pushes": p_nat}, False
        cards = tuple(sorted((a, b)))
        if a == b and self._splits(up, a):
            nets = self.split_distribution(up, a)
            return {outcome_label(k): p for k, p in nets.items()}, True
        action = self.best(up, cards)
        weights = self.hole_weights(up, cards)
        p_nat, loss = self._natural_cost(up, cards)
        decide = self._unsplit_decide(up)
        out: dict = {}
        if p_nat:
            _add(out, -loss, p_nat)
        for hole, w in weights.items():
            for net, q in self._q_distribution(up, hole, cards, action, decide).items():
                _add(out, net, (1 - p_nat) * w * q)
        return {outcome_label(k): p for k, p in out.items()}, False

    def _splits(self, up: int, pair: int) -> bool:
        if self.play is not None:
            return bool(self.split(up, pair))
        vals = self.action_values(up, (pair, pair))
        return self.split_value(up, pair) > max(vals.values())

    def _q_distribution(self, up, hole, cards, action, decide) -> dict:
        """P(net) of ``action`` on ``cards`` given the hole card, later play by ``decide``."""
        key = ("dist", up, hole, tuple(sorted(cards)), action)
        if key in self._memo:
            return self._memo[key]
        out: dict = {}
        if action == SURRENDER:
            out[Fraction(-1, 2)] = Fraction(1)
        elif action == STAND:
            total, _ = _total(cards)
            for k, p in self.dealer(up, hole, cards).items():
                _add(out, Fraction(_settle(total, 1, k)), p)
        else:
            rest = _take(self.shoe, up, hole, *cards)
            n = sum(rest)
            bet = 2 if action == DOUBLE else 1
            for v in range(10):
                if not rest[v]:
                    continue
                pv = Fraction(rest[v], n)
                nxt = cards + (v,)
                total, _ = _total(nxt)
                if total > 21:
                    _add(out, Fraction(-bet), pv)
                elif action != DOUBLE and self._won(nxt):
                    _add(out, Fraction(1), pv)
                elif action == DOUBLE:
                    for k, p in self.dealer(up, hole, nxt).items():
                        _add(out, Fraction(_settle(total, 2, k)), pv * p)
                else:
                    sub = self._q_distribution(up, hole, nxt, decide(nxt), decide)
                    for net, p in sub.items():
                        _add(out, net, pv * p)
        self._memo[key] = out
        return out

    def split_distribution(self, up: int, pair: int) -> dict[Fraction, Fraction]:
        """P(net of all hands | the pair split against up), played out literally as
        ``split_value`` plays it; under peek a dealer natural costs the initial wager."""
        limit = self.rules.max_hands(pair + 1)
        decide = self._split_decide(up, pair)
        seen = (pair, pair)
        weights = self.hole_weights(up, seen)
        p_nat, loss = self._natural_cost(up, seen)
        memo: dict = {}

        def rest_of(hole, pending, n_hands, done, used):
            key = (hole, pending, n_hands, tuple(sorted(done)), tuple(sorted(used)))
            if key not in memo:
                memo[key] = play_rest(hole, pending, n_hands, done, used)
            return memo[key]

        def play_rest(hole, pending, n_hands, done, used):
            out: dict = {}
            if pending == 0:
                for k, p in self.dealer(up, hole, used).items():
                    net = sum(-b if t > 21 else _settle(t, b, k, w) for t, b, w in done)
                    _add(out, Fraction(net), p)
                return out
            rest = _take(self.shoe, up, hole, *used)
            n = sum(rest)
            for v in range(10):
                if not rest[v]:
                    continue
                p = Fraction(rest[v], n)
                if v == pair and n_hands < limit:
                    for net, q in rest_of(
                        hole, pending + 1, n_hands + 1, done, used + (v,)
                    ).items():
                        _add(out, net, p * q)
                    continue
                start = (pair, v)
                others = _without(used + (v,), start)
                for q, t, b, cards in self._play_out(up, hole, start, others, decide):
                    done_now = done + ((t, b, self._won(cards)),)
                    sub = rest_of(hole, pending - 1, n_hands, done_now, others + cards)
                    for net, r in sub.items():
                        _add(out, net, p * q * r)
            return out

        out: dict = {}
        if p_nat:
            _add(out, -loss, p_nat)
        for hole, w in weights.items():
            for net, q in rest_of(hole, 2, 2, (), seen).items():
                _add(out, net, (1 - p_nat) * w * q)
        return out
