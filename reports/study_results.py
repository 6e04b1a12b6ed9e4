"""``results/study/``: the shoe studies the toolkit publishes, written by one command.

Each study is a ``cardedge <game> study`` command line (``STUDIES``, and the tables of 3 and 5
players ``TABLE_STUDIES``); ``make study`` runs them all (``ALL_STUDIES``) with ``--resume`` into
``results/study/<name>/``, so a finished study is only re-tabulated.
They are kept out of ``make tables``: dealing and evaluating every round takes minutes.
"""

from __future__ import annotations

from cardedge.games import game as game_named
from cardedge.games import games

COMMAND = "make study  (cardedge studies --out results/study)"
SHOES = "200"
BANKROLLS: tuple[int, ...] = (1000, 2000)
"""The bankrolls (units) of the published studies' risk of ruin; the first sizes the optimal
(Kelly) ramps."""
STUDIES: dict[str, list[str]] = {
    f"{game}_6d_{int(100 * pen)}": [
        game,
        "study",
        "--decks",
        "6",
        "--penetration",
        f"{pen}",
        "--shoes",
        SHOES,
        "--seed",
        "1",
        "--system",
        system,
        "--indices",
        "--spread",
        "1-8",
        *(a for b in BANKROLLS for a in ("--bankroll", f"{b}")),
    ]
    for game, system in ((g.name, g.count_system) for g in games() if g.has_chart)
    for pen in (0.75, 0.85)
}
"""Each published study's command line (after ``cardedge``), by folder name: 6 decks, 200
shoes, seed 1, 75% and 85% penetration, each game's best standard count (Zero Hi-Opt II,
blackjack Hi-Lo) with its index plays, the 1-8 ramp, the risk of ruin with 1,000 and 2,000
units. Only games with a chart (``Game.has_chart``): a study plays the chart."""

TABLE_SHOES = "100"
TABLE_PLAYERS: tuple[int, ...] = (3, 5)
TABLE_STUDIES: dict[str, list[str]] = {
    f"{name}_{players}p": [
        *(TABLE_SHOES if args[i - 1] == "--shoes" else a for i, a in enumerate(args)),
        "--players",
        f"{players}",
    ]
    for name, args in STUDIES.items()
    if "--penetration" in args and args[args.index("--penetration") + 1] == "0.75"
    for players in TABLE_PLAYERS
}
"""The 75% studies again at tables of 3 and 5 players, our seat first (``--players``): 100
shoes each (our seat's rounds cost as much as alone, the other seats' play adds a chart
evaluation per round), by folder name ``<study>_<players>p``."""
ALL_STUDIES: dict[str, list[str]] = {**STUDIES, **TABLE_STUDIES}
"""Every study ``make study`` runs."""


def table_folders(out="results/study") -> dict[str, list]:
    """Per game, the 75% study folders at 1, 3 and 5 players (``players_table``'s input)."""
    from pathlib import Path

    return {
        game: [Path(out) / f"{game}_6d_75"]
        + [Path(out) / f"{game}_6d_75_{p}p" for p in TABLE_PLAYERS]
        for game in (g.name for g in games() if g.has_chart)
    }


def _study_label(args: list[str]) -> str:
    """A study's game and count as its rows name them: 'Zero (Hi-Opt II)'."""
    from cardedge.analysis.core.counts import resolve_system

    system = resolve_system(args[args.index("--system") + 1]).name
    return f"{game_named(args[0]).label} ({system})"


def read_table(folder, table: str):
    """A finished study's table ``table`` (its CSV in ``folder``, title and notes left out) as
    a DataFrame."""
    import pandas as pd

    return pd.read_csv(folder / f"{table}.csv", comment="#")


def _fixed(x, digits: int) -> str:
    return "" if x is None or x != x else f"{x:.{digits}f}"


