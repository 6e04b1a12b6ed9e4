"""``cardedge blackjack study``: every round of dealt shoes evaluated exactly, on Dask."""

from __future__ import annotations

import click

from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.study import run, study_help, study_options


@click.command("study", help=study_help("CDZ- optimal play"))
@rule_options
@study_options(api.OPTIONS["study"], "basic, normal (the generic chart) or a chart file")
def study(fmt, **options) -> None:
    """The command's body: ``cardedge.blackjack.study`` with its options, printed in ``fmt``."""
    run(api.study, fmt, options)
