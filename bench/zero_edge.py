"""Time the exact 6-deck Zero optimal edge: cold (empty numba cache), warm, and in-process.

    .venv/bin/python bench/zero_edge.py [--decks 6] [--split standard|optimal]

cold: a fresh process with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
warm: a fresh process once that cache is filled (imports + cache load + compute).
compute: the evaluation alone, repeated in one process (best of 5).
"""

from __future__ import annotations

import argparse
import time

from timing import cold_and_warm, process_lines

CHILD = """
import time
t0 = time.perf_counter()
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset
t1 = time.perf_counter()
r = evaluate_round(preset("published", {decks}), split="{split}")
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{r.house_edge_percent:.10f}}")
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--split", default="standard", choices=["standard", "optimal"])
    args = ap.parse_args()
    cold, warm = cold_and_warm(CHILD.format(decks=args.decks, split=args.split))
    from cardedge.analysis.zero.round import evaluate_round
    from cardedge.analysis.zero.rules import preset

    rules = preset("published", args.decks)
    evaluate_round(rules, split=args.split)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        evaluate_round(rules, split=args.split)
        times.append(time.perf_counter() - t)
    print(f"Zero optimal edge, {args.decks} decks, published preset, {args.split} split")
    print(f"  edge: {cold[3]} %")
    print(*process_lines(cold, warm), sep="\n")
    print(f"  compute only (best of 5, in process): {min(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
