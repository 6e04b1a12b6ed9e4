"""The ``grid`` commands' shared options (``cli/<game>/grid.py``): the rules to vary, the SD,
the heatmap and the Parquet file."""

from __future__ import annotations

import click

from cardedge.cli.core.common import OutputFile, declared, png_option
from cardedge.cli.core.study import Scheduler


def grid_options(rule_names: str):
    """``--vary`` (repeatable), ``--basic/--no-basic``, ``--sd/--no-sd``, ``--png``, ``--out``,
    ``--resume``, ``--workers``, ``--scheduler``; ``rule_names`` lists
    the rules ``--vary`` takes, for its help."""
    options = [
        click.option(
            "--vary",
            multiple=True,
            metavar="RULE[=V1,V2,...]",
            help="A rule to vary: RULE alone takes every value of a switch or a choice "
            "(the given value first); RULE=V1,V2 these values. Repeatable: one row per "
            f"combination. Rules: {rule_names}.",
        ),
        click.option(
            "--basic/--no-basic",
            default=True,
            show_default=True,
            help="Give the house edge of the basic strategy derived for each combination (a "
            "chart derivation per set of play rules).",
        ),
        click.option(
            "--sd/--no-sd",
            default=True,
            show_default=True,
            help="Give the SD of a round under optimal play (an outcome distribution per set "
            "of play rules: the slowest column).",
        ),
        png_option("Also draw a heatmap of the optimal edge over the first two varied rules."),
        click.option(
            "--out",
            type=OutputFile(".parquet"),
            metavar="FILE.parquet",
            help="Also write the rows to a Parquet file; finished tasks are kept beside it "
            "(FILE.parts) until the grid is done.",
        ),
        click.option(
            "--resume",
            is_flag=True,
            help="Finish an interrupted grid of the same --out: tasks kept beside it are not "
            "recomputed.",
        ),
        click.option(
            "--workers",
            type=declared("workers"),
            default=None,
            help="Run the tasks on a local Dask cluster of this many worker processes (default: "
            "in this process).",
        ),
        click.option(
            "--scheduler",
            type=Scheduler(),
            default=None,
            help="Run the tasks on a running Dask cluster at this address (tcp://host:8786).",
        ),
    ]

    def decorate(f):
        for option in reversed(options):
            f = option(f)
        return f

    return decorate
