"""The ``cardedge blackjack`` command group: one command per blackjack table, simulation and
training."""

from __future__ import annotations

import click

from cardedge.cli.core.lazy import LazyGroup

COMMANDS = {
    "edge": "cardedge.cli.blackjack.commands:edge",
    "chart": "cardedge.cli.blackjack.commands:chart",
    "hands": "cardedge.cli.blackjack.commands:hands",
    "exceptions": "cardedge.cli.blackjack.commands:exceptions",
    "compare": "cardedge.cli.blackjack.commands:compare",
    "variants": "cardedge.cli.blackjack.commands:variants",
    "returns": "cardedge.cli.blackjack.commands:returns",
    "dealer": "cardedge.cli.blackjack.commands:dealer",
    "eor": "cardedge.cli.blackjack.eor:eor",
    "count": "cardedge.cli.blackjack.count:count",
    "indices": "cardedge.cli.blackjack.indices:indices",
    "simulate": "cardedge.cli.blackjack.simulate:simulate",
    "play": "cardedge.cli.blackjack.play:play",
    "study": "cardedge.cli.blackjack.study:study",
}
"""Each subcommand and where it lives; its module is imported only when it runs."""


@click.group(cls=LazyGroup, lazy=COMMANDS)
def blackjack() -> None:
    """European blackjack (no hole card, S17, DAS, split to 4): exact analysis."""
