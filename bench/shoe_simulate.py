"""Shoe-game speed: rounds per second of ``blackjack simulate --penetration`` (and Zero's), in
process and as whole processes beside another simulator's binary (issue 46).

    .venv/bin/python bench/shoe_simulate.py [--rounds 20000000] [--rival PATH] [--pairs 2]
        [--dask]

The game: 6 decks, S17, no peek (ENHC), DAS, no surrender, split to 4 hands, split aces one
card each, 75% penetration, no burn card, Hi-Lo with the true count rounded (cards left / 52),
a 1-2-4-6-8 ramp (1 unit at +0 and below, 2 at +1 ... 8 from +4), the basic chart with the
project's own Hi-Lo index plays (115 of them; a rival plays its own set), one seat, one thread.

1. In process: the kernel alone (tables built and compiled first), best of ``--repeat``; and
   Zero's shoe game beside it (``zero simulate --penetration``: 6 decks, published rules, 75%,
   no burn card, Hi-Opt II with the true count rounded, the basic chart with the project's 33
   Hi-Opt II index plays, one seat, one thread; the Zero Pays side bet tallied too).
2. Whole processes, with ``--rival`` (a built FreeBJ binary): the cardedge command and the
   rival's alternated A B A B ... ``--pairs`` times under ``/usr/bin/time -v``; the ratio of
   the medians of wall-clock and of user CPU time (the machine may be shared: alternating
   spreads its load over both alike). The cardedge process includes Python's start, imports,
   the index table and the numba cache load.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAMP = "1:0,2:1,4:2,6:3,8:4"


def cardedge_command(rounds: int, where: tuple[str, ...] = ("--threads", "1")) -> list[str]:
    """The cardedge command of the game, dealt ``where`` says (threads, or Dask workers)."""
    return [
        sys.executable,
        "-m",
        "cardedge",
        "blackjack",
        "simulate",
        "--decks",
        "6",
        "--penetration",
        "0.75",
        "--indices",
        "--ramp",
        RAMP,
        "--tc-convention",
        "round",
        "--burn",
        "0",
        "--rounds",
        str(rounds),
        *where,
        "--seed",
        "1",
        "--format",
        "json",
    ]


def rival_command(binary: str, rounds: int) -> list[str]:
    """FreeBJ's flags for the same game (its ramp: 0.001 + 2 x TC units, 1 at TC <= 0, capped
    at TC 4)."""
    return [
        binary,
        "--enhc",
        "--s17",
        "--das",
        "--no-surr",
        "--no-playAA",
        "-d",
        "6",
        "-p",
        "75%",
        "--max-splits",
        "4",
        "--hilo",
        "--deviations",
        "-b",
        "0.001",
        "--bet-per-tc",
        "2",
        "--bet-neg-tc",
        "1",
        "--bet-max-tc",
        "4",
        "-n",
        str(rounds),
        "-j",
        "1",
    ]


def best_rate(deal, rounds: int, repeat: int) -> float:
    """Rounds per second of ``deal(rounds)``, best of ``repeat`` (after a short warm-up that
    compiles or loads the kernel)."""
    deal(100_000)
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        deal(rounds)
        best = min(best, time.perf_counter() - t)
    return rounds / best


def in_process(rounds: int, repeat: int) -> float:
    """Rounds per second of the kernel alone on one thread (best of ``repeat``)."""
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.analysis.blackjack.rules import BlackjackRules
    from cardedge.analysis.core.counts import builtin_system
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.engine.blackjack.shoe_game import indexed_tables, simulate_shoe_game
    from cardedge.engine.core.shoe_game import ShoeGame
    from cardedge.reports.blackjack.study import STUDIES, study_chart

    rules, shoe = BlackjackRules(), Shoe.decks(6)
    system = builtin_system("hilo")
    _, chart = study_chart(rules, shoe, "basic")
    departures = STUDIES.departures(rules, shoe, 5, system, lambda x: x)
    game = ShoeGame(6, 0.75, system, burn=0, convention="round")
    tables = indexed_tables(rules, ShoeAnalysis(rules, shoe), chart, "basic", departures, 10)
    return best_rate(
        lambda n: simulate_shoe_game(rules, game, tables, n, seed=1, threads=1), rounds, repeat
    )


def zero_in_process(rounds: int, repeat: int) -> float:
    """Rounds per second of Zero's shoe-game kernel alone on one thread (best of ``repeat``)."""
    from cardedge.analysis.core.counts import builtin_system
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.rules import preset
    from cardedge.engine.core.shoe_game import ShoeGame
    from cardedge.engine.zero.shoe_game import indexed_tables, simulate_shoe_game
    from cardedge.reports.zero.study import STUDIES, study_chart

    rules, shoe = preset("published"), Shoe.decks(6)
    system = builtin_system("hiopt2")
    _, chart = study_chart(rules, shoe, "basic")
    departures = STUDIES.departures(rules, shoe, 5, system, lambda x: x)
    game = ShoeGame(6, 0.75, system, burn=0, convention="round")
    tables = indexed_tables(rules, chart, "basic", departures, game.limit)
    return best_rate(
        lambda n: simulate_shoe_game(rules, game, tables, n, seed=1, threads=1), rounds, repeat
    )


