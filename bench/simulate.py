"""Monte Carlo speed: rounds per second of the numba simulators, both games.

    .venv/bin/python bench/simulate.py [--rounds 5000000] [--repeat 3]

Each configuration is compiled (or loaded from the numba cache) and warmed on a few rounds,
then timed over ``--rounds`` rounds, best of ``--repeat``. Decision tables are built once per
configuration, outside the timing (they come from the exact evaluators). Also times the
engines' Python twin, for scale.
"""

from __future__ import annotations

import argparse
import time

from cardedge.analysis.blackjack.round import shoe_analysis
from cardedge.analysis.blackjack.rules import DEFAULT_RULES
from cardedge.analysis.zero.rules import preset
from cardedge.engine.blackjack import replay as blackjack_replay
from cardedge.engine.blackjack import simulate as blackjack_sim
from cardedge.engine.blackjack.tables import policy_tables
from cardedge.engine.zero import replay as zero_replay
from cardedge.engine.zero import simulate as zero_sim
from cardedge.engine.zero.tables import chart_tables, optimal_tables
from cardedge.strategy.blackjack.charts import strategy_policy
from cardedge.strategy.zero.charts import resolve


def configurations():
    rules = preset("published", 6)
    _, policy, _ = resolve("basic", rules)
    yield "zero published 6D optimal", "zero", rules, optimal_tables(rules)
    yield "zero published 6D basic", "zero", rules, chart_tables(policy, rules)
    analysis = shoe_analysis(DEFAULT_RULES)
    for name in ("basic", "optimal"):
        tables = policy_tables(analysis, strategy_policy(name, analysis))
        yield f"blackjack default 6D {name}", "blackjack", DEFAULT_RULES, tables


def run(game, rules, tables, rounds, seed, twin=False):
    if game == "zero":
        fn = zero_replay.simulate_zero if twin else zero_sim.simulate_zero
    else:
        fn = blackjack_replay.simulate_blackjack if twin else blackjack_sim.simulate_blackjack
    return fn(rules, tables, rounds, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--twin-rounds", type=int, default=20_000)
    args = parser.parse_args()
    print(f"{'configuration':32} {'rounds/s':>12} {'rounds/min':>14} {'twin rounds/s':>14}")
    for label, game, rules, tables in configurations():
        run(game, rules, tables, 1000, 0)
        best = float("inf")
        for i in range(args.repeat):
            t = time.perf_counter()
            run(game, rules, tables, args.rounds, i + 1)
            best = min(best, time.perf_counter() - t)
        t = time.perf_counter()
        run(game, rules, tables, args.twin_rounds, 0, twin=True)
        twin = args.twin_rounds / (time.perf_counter() - t)
        rate = args.rounds / best
        print(f"{label:32} {rate:12,.0f} {60 * rate:14,.0f} {twin:14,.0f}")


if __name__ == "__main__":
    main()
