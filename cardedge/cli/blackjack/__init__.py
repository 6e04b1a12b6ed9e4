"""The ``cardedge blackjack`` command group: one command per blackjack table, simulation and
training."""

from __future__ import annotations

import click

from cardedge.cli.blackjack import commands, play, simulate


@click.group()
def blackjack() -> None:
    """European blackjack (no hole card, S17, DAS, split to 4): exact analysis."""


for _command in (
    commands.edge,
    commands.chart,
    commands.hands,
    commands.exceptions,
    commands.compare,
    commands.variants,
    simulate.simulate,
    play.play,
):
    blackjack.add_command(_command)
