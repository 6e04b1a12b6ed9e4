"""The ``solve`` commands' shared options: the target house edge, and the ladder of payouts
(declared in ``api/options.py`` ``SOLVE``)."""

from __future__ import annotations

from cardedge.api.options import SOLVE
from cardedge.cli.core.declared import declared_option


def target_option():
    """``--target PERCENT`` (required): the house edge the payout must give, passed on as
    written: the API checks it (``api.core.target``), in the same words on every surface, and a
    side bet solves exactly from the decimal as written (``api/options.py`` ``SOLVE``)."""
    return declared_option(SOLVE["target"])


def ladder_option():
    """``--ladder``: the payouts a casino prints (``api/options.py`` ``SOLVE``)."""
    return declared_option(SOLVE["ladder"])
