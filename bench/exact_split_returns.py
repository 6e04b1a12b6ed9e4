"""Cost of an exact return table for split rounds: split hands played literally from the shoe.

    .venv/bin/python bench/exact_split_returns.py --check                # the Fraction twin
    .venv/bin/python bench/exact_split_returns.py --hands 2              # whole table, 6 decks
    .venv/bin/python bench/exact_split_returns.py --hands 4 --only 8,7 7,7 --strategy basic

A feasibility measurement, not used by ``cardedge``: the return table
(``analysis/blackjack/outcomes.py``) combines the hands of a split as independent given the
dealer's result. Here the joint distribution of (dealer result, total net of all split hands)
is computed exactly instead, as ``reference.OutcomeReference.split_distribution`` plays it:
second cards, resplits up to the rules' limit, every hand played out by the policy's actions
for split hands (CDZ-: the unsplit optimal action of the same cards, ``ShoeAnalysis.play``
with the unsplit values as reference; one card on split aces; DAS), one hand after another
from the one shoe, then the dealer from what is left (hole card drawn last, exact by
exchangeability; under peek a dealer natural costs the initial wager only).

The play is memoized by what the later hands can see: the multiset R of player cards dealt so
far (with how many hands exist and how many are complete). States are found level by level
(``_expand``), then valued from the last level back (``_level_values``): a state's value is
P(dealer result, net of the hands still to come), the dealer's result computed once for every
multiset of player cards a split can end with (``_terminal_values``).

``--check`` compares bin for bin with the Fraction twin on small shoes (resplits to 3 and 4,
RSA, hit split aces, no DAS, peek and no peek, optimal play and a chart). ``--hands N`` times
every split of the 6-deck table (or those of ``--only pair,up``, point values) under the rules'
defaults with ``split_hands=N``, and with all splits prints the table's SD beside the current
one. The cost is set by the number of (state, final hand) pairs of the last level: the number of
card multisets three split hands can hold times the ways the last hand ends.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import namedtuple
from pathlib import Path

import numpy as np
from numba import njit, types
from numba.typed import Dict

from cardedge.analysis.blackjack import outcomes
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.dealer import (
    BUST,
    CARD_STRIDE,
    N_OUTCOMES,
    NATURAL,
    dealer_hands,
)
from cardedge.analysis.blackjack.hands import N_VALUES, hand_table
from cardedge.analysis.blackjack.outcomes import MAX_NET, ROUND_BINS, _result

SHIFT = 6
"""A multiset of player cards as one int64: 6 bits per value index."""
MASK = (1 << SHIFT) - 1
MAX_FINALS = 100_000


def _dealer_arrays(dealer, up: int) -> tuple:
    """The dealer's non-bust finishing multisets that start with ``up``, as flat arrays
    (``dealer``: the rules record's ``DealerRules``)."""
    t = dealer_hands(dealer)
    size, start, key, orderings, outcome = [], [0], [], [], []
    for d in range(len(t.size)):
        for j in range(t.up_start[d], t.up_start[d + 1]):
            if t.up_slot[j] // N_OUTCOMES == up:
                size.append(t.size[d])
                key.extend(t.card_key[t.card_start[d] : t.card_start[d + 1]])
                start.append(len(key))
                orderings.append(t.up_orderings[j])
                outcome.append(t.up_slot[j] % N_OUTCOMES)

    def ints(x):
        return np.array(x, dtype=np.int64)

    return ints(size), ints(start), ints(key), np.array(orderings), ints(outcome)


@njit(cache=True)
def _dealer_row(shoe, u, size, start, key, orderings, outcome, out):
    """P(dealer result | up card u) for ``shoe`` (the up card still in it)."""
    n = 0
    for v in range(N_VALUES):
        n += shoe[v]
    for k in range(N_OUTCOMES):
        out[k] = 0.0
    for m in range(size.shape[0]):
        p = orderings[m]
        for j in range(start[m], start[m + 1]):
            s = shoe[key[j] // CARD_STRIDE]
            for i in range(key[j] % CARD_STRIDE):
                p *= s - i
        for i in range(size[m]):
            if n - i <= 0:
                p = 0.0
                break
            p /= n - i
        out[outcome[m]] += p
    scale = n / shoe[u]
    rest = 0.0
    for k in range(N_OUTCOMES):
        if k != BUST:
            out[k] *= scale
            rest += out[k]
    out[BUST] = 1.0 - rest


SplitPlay = namedtuple(
    "SplitPlay", ["full", "p", "u", "limit", "one_card", "act", "child", "total", "two"]
)
"""What every kernel of one split reads: the pre-deal shoe ``full``, the pair p, the up card u,
the hand limit, one-card split aces, the split hands' actions ``act[hand, up]``, the hand
table's ``child`` and ``total``, and ``two[v]``: the hand p, v."""


@njit(cache=True)
def _hand_finals(shoe, start, play, buf):
    """Every way the split hand ``start`` (two cards, already out of ``shoe``) ends, played as
    ``play`` (``SplitPlay``) says, into ``buf``: the key of the cards it draws, the probability,
    the total (99: bust) and the bet. Returns the count."""
    u, act, child, total, one_card = play.u, play.act, play.child, play.total, play.one_card
    f_key, f_prob, f_total, f_bet = buf
    n = 0
    for v in range(N_VALUES):
        n += shoe[v]
    cnt = 0
    node = np.empty(32, dtype=np.int64)
    prob = np.empty(32)
    key = np.empty(32, dtype=np.int64)
    nxt = np.empty(32, dtype=np.int64)
    card = np.empty(32, dtype=np.int64)
    depth = 0
    node[0] = start
    prob[0] = 1.0
    key[0] = 0
    nxt[0] = -1
    while depth >= 0:
        i = node[depth]
        if nxt[depth] == -1:
            a = Action.STAND if one_card else act[i, u]
            if a == Action.STAND or a == Action.DOUBLE:
                if a == Action.STAND:
                    f_key[cnt] = key[depth]
                    f_prob[cnt] = prob[depth]
                    f_total[cnt] = total[i]
                    f_bet[cnt] = 1
                    cnt += 1
                else:
                    for x in range(N_VALUES):
                        if shoe[x] == 0:
                            continue
                        j = child[i, x]
                        f_key[cnt] = key[depth] + (1 << (SHIFT * x))
                        f_prob[cnt] = prob[depth] * shoe[x] / n
                        f_total[cnt] = 99 if j < 0 else total[j]
                        f_bet[cnt] = 2
                        cnt += 1
                depth -= 1
                if depth >= 0:
                    shoe[card[depth]] += 1
                    n += 1
                continue
            nxt[depth] = 0
        x = nxt[depth]
        if x >= N_VALUES:
            depth -= 1
            if depth >= 0:
                shoe[card[depth]] += 1
                n += 1
            continue
        nxt[depth] = x + 1
        if shoe[x] == 0:
            continue
        j = child[i, x]
        px = prob[depth] * shoe[x] / n
        kx = key[depth] + (1 << (SHIFT * x))
        if j < 0:
            f_key[cnt] = kx
            f_prob[cnt] = px
            f_total[cnt] = 99
            f_bet[cnt] = 1
            cnt += 1
            continue
        card[depth] = x
        shoe[x] -= 1
        n -= 1
        depth += 1
        node[depth] = j
        prob[depth] = px
        key[depth] = kx
        nxt[depth] = -1
    return cnt


@njit(cache=True)
def _state_shoe(full, r, u, shoe):
    """The shoe of state ``r`` (player cards out, the up card out too); returns its size."""
    n = 0
    for v in range(N_VALUES):
        shoe[v] = full[v] - ((r >> (SHIFT * v)) & MASK) - (1 if v == u else 0)
        n += shoe[v]
    return n


@njit(cache=True)
def _expand(keys, play, nh, same, nxt, buf):
    """Add the successors of the states ``keys`` (the current hand holds p and draws its
    second card; ``nh`` hands so far): a resplit to ``same``, every ending of the hand to
    ``nxt``."""
    full, p, u, limit, two = play.full, play.p, play.u, play.limit, play.two
    shoe = np.empty(N_VALUES, dtype=np.int64)
    f_key = buf[0]
    for s in range(keys.shape[0]):
        r = keys[s]
        _state_shoe(full, r, u, shoe)
        for v in range(N_VALUES):
            if shoe[v] == 0:
                continue
            if v == p and nh < limit:
                same[r + (1 << (SHIFT * p))] = 0
                continue
            shoe[v] -= 1
            cnt = _hand_finals(shoe, two[v], play, buf)
            shoe[v] += 1
            base = r + (1 << (SHIFT * v))
            for f in range(cnt):
                nxt[base + f_key[f]] = 0


@njit(cache=True)
def _terminal_values(keys, full, u, size, start, key, orderings, outcome, out):
    """``out[s, d]``: P(dealer result d) once the player holds the cards of state s."""
    shoe = np.empty(N_VALUES, dtype=np.int64)
    row = np.empty(N_OUTCOMES)
    for s in range(keys.shape[0]):
        _state_shoe(full, keys[s], u, shoe)
        shoe[u] += 1
        _dealer_row(shoe, u, size, start, key, orderings, outcome, row)
        for d in range(N_OUTCOMES):
            out[s, d] = row[d]


@njit(cache=True)
def _level_values(keys, play, nh, rem, same, after, buf, out):
    """``out[s, d * w + k]``: P(dealer result d, net of the hands still to come k - 2 rem) from
    state s (w = 4 rem + 1); ``out[s, 7 w + d]``: E[their wagers; dealer result d]. ``same`` =
    (index, values) of the level a resplit leads to, ``after`` = (index, values, its rem,
    whether it is terminal) of the level the hand's ending leads to."""
    full, p, u, limit, two = play.full, play.p, play.u, play.limit, play.two
    same_idx, same_val = same
    next_idx, next_val, next_rem, next_terminal = after
    shoe = np.empty(N_VALUES, dtype=np.int64)
    f_key, f_prob, f_total, f_bet = buf
    w = 4 * rem + 1
    wn = 4 * next_rem + 1
    for s in range(keys.shape[0]):
        r = keys[s]
        n = _state_shoe(full, r, u, shoe)
        o = out[s]
        o[:] = 0.0
        for v in range(N_VALUES):
            if shoe[v] == 0:
                continue
            pv = shoe[v] / n
            if v == p and nh < limit:
                row = same_val[same_idx[r + (1 << (SHIFT * p))]]
                for k in range(o.shape[0]):
                    o[k] += pv * row[k]
                continue
            shoe[v] -= 1
            cnt = _hand_finals(shoe, two[v], play, buf)
            shoe[v] += 1
            base = r + (1 << (SHIFT * v))
            for f in range(cnt):
                q = pv * f_prob[f]
                row = next_val[next_idx[base + f_key[f]]]
                bet = f_bet[f]
                t = f_total[f]
                for d in range(N_OUTCOMES):
                    net = -bet if t > 21 else bet * _result(t, d)
                    if next_terminal:
                        pd = row[d]
                        o[d * w + 2 * rem + net] += q * pd
                    else:
                        pd = 0.0
                        off = 2 * rem + net - 2 * next_rem
                        for k in range(wn):
                            o[d * w + off + k] += q * row[d * wn + k]
                            pd += row[d * wn + k]
                        o[N_OUTCOMES * w + d] += q * row[N_OUTCOMES * wn + d]
                    o[N_OUTCOMES * w + d] += q * bet * pd


def _new_index():
    return Dict.empty(key_type=types.int64, value_type=types.int64)


def split_joint(analysis, act, p: int, u: int) -> tuple[np.ndarray, np.ndarray, dict]:
    """``[dealer result, net + 2 limit]`` of splitting pair p against u, E[total wager; dealer
    result], and the number of states per level (completed hands, hands)."""
    rules = analysis.rules
    h = hand_table()
    full = analysis.base.astype(np.int64)
    limit = rules.max_hands(p + 1)
    one_card = analysis.one_card_split(p)
    act = np.ascontiguousarray(act, dtype=np.int64)
    two = np.array([h.two_card(p, v) for v in range(N_VALUES)], dtype=np.int64)
    dealer = _dealer_arrays(analysis.kernel_rules.dealer, u)
    buf = (
        np.empty(MAX_FINALS, dtype=np.int64),
        np.empty(MAX_FINALS),
        np.empty(MAX_FINALS, dtype=np.int64),
        np.empty(MAX_FINALS, dtype=np.int64),
    )
    play = SplitPlay(full, p, u, limit, bool(one_card), act, h.child, h.total, two)
    order = [(c, nh) for c in range(limit + 1) for nh in range(max(c, 2), limit + 1)]
    found = {level: _new_index() for level in order}
    found[(0, 2)][2 << (SHIFT * p)] = 0
    levels = {}
    for c, nh in order:
        keys = np.array(sorted(found[(c, nh)].keys()), dtype=np.int64)
        levels[(c, nh)] = keys
        if c == nh or len(keys) == 0:
            continue
        same = found[(c, nh + 1)] if nh < limit else _new_index()
        _expand(keys, play, nh, same, found[(c + 1, nh)], buf)
    del found
    index, value = {}, {}
    for c, nh in reversed(order):
        keys = levels[(c, nh)]
        idx = _new_index()
        for i, k in enumerate(keys.tolist()):
            idx[k] = i
        index[(c, nh)] = idx
        if len(keys) == 0:
            value[(c, nh)] = np.zeros((0, 1))
        elif c == nh:
            value[(c, nh)] = np.zeros((len(keys), N_OUTCOMES))
            _terminal_values(keys, full, u, *dealer, value[(c, nh)])
        else:
            rem = limit - c
            out = np.zeros((len(keys), N_OUTCOMES * (4 * rem + 2)))
            resplit = (index[(c, nh + 1)], value[(c, nh + 1)]) if nh < limit else None
            if resplit is None:
                resplit = (_new_index(), np.zeros((1, 1)))
            terminal = c + 1 == nh
            after = (index[(c + 1, nh)], value[(c + 1, nh)], 0 if terminal else rem - 1, terminal)
            _level_values(keys, play, nh, rem, resplit, after, buf, out)
            value[(c, nh)] = out
        # a level is read only by the levels just before it
        for later in ((c + 1, nh + 1), (c + 2, nh)):
            value.pop(later, None)
            index.pop(later, None)
    root = value[(0, 2)][0]
    w = 4 * limit + 1
    joint = root[: N_OUTCOMES * w].reshape(N_OUTCOMES, w)
    wager = root[N_OUTCOMES * w :]
    return joint, wager, {k: len(v) for k, v in levels.items() if len(v)}


def split_distribution(analysis, act, p: int, u: int) -> tuple[np.ndarray, float]:
    """``outcomes.split_distribution``'s output (round bins, expected total wager), exact."""
    joint, wager, _ = split_joint(analysis, act, p, u)
    limit = analysis.rules.max_hands(p + 1)
    out = np.zeros(ROUND_BINS)
    expected = 0.0
    for d in range(N_OUTCOMES):
        if analysis.rules.peek and d == NATURAL:
            out[2 * -1 + 2 * MAX_NET] += joint[d].sum()
            expected += joint[d].sum()
            continue
        for k in range(joint.shape[1]):
            out[2 * (k - 2 * limit) + 2 * MAX_NET] += joint[d, k]
        expected += wager[d]
    return out, expected


def split_actions(analysis, policy, result, p: int) -> np.ndarray:
    """The actions of split hands of pair p (independent of how many pair cards are out)."""
    return analysis.play(policy, p, 0, result.unsplit).action


def exact_split_deals(analysis, policy, result, only=None, log=None) -> dict:
    """``outcomes.split_deals`` with every split exact."""
    out = {}
    split = result.deal_action == Action.SPLIT
    h = hand_table()
    for p in range(N_VALUES):
        ups = [u for u in range(N_VALUES) if split[h.two_card(p, p), u]]
        if only is not None:
            ups = [u for u in ups if (p + 1, u + 1) in only]
        if not ups:
            continue
        act = split_actions(analysis, policy, result, p)
        for u in ups:
            t = time.perf_counter()
            out[(p, u)] = split_distribution(analysis, act, p, u)
            if log is not None:
                log(p, u, time.perf_counter() - t)
    return out


# -- the check against the Fraction twin ----------------------------------------------------
def check() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_blackjack_evaluator import RESPLIT_CASES, SMALL, shoe_of
    from test_blackjack_strategy import SURRENDER_CHART, _chart_decisions

    from cardedge.analysis.blackjack import reference
    from cardedge.analysis.blackjack.policy import BlackjackPolicy
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.analysis.blackjack.rules import BlackjackRules
    from cardedge.strategy.blackjack.charts import basic_strategy, policy_from_chart

    worst = 0.0
    for peek in (False, True):
        rules = BlackjackRules(peek=peek, split_hands=2, surrender=True)
        a = ShoeAnalysis(rules, shoe_of(SMALL))
        basic = basic_strategy(a)
        for name, chart in (("optimal", None), ("chart", SURRENDER_CHART), ("basic", basic)):
            if chart is None:
                policy, ref = None, reference.OutcomeReference(rules, SMALL)
            else:
                policy = policy_from_chart(chart, rules)
                play, split = _chart_decisions(chart, rules)
                ref = reference.OutcomeReference(rules, SMALL, play=play, split=split)
            result = a.evaluate(policy) if policy else a.evaluate()
            saved = outcomes.split_deals
            outcomes.split_deals = exact_split_deals
            try:
                got = outcomes.distribution_of(a, policy or outcomes.OPTIMAL_POLICY, result)
            finally:
                outcomes.split_deals = saved
            unsplit, split = ref.outcome_distribution()
            err = max(
                abs(got.probability[k] - float(unsplit.get(k, 0) + split.get(k, 0)))
                for k in got.probability
            )
            worst = max(worst, err)
            print(f"{name:8} {rules.describe(a.shoe)}: whole round, max |exact - twin| {err:.1e}")
    for values, pair, hands, changes in RESPLIT_CASES:
        rules = BlackjackRules(split_hands=hands, **changes)
        a = ShoeAnalysis(rules, shoe_of(values))
        for name in ("optimal", "basic"):
            chart = basic_strategy(a) if name == "basic" else None
            policy = policy_from_chart(chart, rules) if chart else outcomes.OPTIMAL_POLICY
            pairs = policy.pairs.copy()
            pairs[pair, :] = Action.SPLIT
            policy = BlackjackPolicy("forced", policy.codes, pairs)
            result = a.evaluate(policy)
            act = split_actions(a, policy, result, pair)
            if chart:
                play, _ = _chart_decisions(chart, rules)
                ref = reference.OutcomeReference(rules, values, play=play, split=lambda u, q: True)
            else:
                ref = reference.OutcomeReference(rules, values)
            err = 0.0
            for u in range(N_VALUES):
                s = list(values)
                s[pair] -= 2
                s[u] -= 1
                if min(s) < 0:
                    continue
                dist, _ = split_distribution(a, act, pair, u)
                literal = np.zeros(ROUND_BINS)
                for net, q in ref.split_distribution(u, pair).items():
                    literal[int(2 * net) + 2 * MAX_NET] += float(q)
                err = max(err, float(np.abs(dist - literal).max()))
                nets = (np.arange(ROUND_BINS) - 2 * MAX_NET) / 2
                assert abs(dist @ nets - result.split_ev[pair, u]) < 1e-13
            worst = max(worst, err)
            setup = rules.describe(a.shoe)
            print(f"{name:8} split {pair + 1}s, {setup}: max |exact - twin| {err:.1e}")
    print(f"worst {worst:.1e}")
    assert worst < 1e-14


# -- the 6-deck timing ------------------------------------------------------------------------
def run(hands: int, strategy: str, peek: bool, only) -> None:
    from cardedge.analysis.blackjack.round import shoe_analysis
    from cardedge.analysis.blackjack.rules import DEFAULT_RULES, DEFAULT_SHOE, PUBLISHED_RULES
    from cardedge.strategy.blackjack.charts import strategy_policy

    rules = (PUBLISHED_RULES if peek else DEFAULT_RULES).with_(split_hands=hands)
    a = shoe_analysis(rules, DEFAULT_SHOE)
    policy = strategy_policy(strategy, a)
    result = a.evaluate(policy)
    print(f"{strategy} play, {rules.describe(a.shoe)}")
    t = time.perf_counter()
    outcomes.split_deals(a, policy, result)
    seconds = time.perf_counter() - t
    print(f"  every split as the table combines it (independent hands): {seconds:.2f} s")

    def log(p, u, seconds):
        print(f"  {p + 1},{p + 1} against {u + 1}: {seconds:8.2f} s", flush=True)

    t = time.perf_counter()
    exact = exact_split_deals(a, policy, result, only, log)
    total = time.perf_counter() - t
    print(f"  exact, {len(exact)} splits: {total:.1f} s")
    nets = (np.arange(ROUND_BINS) - 2 * MAX_NET) / 2
    for (p, u), (dist, _) in exact.items():
        assert abs(dist @ nets - result.split_ev[p, u]) < 1e-12
        assert abs(dist.sum() - 1) < 1e-12
    if only is None:
        saved = outcomes.split_deals
        outcomes.split_deals = lambda *args: exact
        try:
            ex = outcomes.distribution_of(a, policy, result)
        finally:
            outcomes.split_deals = saved
        ap = outcomes.distribution_of(a, policy, result)
        tv = sum(abs(ex.probability[k] - ap.probability[k]) for k in ex.probability) / 2
        print(
            f"  SD exact {ex.std:.7f}, independent hands {ap.std:.7f}; element of risk "
            f"{ex.element_of_risk_percent:.6f}% both; edge {-100 * ex.ev:.6f}% "
            f"(evaluator {result.house_edge_percent:.6f}%); total variation {tv:.1e}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="Compare with the Fraction twin.")
    ap.add_argument("--hands", type=int, default=2, help="split_hands (2, 3 or 4).")
    ap.add_argument("--strategy", default="optimal")
    ap.add_argument("--peek", action="store_true")
    ap.add_argument("--only", nargs="*", help="Splits as pair,up in point values (1: ace).")
    args = ap.parse_args()
    if args.check:
        check()
        return
    only = None if args.only is None else {tuple(map(int, s.split(","))) for s in args.only}
    run(args.hands, args.strategy, args.peek, only)


if __name__ == "__main__":
    main()
