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
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardedge.analysis.core.counts import CountSystem
from cardedge.reports.core.files import save_figure
from cardedge.reports.core.ramp import Ramp, stated_ramp
from cardedge.reports.core.render import Table

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


def index_decks_left(decks: int) -> int:
    """Decks left where a study's indices are computed: one deck dealt, at most 5 left."""
    return max(1, min(5, decks - 1))


def strategy_label(game) -> str:
    """'basic chart' or 'basic chart with 31 Hi-Opt II index plays'."""
    label = f"{game.strategy} chart"
    return label + (f" with {len(game.departures)} index plays" if game.departures else "")


def study_keys(game, plan, rules_text: str) -> dict:
    """What every row of a study's tables shares."""
    return {
        "game": game.game,
        "rules": rules_text,
        "strategy": strategy_label(game),
        "decks": plan.decks,
        "penetration": plan.penetration,
        "system": plan.system.name,
        "seed": plan.seed,
        "shoes": plan.shoes,
    }


def shoe_mean(values, shoes) -> tuple[float, float]:
    """(mean per round, its standard error) with each shoe one independent draw: the ratio of
    the shoes' sums to their rounds, its SE from the spread of the shoes' sums (NaN for one
    shoe)."""
    frame = pd.DataFrame({"x": np.asarray(values, dtype=float), "shoe": np.asarray(shoes)})
    by_shoe = frame.groupby("shoe")["x"].agg(["sum", "count"])
    total, n = float(by_shoe["sum"].sum()), float(by_shoe["count"].sum())
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
        {"quantity": "shoes dealt", "value": float(shoes.nunique()), "se": None},
        {"quantity": "rounds", "value": float(len(records)), "se": None},
        {"quantity": "rounds per shoe", "value": len(records) / shoes.nunique(), "se": None},
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


def _betting(shoes, bets: np.ndarray, per_round: np.ndarray, second: float) -> dict:
    """Average bet, win and SD per 100 rounds, SCORE and N0 of ``bets`` on rounds worth
    ``per_round`` each (exact EVs or simulated nets), ``second`` the mean of (bet x result)^2."""
    w, se = shoe_mean(bets * per_round, shoes)
    var = second - w * w
    return {
        "average_bet": float(bets.mean()),
        "win_per_100": 100 * w,
        "win_se_per_100": 100 * se,
        "sd_per_100": 10 * math.sqrt(var),
        "score": 1e6 * w * w / var if w > 0 else None,
        "n0": var / (w * w) if w > 0 else None,
    }


def _exact_betting(records: pd.DataFrame, bets: np.ndarray, m2: float) -> dict:
    """``_betting`` from each round's exact EV, the second moment ``m2`` a fresh shoe's."""
    ev = records["ev_strategy"].to_numpy()
    return _betting(records["shoe"], bets, ev, float(np.mean(bets**2)) * m2)


def _ramp_rows(records: pd.DataFrame, bets: np.ndarray, label: str, m2: float) -> list[dict]:
    """The exact and the simulated row of one way of betting; ``z`` on the simulated one."""
    shoes = records["shoe"]
    ev = records["ev_strategy"].to_numpy()
    net = records["net"].to_numpy()
    simulated = _betting(shoes, bets, net, float(np.mean((bets * net) ** 2)))
    diff, se_diff = shoe_mean(bets * (net - ev), shoes)
    return [
        {"bets": label, "source": "exact", **_exact_betting(records, bets, m2), "z": None},
        {
            "bets": label,
            "source": "simulated",
            **simulated,
            "z": diff / se_diff if se_diff > 0 else None,
        },
    ]


