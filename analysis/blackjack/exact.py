"""Blackjack's house edge as an exact fraction: ``ShoeAnalysis``'s round, in whole numbers.

The round is the float evaluator's (``analysis.blackjack.round``): CDZ- play, each split hand
playing as the unsplit hand of its cards would, resplits valued exactly by the
exchangeability formula of ``analysis.blackjack.split`` (its functions run on ``Fraction``s
unchanged), the dealer's hole card drawn last.

Every value is a whole number over a denominator that depends only on the cards ``n`` left in
its state once the up card is out: ``2 * den(n)``, ``den(n) = perm(n, n - floor)`` with
``floor`` below the cards any state leaves the dealer (surrender and natural payouts bring the
2). Drawing a card multiplies by ``c / n`` and ``den(n) = n * den(n - 1)``, so a hit's value is
the plain sum of ``c * (child's numerator)``, no fraction reduced on the way, and the actions
of one state compare as their numerators do: optimal play is exactly optimal (ties as the
kernels break them: stand, then hit, then double, then surrender; no split on a tie).

The dealer's outcome probabilities of every shoe state are counted the same way, over
``perm(n, L)`` for the longest dealer hand ``L``: the dealer's finishing multisets
(``dealer.dealer_hands``) weighted by falling factorials of the state's counts, all states at
once as numpy arrays of Python integers (``_dealer_numerators``). Only the split values and
the round's sum are ``Fraction``s.

Pure Python and numpy, no kernel; ``bench/exact_edge.py`` times it (6 decks: about 10 s of
CPU, 80% of it the dealer).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import perm

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.dealer import BUST, N_OUTCOMES, dealer_hands
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table
from cardedge.analysis.blackjack.player import charlie_sign, stand_sign
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY, BlackjackPolicy
from cardedge.analysis.blackjack.round import check_shoe, shoe_values
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.split import expected_hands, split_value
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress

DEALER_BATCH = 1024
"""Shoe states per batch of the dealer's count (a step of the progress bar)."""


def _identity(items):
    return items


