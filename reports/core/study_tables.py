"""The tables of a shoe study (both games), from its per-round records: the summary, the edge by
true count and by depth, the betting tables (bet ramp, optimal (Kelly) bets, bet spreads from
the break-even count), and every table of a study by file stem (``study_tables``), each table
empty and saying why when the study dealt no round.

Every figure here is a statistic of the rounds the study dealt (``study_stats``: sample means
over the shoes dealt, each shoe one independent draw; ``betting``: win, SD, SCORE, N0, risk of
ruin, the Kelly ramps). Signs: a **house edge** is minus the player's expected net, in percent
of the initial wager; a **win** is the player's, in units.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from cardedge.analysis.core.counts import CountSystem
from cardedge.reports.core.betting import (
    DEFAULT_KELLY_BANKROLL,
    MIN_BIN_ROUNDS,
    MIN_BIN_SHARE,
    OptimalRamps,
    _bin_means,
    _exact_betting,
    _ramp_rows,
    _risk,
    break_even_count,
    optimal_ramps,
    ruin_column,
)
from cardedge.reports.core.ramp import Ramp, stated_ramp
from cardedge.reports.core.render import Table
from cardedge.reports.core.study_stats import TC_LIMIT, shoe_mean, tc_limit, true_count_bins

DEPTH_BINS = 10
"""Depth bins: tenths of the shoe."""
SPREADS: tuple[float, ...] = (2, 4, 8, 12, 16)
"""The spreads 1-N of the spreads table."""
MIN_RELIABLE_SHOES = 10
"""Standard errors from fewer shoes than this are flagged as unreliable in the notes."""


def _edge(ev) -> float:
    """House edge in percent of a player's EV (0.0, never -0.0)."""
    return -100.0 * float(ev) + 0.0


def bin_label(k: int, limit: int) -> str:
    """A true-count bin's words: "below -N", "+K to +K+1", "+N and up" (bins clipped at
    +-``limit``)."""
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
                "range": bin_label(k, limit),
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
    ruin of the exact rows (``betting``'s module docstring)."""
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
            "range": [bin_label(int(k), limit) for k in bins.index],
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
