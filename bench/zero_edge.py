"""Time the exact 6-deck Zero optimal edge: cold (empty numba cache), warm, and in-process.

    .venv/bin/python bench/zero_edge.py [--decks 6] [--split standard|optimal]

cold: a fresh process with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
warm: a fresh process once that cache is filled (imports + cache load + compute).
compute: the evaluation alone, repeated in one process (best of 5); and the process's peak
memory (max RSS).
--rules both: both presets, which share one evaluation of the play rules (best of 5), with
the number of kernel runs it takes.
"""

from __future__ import annotations

import argparse
import resource

from timing import best_of, cold_and_warm, process_lines

CHILD = """
import time
t0 = time.perf_counter()
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset
t1 = time.perf_counter()
r = evaluate_round(preset("published"), Shoe.decks({decks}), split="{split}")
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{r.house_edge_percent:.10f}}")
"""


def kernel_runs(work) -> int:
    """How many times ``work()`` runs a round kernel (``all_deal_values``, or its fully optimal
    split twin ``all_optimal_split_deal_values``)."""
    from cardedge.analysis.zero import round as zero_round

    names = ("all_deal_values", "all_optimal_split_deal_values")
    kernels = {name: getattr(zero_round, name) for name in names}
    runs = []
    for name, kernel in kernels.items():
        setattr(zero_round, name, lambda *args, k=kernel: runs.append(1) or k(*args))
    try:
        work()
    finally:
        for name, kernel in kernels.items():
            setattr(zero_round, name, kernel)
    return len(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--split", default="standard", choices=["standard", "optimal"])
    args = ap.parse_args()
    cold, warm = cold_and_warm(CHILD.format(decks=args.decks, split=args.split))
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.round import evaluate_round, evaluate_rules
    from cardedge.analysis.zero.rules import PRESETS, preset

    rules, shoe = preset("published"), Shoe.decks(args.decks)
    presets = [preset(name) for name in PRESETS]

    from cardedge.analysis.zero import round as zero_round

    def one():
        # the shoe's states computed again: what a shoe not evaluated before costs
        zero_round._shoe_states.cache_clear()
        return evaluate_round(rules, shoe, split=args.split)

    def again():
        return evaluate_round(rules, shoe, split=args.split)

    def both():
        zero_round._shoe_states.cache_clear()
        return evaluate_rules(presets, shoe, split=args.split)

    one()
    compute = best_of(5, one)
    one()
    compute_again = best_of(5, again)
    both_time = best_of(5, both)
    print(f"Zero optimal edge, {args.decks} decks, published preset, {args.split} split")
    print(f"  edge: {cold[3]} %")
    print(*process_lines(cold, warm), sep="\n")
    print(f"  compute only (best of 5, in process): {compute * 1000:.1f} ms")
    print(
        f"  again on the same shoe, its states kept (round.shoe_states; best of 5): "
        f"{compute_again * 1000:.1f} ms"
    )
    print(
        f"  --rules both ({' + '.join(PRESETS)}, best of 5): {both_time * 1000:.1f} ms, "
        f"{kernel_runs(both)} kernel run(s) ({kernel_runs(one)} for one preset)"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory (max RSS) of this process: {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
