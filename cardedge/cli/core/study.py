"""The ``study`` commands' shared options (``cli/<game>/study.py``).

The command hands its options to the game's ``study`` API function (``cardedge.api``), which
builds the objects (rules, the game's study object, the plan, the ramp), runs the study on
Dask and writes its tables; the command prints them.
"""

from __future__ import annotations

import click

from cardedge.api.options import STUDY
from cardedge.cli.core.common import bar, declared_options, emit, format_option, say
from cardedge.study.core.run import check_scheduler


class Scheduler(click.ParamType):
    """A Dask scheduler address (tcp://host:8786) or 'synchronous'."""

    name = "address"

    def convert(self, value, param, ctx):
        try:
            return check_scheduler(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)


def study_options(own: dict, charts: str):
    """The options every ``study`` command shares (the chart played, dealing, counting,
    betting, where it runs, where it writes), made from their declarations
    (``api/options.py`` ``STUDY``, over which ``own``, the game's ``OPTIONS["study"]``, gives
    its count); ``charts`` names the game's charts."""
    options = declared_options([own.get(k, row) for k, row in STUDY.items()], charts=charts)

    def wrap(f):
        return options(format_option()(f))

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
