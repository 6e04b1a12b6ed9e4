"""The ``solve`` commands' shared option: the target house edge."""

from __future__ import annotations

import click


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
