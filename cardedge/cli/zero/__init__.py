"""The ``cardedge zero`` command group: one command per Zero table, simulation and training."""

from __future__ import annotations

import click

from cardedge.cli.zero import commands, pays, play, simulate


@click.group()
def zero() -> None:
    """Zero, the blackjack/baccarat hybrid (Golden Nugget, 2011)."""


for _command in (
    commands.edge,
    commands.chart,
    commands.exceptions,
    commands.returns,
    commands.hands,
    commands.compare,
    commands.eor,
    commands.variants,
    pays.pays,
    simulate.simulate,
    play.play,
):
    zero.add_command(_command)
