"""The ``cardedge zero`` command group: one command per Zero table, simulation and training."""

from __future__ import annotations

import click

from cardedge.cli.core.lazy import LazyGroup

COMMANDS = {
    "edge": "cardedge.cli.zero.commands:edge",
    "chart": "cardedge.cli.zero.commands:chart",
    "exceptions": "cardedge.cli.zero.commands:exceptions",
    "returns": "cardedge.cli.zero.commands:returns",
    "hands": "cardedge.cli.zero.commands:hands",
    "compare": "cardedge.cli.zero.commands:compare",
    "eor": "cardedge.cli.zero.commands:eor",
    "variants": "cardedge.cli.zero.commands:variants",
    "count": "cardedge.cli.zero.count:count",
    "indices": "cardedge.cli.zero.indices:indices",
    "pays": "cardedge.cli.zero.pays:pays",
    "simulate": "cardedge.cli.zero.simulate:simulate",
    "play": "cardedge.cli.zero.play:play",
    "study": "cardedge.cli.zero.study:study",
}
"""Each subcommand and where it lives; its module is imported only when it runs."""


@click.group(cls=LazyGroup, lazy=COMMANDS)
def zero() -> None:
    """Zero, the blackjack/baccarat hybrid (Golden Nugget, 2011)."""
