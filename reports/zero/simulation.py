"""Zero Monte Carlo runs beside the exact figures, and Zero training sessions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.paytable import load_paytable
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import (
    ZERO_PAIR,
    ZeroRules,
    ratio_words,
    trips_notes,
)
from cardedge.analysis.zero.sidebet import evaluate_side_bet
from cardedge.engine.zero.coach import ZeroCoach
from cardedge.engine.zero.simulate import simulate_zero
from cardedge.engine.zero.tables import chart_tables, optimal_tables
from cardedge.reports.core.simulation import SimulationReport, Trainer, new_seed
from cardedge.reports.zero.edge import table_keys
from cardedge.strategy.zero.charts import resolve


def zero_tables_for(rules: ZeroRules, shoe: Shoe, strategy: str):
    """(label, decision tables named by the label, policy) of a Zero strategy or chart file
    for hands dealt from ``shoe``."""
    label, policy, chart = resolve(strategy, rules, shoe)
    tables = optimal_tables(rules, shoe) if chart is None else chart_tables(policy, rules)
    return label, replace(tables, name=label), policy


def zero_simulation(
    rules: ZeroRules,
    shoe: Shoe,
    rules_name: str,
    strategy: str,
    rounds: int,
    seed: int | None = None,
    paytable=None,
    progress: Callable[[int], None] | None = None,
    exact_outcomes: bool = True,
    threads: int | None = None,
) -> SimulationReport:
    """Simulate Zero under ``rules``, each round dealt from ``shoe`` (a fresh shoe) shuffled,
    with a named strategy, beside the exact figures.

    ``threads``: simulation threads (default every core; the counts do not depend on it).
    ``exact_outcomes=False`` skips the exact probability of each net result (the slowest
    exact figure, a few seconds); Zero Pair and trips probabilities are always given.
    """
    seed = new_seed() if seed is None else seed
    decks = shoe.whole_decks("the simulator")
    _, tables, policy = zero_tables_for(rules, shoe, strategy)
    table = load_paytable(paytable)
    sim = simulate_zero(
        rules, decks, tables, rounds, seed, table, progress=progress, threads=threads
    )
    exact = evaluate_round(rules, shoe, policy)
    deals = exact.probabilities
    exact_by_bin: dict[str, float | None] = {
        "zero pair": deals.zero_pair - deals.trips,
        "trips": deals.trips,
    }
    if exact_outcomes:
        dist = outcome_distribution(rules, shoe, policy)
        by_net = dict(zip(dist.net.tolist(), dist.probability.tolist(), strict=True))
        for lab, net in zip(sim.outcome_labels[2:], sim.outcome_net[2:], strict=True):
            exact_by_bin[lab] = by_net[float(net)]
    side = evaluate_side_bet(decks, table)
    exact_side = {lab: float(side.probability(i)) for i, lab in enumerate(sim.side_labels)}
    notes = [
        f"zero pair: {ZERO_PAIR}, paid {ratio_words(rules.zero_pair_pays)}; trips: a "
        f"ten-valued Zero Pair of the up card's rank, paid {ratio_words(rules.trips_payout)}.",
        "Each round is dealt from a freshly shuffled shoe, as in the exact analysis; split "
        "hands are played seeing the other split card, not the other hand's draws.",
    ]
    notes += trips_notes({rules_name: rules})
    notes += table.notes()
    return SimulationReport(
        sim,
        rules_name,
        exact.ev,
        exact_by_bin,
        exact.decision_probabilities(),
        float(side.ev),
        exact_side,
        table.label,
        tuple(notes),
        table_keys(split="standard", edge=True, played={rules_name: rules}),
        side_bet="Zero Pays",
    )


def training_coach(rules: ZeroRules, shoe: Shoe, basic: str) -> ZeroCoach:
    """The Zero coach judging against the chart ``basic`` and exact optimal play on ``shoe``."""
    label, tables, _ = zero_tables_for(rules, shoe, basic)
    if label == "optimal":
        raise ValueError("the trainer's basic strategy must be a chart: basic, published, a file")
    return ZeroCoach(rules, shoe, tables)


zero_training = Trainer("zero", training_coach).session
"""A Zero training session judged against the chart ``basic`` and exact optimal play:
``zero_training(rules, shoe, basic, seed, bet, balance, side_bet)``."""
