"""A simulated shoe game's tables, either game's: the edge of each true count, the ramp's
betting figures and the optimal ramp (``engine/<game>/shoe_game.py`` deals; the figures come
from its tallies, ``reports/core/shoe_tallies.py``; ``reports/<game>/shoe_game.py`` chooses the
chart and its index plays and deals them with ``deal_run``: threads or Dask, a folder kept,
``reports/core/shoe_batches.py``).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from cardedge.engine.core.shoe_game import CONVENTIONS, DIVISORS, ShoeDealer, ShoeTallies
from cardedge.reports.core.betting import DEFAULT_KELLY_BANKROLL
from cardedge.reports.core.ramp import Ramp, resolve_ramp
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoe_tallies import BinStats, betting_row, optimal_ramp, parse_ramp
from cardedge.reports.core.study_tables import bin_label

DEFAULT_RISK = 0.05
"""The risk of ruin the optimal ramp may run, by default."""
EDGE_NOTES = (
    "true_count: the whole true count at the start of the round ({convention}); the end bins "
    "pool the tails.",
    "edge_simulated: house edge in % of the initial wager of the counter's one-unit round in "
    "the bin (negative: the player's advantage); edge_simulated_se: its standard error, "
    "{method}; edge_simulated_se_rounds: the same, the rounds taken as independent draws; "
    "index_share: rounds in which the counter took an index play.",
)
INSURANCE_NOTE = (
    "insurance_offered: rounds with an ace up (insurance offered); insurance_taken: rounds the "
    "counter insured (the insurance index play in force); insurance_net: the insurance bets' "
    "net in units of a one-unit round's initial wager (each bet half of it, +1 won, -0.5 lost); "
    "insurance_gain: that net per round of the bin, in % of the initial wager. The edge and the "
    "betting figures are the hands' alone: insurance is a bet of its own."
)
"""What the insurance columns say (a game that offers insurance)."""


@dataclass(frozen=True)
class Counter:
    """What the counter plays (``chart``, named ``label``, with ``departures`` at their true
    counts) and what defines that play in a run's manifest (``play``)."""

    label: str
    chart: object
    departures: tuple
    play: dict


def counter_play(
    game: str,
    studies,
    chart_with: Callable,
    rules,
    shoe,
    strategy: str,
    system,
    indices: bool,
    departures=None,
    index_progress=lambda items: items,
) -> Counter:
    """The counter's ``Counter`` in ``game`` (``studies``: the game's study family, its chart
    and computed index plays; ``chart_with``: its ``strategy/<game>/indices.py``'s): the
    study's chart ``strategy``, with ``departures`` given (an index file's: a cell or play the
    chart lacks refused in one line naming the index file), or with ``indices`` the game's
    table for ``system`` computed ``index_decks_left`` decks from the end, else none."""
    from cardedge.reports.core.shoe_batches import departure_identity
    from cardedge.reports.core.study import index_decks_left
    from cardedge.study.core.game import frame_digest

    label, chart = studies.chart(rules, shoe, strategy)
    if departures is not None:
        departures = tuple(departures)
        try:
            chart_with(chart, departures)
        except ValueError as e:
            raise ValueError(f"index file: {e}") from None
    elif indices:
        left = index_decks_left(shoe.whole_decks("a shoe game"))
        departures = studies.departures(rules, shoe, left, system, index_progress)
    else:
        departures = ()
    play = {
        "game": game,
        "rules": rules.describe(shoe),
        "strategy": label,
        "chart": frame_digest(chart.frame()),
        "departures": departure_identity(departures),
    }
    return Counter(label, chart, departures, play)


@dataclass(frozen=True)
class Betting:
    """How the counter bets, priced after the run: the ``ramp`` (words), ``wong_out``, the
    ``bankrolls``, the optimal ramp's ``risk`` and a trip's rounds."""

    ramp: str = "1-8"
    wong_out: float | None = None
    bankrolls: tuple[float, ...] = ()
    risk: float = DEFAULT_RISK
    trip_rounds: float | None = None


