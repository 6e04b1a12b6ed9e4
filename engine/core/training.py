"""Training sessions: deal rounds, judge each decision against basic strategy and exact optimal
play, keep a balance of virtual points (no money value) and the session's statistics.

A coach (``engine/<game>/coach.py``) deals the game's rounds and gives, for the hand being
decided, the exact EV of every legal action (from the exact
evaluators, for a fresh shoe, per unit of the hand's initial wager), the best action, and what
the basic strategy does; the mistake's cost is the best EV minus the chosen action's EV. The
engine alone deals and settles the rounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from cardedge.engine.core.dealing import IllegalAction, ShuffledShoe

ACTION_ORDER = ("stand", "hit", "double", "split", "surrender")
"""Tie order for the best action: the evaluators keep standing unless another is strictly
better, and split or surrender only when strictly better."""


@dataclass(frozen=True)
class Judgement:
    """One decision judged. EVs per unit of the hand's initial wager (a split: both hands)."""

    action: str
    basic: str
    """What the basic strategy does here."""
    optimal: str
    """The action of highest exact EV (ties: the first of stand, hit, double, split,
    surrender)."""
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


@runtime_checkable
class Coach(Protocol):
    """What a game's coach (``engine/<game>/coach.py``) supplies to a training session: the
    game it judges, a new round, and the judgement of an action on the hand being decided.
    Whether the game takes a side bet is the game's capability (``Game.has_side_bet``), not
    the coach's."""

    game: str
    """The name of the game it judges (``Game.name``)."""

    def deal(self, shoe: ShuffledShoe, side_units: float = 0.0) -> Any:
        """A new round from ``shoe``; ``side_units``: the side bet's stake per initial wager."""
        ...

    def judge(self, view: Any, action: str) -> Judgement:
        """``action`` on the hand of ``view`` against basic strategy and exact play."""
        ...


class TrainingSession:
    """Deals rounds of one game and judges every decision of the person playing.

    The shoe is ``decks`` decks, shuffled before every round. ``new_round`` deals; ``act``
    judges then applies an action (IllegalAction, unjudged and
    unrecorded, when the rules forbid it); once ``round.finished``, ``settle`` books it.
    """

    def __init__(
        self,
        game: str,
        rules,
        decks: int,
        coach: Coach,
        seed: int | None,
        bet: float,
        balance: float,
        side_bet: float = 0.0,
    ) -> None:
        if bet <= 0:
            raise ValueError(f"the bet must be positive, got {bet!r}")
        # the game's descriptor says whether it has a side bet: this room names no game
        from cardedge.games import game as game_named

        has_side_bet = game_named(game).has_side_bet
        if side_bet < 0 or (side_bet and not has_side_bet):
            has = "has one" if has_side_bet else "has none"
            raise ValueError(
                f"a side bet is only for a game that has one ({game} {has}) and >= 0, "
                f"got {side_bet!r}"
            )
        if game != coach.game:
            raise ValueError(f"a {coach.game} coach cannot judge {game!r}")
        self.game = game
        self.rules = rules
        self.coach = coach
        self.shoe = ShuffledShoe(decks, np.random.default_rng(seed))
        self.stats = SessionStats(bet, balance)
        self.side_bet = side_bet
        self.round = None

    def new_round(self):
        """Deal the next round (a fresh shuffled shoe)."""
        if self.round is not None and not self.round.finished:
            raise IllegalAction("the current round is not over")
        self.round = self.coach.deal(self.shoe, self.side_bet / self.stats.bet)
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
