"""Time the full rule-space grids of issue 30 against single ``edge`` calls, in one process.

    .venv/bin/python bench/grid.py [--game blackjack|zero|both] [--sample 40] [--sd]
                                   [--no-basic] [--workers N]

For each game: a warm process (kernels compiled, one grid and one call made first) times

- the full grid (``grid(...)``; blackjack: every rule at 6 decks, 1,728 combinations; Zero:
  both presets x dealer draws 3..7 x DAS x split sets none, 9, 8-9, 7-9, 6-9 x Zero Pair
  3:2, 2:1, 5:4, 300 combinations), SD off unless ``--sd``, the basic-strategy column on
  unless ``--no-basic`` (then the single calls are optimal play only);
- a random sample of the same combinations as single ``edge`` calls giving the row's numbers
  (blackjack: one call, ``strategy=["optimal", "basic"]``; Zero: two calls, optimal and basic,
  as ``zero.edge`` takes one strategy), in order, scaled to the whole grid;

every result cache of the package is emptied before each timed phase (the kernels stay
compiled), so neither phase reuses the other's analyses;

and prints the ratio grid / single calls (issue 30 asks at most 1/10). ``--workers N`` also
times the grid on a local Dask cluster of N processes (cluster start included).
"""

from __future__ import annotations

import argparse
import random
import time

from timing import clear_result_caches

BLACKJACK_VARY = [
    "h17",
    "peek",
    "das",
    "double",
    "split_hands",
    "rsa",
    "hit_split_aces",
    "natural",
    "surrender",
]
ZERO_VARY = [
    "rules",
    "dealer_draws=3,4,5,6,7",
    "das",
    "split_totals=none,9,8-9,7-9,6-9",
    "zero_pair_pays=3:2,2:1,5:4",
]


def _truth(text: str):
    return {"true": True, "false": False}.get(text, text)


def blackjack_single(row: dict, basic: bool) -> None:
    from cardedge import blackjack

    rules = {k: _truth(row[k]) for k in ("h17", "peek", "das", "rsa", "hit_split_aces")}
    rules |= {"surrender": _truth(row["surrender"]), "double": row["double"]}
    rules |= {"split_hands": int(row["split_hands"]), "natural": row["natural"]}
    blackjack.edge(decks=6, strategy=["optimal", "basic"] if basic else "optimal", **rules)


def zero_single(row: dict, basic: bool) -> None:
    from cardedge import zero

    given = {
        "decks": 6,
        "rules": row["rules"],
        "dealer_draws": int(row["dealer_draws"]),
        "das": _truth(row["das"]),
        "split_totals": row["split_totals"],
        "zero_pair_pays": row["zero_pair_pays"],
    }
    zero.edge(**given, strategy="optimal")
    if basic:
        zero.edge(**given, strategy="basic")


def run(game: str, sample: int, sd: bool, basic: bool, workers: int | None) -> None:
    from cardedge import blackjack, zero

    module, vary, single = (
        (blackjack, BLACKJACK_VARY, blackjack_single)
        if game == "blackjack"
        else (zero, ZERO_VARY, zero_single)
    )
    # warm: compile and load every kernel the grid and the calls use
    module.grid(decks=6, vary=vary[:2], sd=sd, basic=basic)
    clear_result_caches()
    t = time.perf_counter()
    table = module.grid(decks=6, vary=vary, sd=sd, basic=basic)
    grid_s = time.perf_counter() - t
    rows = table.rows()
    rng = random.Random(1)
    picked = rng.sample(rows, min(sample, len(rows)))
    clear_result_caches()
    t = time.perf_counter()
    for row in picked:
        single(row, basic)
    per_call = (time.perf_counter() - t) / len(picked)
    singles_s = per_call * len(rows)
    print(
        f"{game}: {len(rows)} combinations; grid {grid_s:.2f} s ({1000 * grid_s / len(rows):.2f} "
        f"ms a row, SD {'on' if sd else 'off'}, basic {'on' if basic else 'off'}); single "
        f"calls {per_call * 1000:.1f} ms each "
        f"(sample of {len(picked)}) -> {singles_s:.1f} s for the grid; ratio grid/single "
        f"{grid_s / singles_s:.4f} (1/{singles_s / grid_s:.1f})"
    )
    if workers:
        t = time.perf_counter()
        on_dask = module.grid(decks=6, vary=vary, sd=sd, basic=basic, workers=workers)
        dask_s = time.perf_counter() - t
        assert on_dask.rows() == rows
        print(f"{game}: on a local Dask cluster of {workers} workers {dask_s:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["blackjack", "zero", "both"], default="both")
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--sd", action="store_true")
    ap.add_argument("--no-basic", dest="basic", action="store_false")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    games = ["zero", "blackjack"] if args.game == "both" else [args.game]
    for game in games:
        run(game, args.sample, args.sd, args.basic, args.workers)


if __name__ == "__main__":
    main()