def dealt_run(
    dealer: ShoeDealer,
    counter: Counter,
    rounds: int,
    seed: int,
    betting: Betting,
    where: Where,
    progress: Callable | None = None,
    log: Callable[[str], None] | None = None,
    play: dict | None = None,
) -> ShoeGameRun:
    """Deal ``dealer``'s run ``where`` says (``deal_run``; ``play``: the manifest's words
    besides the counter's own) and keep it with how the counter bets (``ShoeGameRun``)."""
    from cardedge.reports.core.shoe_batches import noting

    manifest = {**counter.play, **(play or {})}
    tallies = deal_run(dealer, rounds, seed, manifest, where, noting(progress), log)
    b = betting
    return ShoeGameRun(
        tallies,
        ramp_of(b.ramp),
        b.wong_out,
        tuple(b.bankrolls),
        b.risk,
        len(counter.departures),
        b.trip_rounds,
    )


def ramp_of(text: str, start: int = 1) -> Ramp:
    """``UNITS:TC,...`` pairs, or ``LOW-HIGH`` from ``start`` (a stated ramp), or a ramp
    file (``reports/core/ramp.py``)."""
    return parse_ramp(text) if ":" in text else resolve_ramp(text, start)


@dataclass(frozen=True)
class ShoeGameRun:
    """A finished shoe game: its tallies and the words it was asked with."""

    tallies: ShoeTallies
    ramp: Ramp
    wong_out: float | None
    bankrolls: tuple[float, ...]
    risk: float
    departures: int
    trip_rounds: float | None = None
    """A trip's rounds (hours x rounds an hour): each bankroll's risk of ruin within it too."""

    @property
    def stats(self) -> BinStats:
        t = self.tallies
        return BinStats(
            t.true_counts, t.bin_rounds, t.bin_sums, t.bin_squares, t.batch_rounds, t.batch_sums
        )


@dataclass(frozen=True)
class Where:
    """Where a shoe game's batches are dealt and kept: ``threads`` (none of the others, or
    ``scheduler='synchronous'``), a local Dask cluster of ``workers`` processes or the
    cluster at ``scheduler``; ``out``: a folder keeping the batches (``resume``: keep those it
    holds)."""

    threads: int | None = None
    workers: int | None = None
    scheduler: str | None = None
    out: str | None = None
    resume: bool = False


def deal_run(
    dealer: ShoeDealer,
    rounds: int,
    seed: int,
    play: dict,
    where: Where = Where(),
    progress: Callable[[int, str], None] | None = None,
    log: Callable[[str], None] | None = None,
) -> ShoeTallies:
    """Deal a shoe game's ``rounds`` rounds with ``dealer`` from ``seed`` ``where`` it says
    (``shoe_batches.run_shoe_game``); ``play``: what defines the counter's play besides the
    dealer's game and rules (a folder's manifest names it); ``progress(n, note)`` after each
    batch of ``n`` rounds, ``note`` the running edge; ``log(line)``: what was found in the
    folder."""
    from cardedge.reports.core import shoe_batches

    if where.resume and where.out is None:
        raise ValueError("--resume continues the run kept in --out: give --out")
    kept = where.out is not None
    tasks = len(shoe_batches.tasks_of(rounds))
    with contextlib.ExitStack() as stack:
        store = None
        if kept:
            manifest = shoe_batches.shoe_manifest(dealer, rounds, seed, play)
            store = stack.enter_context(
                shoe_batches.open_store(where.out, manifest, where.resume, dealer)
            )
            store.done(tasks)  # damaged files found now, said before they are dealt again
            for reason in store.damaged.values():
                _say(log, f"{reason}: dealing it again")
        tallies, found = shoe_batches.run_shoe_game(
            dealer, rounds, seed, threads=where.threads, workers=where.workers,
            scheduler=where.scheduler, store=store, on_stream=progress,
        )  # fmt: skip
    if kept:
        _say(log, f"{tasks - found} task(s) dealt, {found} found in {where.out}")
    return tallies


def _say(log: Callable[[str], None] | None, line: str) -> None:
    if log is not None:
        log(line)


TABLE_FILES = ("summary", "edge_by_true_count", "betting", "ramps")
"""The Parquet files of ``shoe_game_tables``' tables, in order."""


def write_parquet_tables(folder: str | Path, tables: dict[str, Table]) -> list[Path]:
    """Write each table to ``folder`` as Parquet, ``<name>.parquet`` (``shoe_game_tables``'
    by ``TABLE_FILES``, then a game's own; typed columns: whole numbers int64, figures
    float64, words strings), with the table's title and notes in the file's metadata."""
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    from cardedge.core.files import write_with

    paths = []
    for name, table in tables.items():
        frame = table.data
        schema = pa.schema([(c, _arrow_type(frame[c])) for c in frame.columns])
        arrow = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
        about = json.dumps({"title": table.title, "notes": table.notes, "keys": table.keys})
        arrow = arrow.replace_schema_metadata(
            {**(arrow.schema.metadata or {}), b"cardedge.table": about.encode()}
        )
        path = Path(folder) / f"{name}.parquet"
        paths.append(write_with(path, lambda tmp, a=arrow: pq.write_table(a, tmp)))
    return paths


