"""Training sessions: deal rounds, judge each decision against basic strategy and exact optimal
play, keep a balance of virtual points (no money value) and the session's statistics.

A coach gives, for the hand being decided, the exact EV of every legal action (from the exact
evaluators, for a fresh shoe, per unit of the hand's initial wager), the best action, and what
the basic strategy does; the mistake's cost is the best EV minus the chosen action's EV. The
engine alone deals and settles the rounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from cardedge.analysis.blackjack.hands import hand_table
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.engine.blackjack import game as bj
from cardedge.engine.blackjack.players import TablePlayer as BlackjackTablePlayer
from cardedge.engine.blackjack.tables import BlackjackTables
from cardedge.engine.core.dealing import IllegalAction, ShuffledShoe
from cardedge.engine.zero import game as zr
from cardedge.engine.zero.players import EvaluatorPlayer
from cardedge.engine.zero.players import TablePlayer as ZeroTablePlayer
from cardedge.engine.zero.tables import ZeroTables

ACTION_ORDER = ("stand", "hit", "double", "split")
"""Tie order for the best action: the evaluators keep standing unless another is strictly
better, and split only when strictly better."""


@dataclass(frozen=True)
class Judgement:
    """One decision judged. EVs per unit of the hand's initial wager (a split: both hands)."""

    action: str
    basic: str
    """What the basic strategy does here."""
    optimal: str
    """The action of highest exact EV (ties: the first of stand, hit, double, split)."""
    evs: dict[str, float]
    """Exact EV of each legal action that has one (a resplit has none: see ``cost``)."""

    @property
    def cost(self) -> float | None:
        """EV given up by the choice (0 for the best action; None when it cannot be valued)."""
        if self.action not in self.evs or self.optimal not in self.evs:
            return None
        return self.evs[self.optimal] - self.evs[self.action]

    @property
    def matches_basic(self) -> bool:
        return self.action == self.basic

    @property
    def matches_optimal(self) -> bool:
        return self.action == self.optimal


def best_of(evs: dict[str, float]) -> str:
    """The action of highest EV, ties to the earliest in ``ACTION_ORDER``."""
    best = None
    for a in ACTION_ORDER:
        if a in evs and (best is None or evs[a] > evs[best]):
            best = a
    if best is None:
        raise ValueError("no action to choose from")
    return best


class ZeroCoach:
    """Judges Zero decisions: exact EVs from ``HandEvaluator``, basic strategy from tables.

    A split hand is valued as the analysis plays it: seeing the other split card, not the other
    hand's draws.
    """

    def __init__(self, rules: ZeroRules, basic: ZeroTables) -> None:
        self.rules = rules
        self.basic = ZeroTablePlayer(basic)
        self.optimal = EvaluatorPlayer(rules, HandEvaluator(rules))

    def judge(self, view: zr.ZeroView, action: str) -> Judgement:
        evs = self.optimal.action_evs(view)
        return Judgement(action, self.basic.choose(view), best_of(evs), evs)


class BlackjackCoach:
    """Judges blackjack decisions with the exact evaluator's EVs (unconditional on the dealer's
    natural without peek; given no dealer natural when the dealer has peeked).

    An unsplit hand gets the EVs of optimal play of the unsplit hand (split: the exact split
    value, resplits included). A split hand gets the EVs of a hand split from its pair with the
    other split cards out of the shoe (the evaluator's CDZ- play afterwards). A resplit is the
    analysed strategies' convention (resplit whenever allowed) and has no EV of its own here.
    """

    def __init__(self, analysis: ShoeAnalysis, basic: BlackjackTables) -> None:
        self.analysis = analysis
        self.rules = analysis.rules
        self.basic = BlackjackTablePlayer(basic)
        self.result = analysis.evaluate(OPTIMAL_POLICY)
        self._contexts: dict[tuple[int, int], object] = {}

    def _context(self, p: int, e: int):
        key = (p, e)
        if key not in self._contexts:
            self._contexts[key] = self.analysis.play(OPTIMAL_POLICY, p, e, self.result.unsplit)
        return self._contexts[key]

    def _natural_probability(self, view: bj.BlackjackView) -> float:
        u = view.up_value
        if not self.rules.peek or u not in (0, 9):
            return 0.0
        shoe = self.analysis.base.astype(float).copy()
        for hand in view.hands:
            for k in hand:
                shoe[bj.value_index(k)] -= 1
        shoe[u] -= 1
        return float(shoe[9 if u == 0 else 0] / shoe.sum())

    def action_evs(self, view: bj.BlackjackView) -> dict[str, float]:
        """Exact EV of each legal action (a resplit excepted), per unit of the hand's wager."""
        h = hand_table().find(view.values)
        u = view.up_value
        if view.split_from is None:
            ctx = self.result.unsplit
        else:
            ctx = self._context(view.split_from, len(view.hands) - 1)
        values = {"stand": ctx.stand[h, u], "hit": ctx.hit[h, u], "double": ctx.double[h, u]}
        if view.split_from is None and "split" in view.legal:
            values["split"] = self.result.split_ev[view.values[0], u]
        evs = {a: float(v) for a, v in values.items() if a in view.legal and not np.isnan(v)}
        p_nat = self._natural_probability(view)
        if p_nat > 0:
            # the evaluator's EVs count the peeked natural (-1 whatever the action); the player
            # deciding knows it did not happen
            evs = {a: (v + p_nat) / (1.0 - p_nat) for a, v in evs.items()}
        return evs

    def judge(self, view: bj.BlackjackView, action: str) -> Judgement:
        evs = self.action_evs(view)
        basic = self.basic.choose(view)
        if view.split_from is not None and "split" in view.legal:
            optimal = "split"
        else:
            optimal = best_of(evs)
        return Judgement(action, basic, optimal, evs)


