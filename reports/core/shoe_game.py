"""A simulated shoe game's tables, either game's: the edge of each true count, the ramp's
betting figures and the optimal ramp (``engine/<game>/shoe_game.py`` deals; the figures come
from its tallies, ``reports/core/shoe_tallies.py``; ``reports/<game>/shoe_game.py`` chooses the
chart and its index plays and deals).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardedge.engine.core.shoe_game import CONVENTIONS, DIVISORS, ShoeTallies
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
    "the bin (negative: the player's advantage); se: its standard error, the rounds taken as "
    "independent draws; index_share: rounds in which the counter took an index play.",
)
INSURANCE_NOTE = (
    "insurance_offered: rounds with an ace up (insurance offered); insurance_taken: rounds the "
    "counter insured (the insurance index play in force); insurance_net: the insurance bets' "
    "net in units of a one-unit round's initial wager (each bet half of it, +1 won, -0.5 lost); "
    "insurance_gain: that net per round of the bin, in % of the initial wager. The edge and the "
    "betting figures are the hands' alone: insurance is a bet of its own."
)
"""What the insurance columns say (a game that offers insurance)."""


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

    @property
    def stats(self) -> BinStats:
        t = self.tallies
        return BinStats(t.true_counts, t.bin_rounds, t.bin_sums, t.bin_squares)


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
    offered, taken, halves = t.insurance
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
    rows = [
        {"bets": "flat 1 unit", **betting_row(s, np.ones(len(bets)), bankrolls)},
        {"bets": f"ramp {run.ramp.name}{wong}", **betting_row(s, bets, bankrolls)},
        {
            "bets": f"optimal {spread}{' (wonging)' if wong else ''}, risk "
            f"{run.risk:.3g} with bank {bankrolls[0]:,.12g}",
            **betting_row(s, best.bets, bankrolls),
        },
    ]
    return rows, best.bets, best


def insurance_summary(t: ShoeTallies) -> dict[str, float]:
    """The run's insurance: share of rounds insured and its gain in % of the initial wager per
    round dealt (flat bet); none when the game offers no insurance."""
    if t.insurance is None:
        return {}
    offered, taken, halves = (int(row.sum()) for row in t.insurance)
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
    head = f"{label} shoe game: {rules_text}, {game.describe()}, {t.policy}"
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
                "edge_se its standard error; sd: a round's SD in units.",
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
            [EDGE_NOTES[0].format(convention=conv), EDGE_NOTES[1]]
            + ([INSURANCE_NOTE] if t.insurance is not None else []),
            digits={
                "edge_simulated": 3,
                "edge_simulated_se": 3,
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
            ],
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
