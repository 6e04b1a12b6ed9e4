"""Monte Carlo rounds of blackjack in numba: the rules engine's blackjack at millions a minute.

Each round is dealt from a freshly shuffled shoe and played by ``tables.BlackjackTables``; the
kernel settles every wager from the rules alone and counts outcomes and first decisions.
``replay`` plays the same rounds through the Python engine, count for count.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table
from cardedge.analysis.core.kernels import entry, inline
from cardedge.engine.blackjack.game import SURRENDER_NET, first_actions
from cardedge.engine.core import dealing
from cardedge.engine.core.dealing import draw, fresh_shoe
from cardedge.engine.core.simulation import DEFAULT_CHUNK, Simulation, chunks, run_streams

BJ_MAX_NET = 8
"""Four hands, all doubled: a blackjack round's net lies in -8..8 outside naturals."""
BJ_NATURAL_WIN, BJ_NATURAL_PUSH = 0, 1
BJ_SURRENDER = 2 + 2 * BJ_MAX_NET + 1
"""The bin of a surrendered round (net -0.5), after the whole-number nets."""
BJ_MAX_HANDS = 4


def blackjack_outcome_labels(rules) -> tuple[str, ...]:
    """Outcome bins of a blackjack round: natural paid, natural pushed, then net -8 .. +8, then
    'surrender' (net -0.5) when the rules allow it."""
    nets = tuple(f"{n:+d}" if n else "0" for n in range(-BJ_MAX_NET, BJ_MAX_NET + 1))
    return ("natural wins", "natural pushes") + nets + (("surrender",) if rules.surrender else ())


def blackjack_outcome_nets(rules) -> np.ndarray:
    """Net result per initial wager of each bin of ``blackjack_outcome_labels``."""
    ints = [float(n) for n in range(-BJ_MAX_NET, BJ_MAX_NET + 1)]
    surrender = [SURRENDER_NET] if rules.surrender else []
    return np.array([rules.natural_payout, 0.0] + ints + surrender)


@inline
def _dealer_total(hard, has_ace):
    """(total, soft): one ace counts 11 when that does not pass 21."""
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@entry(nogil=True, refcounts=False)
def blackjack_rounds(rng, rounds, shoe, vidx, hands, rules, first, unsplit, split, counts):
    """Play ``rounds`` rounds of blackjack, adding to ``counts`` = (outcomes, decisions; then
    the seat's work arrays, hands[1, i] and wagers[1, i]: the kernel allocates nothing).

    ``shoe`` holds card kinds and ``vidx`` maps them to value indices (0 ace .. 9 ten); a hand
    is an index of ``analysis.blackjack.hands`` (``hands``: its ``HandArrays``; ``child``: draw
    transitions, -1 a bust). ``rules``: the rules' ``KernelRules`` record, which says what is
    legal. Deal order as the engine; decision codes ``analysis.blackjack.actions.Action``. A
    surrender (first decision only, where the rules allow it) settles at -0.5 in its own bin,
    a dealer natural included when there is no peek; the dealer then draws nothing. A hand the
    five-card rule settles (``rules.charlie`` cards) stops drawing and wins its wager whatever
    the dealer holds; the dealer draws only when some hand is neither bust nor such a hand.
    """
    outcomes, decisions, hidx, wager = counts
    seat = (hidx, wager, 0)
    stacks = (unsplit, split, 0, 0)
    for _ in range(rounds):
        a = vidx[draw(rng, shoe, 0)]
        b = vidx[draw(rng, shoe, 1)]
        u = vidx[draw(rng, shoe, 2)]
        hole = vidx[draw(rng, shoe, 3)]
        dealt = 4
        d_nat = is_natural(u, hole)
        if is_natural(a, b):
            decisions[0] += 1
            outcomes[1 if d_nat else 0] += 1
            continue
        h0 = hands.child[hands.child[0, a], b]
        act = first[h0, u]
        check_first(act, rules)
        decisions[1 + act] += 1  # FIRST_ACTIONS: natural, then the Action codes in order
        if rules.peek and d_nat:
            outcomes[2 + BJ_MAX_NET - 1] += 1
            continue
        if act == Action.SURRENDER:
            outcomes[BJ_SURRENDER] += 1
            continue
        dealt, n_hands, _ = play_seat(
            rng, shoe, dealt, vidx, hands, rules, (a, b, h0), u, act, stacks, seat
        )
        dealer = 0
        if not d_nat:
            draws = not settled(seat, n_hands, hands.n_cards, rules.charlie)
            dealt, dealer = dealer_total(rng, shoe, dealt, vidx, rules, u, hole, draws)
        net = settle(seat, n_hands, hands, rules.charlie, dealer, d_nat)
        outcomes[2 + BJ_MAX_NET + net] += 1