def ramp_table(
    records: pd.DataFrame, ramp: Ramp, second_moment: float, title: str, keys: dict
) -> Table:
    """Win and SD per 100 rounds, SCORE and N0 of flat betting and of ``ramp``, from the exact
    per-round EVs and from the simulated results (module docstring)."""
    tcs = records["true_count"].to_numpy()
    rows = _ramp_rows(records, np.ones(len(records)), "flat 1 unit", second_moment)
    rows += _ramp_rows(records, ramp.bets(tcs), f"ramp {ramp.name}", second_moment)
    notes = [
        "win: the player's result in units per 100 rounds (se: its standard error, each shoe "
        "one draw); sd: per 100 rounds; score = 10^6 w^2/var and n0 = var/w^2 (rounds), shown "
        "when the win is positive.",
        "exact: each round's exact EV of the strategy for its cards, variance from the fresh "
        f"shoe's second moment of a round's net ({second_moment:.6f}); simulated: the rounds "
        "dealt and played. z: simulated minus exact win over the standard error of their "
        "difference (within +-2 or so when both describe the same rounds).",
    ]
    return Table(
        f"Shoe study, bet ramp {ramp.name}: {title}",
        pd.DataFrame(rows),
        notes,
        digits={
            "average_bet": 3,
            "win_per_100": 3,
            "win_se_per_100": 3,
            "sd_per_100": 2,
            "score": 2,
            "n0": 0,
            "z": 2,
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
    records: pd.DataFrame, second_moment: float, title: str, keys: dict, limit: int = TC_LIMIT
) -> Table:
    """Exact win per 100 rounds dealt of stated ramps 1-N starting at the break-even true
    count, and of wonging (one unit from that count, sitting out below it)."""
    start = break_even_count(records, limit)
    notes = []
    if start is None:
        every, enough = _bin_means(records, limit)
        start = int((every if enough.empty else enough)["mean"].idxmax())
        notes.append(
            "No true count bin with enough rounds holds a player advantage: the ramps start at "
            f"the most favourable one ({start:+d}), and every row loses."
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
                **_exact_betting(records, bets, second_moment),
            }
        )
    notes += [
        f"Ramps start at true count {start:+d}, the break-even count of this study (the lowest "
        "whole true count from which every bin up has a positive mean exact EV for the "
        "strategy): 1 unit below it, then 2, 3, ... up to N (1-N); 'wong in' bets 1 unit from "
        "it and sits out below.",
        "Exact: each round's exact EV; win and sd per 100 rounds dealt, se treating each shoe "
        "as one draw; score and n0 when the win is positive.",
    ]
    return Table(
        f"Shoe study, bet spreads from the break-even count: {title}",
        pd.DataFrame(rows),
        notes,
        digits={
            "rounds_played": 4,
            "average_bet": 3,
            "win_per_100": 3,
            "win_se_per_100": 3,
            "sd_per_100": 2,
            "score": 2,
            "n0": 0,
        },
        keys=keys,
    )


def true_count_png(table: Table, path, title: str):
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
    save_figure(fig, path, dpi=110)
    plt.close(fig)
    return path


def depth_png(table: Table, path, title: str):
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
    save_figure(fig, path, dpi=110)
    plt.close(fig)
    return path


def study_report(
    records: pd.DataFrame,
    plan,
    game,
    ramp: Ramp,
    second_moment: float,
    fresh: dict[str, float],
    rules_title: str,
    rules_key: str,
) -> dict[str, Table]:
    """Every table of a study of ``game`` (``study/<game>/game.py``) dealt by ``plan``: titled
    '<rules_title>, <strategy>, <dealing>, N shoes, seed S', each row keyed (``study_keys``)."""
    title = (
        f"{rules_title}, {strategy_label(game)}, {plan.describe()}, {plan.shoes} shoes, "
        f"seed {plan.seed}"
    )
    keys = study_keys(game, plan, rules_key)
    return study_tables(
        records, plan.shoe_cards, plan.system, ramp, second_moment, fresh, title, keys
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
) -> dict[str, Table]:
    """Every table of a study, by file stem."""
    limit = tc_limit(system.level)
    return {
        "summary": summary_table(records, title, keys, fresh, list(notes)),
        "edge_by_true_count": true_count_table(records, title, keys, system.name, limit),
        "advantage_by_depth": depth_table(records, shoe_cards, title, keys),
        "bet_ramp": ramp_table(records, ramp, second_moment, title, keys),
        "bet_spreads": spreads_table(records, second_moment, title, keys, limit),
    }


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

    from cardedge.reports.core.files import write_text

    folder = Path(folder)
    paths = []
    for name, text in study_files(tables, command).items():
        paths.append(write_text(folder / name, text))
    for stem, (name, draw) in FIGURES.items():
        paths.append(draw(tables[stem], folder / name, title))
    return paths