def _arrow_type(column: pd.Series):
    """A column's Parquet type: text as strings, numbers and switches as they are."""
    import pyarrow as pa

    if pd.api.types.is_string_dtype(column) or column.dtype == object:
        return pa.string()
    return pa.from_numpy_dtype(column.dtype)


def edge_by_true_count(run: ShoeGameRun) -> pd.DataFrame:
    """Per true count bin: rounds, frequency, the simulated house edge and its SE (percent),
    the SD of a one-unit round, the share of rounds with an index play, the ramp's bet."""
    t, s = run.tallies, run.stats
    bets = s.bets(run.ramp, run.wong_out)
    limit = t.game.limit
    with np.errstate(invalid="ignore", divide="ignore"):
        index_share = np.where(s.rounds > 0, t.index_rounds / s.rounds, np.nan)
    return pd.DataFrame(
        {
            "true_count": s.true_counts,
            "range": [bin_label(int(k), limit) for k in s.true_counts],
            "rounds": s.rounds,
            "frequency": s.shares,
            "edge_simulated": [-100.0 * e + 0.0 for e in s.edges],
            "edge_simulated_se": 100.0 * s.stderrs,
            "edge_simulated_se_rounds": 100.0 * s.round_stderrs,
            "sd": np.sqrt(s.variances),
            "index_share": index_share,
            "index_plays": t.index_plays,
            "bet": bets,
            **insurance_columns(t, s.rounds),
        }
    )


def insurance_columns(t: ShoeTallies, rounds: np.ndarray) -> dict[str, np.ndarray]:
    """Per bin: insurance offered, taken, its net (units) and its gain (% per round of the
    bin; NaN in an empty bin); none when the game offers no insurance (``INSURANCE_NOTE``)."""
    if t.insurance is None:
        return {}
    offered, taken, halves = t.insurance.T
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = np.where(rounds > 0, 100.0 * halves / 2 / rounds, np.nan)
    return {
        "insurance_offered": offered,
        "insurance_taken": taken,
        "insurance_net": halves / 2,
        "insurance_gain": gain,
    }


def betting_rows(run: ShoeGameRun) -> tuple[list[dict], np.ndarray, object]:
    """The betting rows (flat, the ramp, the optimal ramp) and the optimal ramp's bets."""
    s = run.stats
    bankrolls = run.bankrolls or (DEFAULT_KELLY_BANKROLL,)
    bets = s.bets(run.ramp, run.wong_out)
    units = [u for u in run.ramp.units if u > 0]
    low, high = min(units), max(units)
    best = optimal_ramp(s, low, high, bankrolls[0], run.risk, wong=run.wong_out is not None)
    wong = "" if run.wong_out is None else f", wong out below {run.wong_out:+g}"
    spread = f"{low:g}-{high:g}"
    trip = run.trip_rounds
    rows = [
        {"bets": "flat 1 unit", **betting_row(s, np.ones(len(bets)), bankrolls, trip)},
        {"bets": f"ramp {run.ramp.name}{wong}", **betting_row(s, bets, bankrolls, trip)},
        {
            "bets": f"optimal {spread}{' (wonging)' if wong else ''}, risk "
            f"{run.risk:.3g} with bank {bankrolls[0]:,.12g}",
            **betting_row(s, best.bets, bankrolls, trip),
        },
    ]
    return rows, best.bets, best


def insurance_summary(t: ShoeTallies) -> dict[str, float]:
    """The run's insurance: share of rounds insured and its gain in % of the initial wager per
    round dealt (flat bet); none when the game offers no insurance."""
    if t.insurance is None:
        return {}
    offered, taken, halves = (int(row.sum()) for row in t.insurance.T)
    return {
        "insurance_offered_share": offered / t.rounds,
        "insurance_taken_share": taken / t.rounds,
        "insurance_gain": 100.0 * halves / 2 / t.rounds,
    }


