"""The ``simulate`` commands' shared options and output (``cli/<game>/simulate.py``)."""

from __future__ import annotations

import click

from cardedge.api.params import NEW_SEED
from cardedge.cli.core.common import declared
from cardedge.engine.core.simulation import MAX_ROUNDS

DEFAULT_ROUNDS = 1_000_000


def rounds_option():
    """``--rounds``: how many rounds a simulation deals."""
    return click.option(
        "--rounds",
        type=declared("rounds"),
        default=DEFAULT_ROUNDS,
        show_default=True,
        help=f"Rounds to simulate (each from a freshly shuffled shoe), at most {MAX_ROUNDS:.0e}.",
    )


def threads_option():
    """``--threads``: how many threads a simulation runs on."""
    return click.option(
        "--threads",
        type=declared("threads"),
        default=None,
        help="Simulation threads (default: every core); the same seed gives the same counts "
        "on any number of threads.",
    )


def seed_option(what: str):
    """``--seed``: the seed of ``what``'s random streams (none: a new one)."""
    return click.option(
        "--seed",
        type=declared("seed", NEW_SEED),
        default=None,
        help=f"Random seed; the same seed gives the same {what} (default: a new one, printed).",
    )
