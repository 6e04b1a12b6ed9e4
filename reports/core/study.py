"""Tables and figures of a shoe study (both games), from its per-round records.

Every figure here is a statistic of the rounds the study dealt: the exact values are exact for
each round's cards, and the averages over rounds are sample means over the shoes dealt, with
standard errors that treat each shoe as one independent draw (rounds of one shoe share its
cards, so they are not independent of each other). Signs: a **house edge** is minus the
player's expected net, in percent of the initial wager; a **win** is the player's, in units.

**Win rate, SD, SCORE, N0** for a bet ramp ``b(true count)``:
- exact: win per round ``w = mean(b x ev)`` from each round's exact EV of the strategy;
  variance ``mean(b^2) x m2 - w^2`` with ``m2`` the second moment of a round's net on a fresh
  shoe under the strategy (exact; a round's SD moves by about 1% with the composition, and
  computing each round's own would cost ten times the study);
- simulated: the mean and variance of ``b x net`` over the rounds dealt.
Per 100 rounds: win ``100 w``, SD ``10 sqrt(var)``; ``N0 = var / w^2`` (rounds to a win of one
SD); ``SCORE = 10^6 w^2 / var`` (win per 100 rounds with the bet scaled to a 10,000-unit bank
at the optimal, 13.5% risk-of-ruin level), both given only when ``w > 0``. ``z`` is the
simulated minus the exact win in standard errors of their difference.

**Risk of ruin** of a way of betting with win ``w`` and SD ``s`` per round (exact), for a
bankroll of ``B`` units, is the diffusion (Brownian motion with drift) approximation of play
that never stops and never resizes its bets: ``RoR = exp(-2 w B / s^2)``, 1 when ``w <= 0``;
the bankroll for a risk ``r`` is ``B = -s^2 ln(r) / (2 w)`` (none when ``w <= 0``).

**The optimal (Kelly) ramp** for a bankroll of ``B`` units and a spread ``LOW-HIGH``: at each
whole true count bin, the bet that maximises the expected log growth of the bankroll to second
order, the fraction ``f = edge / m2`` of it (``edge``: the mean exact EV of the strategy over
the bin's rounds; ``m2``: a round's second moment, the fresh shoe's, as for the SD above; 0
where the edge is not positive), as ``f B`` units (full Kelly) or ``f B / 2`` (half Kelly),
rounded to whole units and kept within ``LOW``..``HIGH``.
"""

from __future__ import annotations

import functools
import math
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from cardedge.analysis.core.counts import CountSystem
from cardedge.core.progress import Progress
from cardedge.reports.core.files import png_source, save_figure
from cardedge.reports.core.ramp import Ramp, stated_ramp
from cardedge.reports.core.render import Table
from cardedge.strategy.core.departures import Departure, departures_from_rows

TC_LIMIT = 10
"""True-count bins of a level-1 count run from below -``TC_LIMIT`` + 1 to ``TC_LIMIT`` and
above; a level-L count's true counts spread L times wider, and so do its bins
(``tc_limit``)."""
DEPTH_BINS = 10
"""Depth bins: tenths of the shoe."""
SPREADS: tuple[float, ...] = (2, 4, 8, 12, 16)
"""The spreads 1-N of the spreads table."""
MIN_BIN_SHARE = 0.001
"""A true-count bin counts towards the break-even count only with this share of the rounds..."""
MIN_BIN_ROUNDS = 20
"""...and at least this many rounds."""
MIN_RELIABLE_SHOES = 10
"""Standard errors from fewer shoes than this are flagged as unreliable in the notes."""
RISKS: tuple[tuple[float, str], ...] = ((0.135, "13_5"), (0.05, "5"))
"""Risks of ruin whose bankroll the betting tables give, with their column's suffix."""
DEFAULT_KELLY_BANKROLL = 10_000.0
"""The bankroll (units) of the optimal ramp without ``--bankroll``: SCORE's."""


def index_decks_left(decks: int) -> int:
    """Decks left where a study's indices are computed: one deck dealt, at most 5 left."""
    return max(1, min(5, decks - 1))


def strategy_label(game) -> str:
    """'basic chart' or 'basic chart with 31 Hi-Opt II index plays'."""
    label = f"{game.strategy} chart"
    return label + (f" with {len(game.departures)} index plays" if game.departures else "")


def study_keys(game, plan, rules_text: str) -> dict:
    """What every row of a study's tables shares (the players and our seat only at a table
    with other players, so a study alone keeps its columns)."""
    keys = {
        "game": game.game,
        "rules": rules_text,
        "strategy": strategy_label(game),
        "decks": plan.decks,
        "penetration": plan.penetration,
        "system": plan.system.name,
        "seed": plan.seed,
        "shoes": plan.shoes,
    }
    if plan.players > 1:
        keys |= {"players": plan.players, "seat": plan.seat}
    return keys


def shoe_mean(values, shoes) -> tuple[float, float]:
    """(mean per round, its standard error) with each shoe one independent draw: the ratio of
    the shoes' sums to their rounds, its SE from the spread of the shoes' sums (NaN for one
    shoe; both NaN without rounds)."""
    frame = pd.DataFrame({"x": np.asarray(values, dtype=float), "shoe": np.asarray(shoes)})
    by_shoe = frame.groupby("shoe")["x"].agg(["sum", "count"])
    total, n = float(by_shoe["sum"].sum()), float(by_shoe["count"].sum())
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    k = len(by_shoe)
    if k < 2:
        return mean, math.nan
    resid = by_shoe["sum"] - mean * by_shoe["count"]
    return mean, math.sqrt(k / (k - 1) * float((resid**2).sum())) / n


