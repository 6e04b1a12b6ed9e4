"""Time the exact 6-deck Zero optimal edge: cold (empty numba cache), warm, and in-process.

    .venv/bin/python bench/zero_edge.py [--decks 6] [--split standard|optimal]

cold: a fresh process with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
warm: a fresh process once that cache is filled (imports + cache load + compute).
compute: the evaluation alone, repeated in one process (best of 5).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

CHILD = """
import time
t0 = time.perf_counter()
from analysis.zero.round import evaluate_round
from analysis.zero.rules import preset
t1 = time.perf_counter()
r = evaluate_round(preset("published", {decks}), split="{split}")
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{r.house_edge_percent:.10f}}")
"""


def child_run(decks: int, split: str, cache_dir: str) -> tuple[float, float, float, str]:
    """(wall s, import s, first evaluation s, edge) of one fresh process."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(decks=decks, split=split)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return time.perf_counter() - t, float(out[0]), float(out[1]), out[2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--split", default="standard", choices=["standard", "optimal"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        cold = child_run(args.decks, args.split, cache)
        warm = child_run(args.decks, args.split, cache)
    from analysis.zero.round import evaluate_round
    from analysis.zero.rules import preset

    rules = preset("published", args.decks)
    evaluate_round(rules, split=args.split)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        evaluate_round(rules, split=args.split)
        times.append(time.perf_counter() - t)
    print(f"Zero optimal edge, {args.decks} decks, published preset, {args.split} split")
    print(f"  edge: {cold[3]} %")
    print(
        f"  cold process: {cold[0]:.2f} s (imports {cold[1]:.2f} s, JIT + compute {cold[2]:.2f} s)"
    )
    print(
        f"  warm process: {warm[0]:.2f} s (imports {warm[1]:.2f} s, "
        f"cache load + compute {warm[2]:.2f} s)"
    )
    print(f"  compute only (best of 5, in process): {min(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
