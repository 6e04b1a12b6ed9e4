"""The ``solve`` commands' shared options: the target house edge, and the ladder of payouts
(declared in ``api/options.py`` ``SOLVE``)."""

from __future__ import annotations

import click

from cardedge.api.options import SOLVE
from cardedge.cli.core.common import declared_options


def target_option():
    """``--target PERCENT`` (required): the house edge the payout must give, passed on as
    written: the API checks it (``api.core.target``), in the same words on every surface, and a
    side bet solves exactly from the decimal as written."""
    return click.option(
        "--target",
        type=str,
        required=True,
        metavar="PERCENT",
        help="The house edge to reach, in percent (positive for the house).",
    )


def solve_options():
    """``--ladder``: the payouts a casino prints, from their declaration."""
    return declared_options(SOLVE)