def timed(command: list[str]) -> tuple[float, float]:
    """(wall seconds, user CPU seconds) of one whole process, from ``/usr/bin/time -v``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    user = re.search(r"User time \(seconds\): ([\d.]+)", done.stderr)
    h, m, s = wall.groups()
    return int(h or 0) * 3600 + int(m) * 60 + float(s), float(user.group(1))


def side_by_side(binary: str, rounds: int, pairs: int) -> None:
    ours, theirs = [], []
    for i in range(pairs):
        ours.append(timed(cardedge_command(rounds)))
        theirs.append(timed(rival_command(binary, rounds)))
        print(f"pair {i + 1}: cardedge {ours[-1]}, rival {theirs[-1]} (wall s, user s)")
    for k, what in ((0, "wall"), (1, "user CPU")):
        a = statistics.median(x[k] for x in ours)
        b = statistics.median(x[k] for x in theirs)
        print(
            f"{what}: cardedge {a:.2f} s ({rounds / a / 1e6:.2f} M rounds/s), rival {b:.2f} s "
            f"({rounds / b / 1e6:.2f} M rounds/s); cardedge / rival time {a / b:.2f}"
        )


def threads_and_workers(rounds: int, pairs: int) -> None:
    """Every core's threads against a local Dask cluster of as many workers (whole processes,
    alternated)."""
    cores = str(os.cpu_count() or 1)
    threads, workers = [], []
    for i in range(pairs):
        threads.append(timed(cardedge_command(rounds, ("--threads", cores))))
        workers.append(timed(cardedge_command(rounds, ("--workers", cores))))
        print(f"pair {i + 1}: threads {threads[-1]}, workers {workers[-1]} (wall s, user s)")
    for k, what in ((0, "wall"), (1, "user CPU")):
        a = statistics.median(x[k] for x in threads)
        b = statistics.median(x[k] for x in workers)
        print(
            f"{what}: --threads {cores} {a:.2f} s, --workers {cores} {b:.2f} s; workers / "
            f"threads time {b / a:.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rival", help="a FreeBJ binary, for the whole-process comparison")
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--no-in-process", action="store_true")
    parser.add_argument(
        "--dask", action="store_true", help="threads against a local Dask cluster, every core"
    )
    args = parser.parse_args()
    print(f"load average {os.getloadavg()}, {os.cpu_count()} cores")
    if not args.no_in_process:
        rate = in_process(args.rounds, args.repeat)
        print(f"in process, one thread: {rate / 1e6:.2f} M rounds/s")
        rate = zero_in_process(args.rounds, args.repeat)
        print(f"in process, one thread, Zero: {rate / 1e6:.2f} M rounds/s")
    if args.rival:
        side_by_side(args.rival, args.rounds, args.pairs)
    if args.dask:
        threads_and_workers(args.rounds, args.pairs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
