"""The ``solve`` commands' shared option: the target house edge."""

from __future__ import annotations

import click

from cardedge.cli.core.common import FiniteFloat


def target_option():
    """``--target PERCENT`` (required): the house edge the payout must give."""
    return click.option(
        "--target",
        type=FiniteFloat(-100, 100),
        required=True,
        metavar="PERCENT",
        help="The house edge to reach, in percent (positive for the house).",
    )