def shoe_game_tables(run: ShoeGameRun, rules_text: str, label: str) -> list[Table]:
    """The shoe game's tables: summary, edge by true count, betting, ramps; ``label``: the
    game's name as a title starts with it ('Blackjack')."""
    t = run.tallies
    game = t.game
    head = f"{label} shoe game: {rules_text}, {game.describe(decks=False)}, {t.policy}"
    keys = {"rules": rules_text, "seed": t.seed, "rounds": t.rounds, "strategy": t.policy}
    s = run.stats
    flat = betting_row(s, np.ones(len(s.rounds)))
    w, var = s.win_variance(np.ones(len(s.rounds)))
    summary = pd.DataFrame(
        [
            {
                "rounds": t.rounds,
                "seed": t.seed,
                "penetration": game.penetration,
                "players": game.players,
                "count": game.system.name,
                "convention": game.convention,
                "divisor": game.divisor,
                "burn": game.burn,
                "index_plays": run.departures,
                "edge": -100.0 * w + 0.0,
                "edge_se": flat["win_se_per_100"],
                "sd": math.sqrt(var),
                "index_round_share": float(t.index_rounds.sum()) / t.rounds,
                "batches": s.batches,
                "se_by_batches": s.by_batches,
                **insurance_summary(t),
            }
        ]
    )
    rows, best_bets, best = betting_rows(run)
    ramps = pd.DataFrame(
        {
            "true_count": s.true_counts,
            "edge_simulated": [-100.0 * e + 0.0 for e in s.edges],
            "ramp": s.bets(run.ramp, run.wong_out),
            "optimal": best_bets,
        }
    )
    conv = f"{game.convention}: {CONVENTIONS[game.convention]}; {DIVISORS[game.divisor]}"
    return [
        Table(
            head,
            summary,
            [
                "edge: house edge in % of a one-unit round, every round dealt (flat bet); "
                f"edge_se its standard error, {s.se_method()}; sd: a round's SD in units; "
                "batches: streams of whole shoes, each from a fresh shuffle.",
                "The counter sits in seat 1; other seats play the chart without index plays.",
            ]
            + (
                [
                    "insurance_gain: the insurance bets' net in % of the initial wager per round "
                    "dealt (flat bet), apart from edge (the hands')."
                ]
                if t.insurance is not None
                else []
            ),
            digits={"edge": 4, "edge_se": 4, "sd": 4, "insurance_gain": 4},
            keys=keys,
        ),
        Table(
            f"{head}: edge by true count",
            edge_by_true_count(run),
            [EDGE_NOTES[0].format(convention=conv), EDGE_NOTES[1].format(method=s.se_method())]
            + ([INSURANCE_NOTE] if t.insurance is not None else []),
            digits={
                "edge_simulated": 3,
                "edge_simulated_se": 3,
                "edge_simulated_se_rounds": 3,
                "frequency": 4,
                "sd": 3,
                "insurance_gain": 3,
            },
            keys=keys,
        ),
        Table(
            f"{head}: betting (units; per 100 rounds dealt)",
            pd.DataFrame(rows),
            [
                "win and sd per 100 rounds dealt (wonged-out rounds count, at 0 units); "
                f"win_se_per_100: the win's standard error, {s.se_method()}; "
                "N0 = var / w^2, SCORE = 10^6 w^2 / var, DI = 1000 w / sd; risk of ruin "
                "exp(-2 w B / sd^2) (reports/core/betting.py).",
                f"optimal: the bets by true count that maximise the win at a risk of ruin of "
                f"at most {run.risk:.3g} (search over a clipped Kelly family, then unit moves "
                f"bin by bin; reports/core/shoe_tallies.py); its risk {best.risk:.4g}"
                + (
                    "."
                    if best.meets
                    else ": no ramp of the spread meets the risk, this is "
                    "the one of least risk found."
                ),
            ]
            + (
                []
                if run.trip_rounds is None
                else [
                    f"trip_risk_B: the risk of losing the bankroll B within a trip of "
                    f"{run.trip_rounds:,.12g} rounds (hours x rounds an hour; the first passage "
                    "of the win's diffusion below -B: reports/core/shoe_tallies.trip_risk)."
                ]
            ),
            digits={"win_per_100": 3, "win_se_per_100": 3, "sd_per_100": 2},
            keys=keys,
        ),
        Table(
            f"{head}: ramps (units by true count)",
            ramps,
            ["ramp: the bets asked for; optimal: the optimal ramp of the betting table."],
            digits={"edge_simulated": 3},
            keys=keys,
        ),
    ]