@dataclass
class SessionStats:
    """A session's running totals; money-like figures are virtual points (no money value)."""

    bet: float
    balance: float
    hands: int = 0
    decisions: int = 0
    basic_errors: int = 0
    optimal_errors: int = 0
    ev_lost: float = 0.0
    """EV given up by the decisions, in initial wagers."""
    uncosted_errors: int = 0
    """Departures from optimal play whose cost has no exact value (resplits)."""
    net: float = 0.0
    """Net result of the settled rounds, in initial wagers (side bets included)."""
    abandoned: int = 0
    history: list[Judgement] = field(default_factory=list)

    def record(self, j: Judgement) -> None:
        self.decisions += 1
        self.history.append(j)
        if not j.matches_basic:
            self.basic_errors += 1
        if not j.matches_optimal:
            self.optimal_errors += 1
            if j.cost is None:
                self.uncosted_errors += 1
            else:
                self.ev_lost += j.cost

    def settle(self, net_units: float) -> float:
        """Add a settled round; returns its result in points."""
        self.hands += 1
        self.net += net_units
        points = net_units * self.bet
        self.balance += points
        return points


class TrainingSession:
    """Deals rounds of one game and judges every decision of the person playing.

    ``new_round`` deals; ``act`` judges then applies an action (IllegalAction, unjudged and
    unrecorded, when the rules forbid it); once ``round.finished``, ``settle`` books it.
    """

    def __init__(
        self,
        game: str,
        rules,
        coach,
        seed: int | None,
        bet: float,
        balance: float,
        side_bet: float = 0.0,
    ) -> None:
        if game not in ("zero", "blackjack"):
            raise ValueError(f"unknown game {game!r}")
        if bet <= 0:
            raise ValueError(f"the bet must be positive, got {bet!r}")
        if side_bet < 0 or (side_bet and game != "zero"):
            raise ValueError(f"a side bet (Zero Pays) is for Zero only and >= 0, got {side_bet!r}")
        self.game = game
        self.rules = rules
        self.coach = coach
        self.shoe = ShuffledShoe(rules.decks, np.random.default_rng(seed))
        self.stats = SessionStats(bet, balance)
        self.side_bet = side_bet
        self.round = None

    def new_round(self):
        """Deal the next round (a fresh shuffled shoe)."""
        if self.round is not None and not self.round.finished:
            raise IllegalAction("the current round is not over")
        if self.game == "zero":
            self.round = zr.ZeroRound(self.rules, self.shoe, self.side_bet / self.stats.bet)
        else:
            self.round = bj.BlackjackRound(self.rules, self.shoe)
        return self.round

    def act(self, action: str) -> Judgement:
        """Judge ``action`` on the current hand, then play it."""
        rnd = self.round
        if rnd is None or rnd.finished:
            raise IllegalAction("no hand to play: deal a new round")
        legal = rnd.legal_actions()
        if action not in legal:
            rnd.act(action)  # raises IllegalAction naming the legal actions
        judgement = self.coach.judge(rnd.view(), action)
        rnd.act(action)
        self.stats.record(judgement)
        return judgement

    def settle(self) -> float:
        """Book the finished round; returns its result in points (side bet included)."""
        out = self.round.outcome
        if out is None:
            raise IllegalAction("the round is not over")
        side = getattr(out, "side_net", 0.0)
        return self.stats.settle(out.net + side)

    def abandon(self) -> None:
        """Leave an unfinished round unsettled (counted apart in the summary)."""
        if self.round is not None and not self.round.finished:
            self.stats.abandoned += 1
        self.round = None
