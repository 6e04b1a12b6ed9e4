"""The ``study`` commands' shared options (``cli/<game>/study.py``).

The command hands its options to the game's ``study`` API function (``cardedge.api``), which
builds the objects (rules, the game's study object, the plan, the ramp), runs the study on
Dask and writes its tables; the command prints them.
"""

from __future__ import annotations

import click

from cardedge.cli.core.common import bar, declared, emit, format_option, say
from cardedge.cli.core.counts import SystemParam
from cardedge.study.core.plan import DEFAULT_BATCH_SHOES
from cardedge.study.core.run import check_scheduler


class Scheduler(click.ParamType):
    """A Dask scheduler address (tcp://host:8786) or 'synchronous'."""

    name = "address"

    def convert(self, value, param, ctx):
        try:
            return check_scheduler(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)


def study_options(default_system: str, charts: str):
    """The options every ``study`` command shares (the chart played, dealing, counting,
    betting, where it runs, where it writes); ``charts`` names the game's charts."""
    options = [
        click.option(
            "--strategy",
            default="basic",
            show_default=True,
            help=f"The chart played: {charts} (optimal play is evaluated for every round "
            "beside it).",
        ),
        click.option(
            "--penetration",
            type=declared("penetration"),
            default=0.75,
            show_default=True,
            help="Share of the shoe dealt before the cut card (no round starts past it).",
        ),
        click.option(
            "--shoes",
            type=declared("shoes"),
            default=200,
            show_default=True,
            help="Shoes to shuffle and deal.",
        ),
        click.option(
            "--seed",
            type=declared("seed"),
            default=1,
            show_default=True,
            help="Seed: shoe i is shuffled by the i-th child stream of this seed, so the same "
            "seed deals the same shoes on any workers, in any order.",
        ),
        click.option(
            "--players",
            type=declared("players"),
            default=1,
            show_default=True,
            help="Players at the table: the others play the chart without index plays and "
            "take their cards from the same shoe in table order (a card to each seat, the "
            "second to each, the dealer's; seats act in order, the dealer plays once); the "
            "count sees every card and the study records our seat only.",
        ),
        click.option(
            "--seat",
            type=declared("seat"),
            default=1,
            show_default=True,
            help="Our seat, 1..--players, in dealing order (seat 1 is dealt and acts first).",
        ),
        click.option(
            "--system",
            type=SystemParam(),
            default=default_system,
            show_default=True,
            help="The count kept (a built-in system or a TOML/JSON file of tags A, 2..9, T): "
            "running count of the cards dealt, true count per deck left; an unbalanced count "
            "starts at its IRC and takes its balanced twin's true count (README).",
        ),
        click.option(
            "--spread",
            default="1-8",
            show_default=True,
            help="Bet ramp: LOW-HIGH bets LOW below --ramp-start, then one unit more per whole "
            "true count from it, up to HIGH; or a CSV ramp file 'true_count,units'.",
        ),
        click.option(
            "--ramp-start",
            type=declared("ramp_start"),
            default=1,
            show_default=True,
            help="The whole true count at which a LOW-HIGH ramp first raises the bet.",
        ),
        click.option(
            "--bankroll",
            type=declared("bankroll"),
            multiple=True,
            metavar="UNITS",
            help="A bankroll in betting units (repeatable): adds each way of betting's risk of "
            "ruin with it (exp(-2 w B / s^2), from the exact win and SD per round); the first "
            "sizes the optimal (Kelly) ramps (default 10,000 units).",
        ),
        click.option(
            "--indices",
            is_flag=True,
            help="Play the chart with its true-count index plays (the game's `indices` table).",
        ),
        click.option(
            "--workers",
            type=declared("workers"),
            default=None,
            help="Worker processes of the local Dask cluster (default and most: one per core).",
        ),
        click.option(
            "--scheduler",
            type=Scheduler(),
            default=None,
            help="Run on a running Dask cluster at this address (tcp://host:8786) instead of "
            "a local one; 'synchronous' runs in this process.",
        ),
        click.option(
            "--batch-shoes",
            type=declared("batch_shoes"),
            default=DEFAULT_BATCH_SHOES,
            show_default=True,
            help="Shoes per Dask task and Parquet file.",
        ),
        click.option(
            "--out",
            required=True,
            metavar="DIR",
            help="Folder for the records (one Parquet file per batch), tables and plots.",
        ),
        click.option(
            "--resume",
            is_flag=True,
            help="Finish the study in --out: batches already written are not recomputed.",
        ),
        format_option(),
    ]

    def wrap(f):
        for option in reversed(options):
            f = option(f)
        return f

    return wrap


def study_help(optimal: str) -> str:
    """The ``study`` command's help; ``optimal``: the game's optimal play (e.g. 'CDZ- optimal
    play')."""
    return f"""Deal seeded shoes to the cut card; before every round record the count and the exact
    house edge of the cards left ({optimal} and the chart), then play the round.

    Prints and writes (into --out): the summary, the edge by true count, the player's
    advantage by depth, the bet ramp's and the optimal (Kelly) ramps' win and SD per 100
    rounds, SCORE and N0 (exact and simulated), the Kelly bets by true count, bet spreads from
    the break-even count (with --bankroll, each way of betting's risk of ruin), and two plots.
    """


def run(api_study, fmt: str, options: dict) -> None:
    """Run a game's study (its API function) with a terminal bar and status lines on standard
    error; print the tables it wrote."""
    emit(api_study(**options, progress=bar(), log=say), fmt)