def readme_table(out="results/study") -> str:
    """The summary of the published studies in docs/study.md, read from their tables in ``out``:
    per study the rounds, the mean exact house edge of the chart with index plays, the share of
    rounds with a player advantage, the break-even true count, and the exact win per 100
    rounds dealt (SCORE) of the 1-8 ramp from +1, of 1-16 from the break-even count, and of
    wonging from it."""
    from pathlib import Path

    rows = [
        "| study | rounds | house edge % (exact) | rounds with player advantage | break-even "
        "true count | 1-8 from +1: win/100 (SCORE) | 1-16 from break-even: win/100 (SCORE) | "
        "wong in at break-even: rounds played, win/100 (SCORE) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, args in STUDIES.items():
        folder = Path(out) / name
        summary = read_table(folder, "summary").set_index("quantity")
        edge = summary.loc["house edge %, the strategy, exact"]
        share = summary.loc["share of rounds with a player advantage, the strategy", "value"]
        ramp = read_table(folder, "bet_ramp")
        ramp = ramp[(ramp["source"] == "exact") & ramp["bets"].str.startswith("ramp")].iloc[0]
        spreads = read_table(folder, "bet_spreads").set_index("bets")
        wide, wong = spreads.loc["1-16"], spreads.loc["wong in"]
        game = _study_label(args)
        pen = args[args.index("--penetration") + 1]
        rows.append(
            f"| {game}, {float(pen):.0%} | {int(summary.loc['rounds', 'value']):,} | "
            f"{edge['value']:.3f} +- {edge['se']:.3f} | {share:.1%} | "
            f"{int(wide['from_true_count']):+d} | "
            f"{ramp['win_per_100']:+.3f} ({_fixed(ramp['score'], 2) or '-'}) | "
            f"{wide['win_per_100']:+.3f} ({_fixed(wide['score'], 2) or '-'}) | "
            f"{wong['rounds_played']:.1%}, {wong['win_per_100']:+.3f} "
            f"({_fixed(wong['score'], 2) or '-'}) |"
        )
    return "\n".join(rows) + "\n"


def _percent(x) -> str:
    """A risk as 10.5%, 100%, <0.1% (but not 0) or 0%."""
    if x is None or x != x:
        return "-"
    if x >= 1:
        return "100%"
    return f"{100 * x:.1f}%" if x >= 0.001 else ("<0.1%" if x > 0 else "0%")


def _units(x) -> str:
    return "-" if x is None or x != x else f"{x:,.0f}"


def readme_risk_table(out="results/study") -> str:
    """The risk of ruin and optimal ramps of the published studies, read from their
    tables in ``out``: per study and way of betting (the 1-8 ramp from +1, the optimal 1-8 ramps
    at full and half Kelly for the first bankroll, wonging from the break-even count), the exact
    win per 100 rounds (SCORE), the risk of ruin with each bankroll, and the bankrolls for a
    13.5% and a 5% risk."""
    from pathlib import Path

    banks = " / ".join(f"{b:,}" for b in BANKROLLS)
    rows = [
        f"| study | bets | win/100 (SCORE) | risk of ruin with {banks} units | bankroll for "
        "13.5% / 5% risk |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for name, args in STUDIES.items():
        folder = Path(out) / name
        ramp = read_table(folder, "bet_ramp")
        ramp = ramp[ramp["source"] == "exact"].set_index("bets")
        spreads = read_table(folder, "bet_spreads").set_index("bets")
        wong = spreads.loc["wong in"]
        ways = [
            ("1-8 from +1", ramp.loc[[b for b in ramp.index if b.startswith("ramp")][0]]),
            ("optimal 1-8, full Kelly", ramp.loc[[b for b in ramp.index if "full Kelly" in b][0]]),
            ("optimal 1-8, half Kelly", ramp.loc[[b for b in ramp.index if "half Kelly" in b][0]]),
            (f"wong in at {int(wong['from_true_count']):+d}", wong),
        ]
        game = _study_label(args)
        pen = float(args[args.index("--penetration") + 1])
        for label, row in ways:
            ruin = " / ".join(_percent(row[f"risk_of_ruin_B{b}"]) for b in BANKROLLS)
            need = " / ".join(_units(row[f"bankroll_for_{s}_percent"]) for s in ("13_5", "5"))
            rows.append(
                f"| {game}, {pen:.0%} | {label} | {row['win_per_100']:+.3f} "
                f"({_fixed(row['score'], 2) or '-'}) | {ruin} | {need} |"
            )
    return "\n".join(rows) + "\n"


def players_table(folders) -> str:
    """Studies at tables of different sizes side by side (``--players``), read from their
    tables in ``folders`` (study folders, in the order given): per study the players and our
    seat, the shoes, our seat's rounds per shoe, and the exact win of three ways of betting, per
    100 of our rounds dealt and per shoe (that win times our rounds per shoe): flat 1 unit, the
    1-8 ramp from +1, and 1-16 from the study's break-even true count."""
    import json
    from pathlib import Path

    rows = [
        "| study | players (our seat) | shoes | our rounds per shoe | flat: win/100, per shoe | "
        "1-8 from +1: win/100, per shoe | 1-16 from break-even (count): win/100, per shoe |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for folder in map(Path, folders):
        manifest = json.loads((folder / "study.json").read_text())
        plan = manifest["plan"]
        summary = read_table(folder, "summary").set_index("quantity")["value"]
        per_shoe = summary["rounds per shoe"]
        ramp = read_table(folder, "bet_ramp")
        ramp = ramp[ramp["source"] == "exact"].set_index("bets")
        flat = ramp.loc["flat 1 unit"]
        ramped = ramp.loc[[b for b in ramp.index if b.startswith("ramp")][0]]
        wide = read_table(folder, "bet_spreads").set_index("bets").loc["1-16"]
        label = f"{game_named(manifest['game']['game']).label} ({plan['system']}), "
        label += f"{plan['decks']}d, {plan['penetration']:.0%}"

        rows.append(
            f"| {label} | {plan.get('players', 1)} ({plan.get('seat', 1)}) | {plan['shoes']} | "
            f"{per_shoe:.2f} | {_win_and_per_shoe(flat, per_shoe)} | "
            f"{_win_and_per_shoe(ramped, per_shoe)} | {_win_and_per_shoe(wide, per_shoe)} "
            f"({int(wide['from_true_count']):+d}) |"
        )
    return "\n".join(rows) + "\n"


def _win_and_per_shoe(row, rounds_per_shoe: float) -> str:
    """'+1.234 +- 0.456, +0.789': the win per 100 rounds, its SE, and the win per shoe."""
    w = row["win_per_100"]
    return f"{w:+.3f} +- {row['win_se_per_100']:.3f}, {w * rounds_per_shoe / 100:+.3f}"
