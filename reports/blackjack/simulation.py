"""Blackjack Monte Carlo runs beside the exact figures, and blackjack training sessions."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import ACE, TEN, hand_table
from cardedge.analysis.blackjack.outcomes import distribution_of
from cardedge.analysis.blackjack.round import RoundResult, shoe_analysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.blackjack.coach import BlackjackCoach
from cardedge.engine.blackjack.simulate import simulate_blackjack
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.reports.core.simulation import SimulationReport, Trainer, new_seed
from cardedge.strategy.blackjack.charts import strategy_policy

OUTCOMES_NOTE = (
    "exact_probability: the return table's distribution (analysis/blackjack/outcomes.py): exact "
    "for rounds not split; split rounds (about 2%) spread over the bins with the split hands "
    "taken as independent given the dealer's result (their mean, and so the edge, exact)."
)


def natural_probabilities(decks: int) -> dict[str, float]:
    """Exact P(player natural, dealer none) and P(both naturals) from a fresh shoe of
    ``decks`` decks."""
    n = 52 * decks
    aces, tens = 4 * decks, 16 * decks
    p_player = Fraction(2 * aces * tens, n * (n - 1))
    p_dealer = Fraction(2 * (aces - 1) * (tens - 1), (n - 2) * (n - 3))
    return {
        "natural wins": float(p_player * (1 - p_dealer)),
        "natural pushes": float(p_player * p_dealer),
    }


def surrender_probability(base: np.ndarray, exact: RoundResult) -> float:
    """Exact P(a round ends surrendered, net -0.5): the policy surrenders the deal and, under
    peek, the dealer has no natural (a peeked natural ends the round first)."""
    h = hand_table()
    total = 0.0
    for i, u in zip(*np.nonzero(exact.deal_action == Action.SURRENDER), strict=True):
        p = exact.deal_probability[i, u]
        hole = {ACE: TEN, TEN: ACE}.get(int(u))
        if exact.rules.peek and hole is not None:
            rest = base - h.counts[i]
            rest[u] -= 1
            p *= 1.0 - rest[hole] / rest.sum()
        total += p
    return float(total)


def blackjack_simulation(
    rules: BlackjackRules,
    shoe: Shoe,
    rules_name: str,
    strategy: str,
    rounds: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
) -> SimulationReport:
    """Simulate blackjack under ``rules``, each round dealt from ``shoe`` (a fresh shoe)
    shuffled, with a named strategy, beside the exact figures.

    ``threads``: simulation threads (default every core; the counts do not depend on it).
    """
    seed = new_seed() if seed is None else seed
    decks = shoe.whole_decks("the simulator")
    analysis = shoe_analysis(rules, shoe)
    policy = strategy_policy(strategy, analysis)
    exact = analysis.evaluate(policy)
    tables = policy_tables(analysis, policy, exact)
    sim = simulate_blackjack(rules, decks, tables, rounds, seed, progress=progress, threads=threads)
    outcomes = distribution_of(analysis, policy, exact)
    exact_outcomes: dict[str, float | None] = dict(outcomes.probability)
    notes = [
        "Each round is dealt from a freshly shuffled shoe, as in the exact analysis; split "
        "hands play as the exact evaluator plays them (CDZ-), resplitting whenever allowed.",
        "First decision: the strategy's action on the initial two cards (also counted when a "
        "peeking dealer's natural ends the round first, as the exact probabilities count it).",
        OUTCOMES_NOTE,
    ]
    return SimulationReport(
        sim,
        rules_name,
        exact.ev,
        exact_outcomes,
        exact.action_probabilities(),
        notes=tuple(notes),
    )


def training_coach(rules: BlackjackRules, shoe: Shoe, basic: str) -> BlackjackCoach:
    """The blackjack coach judging against ``basic`` (a strategy name) and exact play on
    ``shoe``."""
    if basic == "optimal":
        raise ValueError("the trainer's basic strategy must be a chart (basic, hard, normal, easy)")
    analysis = shoe_analysis(rules, shoe)
    tables = policy_tables(analysis, strategy_policy(basic, analysis))
    return BlackjackCoach(analysis, tables)


blackjack_training = Trainer("blackjack", training_coach).session
"""A blackjack training session judged against ``basic`` (a strategy name) and exact play:
``blackjack_training(rules, shoe, basic, seed, bet, balance)``."""