@inline
def is_natural(x, y):
    """True when two cards (value indices) are an ace and a ten-valued card."""
    return (x == ACE and y == TEN) or (x == TEN and y == ACE)


@inline
def check_first(act, rules):
    """ValueError when the first decision surrenders where the rules forbid it."""
    if act == Action.SURRENDER and not rules.surrender[0]:
        raise ValueError("decision table surrenders where the rules forbid it")


@inline
def play_seat(rng, shoe, dealt, vidx, hands, rules, cards, u, act, stacks, seat):
    """Play one seat's hands from the two-card hand ``cards`` = (a, b: value indices, h0: its
    hand index) whose first decision ``act`` is neither a natural nor a surrender: a split
    deals and plays each hand, else the hand plays on.

    ``stacks`` = (unsplit, split, t, base): ``unsplit[t]`` is the table of an unsplit hand,
    ``split[t * N_VALUES + a]`` of a hand split from pair ``a`` (stacks of tables, indexed
    rather than sliced: a slice would build an array each round), ``base`` the set whose
    decisions count as no departure. ``seat`` = (hidx, wager, s): row ``s`` receives each
    hand's final index (-1 bust) and wager. Returns (cards dealt, hands, decisions that differ
    from the base set's: the index plays taken, the first decision not included)."""
    a, b, h0 = cards
    unsplit, split, t, base = stacks
    hidx, wager, s = seat
    departed = 0
    if act == Action.SPLIT:
        if a != b or rules.max_hands[a] < 2:
            raise ValueError("decision table splits a hand that cannot be split")
        n_hands = 2
        wager[s, 0] = 1
        wager[s, 1] = 1
        one_card = rules.one_card[a + 1]
        plays = (split, t * N_VALUES + a, base * N_VALUES + a)
        i = 0
        while i < n_hands:
            y = vidx[draw(rng, shoe, dealt)]
            dealt += 1
            while y == a and n_hands < rules.max_hands[a]:
                wager[s, n_hands] = 1
                n_hands += 1
                y = vidx[draw(rng, shoe, dealt)]
                dealt += 1
            h = hands.child[hands.child[0, a], y]
            if one_card:
                hidx[s, i] = h
            else:
                dealt, end, bet, moved = _play_hand(
                    rng, shoe, dealt, vidx, hands, rules, a + 1, h, u, plays, -1
                )
                hidx[s, i] = end
                wager[s, i] = bet
                departed += moved
            i += 1
    else:
        n_hands = 1
        dealt, end, bet, moved = _play_hand(
            rng, shoe, dealt, vidx, hands, rules, 0, h0, u, (unsplit, t, base), act
        )
        hidx[s, 0] = end
        wager[s, 0] = bet
        departed += moved
    return dealt, n_hands, departed


@inline
def settled(seat, n_hands, n_cards, charlie):
    """True when every hand of ``seat`` = (hidx, wager, s) is bust or won by the five-card
    rule: the dealer need not draw for it."""
    hidx, _, s = seat
    for i in range(n_hands):
        if hidx[s, i] >= 0 and n_cards[hidx[s, i]] != charlie:
            return False
    return True


@inline
def dealer_total(rng, shoe, dealt, vidx, rules, u, hole, draws):
    """(cards dealt, the dealer's final total) from up card ``u`` and ``hole`` (value indices),
    drawing to the rules when ``draws``."""
    hard = u + 1 + hole + 1
    has_ace = u == ACE or hole == ACE
    if draws:
        while True:
            t, soft = _dealer_total(hard, has_ace)
            table = rules.dealer.draws  # [soft, total 0..21]
            if t >= table.shape[1] or not table[1 if soft else 0, t]:
                break
            v = vidx[draw(rng, shoe, dealt)]
            dealt += 1
            hard += v + 1
            has_ace = has_ace or v == ACE
    dealer, _ = _dealer_total(hard, has_ace)
    return dealt, dealer


