"""The counting page's presets: the published shoe studies (``results/study/``) as the risk
calculators' inputs.

A preset is one study: by whole true count bin, the share of the rounds dealt, the player's
edge there (the mean exact EV of the study's strategy over the bin's rounds, as a fraction of
the initial wager) and the study's stated ramp's bet; a round's second moment (a fresh shoe's,
as the study's tables use it at every count); the bankroll and spread of its optimal (Kelly)
ramps. The page computes every figure from these in the browser, with the formulas of
``cardedge.reports.core.betting`` (the study tables'), so the preset's win and SD per round are
the study's exact bet-ramp row up to the digits its CSV tables keep.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

from cardedge.games import game as game_named
from cardedge.reports.core.ramp import parse_spread, resolve_ramp
from cardedge.reports.study_results import ALL_STUDIES, BANKROLLS, read_table
from cardedge.web.calls import api_function

_SECOND_MOMENT = re.compile(r"second moment of a round's net \(([0-9.]+)\)")


def _option(args: list[str], name: str, default: str | None = None) -> str | None:
    return args[args.index(name) + 1] if name in args else default


def _second_moment(folder: Path) -> float:
    """The fresh shoe's second moment of a round's net, as the bet-ramp table states it."""
    found = _SECOND_MOMENT.search((folder / "bet_ramp.csv").read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{folder / 'bet_ramp.csv'}: no second moment in its notes")
    return float(found.group(1))


def preset(folder: Path, args: list[str]) -> dict:
    """The preset of the finished study in ``folder`` run with the command line ``args``
    (after ``cardedge``; ``reports.study_results.ALL_STUDIES``)."""
    game = args[0]
    plan = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    spread = _option(args, "--spread")
    low, high = parse_spread(spread)
    default_start = inspect.signature(api_function(game, "study")).parameters["ramp_start"]
    start = int(_option(args, "--ramp-start", str(default_start.default)))
    ramp = resolve_ramp(spread, start)
    bins = read_table(folder, "optimal_bets")
    total = int(bins["rounds"].sum())
    counts = [int(t) for t in bins["true_count"]]
    players = plan["plan"].get("players", 1)
    seat = f", seat {plan['plan'].get('seat', 1)} of {players}" if players > 1 else ""
    label = (
        f"{game_named(game).label.capitalize()}: {plan['game']['rules']}, "
        f"{plan['plan']['penetration']:.0%} penetration, {plan['plan']['system']}, "
        f"ramp {ramp.name}{seat}"
    )
    return {
        "name": folder.name,
        "game": game,
        "label": label,
        "true_counts": counts,
        "shares": [int(n) / total for n in bins["rounds"]],
        "edges": [float(e) / 100 for e in bins["player_edge"]],
        "bets": [float(b) for b in ramp.bets(counts)],
        "second_moment": _second_moment(folder),
        "bankroll": float(BANKROLLS[0]),
        "low": low,
        "high": high,
        "rounds": total,
    }


def presets(folder: Path | None) -> list[dict]:
    """The presets of every published study finished in ``folder`` (``results/study``; none
    when it is None or holds none), in ``ALL_STUDIES``' order."""
    if folder is None:
        return []
    found = []
    for name, args in ALL_STUDIES.items():
        study = folder / name
        if (study / "optimal_bets.csv").is_file() and (study / "bet_ramp.csv").is_file():
            found.append(preset(study, args))
    return found
