"""``cardedge blackjack study``: every round of dealt shoes evaluated exactly, on Dask."""

from __future__ import annotations

import click

from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.study import run, study_help, study_options


@click.command("study", help=study_help("CDZ- optimal play"))
@rule_options
@click.option(
    "--strategy",
    default="basic",
    show_default=True,
    help="The chart played: basic, normal (the generic chart) or a chart file (optimal play "
    "is evaluated for every round beside it).",
)
@study_options(api.DEFAULT_SYSTEM)
def study(fmt, **options) -> None:
    run(api.study, fmt, options)