@inline
def settle(seat, n_hands, hands, charlie, dealer, d_nat):
    """The whole-unit net of the played hands of ``seat`` = (hidx, wager, s) against the
    dealer's total ``dealer`` (``d_nat``: the dealer's natural, which beats every hand the
    five-card rule has not won)."""
    hidx, wager, s = seat
    net = 0
    for i in range(n_hands):
        h = hidx[s, i]
        if h >= 0 and hands.n_cards[h] == charlie:
            net += wager[s, i]
        elif h < 0 or d_nat:
            net -= wager[s, i]
        elif dealer > 21 or hands.total[h] > dealer:
            net += wager[s, i]
        elif hands.total[h] < dealer:
            net -= wager[s, i]
    return net


@inline
def _play_hand(rng, shoe, dealt, vidx, hands, rules, c, h, u, plays, first_code):
    """Play one hand (hand index ``h``, rules context ``c``: 0 unsplit, else the pair's value
    index plus one) by ``plays`` = (stack, k, base): ``stack[k, hand, up]``; ``first_code``
    >= 0 is its first decision instead; a hand of ``rules.charlie`` cards (the five-card rule)
    stops at once. Returns (cards dealt so far, the final hand index (-1: bust), the hand's
    wager, decisions that differ from ``stack[base]``'s)."""
    child, n_cards = hands.child, hands.n_cards
    stack, k, base = plays
    code = first_code
    wager = 1
    moved = 0
    while True:
        if code < 0:
            code = stack[k, h, u]
            if code != stack[base, h, u]:
                moved += 1
        if code == Action.STAND:
            break
        if code == Action.DOUBLE:
            if n_cards[h] != 2 or not rules.double[c, hands.total[h], 1 if hands.soft[h] else 0]:
                raise ValueError("decision table doubles where the rules forbid it")
            h = child[h, vidx[draw(rng, shoe, dealt)]]
            dealt += 1
            wager = 2
            break
        if code != Action.HIT:
            raise ValueError("decision table splits or surrenders a hand that cannot")
        h = child[h, vidx[draw(rng, shoe, dealt)]]
        dealt += 1
        if h < 0 or n_cards[h] == rules.charlie:
            break
        code = -1
    return dealt, h, wager, moved


def simulate_blackjack(
    rules,
    decks: int,
    tables,
    rounds: int,
    seed: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
) -> Simulation:
    """Simulate ``rounds`` rounds of blackjack under ``rules``, dealt from fresh shoes of
    ``decks`` decks, played by ``tables``
    (``tables.BlackjackTables``).

    The rounds are dealt from independent streams (``simulation.run_streams``) on ``threads``
    threads (default: every core); the counts of a seed do not depend on ``threads`` or
    ``chunk``. ``progress(n)`` is called after each stream of n rounds.
    """
    hands = hand_table().arrays
    kernel_rules = rules.kernel_record()
    labels = blackjack_outcome_labels(rules)

    def play(rng, n):
        shoe = fresh_shoe(decks)
        outcomes = np.zeros(len(labels), dtype=np.int64)
        decisions = np.zeros(len(first_actions(rules)), dtype=np.int64)
        work = np.zeros((2, 1, BJ_MAX_HANDS), dtype=np.int64)
        for m in chunks(n, chunk):
            blackjack_rounds(
                rng,
                m,
                shoe,
                dealing.POINT_INDEX_OF_KIND,
                hands,
                kernel_rules,
                tables.first,
                tables.unsplit[None],
                tables.split,
                (outcomes, decisions, work[0], work[1]),
            )
        return outcomes, decisions

    outcomes, decisions = run_streams(play, rounds, seed, threads, progress)
    return Simulation(
        "blackjack",
        tables.name,
        rules,
        decks,
        int(rounds),
        seed,
        labels,
        blackjack_outcome_nets(rules),
        outcomes,
        first_actions(rules),
        decisions,
    )
