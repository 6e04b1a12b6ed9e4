"""The ``simulate`` commands' shared options (``cli/<game>/simulate.py``), made from their
declarations (``api/options.py`` ``SIMULATE``)."""

from __future__ import annotations

from cardedge.api.options import SIMULATE
from cardedge.cli.core.common import declared_option


def rounds_option():
    """``--rounds``: how many rounds a simulation deals."""
    return declared_option(SIMULATE["rounds"])


def threads_option():
    """``--threads``: how many threads a simulation runs on."""
    return declared_option(SIMULATE["threads"])


def seed_option(what: str):
    """``--seed``: the seed of ``what``'s random streams (none: a new one)."""
    return declared_option(SIMULATE["seed"], what=what)
