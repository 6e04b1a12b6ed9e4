"""Whole-process speed, as ratios to the floor every numba program pays (issue 19).

    .venv/bin/python bench/whole_process.py [--rounds 9] [--cold-rounds 3] [--no-study]

A user runs whole processes, so each command is timed from the shell's point of view (spawn
to exit) and divided by the floor, ``python -c "import numpy, numba"``, timed alternately with
it in the same round: the machine's load changes both alike, and the median of the per-round
ratios is what is reported (with its spread, min..max over the rounds).

- zero warm: ``cardedge zero edge --decks 6 --rules published --format json``, numba's cache
  filled (a private NUMBA_CACHE_DIR, filled once before the rounds).
- blackjack warm: ``cardedge blackjack edge --decks 6 --peek --strategy optimal --strategy
  basic --format json``, cache filled.
- zero cold: the zero command with an empty NUMBA_CACHE_DIR (imports + JIT compile + compute).
- study resume: ``cardedge zero study --shoes 2 --batch-shoes 1 --out DIR --resume --format
  json`` on a study finished once before the rounds (``--scheduler synchronous``): every batch
  is on disk, so it only re-tabulates.
- in process (a notebook, a server): one fresh process imports the API, then runs the 6-deck
  Zero edge and the full blackjack analysis (a new ``ShoeAnalysis``, optimal and basic edges,
  what ``blackjack edge`` computes; its dealer's rows are those of the shoe analysed before,
  shared as they are between rule changes) first once each, then repeatedly (median, wall and
  CPU time: on a loaded machine the CPU time is the steadier figure); and the blackjack
  analysis of a shoe never analysed before (6 decks less cards, another shoe each call).

Every child runs with the bytecode cache on (PYTHONDONTWRITEBYTECODE dropped), as a user's
Python does. The report names the machine: CPU model, cores, load average, versions.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = [sys.executable, "-c", "import numpy, numba"]
CARDEDGE = [str(Path(sys.executable).with_name("cardedge"))]
"""The installed command (the virtual environment's script beside this Python)."""
ZERO = ["zero", "edge", "--decks", "6", "--rules", "published", "--format", "json"]
BLACKJACK = [
    *("blackjack", "edge", "--decks", "6", "--peek"),
    *("--strategy", "optimal", "--strategy", "basic", "--format", "json"),
]
STUDY = ["zero", "study", "--shoes", "2", "--batch-shoes", "1", "--format", "json"]

IN_PROCESS = """
import statistics, time
t0 = time.perf_counter()
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_rules
from cardedge.analysis.zero.rules import preset
from cardedge.strategy.blackjack.charts import evaluate_strategy
t1 = time.perf_counter()

def zero():
    return evaluate_rules([preset("published")], Shoe.decks(6))[0].house_edge_percent

def blackjack():
    a = ShoeAnalysis(BlackjackRules(peek=True), Shoe.decks(6))
    evaluate_strategy("optimal", a)
    return evaluate_strategy("basic", a).house_edge_percent

removed = iter(range(10_000))

def blackjack_new_shoe():
    # 6 decks less one card, a rank not removed before: no analysis of this shoe exists
    k = next(removed)
    counts = [24] * 13
    counts[k % 13] -= 1 + k // 13
    a = ShoeAnalysis(BlackjackRules(peek=True), Shoe(tuple(counts)))
    evaluate_strategy("optimal", a)
    return evaluate_strategy("basic", a).house_edge_percent

def timed(f, clock=time.perf_counter):
    t = clock()
    f()
    return clock() - t

first_zero = timed(zero)
first_blackjack = timed(blackjack)
zeros = [timed(zero) for _ in range({repeat})]
blackjacks = [timed(blackjack) for _ in range({repeat})]
zero_cpu = statistics.median(timed(zero, time.process_time) for _ in range({repeat}))
blackjack_cpu = statistics.median(timed(blackjack, time.process_time) for _ in range({repeat}))
new_shoes = [timed(blackjack_new_shoe) for _ in range({repeat})]
new_cpu = statistics.median(timed(blackjack_new_shoe, time.process_time) for _ in range({repeat}))
print(t1 - t0, first_zero, first_blackjack, statistics.median(zeros), min(zeros),
      max(zeros), statistics.median(blackjacks), min(blackjacks), max(blackjacks),
      zero_cpu, blackjack_cpu, statistics.median(new_shoes), new_cpu)
"""


def child_env(cache: str) -> dict[str, str]:
    """The children's environment: a given numba cache, the bytecode cache on."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(argv: list[str], env: dict[str, str], cwd: str | None = None) -> float:
    """Wall seconds of one process, spawn to exit (it must succeed)."""
    t = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr.decode()}")
    return time.perf_counter() - t


def machine() -> list[str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import numba
    import numpy

    return [
        f"machine: {model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
        f"python {platform.python_version()}, numpy {numpy.__version__}, "
        f"numba {numba.__version__}, NUMBA_OPT {os.environ.get('NUMBA_OPT', '1 (cardedge)')}",
    ]


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f}x (min {min(xs):.2f}, max {max(xs):.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9, help="Alternating warm rounds.")
    ap.add_argument("--cold-rounds", type=int, default=3, help="Alternating cold rounds.")
    ap.add_argument("--repeat", type=int, default=7, help="In-process repeats.")
    ap.add_argument("--no-study", action="store_true", help="Skip the study --resume timing.")
    args = ap.parse_args()
    print(*machine(), sep="\n")
    print(f"start: {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        warm = child_env(str(Path(tmp) / "numba-cache"))
        study_dir = str(Path(tmp) / "study")
        study = [*CARDEDGE, *STUDY, "--out", study_dir]
        # fill the numba and bytecode caches, finish the study once
        run([*CARDEDGE, *ZERO], warm)
        run([*CARDEDGE, *BLACKJACK], warm)
        commands = {"zero warm": [*CARDEDGE, *ZERO], "blackjack warm": [*CARDEDGE, *BLACKJACK]}
        if not args.no_study:
            run([*study, "--scheduler", "synchronous"], warm)
            commands["study --resume (finished)"] = [*study, "--resume"]
        for argv in commands.values():
            run(argv, warm)
        floors: list[float] = []
        times: dict[str, list[float]] = {name: [] for name in commands}
        ratios: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                floor = run(FLOOR, warm)
                t = run(argv, warm)
                floors.append(floor)
                times[name].append(t)
                ratios[name].append(t / floor)
        cold_floors, cold_times, cold_ratios = [], [], []
        for i in range(args.cold_rounds):
            cold = child_env(str(Path(tmp) / f"cold-{i}"))
            floor = run(FLOOR, warm)
            t = run([*CARDEDGE, *ZERO], cold)
            cold_floors.append(floor)
            cold_times.append(t)
            cold_ratios.append(t / floor)
        out = subprocess.run(
            [sys.executable, "-c", IN_PROCESS.format(repeat=args.repeat)],
            env=warm,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
    imports, first_zero, first_bj, zero_med, zero_min, zero_max, bj_med, bj_min, bj_max = map(
        float, out[:9]
    )
    zero_cpu, bj_cpu, new_med, new_cpu = map(float, out[9:])
    print(f"end: {load()}")
    print()
    print(f"floor `python -c 'import numpy, numba'`: median {statistics.median(floors):.2f} s")
    print(f"| whole process ({args.rounds} alternating rounds) | median time | ratio to floor |")
    print("| --- | --- | --- |")
    for name in commands:
        print(f"| {name} | {statistics.median(times[name]):.2f} s | {spread(ratios[name])} |")
    if cold_times:  # --cold-rounds 0 skips the cold runs
        print(
            f"| zero cold ({args.cold_rounds} rounds, empty numba cache) | "
            f"{statistics.median(cold_times):.2f} s | {spread(cold_ratios)} |"
        )
    print()
    print(f"in one process (imports {imports:.2f} s):")
    print(f"  first call: Zero 6-deck edge {first_zero:.3f} s, then blackjack {first_bj:.3f} s")
    print(
        f"  after it (median of {args.repeat}): Zero 6-deck edge {zero_med * 1000:.0f} ms "
        f"({zero_min * 1000:.0f}..{zero_max * 1000:.0f}), full blackjack analysis "
        f"{bj_med:.3f} s ({bj_min:.3f}..{bj_max:.3f})"
    )
    print(
        f"  CPU time (less sensitive to the machine's load, median of {args.repeat}): "
        f"Zero {zero_cpu * 1000:.0f} ms, blackjack {bj_cpu:.3f} s"
    )
    print(
        f"  blackjack on a shoe not analysed before (6 decks less cards, each call another "
        f"shoe: no dealer rows to share): {new_med:.3f} s, CPU {new_cpu:.3f} s"
    )


if __name__ == "__main__":
    main()