def _edge(ev) -> float:
    """House edge in percent of a player's EV (0.0, never -0.0)."""
    return -100.0 * float(ev) + 0.0


def tc_limit(level: float) -> int:
    """The end bins of a count of this level (``TC_LIMIT`` per unit of level)."""
    return TC_LIMIT * max(1, math.ceil(level))


def true_count_bins(true_counts, limit: int = TC_LIMIT) -> np.ndarray:
    """Whole true count below each (floored), clipped to -``limit``..``limit``."""
    return np.clip(np.floor(np.asarray(true_counts, dtype=float)), -limit, limit).astype(int)


def _bin_label(k: int, limit: int) -> str:
    if k <= -limit:
        return f"below {-limit + 1:+d}"
    if k >= limit:
        return f"{limit:+d} and up"
    return f"{k:+d} to {k + 1:+d}"


def summary_table(
    records: pd.DataFrame, title: str, keys: dict, fresh: dict[str, float], notes: list[str]
) -> Table:
    """One row per quantity: rounds, and the house edge over the rounds dealt (exact for
    optimal play and the strategy, simulated), beside the fresh shoe's."""
    shoes = records["shoe"]
    rows = [
        {
            "quantity": "shoes dealt",
            "value": float(shoes.nunique() if len(records) else keys.get("shoes", 0)),
            "se": None,
        },
        {"quantity": "rounds", "value": float(len(records)), "se": None},
        {
            "quantity": "rounds per shoe",
            "value": len(records) / shoes.nunique() if len(records) else 0.0,
            "se": None,
        },
    ]
    for label, column in (("optimal play", "ev_optimal"), ("the strategy", "ev_strategy")):
        mean, se = shoe_mean(records[column], shoes)
        rows.append(
            {"quantity": f"house edge %, {label}, exact", "value": -100 * mean, "se": 100 * se}
        )
    mean, se = shoe_mean(records["net"], shoes)
    rows.append(
        {"quantity": "house edge %, the strategy, simulated", "value": -100 * mean, "se": 100 * se}
    )
    for label, value in fresh.items():
        rows.append({"quantity": f"house edge %, {label}, fresh shoe", "value": value, "se": None})
    for label, column in (("optimal play", "ev_optimal"), ("the strategy", "ev_strategy")):
        share = float((records[column] > 0).mean())
        rows.append(
            {
                "quantity": f"share of rounds with a player advantage, {label}",
                "value": share,
                "se": None,
            }
        )
    return Table(
        f"Shoe study: {title}", pd.DataFrame(rows), notes, digits={"value": 4, "se": 4}, keys=keys
    )


def true_count_table(
    records: pd.DataFrame, title: str, keys: dict, system: str, limit: int = TC_LIMIT
) -> Table:
    """Rounds by whole true count: frequency, the exact house edge (mean and SD over the
    rounds of the bin) for the strategy and optimal play, the share with a player advantage,
    and the simulated house edge with its standard error."""
    bins = true_count_bins(records["true_count"], limit)
    rows = []
    for k in sorted(set(bins.tolist())):
        part = records[bins == k]
        sim, sim_se = shoe_mean(part["net"], part["shoe"])
        rows.append(
            {
                "true_count": k,
                "range": _bin_label(k, limit),
                "rounds": len(part),
                "frequency": len(part) / len(records),
                "edge_strategy": _edge(part["ev_strategy"].mean()),
                "edge_strategy_sd": 100 * float(part["ev_strategy"].std(ddof=0)),
                "edge_optimal": _edge(part["ev_optimal"].mean()),
                "edge_optimal_sd": 100 * float(part["ev_optimal"].std(ddof=0)),
                "advantage_share": float((part["ev_strategy"] > 0).mean()),
                "edge_simulated": _edge(sim),
                "edge_simulated_se": 100 * sim_se,
            }
        )
    notes = [
        f"true_count: the {system} true count at the start of the round (running count of the "
        "cards dealt per deck left), taken down to the whole count below; the end bins pool the "
        "tails.",
        "edge_*: house edge in % of the initial wager, the mean over the bin's rounds of each "
        "round's exact value for the cards left (sd: its spread over those rounds); "
        "advantage_share: rounds where the strategy's exact EV is positive.",
        "edge_simulated: the same rounds dealt and played; se treats each shoe as one draw.",
        *reliability_notes(records),
    ]
    return Table(
        f"Shoe study, edge by true count: {title}",
        pd.DataFrame(rows),
        notes,
        digits={"frequency": 4, "advantage_share": 4},
        keys=keys,
    )


