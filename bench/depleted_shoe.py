"""Time exact evaluation of a depleted 6-deck shoe against a fresh one, both games.

    .venv/bin/python bench/depleted_shoe.py [--decks 6] [--remove 5,5,T,A,9,9,2,3]

Issue 12 asks that a depleted shoe take no longer than a fresh one. Each line is the best of 3
in-process runs (numba's cache warm) of the optimal-play round: Zero ``evaluate_round``
(published rules) and blackjack ``ShoeAnalysis(...).evaluate()`` (default rules).
"""

from __future__ import annotations

import argparse
import time

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe, game_shoe
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset
from cardedge.games import game as game_named


def best_of(n: int, fn) -> tuple[float, float]:
    """(best seconds, edge %) of ``n`` runs of ``fn`` after one warm-up."""
    edge = fn()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), edge


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--remove", default="5,5,T,A,9,9,2,3")
    args = ap.parse_args()
    zero_rules, bj_rules = preset("published"), BlackjackRules()
    for game, run in (
        ("zero", lambda s: evaluate_round(zero_rules, s).house_edge_percent),
        ("blackjack", lambda s: ShoeAnalysis(bj_rules, s).evaluate().house_edge_percent),
    ):
        for shoe in (
            Shoe.decks(args.decks),
            game_shoe(args.decks, remove=args.remove, form=game_named(game).shoe),
        ):
            seconds, edge = best_of(3, lambda s=shoe, run=run: run(s))
            print(f"{game:9s} {shoe.describe():32s} edge {edge:.6f}%  {seconds:.3f} s")


if __name__ == "__main__":
    main()
