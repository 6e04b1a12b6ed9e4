"""Shoe study speed: rounds evaluated per second on a local Dask cluster of 1 and 2 workers,
and each worker's peak memory.

    .venv/bin/python bench/study.py [--game zero|blackjack|both] [--shoes 8]

For each game (6 decks, 75% penetration, the basic chart, default rules; Zero published
rules, Hi-Opt II; blackjack Hi-Lo), a cluster of N worker processes (one thread each) is
started, every worker warmed on one shoe (numba kernels loaded from the cache), then the clock
runs over ``--shoes`` shoes, one per task, written as Parquet as the real study does. The two
runs must give identical records. Cluster start-up is timed apart. Every round costs two exact
evaluations of the cards left (optimal play and the chart) and one round at the table.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time

import pandas as pd

from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.reports.blackjack.study import blackjack_study
from cardedge.reports.zero.study import zero_study
from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.rounds import deal_batch
from cardedge.study.core.run import dask_client, run_study
from cardedge.study.core.store import StudyStore, manifest_of


def peak_rss_mib() -> float:
    """This process's peak resident memory, MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def games():
    shoe = Shoe.decks(6)
    yield "zero", zero_study(preset("published"), shoe), "hiopt2"
    yield "blackjack", blackjack_study(BlackjackRules(), shoe), "hilo"


def run(game, system: str, shoes: int, workers: int) -> tuple[float, float, float, pd.DataFrame]:
    """(start-up s, timed s, peak MiB per worker, records) of ``shoes`` shoes on ``workers``."""
    plan = StudyPlan(6, 0.75, shoes, 1, resolve_system(system), 1)
    warm = StudyPlan(6, 0.75, workers, 99, resolve_system(system), 1)
    t0 = time.perf_counter()
    with dask_client(workers) as client:
        started = time.perf_counter() - t0
        # one shoe on every worker: imports and numba caches loaded before the clock starts
        futures = [client.submit(deal_batch, game, warm, b, pure=False) for b in range(workers)]
        client.gather(futures)
        with tempfile.TemporaryDirectory() as folder:
            store = StudyStore(folder, manifest_of(plan.identity(), game.identity()))
            t1 = time.perf_counter()
            run_study(game, plan, store, client=client)
            elapsed = time.perf_counter() - t1
            records = store.read(plan.batches)
        peaks = client.run(peak_rss_mib)
    return started, elapsed, max(peaks.values()), records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("zero", "blackjack", "both"), default="both")
    parser.add_argument("--shoes", type=int, default=8)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {args.shoes} shoes of 6 decks to 75%, one per task")
    for name, game, system in games():
        if args.game not in (name, "both"):
            continue
        rate = {}
        out = {}
        for workers in (1, 2):
            started, elapsed, peak, records = run(game, system, args.shoes, workers)
            rate[workers] = len(records) / elapsed
            out[workers] = records
            print(
                f"{name:9s} {workers} worker(s): {len(records)} rounds in {elapsed:6.2f} s = "
                f"{rate[workers]:6.1f} rounds/s ({1000 / rate[workers] * workers:5.1f} ms per "
                f"round per worker); cluster start {started:.1f} s; peak {peak:.0f} MiB per worker"
            )
        pd.testing.assert_frame_equal(out[1], out[2], check_exact=True)
        print(f"{name:9s} speedup 2 vs 1 worker: {rate[2] / rate[1]:.2f} (records identical)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
