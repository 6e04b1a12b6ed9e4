"""Time the full exact blackjack analysis: cold (empty numba cache), warm, and in-process.

    .venv/bin/python bench/blackjack_edge.py [--decks 6] [--peek] [--strategy optimal]

The analysis is every hand against every up card with exact splits to 4 hands (CDZ-): the
stand EVs of every unsplit and split shoe state (the dealer work), then the policy sweep and
the split combination, summed over every initial deal.

cold: a fresh process with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
warm: a fresh process once that cache is filled (imports + cache load + compute).
compute: the analysis alone on a new ShoeAnalysis, repeated in one process (best of 3).
"""

from __future__ import annotations

import argparse
import time

from timing import cold_and_warm, process_lines

CHILD = """
import time
t0 = time.perf_counter()
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.strategy.blackjack.charts import strategy_policy
t1 = time.perf_counter()
a = ShoeAnalysis(BlackjackRules(decks={decks}, peek={peek}))
r = a.evaluate(strategy_policy("{strategy}", a))
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{r.house_edge_percent:.10f}}")
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--peek", action="store_true", help="Dealer peeks (default: no peek).")
    ap.add_argument(
        "--strategy", default="optimal", choices=["optimal", "basic", "easy", "normal", "hard"]
    )
    args = ap.parse_args()
    cold, warm = cold_and_warm(
        CHILD.format(decks=args.decks, peek=args.peek, strategy=args.strategy)
    )
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.analysis.blackjack.rules import BlackjackRules
    from cardedge.strategy.blackjack.charts import strategy_policy

    rules = BlackjackRules(decks=args.decks, peek=args.peek)
    times = []
    for _ in range(4):
        t = time.perf_counter()
        a = ShoeAnalysis(rules)
        a.evaluate(strategy_policy(args.strategy, a))
        times.append(time.perf_counter() - t)
    print(f"Blackjack {args.strategy} edge, exact splits to 4 hands: {rules.describe()}")
    print(f"  edge: {cold[3]} %")
    print(*process_lines(cold, warm), sep="\n")
    print(f"  compute only (best of 3, in process): {min(times[1:]):.3f} s")


if __name__ == "__main__":
    main()
