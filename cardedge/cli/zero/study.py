"""``cardedge zero study``: every round of dealt shoes evaluated exactly, on Dask."""

from __future__ import annotations

import click

from cardedge.api import zero as api
from cardedge.cli.core.common import deck_option
from cardedge.cli.core.study import run, study_help, study_options
from cardedge.cli.zero.options import rules_option


@click.command("study", help=study_help("optimal play"))
@rules_option(api.OPTIONS["study"]["rules"])
@deck_option()
@study_options(api.OPTIONS["study"], "basic, published, or a chart file")
def study(fmt, **options) -> None:
    """The command's body: ``cardedge.zero.study`` with its options, printed in ``fmt``."""
    run(api.study, fmt, options)