class BlackjackExact:
    """Exact values of every hand of every context of one shoe, rule set and policy.

    A context is ``(p, e)`` as in ``ShoeAnalysis.play``: (-1, 0) the unsplit hand, (p, e) a
    hand split from the pair of value index p with e other pair cards out. ``steps()`` lists
    the work (dealer batches, then contexts, then splits) for a progress bar; ``ev()`` is the
    round's EV once they have run.
    """

    def __init__(self, rules: BlackjackRules, shoe: Shoe, policy: BlackjackPolicy = OPTIMAL_POLICY):
        self.rules = rules
        self.policy = policy
        self.record = rules.kernel_record()
        self.base = shoe_values(shoe)
        check_shoe(self.base, rules)
        self.size = int(self.base.sum())
        self.hands = hand_table()
        self.codes = policy.codes.tolist()
        self.contexts = self._contexts()
        self._state_rows()
        self.dealer = dealer_hands(self.record.dealer)
        self.longest = int(self.dealer.size.max())
        """Most cards of a dealer hand, the up card included."""
        # every state leaves at least min_left - (longest - 1) cards after the dealer's
        min_left = int(self.state_size.min()) - 1
        self.floor = max(0, min_left - (self.longest - 1) - 1)
        self._den: dict[int, int] = {}
        self.outcomes = [np.zeros(0, dtype=object)] * (N_VALUES * N_OUTCOMES)
        self.values: dict[tuple[int, int], dict] = {}
        self.splits: dict[tuple[int, int], Fraction] = {}

    # -- the contexts and their shoe states -------------------------------------------------
    def _contexts(self) -> list[tuple[int, int]]:
        """The unsplit context, then every split context a split of a dealt pair reads:
        e = 1 .. 2 (H - 2) + 1 other pair cards out for a pair split into at most H hands."""
        out = [(-1, 0)]
        for p in range(N_VALUES):
            if self.base[p] < 2 or (self.policy.pairs[p] == Action.NO_SPLIT).all():
                continue
            most = int(self.record.max_hands[p])
            out += [(p, 1 + a) for a in range(2 * (most - 2) + 1)]
        return out

    def one_card(self, p: int) -> bool:
        """Do hands split from pair p take one card and stop (split aces)?"""
        return p >= 0 and bool(self.record.one_card[p + 1])

    def context_hands(self, p: int, e: int) -> tuple[np.ndarray, np.ndarray]:
        """(hand indices, cards removed by each) of context (p, e): hands of two cards or more
        the shoe can hold, holding the pair card in a split context (exactly two cards when
        split hands take one card), less e more pair cards."""
        h = self.hands
        mask = h.n_cards >= 2
        removed = h.counts.copy()
        if p >= 0:
            mask &= h.counts[:, p] > 0
            removed[:, p] += e
            if self.one_card(p):
                mask &= h.n_cards == 2
        mask &= (removed <= self.base).all(axis=1)
        idx = np.flatnonzero(mask)
        return idx, removed[idx]

    def _state_rows(self) -> None:
        """Number every shoe state the contexts reach (a multiset of removed cards)."""
        removed = np.concatenate([self.context_hands(p, e)[1] for p, e in self.contexts])
        self.removed, self.row_of = np.unique(removed, axis=0, return_inverse=True)
        self.row_of = self.row_of.reshape(-1)
        self.shoes = self.base - self.removed
        self.state_size = self.shoes.sum(axis=1)
        offsets = np.cumsum([0] + [len(self.context_hands(p, e)[0]) for p, e in self.contexts])
        self.context_rows = {
            ctx: self.row_of[offsets[k] : offsets[k + 1]] for k, ctx in enumerate(self.contexts)
        }

    def den(self, n: int) -> int:
        """The denominator (halved) of every value of a state holding ``n`` cards after the up
        card."""
        d = self._den.get(n)
        if d is None:
            d = self._den[n] = perm(n, n - self.floor)
        return d

    # -- the dealer -------------------------------------------------------------------------
    def dealer_steps(self) -> list[Callable[[], None]]:
        """Count the dealer's outcomes of every state, a batch of states per step."""
        n = len(self.shoes)
        self.outcomes = [np.zeros(n, dtype=object) for _ in range(N_VALUES * N_OUTCOMES)]
        return [
            (lambda lo=lo: self._dealer_numerators(lo, min(lo + DEALER_BATCH, n)))
            for lo in range(0, n, DEALER_BATCH)
        ]

    def _dealer_numerators(self, lo: int, hi: int) -> None:
        """``outcomes[u * 7 + k][s]`` for states s in lo..hi: the ways of outcome k (17..21,
        bust, natural) among the perm(n, L - 1) orders of the dealer's next L - 1 cards (up
        card u out, n cards left, L = min(longest, n + 1)); 0 where the shoe lacks u."""
        shoes = self.shoes[lo:hi]
        size = shoes.sum(axis=1).tolist()
        top = [min(self.longest, s) for s in size]
        # ff[v][k]: falling factorial of the count of v, k terms; tail[L]: the orders of the
        # draws a dealer hand of L cards leaves unused, so all hands share perm(size, top)
        ff = []
        for v in range(N_VALUES):
            col = np.ones(len(shoes), dtype=object)
            row = [col]
            for k in range(1, 16):
                col = col * np.maximum(shoes[:, v] - k + 1, 0).astype(object)
                row.append(col)
            ff.append(row)
        pairs = list(zip(size, top, strict=True))
        tail = [
            np.array([perm(s - n, t - n) if n <= t else 0 for s, t in pairs], dtype=object)
            for n in range(self.longest + 1)
        ]
        acc = [np.zeros(len(shoes), dtype=object) for _ in range(N_VALUES * N_OUTCOMES)]
        d = self.dealer
        for k in range(len(d.size)):
            w = tail[int(d.size[k])]
            for j in range(d.card_start[k], d.card_start[k + 1]):
                key = int(d.card_key[j])
                w = w * ff[key // 16][key % 16]
            for j in range(d.up_start[k], d.up_start[k + 1]):
                acc[int(d.up_slot[j])] += w * int(d.up_orderings[j])
        # the orders of the dealer's draws after the up card: what the outcomes' ways sum to
        orders = np.array([perm(s - 1, t - 1) for s, t in pairs], dtype=object)
        for u in range(N_VALUES):
            # every hand of up card u holds it: its ways divide by the count of u
            su = np.maximum(shoes[:, u], 1).astype(object)
            whole = np.where(shoes[:, u] > 0, orders, 0)
            rest = np.zeros(len(shoes), dtype=object)
            for k in range(N_OUTCOMES):
                if k != BUST:
                    acc[u * N_OUTCOMES + k] = acc[u * N_OUTCOMES + k] // su
                    rest = rest + acc[u * N_OUTCOMES + k]
            acc[u * N_OUTCOMES + BUST] = whole - rest
            for k in range(N_OUTCOMES):
                self.outcomes[u * N_OUTCOMES + k][lo:hi] = acc[u * N_OUTCOMES + k]

    def stands(self, p: int, e: int, idx: np.ndarray) -> list[list[int]]:
        """``[hand][u]``: numerators of standing with every hand of context (p, e) (``idx``)."""
        rows = self.context_rows[(p, e)]
        h = self.hands
        sign = stand_sign().astype(np.int64)[h.total[idx]]
        if self.record.charlie:
            five = h.n_cards[idx] == self.record.charlie
            sign[five] = charlie_sign(bool(self.record.peek)).astype(np.int64)
        sign = sign.astype(object)
        left = (self.state_size[rows] - 1).tolist()
        dealt = self._dealt(left)
        scale = np.array(
            [2 * perm(n - t, n - self.floor - t) for n, t in zip(left, dealt, strict=True)],
            dtype=object,
        )
        out = np.zeros((len(idx), N_VALUES), dtype=object)
        for u in range(N_VALUES):
            total = np.zeros(len(idx), dtype=object)
            for k in range(N_OUTCOMES):
                total = total + sign[:, k] * self.outcomes[u * N_OUTCOMES + k][rows]
            out[:, u] = total * scale
        return out.tolist()

    def _dealt(self, left: list[int]) -> list[int]:
        """The dealer's draws a state of ``left`` cards (after the up card) is counted over."""
        return [min(self.longest, n + 1) - 1 for n in left]

    # -- the player -------------------------------------------------------------------------
    def context_step(self, p: int, e: int, reference: dict | None) -> None:
        """Value every hand of context (p, e), children before parents (``play_values``)."""
        idx, removed = self.context_hands(p, e)
        stand = self.stands(p, e, idx)
        h = self.hands
        rec = self.record
        c = p + 1
        one_card = self.one_card(p)
        keep = int(2 - rec.natural_loss_on_double)
        sur_loss2 = int(2 * rec.surrender_natural_loss)
        n_cards, total, soft, child = (
            h.n_cards.tolist(),
            h.total.tolist(),
            h.soft.tolist(),
            h.child.tolist(),
        )
        base_left = (self.base.sum() - removed.sum(axis=1)).tolist()
        shoes = (self.base - removed).tolist()
        values: dict[int, list] = {}
        stands: dict[int, list] = {}
        own: dict[int, tuple] = {}
        for k in range(len(idx) - 1, -1, -1):
            i = int(idx[k])
            stands[i] = st = stand[k]
            shoe = shoes[k]
            n = base_left[k]
            two = n_cards[i] == 2
            can_double = two and bool(rec.double[c, total[i], 1 if soft[i] else 0])
            can_surrender = two and bool(rec.surrender[c])
            settled = one_card or n_cards[i] == rec.charlie
            val = [0] * N_VALUES
            hits = [0] * N_VALUES
            dbls = [0] * N_VALUES
            surs = [0] * N_VALUES
            kids = child[i]
            for u in range(N_VALUES):
                if shoe[u] == 0:
                    continue
                if settled:
                    val[u] = st[u]
                    continue
                shoe[u] -= 1
                m = n - 1
                den1 = self.den(m - 1)
                need = TEN if u == ACE else ACE if u == TEN else -1
                hit = 0
                dbl = 0
                busts = 0
                for x in range(N_VALUES):
                    cx = shoe[x]
                    if cx == 0:
                        continue
                    j = kids[x]
                    if j < 0:
                        busts += cx
                    else:
                        hit += cx * values[j][u]
                        if can_double:
                            dbl += cx * stands[j][u]
                hit -= 2 * busts * den1
                if can_double:
                    dbl = 2 * dbl - 4 * busts * den1
                    if keep and need >= 0:
                        # keep * P(natural after the double card), over 2 den(m - 1) each
                        nat = sum(shoe[x] * (shoe[need] - (x == need)) for x in range(N_VALUES))
                        dbl += keep * 2 * nat * self.den(m - 2)
                hits[u] = hit
                dbls[u] = dbl
                if can_surrender:
                    cn = shoe[need] if need >= 0 else 0
                    surs[u] = (-(m - cn) - sur_loss2 * cn) * den1
                shoe[u] += 1
                if reference is None:
                    ref_values = (st[u], hit, dbl, surs[u])
                else:
                    r = reference[i]
                    ref_values = (r[0][u], r[1][u], r[2][u], r[3][u])
                action = _coded_action(self.codes[i][u], can_double, can_surrender, *ref_values)
                val[u] = (st[u], hit, dbl, surs[u])[_SLOT[action]]
            values[i] = val
            own[i] = (st, hits, dbls, surs)
        self.values[(p, e)] = values
        if reference is None:
            self.reference = own

    def context_steps(self) -> list[Callable[[], None]]:
        """Value the unsplit context, then every split context (CDZ-: their optimal cells
        take the unsplit hand's best action)."""
        steps: list[Callable[[], None]] = [lambda: self.context_step(-1, 0, None)]
        steps += [
            (lambda p=p, e=e: self.context_step(p, e, self.reference)) for p, e in self.contexts[1:]
        ]
        return steps

    def value(self, p: int, e: int, i: int, u: int) -> Fraction:
        """The EV of hand i against u in context (p, e) (0 where the state is impossible)."""
        v = self.values[(p, e)].get(i)
        if v is None or not v[u]:
            return Fraction(0)
        left = self.size - int(self.hands.n_cards[i]) - e - 1
        return Fraction(v[u], 2 * self.den(left))

    # -- splits and the round ---------------------------------------------------------------
    def split_step(self) -> None:
        """EV of splitting each pair against each up card (``ShoeAnalysis.split_values``)."""
        h = self.hands
        for p, e in self.contexts[1:]:
            if e != 1:
                continue
            most = int(self.record.max_hands[p])
            firsts = [
                [
                    [self.value(p, 1 + a, h.two_card(p, y), u) for u in range(N_VALUES)]
                    for y in range(N_VALUES)
                ]
                for a in range(2 * (most - 2) + 1)
            ]
            for u in range(N_VALUES):
                s = self.base.copy()
                s[p] -= 2
                s[u] -= 1
                if s[u] < 0:
                    continue
                self.splits[(p, u)] = self._split_value(p, u, s.tolist(), firsts, most)

    def _split_value(self, p, u, counts, firsts, most) -> Fraction:
        """``ShoeAnalysis._split_value`` in fractions."""
        n = sum(counts)
        pairs = counts[p]
        xs, ps = [], []
        for a, values in enumerate(firsts):
            na = n - a
            x = Fraction(0)
            if pairs >= a and na > 0:
                for y in range(N_VALUES):
                    k = counts[y] - a if y == p else counts[y]
                    if k > 0:
                        x += Fraction(k, na) * values[y][u]
            xs.append(x)
            ps.append(values[p][u])
        ev = split_value(Fraction(n), pairs, most, xs, ps)
        if self.record.peek and u in (ACE, TEN) and n > 0:
            hole = TEN if u == ACE else ACE
            p_nat = Fraction(counts[hole], n)
            if p_nat > 0:
                more = expected_hands(n - 1, pairs - (hole == p), most, Fraction(1))
                ev += (more - 1) * p_nat
        return Fraction(ev)

    def ev(self) -> Fraction:
        """The round's EV per initial wager (``round.round_result``), once the steps ran."""
        h = self.hands
        base = self.base.tolist()
        n = self.size
        payout = self.rules.natural_fraction
        total = Fraction(0)
        unsplit = 0
        for a in range(N_VALUES):
            for b in range(a, N_VALUES):
                ways = base[a] * (base[b] - (a == b)) * (1 if a == b else 2)
                if ways <= 0:
                    continue
                i = h.two_card(a, b)
                for u in range(N_VALUES):
                    cu = base[u] - (u == a) - (u == b)
                    if cu <= 0:
                        continue
                    w = ways * cu
                    if {a, b} == {ACE, TEN}:
                        left = n - 3
                        need = TEN if u == ACE else ACE if u == TEN else -1
                        push = Fraction(base[need] - (need in (a, b)) - (need == u), left)
                        total += w * payout * (1 - (push if need >= 0 else 0))
                        continue
                    v = self.values[(-1, 0)][i][u]
                    sv = self.splits.get((a, u)) if a == b else None
                    code = self.policy.pairs[a, u]
                    if sv is not None and (
                        code == Action.SPLIT
                        or (code != Action.NO_SPLIT and sv > Fraction(v, 2 * self.den(n - 3)))
                    ):
                        total += w * sv
                    else:
                        unsplit += w * v
        total += Fraction(unsplit, 2 * self.den(n - 3))
        return total / perm(n, 3)

    def steps(self) -> list[Callable[[], None]]:
        """Every step of the computation, in order (the dealer first: later steps read it)."""
        return [*self.dealer_steps(), *self.context_steps(), self.split_step]


_SLOT = {Action.STAND: 0, Action.HIT: 1, Action.DOUBLE: 2, Action.SURRENDER: 3}


def _choose(stand, hit, dbl, sur, can_double, can_surrender) -> Action:
    """``player.choose`` on exact values: stand wins ties, each later action must be strictly
    better than every earlier one."""
    best, value = Action.STAND, stand
    if hit > value:
        best, value = Action.HIT, hit
    if can_double and dbl > value:
        best, value = Action.DOUBLE, dbl
    if can_surrender and sur > value:
        best = Action.SURRENDER
    return best


def _coded_action(code, can_double, can_surrender, stand, hit, dbl, sur) -> Action:
    """``player.coded_action`` on exact values."""
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
    return _choose(stand, hit, dbl, sur, can_double, can_surrender)


def exact_ev(
    rules: BlackjackRules,
    shoe: Shoe,
    policy: BlackjackPolicy = OPTIMAL_POLICY,
    progress: Progress = _identity,
) -> Fraction:
    """The player's exact EV per initial wager of a round under ``rules`` dealt from ``shoe``,
    played by ``policy``: what ``round.evaluate_round(...).ev`` computes in floats.
    ``progress`` wraps the list of steps (dealer batches, contexts, splits)."""
    exact = BlackjackExact(rules, shoe, policy)
    for step in progress(exact.steps()):
        step()
    return exact.ev()


def exact_edge(
    rules: BlackjackRules,
    shoe: Shoe,
    policy: BlackjackPolicy = OPTIMAL_POLICY,
    progress: Progress = _identity,
) -> Fraction:
    """The house edge as an exact fraction of the initial wager (minus ``exact_ev``)."""
    return -exact_ev(rules, shoe, policy, progress)
