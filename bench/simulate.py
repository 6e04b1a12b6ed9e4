"""Monte Carlo speed: rounds per second of the numba simulators, both games, 1 and 2 threads.

    .venv/bin/python bench/simulate.py [--rounds 20000000] [--repeat 3]

Each configuration is compiled (or loaded from the numba cache) and warmed on a few rounds,
then timed over ``--rounds`` rounds on one thread and on two, best of ``--repeat``; both runs
of a seed give identical counts (the rounds are dealt from independent streams). Decision
tables are built once per configuration, outside the timing (they come from the exact
evaluators). Also times the engines' Python twin, for scale, and reports the peak memory.
"""

from __future__ import annotations

import argparse
import resource
import time

from cardedge.analysis.blackjack.round import shoe_analysis
from cardedge.analysis.blackjack.rules import DEFAULT_RULES
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.engine.blackjack import replay as blackjack_replay
from cardedge.engine.blackjack import simulate as blackjack_sim
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.engine.zero import replay as zero_replay
from cardedge.engine.zero import simulate as zero_sim
from cardedge.engine.zero.tables import chart_tables, optimal_tables
from cardedge.strategy.blackjack.charts import strategy_policy
from cardedge.strategy.zero.charts import resolve

DECKS = 6
"""Decks of every simulated shoe."""


def configurations():
    rules, shoe = preset("published"), Shoe.decks(6)
    _, policy, _ = resolve("basic", rules, shoe)
    yield "zero published 6D optimal", "zero", rules, optimal_tables(rules, shoe)
    yield "zero published 6D basic", "zero", rules, chart_tables(policy, rules)
    analysis = shoe_analysis(DEFAULT_RULES, shoe)
    for name in ("basic", "optimal"):
        tables = policy_tables(analysis, strategy_policy(name, analysis))
        yield f"blackjack default 6D {name}", "blackjack", DEFAULT_RULES, tables


def run(game, rules, tables, rounds, seed, twin=False, threads=1):
    if twin:
        fn = zero_replay.simulate_zero if game == "zero" else blackjack_replay.simulate_blackjack
        return fn(rules, DECKS, tables, rounds, seed=seed)
    fn = zero_sim.simulate_zero if game == "zero" else blackjack_sim.simulate_blackjack
    return fn(rules, DECKS, tables, rounds, seed=seed, threads=threads)


def rate(game, rules, tables, rounds, repeat, threads):
    best = float("inf")
    counts = None
    for _ in range(repeat):
        t = time.perf_counter()
        sim = run(game, rules, tables, rounds, 1, threads=threads)
        best = min(best, time.perf_counter() - t)
        counts = sim.outcome_counts.tolist()
    return rounds / best, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--twin-rounds", type=int, default=20_000)
    args = parser.parse_args()
    head = f"{'configuration':30} {'1 thread r/s':>13} {'2 threads r/s':>14} {'speedup':>8}"
    print(f"{head} {'twin r/s':>9}")
    for label, game, rules, tables in configurations():
        run(game, rules, tables, 1000, 0)
        one, counts_one = rate(game, rules, tables, args.rounds, args.repeat, 1)
        two, counts_two = rate(game, rules, tables, args.rounds, args.repeat, 2)
        assert counts_one == counts_two, "a seed must give the same counts on 1 and 2 threads"
        t = time.perf_counter()
        run(game, rules, tables, args.twin_rounds, 0, twin=True)
        twin = args.twin_rounds / (time.perf_counter() - t)
        print(f"{label:30} {one:13,.0f} {two:14,.0f} {two / one:8.2f} {twin:9,.0f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS) of this process: {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