def depth_table(records: pd.DataFrame, shoe_cards: int, title: str, keys: dict) -> Table:
    """Rounds by depth (tenths of the shoe dealt before the round): the exact house edge (mean,
    10th and 90th percentile) and the share of rounds with a player advantage."""
    tenth = np.minimum(records["cards_dealt"].to_numpy() * DEPTH_BINS // shoe_cards, DEPTH_BINS - 1)
    rows = []
    for d in sorted(set(tenth.tolist())):
        part = records[tenth == d]
        edges = -100 * part["ev_strategy"].to_numpy()
        rows.append(
            {
                "depth": f"{100 * d // DEPTH_BINS}-{100 * (d + 1) // DEPTH_BINS}%",
                "rounds": len(part),
                "edge_strategy": float(edges.mean()),
                "edge_p10": float(np.percentile(edges, 10)),
                "edge_p90": float(np.percentile(edges, 90)),
                "edge_optimal": _edge(part["ev_optimal"].mean()),
                "advantage_share": float((part["ev_strategy"] > 0).mean()),
                "advantage_share_optimal": float((part["ev_optimal"] > 0).mean()),
            }
        )
    notes = [
        "depth: share of the shoe dealt before the round; edge_*: house edge in % of the "
        "initial wager, each round's exact value for its cards (p10, p90: percentiles of the "
        "strategy's over the bin's rounds).",
        "advantage_share: rounds where the exact EV (strategy; optimal play) is positive.",
    ]
    return Table(
        f"Shoe study, player advantage by depth: {title}",
        pd.DataFrame(rows),
        notes,
        digits={"advantage_share": 4, "advantage_share_optimal": 4},
        keys=keys,
    )


def risk_of_ruin(win: float, sd: float, bankroll: float) -> float:
    """``exp(-2 win bankroll / sd^2)``: the diffusion risk of ruin of a win ``win`` and SD ``sd``
    per round (units) with ``bankroll`` units; 1 when the win is not positive, 0 for a positive
    win without variance."""
    if not win > 0:
        return 1.0
    if not sd > 0:
        return 0.0
    return math.exp(-2.0 * win * bankroll / (sd * sd))


def bankroll_for_risk(win: float, sd: float, risk: float) -> float | None:
    """``-sd^2 ln(risk) / (2 win)``: the bankroll (units) whose diffusion risk of ruin is
    ``risk``; None when the win is not positive (no bankroll suffices)."""
    if not win > 0:
        return None
    return -sd * sd * math.log(risk) / (2.0 * win)


def ruin_column(bankroll: float) -> str:
    """'risk_of_ruin_B1000': the risk of ruin column of a bankroll of 1,000 units."""
    return f"risk_of_ruin_B{bankroll:.12g}"


def risk_column(suffix: str) -> str:
    """'bankroll_for_13_5_percent': the column of the bankroll for a risk (``RISKS``)."""
    return f"bankroll_for_{suffix}_percent"


def _risk(win: float | None, sd: float | None, bankrolls: Sequence[float]) -> dict:
    """The risk of ruin per bankroll and the bankroll per risk (``RISKS``) of a win and SD per
    round; every column blank when ``win`` is None (a simulated row)."""
    row: dict = {
        ruin_column(b): None if win is None else risk_of_ruin(win, sd, b) for b in bankrolls
    }
    for risk, suffix in RISKS:
        row[risk_column(suffix)] = None if win is None else bankroll_for_risk(win, sd, risk)
    return row


def _betting(shoes, bets: np.ndarray, per_round: np.ndarray, second: float) -> dict:
    """Average bet, win and SD per 100 rounds, SCORE and N0 of ``bets`` on rounds worth
    ``per_round`` each (exact EVs or simulated nets), ``second`` the mean of (bet x result)^2;
    SCORE and N0 blank unless the win and the variance are positive."""
    w, se = shoe_mean(bets * per_round, shoes)
    var = max(second - w * w, 0.0)
    ratio = w > 0 and var > 0
    return {
        "average_bet": float(bets.mean()),
        "win_per_100": 100 * w,
        "win_se_per_100": 100 * se,
        "sd_per_100": 10 * math.sqrt(var),
        "score": 1e6 * w * w / var if ratio else None,
        "n0": var / (w * w) if ratio else None,
    }


def _exact_betting(
    records: pd.DataFrame, bets: np.ndarray, m2: float, bankrolls: Sequence[float] = ()
) -> dict:
    """``_betting`` from each round's exact EV, the second moment ``m2`` a fresh shoe's, with
    the risk of ruin per bankroll and the bankrolls for ``RISKS`` (``_risk``)."""
    ev = records["ev_strategy"].to_numpy()
    second = float(np.mean(bets**2)) * m2
    row = _betting(records["shoe"], bets, ev, second)
    w, _ = shoe_mean(bets * ev, records["shoe"])
    return row | _risk(w, math.sqrt(max(second - w * w, 0.0)), bankrolls)


def _ramp_rows(
    records: pd.DataFrame, bets: np.ndarray, label: str, m2: float, bankrolls: Sequence[float]
) -> list[dict]:
    """The exact and the simulated row of one way of betting; ``z`` on the simulated one, the
    risk of ruin on the exact one."""
    shoes = records["shoe"]
    ev = records["ev_strategy"].to_numpy()
    net = records["net"].to_numpy()
    simulated = _betting(shoes, bets, net, float(np.mean((bets * net) ** 2)))
    diff, se_diff = shoe_mean(bets * (net - ev), shoes)
    return [
        {
            "bets": label,
            "source": "exact",
            **_exact_betting(records, bets, m2, bankrolls),
            "z": None,
        },
        {
            "bets": label,
            "source": "simulated",
            **simulated,
            **_risk(None, None, bankrolls),
            "z": diff / se_diff if se_diff > 0 else None,
        },
    ]


def reliability_notes(records: pd.DataFrame) -> list[str]:
    """A warning when the study has fewer than ``MIN_RELIABLE_SHOES`` shoes (its standard
    errors, each shoe one draw, rest on too few draws); none otherwise."""
    shoes = int(records["shoe"].nunique())
    if shoes >= MIN_RELIABLE_SHOES:
        return []
    what = "no standard error (one shoe)" if shoes < 2 else "standard errors (se, z)"
    return [
        f"Only {shoes} shoe{'s' if shoes != 1 else ''} dealt: {what} from fewer than "
        f"{MIN_RELIABLE_SHOES} shoes are unreliable, and so is every mean here; deal more "
        "shoes (--shoes) before trusting them."
    ]


def _risk_notes(bankrolls: Sequence[float]) -> list[str]:
    names = ", ".join(ruin_column(b) for b in bankrolls)
    ruin = (
        f"{names}: the risk of ruin with that bankroll in units, "
        if bankrolls
        else "risk_of_ruin_B<units> (with --bankroll UNITS, repeatable): the risk of ruin with "
        "that bankroll, "
    )
    return [
        ruin + "exp(-2 w B / s^2) from the exact win w and SD s per round (the diffusion "
        "approximation of play that never stops and never resizes its bets; 1 when w <= 0). "
        "bankroll_for_13_5_percent, bankroll_for_5_percent: the bankroll B = -s^2 ln(r) / (2w) "
        "for a 13.5% and a 5% risk (blank when w <= 0: none suffices). Exact rows only."
    ]


BETTING_DIGITS = {
    "average_bet": 3,
    "win_per_100": 3,
    "win_se_per_100": 3,
    "sd_per_100": 2,
    "score": 2,
    "n0": 0,
    "z": 2,
    "rounds_played": 4,
    "bankroll_for_13_5_percent": 0,
    "bankroll_for_5_percent": 0,
}
"""Decimals shown in the betting tables (risk of ruin columns: the default 4)."""


@dataclass(frozen=True)
class OptimalRamps:
    """The optimal (Kelly) ramps of a study: full and half Kelly for ``bankroll`` units within
    the spread ``low``-``high``, and the true-count bins they come from."""

    bankroll: float
    low: float
    high: float
    bins: pd.DataFrame
    """By whole true count bin: rounds, edge (mean exact EV of the strategy), m2_simulated (mean
    squared net of the rounds played), fraction (of the bankroll, full Kelly), full and half
    (units)."""
    full: Ramp
    half: Ramp

    @property
    def spread(self) -> str:
        return f"{self.low:g}-{self.high:g}"


def kelly_units(
    edge: float, second_moment: float, bankroll: float, low: float, high: float, share=1.0
) -> float:
    """The Kelly bet in units: ``share`` x ``edge / second_moment`` (0 when the edge is not
    positive) of ``bankroll`` units, rounded to whole units (halves up), within ``low``-``high``."""
    fraction = max(edge, 0.0) / second_moment if second_moment > 0 else 0.0
    return float(min(high, max(low, math.floor(share * fraction * bankroll + 0.5))))


def optimal_ramps(
    records: pd.DataFrame,
    second_moment: float,
    bankroll: float,
    low: float,
    high: float,
    limit: int = TC_LIMIT,
) -> OptimalRamps:
    """Full and half Kelly bets at each true count bin of ``records`` (module docstring)."""
    bins = true_count_bins(records["true_count"], limit)
    frame = pd.DataFrame(
        {"bin": bins, "ev": records["ev_strategy"].to_numpy(), "net2": records["net"] ** 2}
    )
    stats = frame.groupby("bin").agg(
        rounds=("ev", "size"), edge=("ev", "mean"), m2_simulated=("net2", "mean")
    )
    stats["fraction"] = [
        max(e, 0.0) / second_moment if second_moment > 0 else 0.0 for e in stats["edge"]
    ]
    for column, share in (("full", 1.0), ("half", 0.5)):
        stats[column] = [
            kelly_units(e, second_moment, bankroll, low, high, share) for e in stats["edge"]
        ]
    counts = tuple(int(k) for k in stats.index)
    spread = f"{low:g}-{high:g}"
    bank = f"{bankroll:,.12g}"
    return OptimalRamps(
        bankroll,
        low,
        high,
        stats,
        Ramp(f"optimal {spread}, full Kelly, bank {bank}", counts, tuple(stats["full"])),
        Ramp(f"optimal {spread}, half Kelly, bank {bank}", counts, tuple(stats["half"])),
    )


def ramp_table(
    records: pd.DataFrame,
    ramp: Ramp,
    second_moment: float,
    title: str,
    keys: dict,
    bankrolls: Sequence[float] = (),
    optimal: OptimalRamps | None = None,
) -> Table:
    """Win and SD per 100 rounds, SCORE and N0 of flat betting, of ``ramp`` and of the optimal
    (Kelly) ramps, from the exact per-round EVs and from the simulated results, with the risk of
    ruin of the exact rows (module docstring)."""
    tcs = records["true_count"].to_numpy()
    ways = [("flat 1 unit", np.ones(len(records))), (f"ramp {ramp.name}", ramp.bets(tcs))]
    if optimal is not None:
        ways += [(r.name, r.bets(tcs)) for r in (optimal.full, optimal.half)]
    rows = [
        row
        for label, bets in ways
        for row in _ramp_rows(records, bets, label, second_moment, bankrolls)
    ]
    notes = reliability_notes(records) + [
        "win: the player's result in units per 100 rounds (se: its standard error, each shoe "
        "one draw); sd: per 100 rounds; score = 10^6 w^2/var and n0 = var/w^2 (rounds), shown "
        "when the win is positive.",
        "exact: each round's exact EV of the strategy for its cards, variance from the fresh "
        f"shoe's second moment of a round's net ({second_moment:.6f}); simulated: the rounds "
        "dealt and played. z: simulated minus exact win over the standard error of their "
        "difference (within +-2 or so when both describe the same rounds).",
        *_risk_notes(bankrolls),
    ]
    if optimal is not None:
        notes.append(
            f"optimal: the Kelly ramps of this study for a {optimal.bankroll:,.12g}-unit "
            f"bankroll within {optimal.spread} (table optimal_bets: their bets by true count)."
        )
    name = ramp.name if optimal is None else f"{ramp.name} and the optimal ramps"
    return Table(
        f"Shoe study, bet ramp {name}: {title}",
        pd.DataFrame(rows),
        notes,
        digits=BETTING_DIGITS,
        keys=keys,
    )


def optimal_table(
    optimal: OptimalRamps, second_moment: float, title: str, keys: dict, limit: int = TC_LIMIT
) -> Table:
    """The optimal (Kelly) bets by true count bin, with the edge and second moment they come
    from."""
    bins = optimal.bins
    data = pd.DataFrame(
        {
            "true_count": bins.index.astype(int),
            "range": [_bin_label(int(k), limit) for k in bins.index],
            "rounds": bins["rounds"].astype(int).to_numpy(),
            "player_edge": 100 * bins["edge"].to_numpy(),
            "second_moment": second_moment,
            "second_moment_simulated": bins["m2_simulated"].to_numpy(),
            "kelly_fraction": bins["fraction"].to_numpy(),
            "full_kelly_units": bins["full"].to_numpy(),
            "half_kelly_units": bins["half"].to_numpy(),
        }
    )
    bank = f"{optimal.bankroll:,.12g}"
    notes = [
        "player_edge: the mean exact EV of the strategy over the bin's rounds, % of the "
        "initial wager (player's sign); kelly_fraction = edge / second_moment, the share of the "
        "bankroll that maximises the expected log growth to second order (0 where the edge is "
        "not positive).",
        f"full_kelly_units = kelly_fraction x {bank} units (the bankroll: the first --bankroll, "
        f"else {DEFAULT_KELLY_BANKROLL:,.0f}), half_kelly_units half of it, rounded to whole "
        f"units (halves up) and kept within the spread {optimal.spread}: the lowest bet where "
        "the edge is negative or the bet rounds below it, never more than the highest.",
        "second_moment: a round's E[net^2] on a fresh shoe under the strategy (exact), used at "
        "every count: the records hold each round's exact EV but not its second moment, which "
        "moves with the cards left (second_moment_simulated, the mean squared net of the bin's "
        "rounds played, shows how much, within its sampling noise).",
        "The bets are chosen from this study's own bin means and judged on the same rounds (bet "
        "ramp table), a slight in-sample advantage; exact EVs keep the bin means' noise small.",
    ]
    return Table(
        f"Shoe study, optimal (Kelly) bets, bankroll {bank} units, spread {optimal.spread}: "
        f"{title}",
        data,
        notes,
        digits={
            "player_edge": 4,
            "second_moment": 4,
            "second_moment_simulated": 4,
            "kelly_fraction": 5,
            "full_kelly_units": 0,
            "half_kelly_units": 0,
        },
        keys=keys,
    )


def _bin_means(records: pd.DataFrame, limit: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Mean exact EV of the strategy and rounds per whole true count bin: every bin, and the
    bins with at least ``MIN_BIN_ROUNDS`` rounds and ``MIN_BIN_SHARE`` of them."""
    bins = true_count_bins(records["true_count"], limit)
    stats = pd.Series(records["ev_strategy"].to_numpy()).groupby(bins).agg(["mean", "count"])
    return stats, stats[stats["count"] >= max(MIN_BIN_ROUNDS, MIN_BIN_SHARE * len(records))]


def break_even_count(records: pd.DataFrame, limit: int = TC_LIMIT) -> int | None:
    """The lowest whole true count from which every bin up holds a player advantage (mean exact
    EV of the strategy above 0), over bins with at least ``MIN_BIN_ROUNDS`` rounds and
    ``MIN_BIN_SHARE`` of them; None when no such bin has an advantage."""
    _, stats = _bin_means(records, limit)
    start = None
    for k in sorted(stats.index, reverse=True):
        if stats.loc[k, "mean"] > 0:
            start = int(k)
        else:
            break
    return start


def spreads_table(
    records: pd.DataFrame,
    second_moment: float,
    title: str,
    keys: dict,
    limit: int = TC_LIMIT,
    bankrolls: Sequence[float] = (),
) -> Table:
    """Exact win per 100 rounds dealt of stated ramps 1-N starting at the break-even true
    count, and of wonging (one unit from that count, sitting out below it), with their risk of
    ruin."""
    start = break_even_count(records, limit)
    fallback = start is None
    if fallback:
        every, enough = _bin_means(records, limit)
        start = int((every if enough.empty else enough)["mean"].idxmax())
        lead = (
            f"No true count bin has enough rounds (at least {MIN_BIN_ROUNDS} and "
            f"{MIN_BIN_SHARE:.1%} of them) to judge an advantage"
            if enough.empty
            else "No true count bin with enough rounds holds a player advantage"
        )
    tcs = records["true_count"].to_numpy()
    rows = []
    ramps: list[tuple[str, Ramp]] = [(f"1-{n:g}", stated_ramp(1, n, start)) for n in SPREADS]
    ramps.append(("wong in", Ramp(f"wong in at {start:+d}", (start - 1, start), (0.0, 1.0))))
    for label, ramp in ramps:
        bets = ramp.bets(tcs)
        rows.append(
            {
                "bets": label,
                "from_true_count": start,
                "rounds_played": float((bets > 0).mean()),
                **_exact_betting(records, bets, second_moment, bankrolls),
            }
        )
    notes = reliability_notes(records)
    if fallback:
        winners = [r["bets"] for r in rows if r["win_per_100"] > 0]
        notes.append(
            f"{lead}: the ramps start at the most favourable one ({start:+d}), "
            + (
                "and every row loses."
                if not winners
                else f"and the rows that win ({', '.join(winners)}) owe it to bins too sparse "
                "to show a break-even count: not evidence of an advantage."
            )
        )
        what = f"Ramps start at true count {start:+d}"
    else:
        what = (
            f"Ramps start at true count {start:+d}, the break-even count of this study (the "
            "lowest whole true count from which every bin up has a positive mean exact EV for "
            "the strategy)"
        )
    notes += [
        f"{what}: 1 unit below it, then 2, 3, ... up to N (1-N); 'wong in' bets 1 unit from "
        "it and sits out below.",
        "Exact: each round's exact EV; win and sd per 100 rounds dealt, se treating each shoe "
        "as one draw; score and n0 when the win is positive.",
        *_risk_notes(bankrolls),
    ]
    return Table(
        f"Shoe study, bet spreads from the break-even count: {title}",
        pd.DataFrame(rows),
        notes,
        digits=BETTING_DIGITS,
        keys=keys,
    )


def true_count_png(table: Table, path, title: str, source: str | None = None):
    """Exact house edge (strategy and optimal) by true count, over bars of its frequency."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()

    data = table.data
    fig, ax = plt.subplots(figsize=(8, 4.5))
    bars = ax.twinx()
    bars.bar(data["true_count"], data["frequency"], color="#cccccc", width=0.8, label="frequency")
    bars.set_ylabel("share of rounds")
    ax.set_zorder(bars.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.plot(data["true_count"], data["edge_strategy"], marker="o", label="strategy (exact)")
    ax.plot(data["true_count"], data["edge_optimal"], marker="s", label="optimal play (exact)")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("true count (whole count below; end bins pool the tails)")
    ax.set_ylabel("house edge, % (below 0: player advantage)")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path


def depth_png(table: Table, path, title: str, source: str | None = None):
    """Exact house edge by depth (mean, 10th-90th percentile band) and the share of rounds
    with a player advantage."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()

    data = table.data
    x = np.arange(len(data))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.fill_between(x, data["edge_p10"], data["edge_p90"], alpha=0.25, label="strategy, 10-90%")
    ax.plot(x, data["edge_strategy"], marker="o", label="strategy, mean (exact)")
    ax.plot(x, data["edge_optimal"], marker="s", label="optimal play, mean (exact)")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xticks(x, data["depth"], fontsize=8)
    ax.set_xlabel("share of the shoe dealt before the round")
    ax.set_ylabel("house edge, % (below 0: player advantage)")
    share = ax.twinx()
    share.plot(x, data["advantage_share"], color="#aa3333", linestyle="--", label="advantage share")
    share.set_ylabel("share of rounds with a player advantage (dashed)")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path


@dataclass(frozen=True)
class FreshShoe:
    """What a study's tables take from the exact analysis of a fresh shoe of its rules."""

    outcomes: Any
    """The distribution of a round's net under the study's chart (``ev`` and ``std``, per
    initial wager): its second moment sizes the exact SDs."""
    optimal_edge: float
    """House edge (percent) of optimal play."""
    chart_edge: float
    """House edge (percent) of the chart the study plays."""
    rules_title: str
    """The rules as the tables' titles name them."""
    rules_key: str
    """The rules as the tables' rows name them."""


@dataclass(frozen=True)
class Moments:
    """A round's mean and SD of the net per initial wager: what the tables read of the fresh
    shoe's outcome distribution (``FreshShoe.outcomes``)."""

    ev: float
    std: float


FRESH_FILE = "fresh_shoe.json"
"""The fresh shoe's analysis kept in a study's folder: computing it again (seconds) is most of
re-tabulating a finished study."""
FRESH_FORMAT = 1
_FRESH_FIELDS = ("optimal_edge", "chart_edge", "rules_title", "rules_key")


@functools.lru_cache(maxsize=1)
def _code_digest() -> str:
    """SHA-256 of the source of every layer a fresh shoe's analysis runs through (analysis,
    strategy, reports): any edit there makes a kept analysis another code's, computed anew
    (read once per process)."""
    import hashlib

    root = Path(__file__).resolve().parent.parent.parent
    h = hashlib.sha256()
    for layer in ("analysis", "strategy", "reports"):
        for path in sorted((root / layer).rglob("*.py")):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def _fresh_digest(game, values: dict) -> str:
    """What a kept fresh shoe must carry to be used: the digest of the game's identity, the
    code, the format and the values themselves (an edited value fails it)."""
    import hashlib
    import json

    text = json.dumps(
        [FRESH_FORMAT, game.identity(), _code_digest(), values], sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _fresh_values(fresh: FreshShoe) -> dict:
    values = {f: getattr(fresh, f) for f in _FRESH_FIELDS}
    return {**values, "ev": float(fresh.outcomes.ev), "std": float(fresh.outcomes.std)}


def read_fresh(folder, game) -> FreshShoe | None:
    """The fresh shoe's analysis kept in ``folder`` for ``game``, or None when there is none,
    it cannot be read, or its digest is not this game's, this code's and its values'."""
    import json

    try:
        kept = json.loads((Path(folder) / FRESH_FILE).read_text())
        values = kept["values"]
        if kept["digest"] != _fresh_digest(game, values):
            return None
        outcomes = Moments(float(values["ev"]), float(values["std"]))
        return FreshShoe(outcomes, **{f: values[f] for f in _FRESH_FIELDS})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_fresh(folder, game, fresh: FreshShoe) -> None:
    """Keep ``fresh`` in ``folder`` (``read_fresh``), unless it is there already."""
    import json

    from cardedge.core.files import write_text

    values = _fresh_values(fresh)
    text = json.dumps({"digest": _fresh_digest(game, values), "values": values}, indent=1)
    path = Path(folder) / FRESH_FILE
    try:
        if path.read_text() == text + "\n":
            return
    except OSError:
        pass
    write_text(path, text + "\n")


MEMO_SIZE = 8
"""Index plays and fresh-shoe analyses a process keeps (``StudyRoom.departures``, ``fresh``)."""
_DEPARTURES: dict = {}
_FRESH: dict = {}


def _remember(memo: dict, key, value) -> None:
    """Keep ``value`` under ``key``, forgetting the oldest entries beyond ``MEMO_SIZE``."""
    memo[key] = value
    while len(memo) > MEMO_SIZE:
        del memo[next(iter(memo))]


@dataclass(frozen=True)
class StudyRoom:
    """What a game hands the shared study reports: how a strategy's name becomes a chart, the
    game's indices table, its study object and the exact analysis of a fresh shoe. A game's
    ``zero_study``/``blackjack_study`` and its tables are this room's ``study`` and ``tables``."""

    chart: Callable[[Any, str], tuple[str, Any]]
    """``chart(rules, strategy)``: the strategy's label and chart (ValueError: not a chart)."""
    indices_table: Callable[[Any, int, CountSystem | None, Progress], Table]
    """``indices_table(rules, decks_left, system, progress)``: the game's index plays."""
    make_study: Callable[..., Any]
    """``make_study(rules, chart, label, departures)``: the game's study object."""
    fresh_shoe: Callable[[Any], FreshShoe]
    """``fresh_shoe(study)``: the exact analysis of a fresh shoe under the study's chart."""

    def study(
        self,
        rules,
        strategy: str = "basic",
        indices: bool = False,
        system: CountSystem | None = None,
        progress: Progress = lambda items: items,
    ):
        """The study object: ``rules`` played by the chart ``strategy`` (and, with ``indices``,
        the chart's departures for ``system`` (the game's default without one), computed
        ``index_decks_left`` decks from the end)."""
        label, chart = self.chart(rules, strategy)
        departures = ()
        if indices:
            departures = self.departures(rules, index_decks_left(rules.decks), system, progress)
        return self.make_study(rules, chart, label, departures)

    def departures(
        self, rules, left: int, system: CountSystem | None, progress: Progress
    ) -> tuple[Departure, ...]:
        """The index plays of ``rules`` for ``system``, ``left`` decks left, computed once
        per process (the last ``MEMO_SIZE``): a resumed study, a notebook or the web server
        asks again for the same ones."""
        key = (self.indices_table, rules, left, system)
        if key not in _DEPARTURES:
            table = self.indices_table(rules, left, system, progress)
            _remember(_DEPARTURES, key, tuple(departures_from_rows(table.rows())))
        return _DEPARTURES[key]

    def fresh(self, game, folder=None) -> FreshShoe:
        """``fresh_shoe(game)``, computed once per process for what the game plays (its
        identity: rules, chart, index plays), the last ``MEMO_SIZE``; with a study's
        ``folder``, also kept there (``FRESH_FILE``) for the next process that tabulates it."""
        import json

        key = (self.fresh_shoe, json.dumps(game.identity(), sort_keys=True))
        if key not in _FRESH:
            kept = read_fresh(folder, game) if folder is not None else None
            _remember(_FRESH, key, kept or self.fresh_shoe(game))
        if folder is not None:
            write_fresh(folder, game, _FRESH[key])
        return _FRESH[key]

    def tables(
        self,
        game,
        plan,
        records: pd.DataFrame,
        ramp: Ramp,
        bankrolls: Sequence[float] = (),
        folder=None,
    ) -> dict[str, Table]:
        """Every table of a study of the game (``study_report``); ``bankrolls`` (units) add
        the risk of ruin of every way of betting and size the optimal ramps; ``folder``, the
        study's, keeps the fresh shoe's analysis (``StudyRoom.fresh``)."""
        fresh = self.fresh(game, folder)
        second_moment = fresh.outcomes.std**2 + fresh.outcomes.ev**2
        edges = {"optimal play": fresh.optimal_edge, f"{game.strategy} chart": fresh.chart_edge}
        return study_report(
            records,
            plan,
            game,
            ramp,
            second_moment,
            edges,
            fresh.rules_title,
            fresh.rules_key,
            bankrolls,
        )


def study_report(
    records: pd.DataFrame,
    plan,
    game,
    ramp: Ramp,
    second_moment: float,
    fresh: dict[str, float],
    rules_title: str,
    rules_key: str,
    bankrolls: Sequence[float] = (),
) -> dict[str, Table]:
    """Every table of a study of ``game`` (``study/<game>/game.py``) dealt by ``plan``: titled
    '<rules_title>, <strategy>, <dealing>, N shoes, seed S', each row keyed (``study_keys``)."""
    title = (
        f"{rules_title}, {strategy_label(game)}, {plan.describe()}, {plan.shoes} shoes, "
        f"seed {plan.seed}"
    )
    keys = study_keys(game, plan, rules_key)
    return study_tables(
        records,
        plan.shoe_cards,
        plan.system,
        ramp,
        second_moment,
        fresh,
        title,
        keys,
        bankrolls=bankrolls,
    )


def study_tables(
    records: pd.DataFrame,
    shoe_cards: int,
    system: CountSystem,
    ramp: Ramp,
    second_moment: float,
    fresh: dict[str, float],
    title: str,
    keys: dict,
    notes: Sequence[str] = (),
    bankrolls: Sequence[float] = (),
) -> dict[str, Table]:
    """Every table of a study, by file stem; ``bankrolls`` (units) add the risk of ruin of
    every way of betting, and the first sizes the optimal ramps (``DEFAULT_KELLY_BANKROLL``
    without one)."""
    limit = tc_limit(system.level)
    distinct: dict[str, float] = {}
    for b in bankrolls:
        distinct.setdefault(ruin_column(b), b)
    bankrolls = tuple(distinct.values())
    if records.empty:
        return _no_round_tables(records, title, keys, fresh, list(notes), bankrolls)
    bank = bankrolls[0] if bankrolls else DEFAULT_KELLY_BANKROLL
    optimal = optimal_ramps(records, second_moment, bank, min(ramp.units), max(ramp.units), limit)
    return {
        "summary": summary_table(
            records, title, keys, fresh, reliability_notes(records) + list(notes)
        ),
        "edge_by_true_count": true_count_table(records, title, keys, system.name, limit),
        "advantage_by_depth": depth_table(records, shoe_cards, title, keys),
        "bet_ramp": ramp_table(records, ramp, second_moment, title, keys, bankrolls, optimal),
        "optimal_bets": optimal_table(optimal, second_moment, title, keys, limit),
        "bet_spreads": spreads_table(records, second_moment, title, keys, limit, bankrolls),
    }


NO_ROUNDS = (
    "No round was dealt: the cut card comes before the first round (--penetration x the "
    "shoe's cards rounds to 0); this table is empty."
)
_EMPTY_COLUMNS: dict[str, tuple[str, ...]] = {
    "edge_by_true_count": (
        "true_count", "range", "rounds", "frequency", "edge_strategy", "edge_strategy_sd",
        "edge_optimal", "edge_optimal_sd", "advantage_share", "edge_simulated",
        "edge_simulated_se",
    ),
    "advantage_by_depth": (
        "depth", "rounds", "edge_strategy", "edge_p10", "edge_p90", "edge_optimal",
        "advantage_share", "advantage_share_optimal",
    ),
    "bet_ramp": (
        "bets", "source", "average_bet", "win_per_100", "win_se_per_100", "sd_per_100",
        "score", "n0", "RISK", "z",
    ),
    "optimal_bets": (
        "true_count", "range", "rounds", "player_edge", "second_moment",
        "second_moment_simulated", "kelly_fraction", "full_kelly_units", "half_kelly_units",
    ),
    "bet_spreads": (
        "bets", "from_true_count", "rounds_played", "average_bet", "win_per_100",
        "win_se_per_100", "sd_per_100", "score", "n0", "RISK",
    ),
}  # fmt: skip
"""The columns of each table but the summary for a study without rounds (RISK: the risk
columns, ``_risk``)."""
_EMPTY_TITLES = {
    "edge_by_true_count": "edge by true count",
    "advantage_by_depth": "player advantage by depth",
    "bet_ramp": "bet ramp",
    "optimal_bets": "optimal (Kelly) bets",
    "bet_spreads": "bet spreads from the break-even count",
}


def _no_round_tables(
    records: pd.DataFrame,
    title: str,
    keys: dict,
    fresh: dict[str, float],
    notes: list[str],
    bankrolls: Sequence[float],
) -> dict[str, Table]:
    """The tables of a study that dealt no round: the summary (0 rounds, the fresh shoe's
    edges) and every other table empty, each saying why."""
    tables = {"summary": summary_table(records, title, keys, fresh, [NO_ROUNDS, *notes])}
    for stem, columns in _EMPTY_COLUMNS.items():
        tables[stem] = Table(
            f"Shoe study, {_EMPTY_TITLES[stem]}: {title}",
            pd.DataFrame(
                columns=[
                    c
                    for name in columns
                    for c in (_risk(None, None, bankrolls) if name == "RISK" else [name])
                ]
            ),
            [NO_ROUNDS],
            keys=keys,
        )
    return tables


FIGURES = {
    "edge_by_true_count": ("edge_by_true_count.png", true_count_png),
    "advantage_by_depth": ("edge_by_depth.png", depth_png),
}
"""The study's figures: which table each is drawn from, its file name and how."""


def study_files(tables: dict[str, Table], command: str) -> dict[str, str]:
    """Markdown (titled) and CSV (title and notes as '#' lines) of every study table, by file
    name: what a study writes next to its records."""
    from cardedge.reports.core.render import render

    made = f"generated by: {command}"
    files = {}
    for stem, table in tables.items():
        files[f"{stem}.md"] = render(table, "markdown", header=[made])
        files[f"{stem}.csv"] = render(
            table, "csv", header=[table.title, made, *table.notes], csv_float="%.12g"
        )
    return files


def write_study_outputs(folder, tables: dict[str, Table], command: str, title: str) -> list:
    """Write the tables (``study_files``) and the figures into ``folder``."""
    from pathlib import Path

    from cardedge.core.files import write_text

    folder = Path(folder)
    paths = []
    for name, text in study_files(tables, command).items():
        paths.append(write_text(folder / name, text))
    for stem, (name, draw) in FIGURES.items():
        table = tables[stem]
        draw = draw if len(table.data) else _empty_png
        source = figure_source(table, title, draw)
        if png_source(folder / name) != source:
            draw(table, folder / name, title, source)
        paths.append(folder / name)
    return paths


FIGURE_FORMAT = "1"
"""Bumped when the study figures change in a way their drawing functions' source does not
show (a shared helper's style, say): every figure is then drawn again."""


def figure_source(table: Table, title: str, draw: Callable) -> str:
    """The digest of what a study figure is drawn from: the table's data, the title, the
    drawing function's source, matplotlib's version and ``FIGURE_FORMAT``. A PNG saved with
    it (``png_source``) is that figure, so a re-tabulation leaves it as it is."""
    import hashlib
    import inspect
    from importlib.metadata import version

    h = hashlib.sha256()
    parts = (
        FIGURE_FORMAT,
        version("matplotlib"),
        inspect.getsource(draw),
        title,
        table.data.to_csv(index=False, lineterminator="\n"),
    )
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _empty_png(table: Table, path, title: str, source: str | None = None):
    """The figure of a table without rows: its title and the note saying why."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.axis("off")
    ax.text(0.5, 0.5, "\n".join(textwrap.wrap(" ".join(table.notes), 80)), ha="center")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path
