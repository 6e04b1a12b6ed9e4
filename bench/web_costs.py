"""Measure what one unit of each served web command costs, against the server's cost table.

    .venv/bin/python bench/web_costs.py [--decks 8] [--repeat 2] [--grid]

The server refuses up front a request whose estimated cost passes its limit
(``cardedge.web.calls.request_cost``: the command's seconds per unit, from ``COST_SECONDS``,
times the units the request asks for: deck counts x strategies). This script
times each served command's API call for one unit (one deck count, the first system, one
strategy; a count with its default systems, which cost little beside the shoe's analysis) at
``--decks`` in one warm process (kernels compiled by a first call; every result
cache emptied before each timed call, so each computes), and prints the measured seconds beside
the table's: a table value below the measured one is an estimate that lets too much through.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import time

from timing import clear_result_caches

ONE_UNIT = {
    "edge": {},
    "returns": {},
    "eor": {"strategy": "optimal"},
    "simulate": {"rounds": 200_000, "threads": 1, "seed": 1},
    "grid": {"vary": "das", "sd": False},
    "compare": {},
}
"""Keywords that make a call one unit (besides ``decks``)."""


def timed(game: str, command: str, decks: int, repeat: int) -> float:
    api = importlib.import_module(f"cardedge.{game}")
    function = getattr(api, command)
    keywords = {"decks": decks, **ONE_UNIT.get(command, {})}
    if game == "zero" and command == "eor":
        keywords.pop("strategy")  # Zero's EORs are of optimal play only
    if "decks" not in inspect.signature(function).parameters:
        keywords.pop("decks")  # Zero's indices: a shoe with --decks-left decks, whatever decks
    best = float("inf")
    for _ in range(repeat):
        clear_result_caches()
        start = time.perf_counter()
        function(**keywords)
        best = min(best, time.perf_counter() - start)
    return best


UNSHARED_GRIDS = {
    "zero": ["dealer_draws=0,1,2,3,4,5,6,7,8,9,10", "das"],
    "blackjack": ["h17", "das", "double=any,9-11,10-11"],
}
"""Each game's grid whose combinations share the least work (every one a new dealer or new
play rules): what ``GRID_COST_SECONDS`` bounds."""


def grids(decks: int, repeat: int) -> None:
    """Seconds per combination of each game's ``UNSHARED_GRIDS``, without and with the SD,
    beside the server's ``GRID_COST_SECONDS``."""
    import math

    from cardedge.web import calls

    print(f"a grid combination at {decks} decks, no work shared, best of {repeat}:")
    print(f"{'grid':<24}{'measured s':>12}{'table s':>10}")
    for game, vary in UNSHARED_GRIDS.items():
        api = importlib.import_module(f"cardedge.{game}")
        api.grid(decks=1, vary=vary[-1:], sd=True)  # compile and load
        size = math.prod(len(v.split("=")[1].split(",")) if "=" in v else 2 for v in vary)
        for sd in (False, True):
            best = float("inf")
            for _ in range(repeat):
                clear_result_caches()
                start = time.perf_counter()
                api.grid(decks=decks, vary=vary, sd=sd)
                best = min(best, time.perf_counter() - start)
            table = calls.GRID_COST_SECONDS[game][sd]
            flag = "  <- table too low" if table < best / size else ""
            label = f"{game} grid{' (SD)' if sd else ''}"
            print(f"{label:<24}{best / size:>12.3f}{table:>10.3f}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--only", action="append", help="these commands only (repeatable)")
    parser.add_argument("--grid", action="store_true", help="a grid combination's cost only")
    args = parser.parse_args()
    from cardedge.web import calls

    if args.grid:
        grids(args.decks, args.repeat)
        return

    print(f"one unit at {args.decks} decks, best of {args.repeat} (a first call compiles):")
    print(f"{'command':<24}{'measured s':>12}{'table s':>10}")
    for game in calls.GAMES:
        for command in calls.SERVED[game]:
            if args.only and command not in args.only:
                continue
            timed(game, command, 1, 1)  # compile and load
            seconds = timed(game, command, args.decks, args.repeat)
            table = calls.COST_SECONDS.get((game, command), calls.DEFAULT_COST_SECONDS)
            flag = "  <- table too low" if table < seconds else ""
            print(f"{game + ' ' + command:<24}{seconds:>12.3f}{table:>10.3f}{flag}")


if __name__ == "__main__":
    main()
