"""Peak memory of two commands, as ratios to the floor every numba program pays (issue 44).

    .venv/bin/python bench/memory.py [--rounds 5]

Each command runs as a whole process under GNU ``/usr/bin/time -v``, whose "Maximum resident
set size" is its peak memory; the floor is ``python -c "import numpy, numba"``. The three are
run alternately, ``--rounds`` times each after one warm-up run of each (which fills numba's
cache: the rounds measure a warm process, as a user's second run is), and the median of each
is compared with the median floor:

- zero edge: ``python -m cardedge zero edge --decks 6`` (the table a person reads), target at
  most 1.5 x the floor;
- blackjack edge: ``python -m cardedge blackjack edge --peek``, target at most 2 x the floor.

The commands import ``cardedge`` as this Python finds it (PYTHONPATH, the working folder), with
numba's cache where numba keeps it (NUMBA_CACHE_DIR or beside the sources). Exits with 1 when a
target is missed, so it can be run as a check.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys

TIME = "/usr/bin/time"
COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "floor": (["-c", "import numpy, numba"], None),
    "zero edge": (["-m", "cardedge", "zero", "edge", "--decks", "6"], 1.5),
    "blackjack edge": (["-m", "cardedge", "blackjack", "edge", "--peek"], 2.0),
}
"""name -> (the Python arguments, the target: most peak memory as a multiple of the floor)."""

_PEAK = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")


def peak_mb(args: list[str]) -> float:
    """The peak resident memory (MB, 10^6 bytes) of one process ``python args`` (its output
    dropped), as GNU time reports it."""
    done = subprocess.run(
        [TIME, "-v", sys.executable, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"python {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    found = _PEAK.search(done.stderr)
    if found is None:
        raise RuntimeError(f"no peak memory in the output of {TIME} -v:\n{done.stderr}")
    return int(found.group(1)) * 1024 / 1e6


def measure(rounds: int) -> dict[str, list[float]]:
    """Each command's peak memory (MB) in ``rounds`` rounds, the commands alternating within a
    round, after one warm-up run of each."""
    for args, _ in COMMANDS.values():
        peak_mb(args)
    peaks: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, (args, _) in COMMANDS.items():
            peaks[name].append(peak_mb(args))
    return peaks


def report(peaks: dict[str, list[float]]) -> tuple[list[str], bool]:
    """The table's lines (median MB, min..max, ratio to the floor, target) and whether every
    target is met."""
    floor = statistics.median(peaks["floor"])
    lines = [f"{'command':<16}{'median MB':>10}{'min..max':>16}{'x floor':>9}  target"]
    met = True
    for name, (_, target) in COMMANDS.items():
        median = statistics.median(peaks[name])
        ratio = median / floor
        ok = target is None or ratio <= target
        met = met and ok
        bounds = f"{min(peaks[name]):.1f}..{max(peaks[name]):.1f}"
        aim = "" if target is None else f"<= {target:.1f}" + ("" if ok else " MISSED")
        lines.append(f"{name:<16}{median:>10.1f}{bounds:>16}{ratio:>9.2f}  {aim}".rstrip())
    return lines, met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="runs of each command (default 5)")
    args = ap.parse_args()
    peaks = measure(args.rounds)
    lines, met = report(peaks)
    print(f"peak memory (max RSS, GNU time -v), median of {args.rounds} alternating runs each")
    print(*lines, sep="\n")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
