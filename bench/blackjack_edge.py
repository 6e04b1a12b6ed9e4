"""Time the full exact blackjack analysis: cold (empty numba cache), warm, and in-process.

    .venv/bin/python bench/blackjack_edge.py [--decks 6] [--peek]

The full analysis is what ``cardedge blackjack edge --strategy optimal --strategy basic`` does:
every hand against every up card with exact splits to 4 hands (CDZ-), the optimal policy,
the basic-strategy chart derived from exact EVs, and both exact edges.

cold: a fresh process with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
warm: a fresh process once that cache is filled (imports + cache load + compute).
compute: the full analysis on a new ShoeAnalysis, repeated in one process (best of 5); also
the optimal edge alone of a depleted shoe (6 decks less 30 cards), which is what a shoe study
evaluates once per round, and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import resource

from timing import best_of, cold_and_warm, process_lines

CHILD = """
import time
t0 = time.perf_counter()
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.strategy.blackjack.charts import evaluate_strategy
t1 = time.perf_counter()
a = ShoeAnalysis(BlackjackRules(peek={peek}), Shoe.decks({decks}))
evaluate_strategy("optimal", a)
r = evaluate_strategy("basic", a)
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{r.house_edge_percent:.10f}}")
"""

DEPLETED = (3, 2, 2, 3, 4, 2, 3, 3, 2, 6)
"""Cards out of a 6-deck shoe by value index (aces .. ten-valued): 30 cards, a rich shoe."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--peek", action="store_true", help="Dealer peeks (default: no peek).")
    args = ap.parse_args()
    cold, warm = cold_and_warm(CHILD.format(decks=args.decks, peek=args.peek))
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.analysis.blackjack.rules import BlackjackRules
    from cardedge.analysis.core.cards import RANKS
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.strategy.blackjack.charts import evaluate_strategy

    rules, fresh = BlackjackRules(peek=args.peek), Shoe.decks(args.decks)

    from cardedge.analysis.blackjack import round as blackjack_round

    def full(again: bool = False):
        if not again:
            # the dealer's rows computed again: what a shoe not analysed before costs
            blackjack_round._dealer_memo.cache_clear()
        a = ShoeAnalysis(rules, fresh)
        evaluate_strategy("optimal", a)
        evaluate_strategy("basic", a)

    counts = list(Shoe.decks(args.decks).counts)
    for value, out in enumerate(DEPLETED):
        rank = RANKS.index("T") if value == 9 else value
        counts[rank] -= out
    depleted = Shoe(tuple(counts))

    def depleted_edge():
        blackjack_round._dealer_memo.cache_clear()
        return ShoeAnalysis(rules, depleted).evaluate().house_edge_percent

    full()
    compute = best_of(5, full)
    full()
    compute_again = best_of(5, lambda: full(again=True))
    edge = depleted_edge()
    depleted_time = best_of(5, depleted_edge)

    def fresh_edge():
        blackjack_round._dealer_memo.cache_clear()
        return ShoeAnalysis(rules, fresh).evaluate()

    fresh_time = best_of(5, fresh_edge)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Blackjack optimal and basic edges, exact splits to 4 hands: {rules.describe(fresh)}")
    print(f"  basic edge: {cold[3]} %")
    print(*process_lines(cold, warm), sep="\n")
    print(f"  compute only, optimal + basic (best of 5, in process): {compute:.3f} s")
    print(
        f"  again on the same shoe, the dealer's rows kept (DealerMemo; best of 5): "
        f"{compute_again:.3f} s"
    )
    print(f"  optimal edge alone, fresh shoe (best of 5): {fresh_time:.3f} s")
    print(
        f"  optimal edge alone, depleted shoe (30 cards out, best of 5): {depleted_time:.3f} s"
        f" (edge {edge:.6f} %)"
    )
    print(f"  peak memory (max RSS) of this process: {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
