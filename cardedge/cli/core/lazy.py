"""A click group that imports a subcommand's module only when that subcommand runs.

``cardedge zero edge`` then loads Zero's edge command and what it needs, not blackjack's
kernels, the simulators or the plotting code (the pattern of click's documentation).
"""

from __future__ import annotations

import importlib

import click


class LazyGroup(click.Group):
    """A group whose ``lazy`` commands are ``name -> "package.module:attribute"`` strings."""

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, attr = self.lazy[name].split(":")
            command = getattr(importlib.import_module(module), attr)
            if not isinstance(command, click.Command):
                raise TypeError(f"{self.lazy[name]} is not a click command")
            return command
        return super().get_command(ctx, name)
