"""A click group that imports a subcommand's module only when that subcommand runs.

``cardedge zero edge`` then loads Zero's edge command and what it needs, not blackjack's
kernels, the simulators or the plotting code (the pattern of click's documentation).
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

import click

T = TypeVar("T")


class LazyGroup(click.Group):
    """A group whose ``lazy`` commands are ``name -> "package.module:attribute"`` strings."""

    def __init__(self, *args, lazy: Mapping[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: Mapping[str, str] = {} if lazy is None else lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            refuse_repeated_options(command, rest)
        return name, command, rest

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, attr = self.lazy[name].split(":")
            command = getattr(import_for_good(module), attr)
            if not isinstance(command, click.Command):
                raise TypeError(f"{self.lazy[name]} is not a click command")
            return command
        return super().get_command(ctx, name)


def game_group(name: str, help: str, shared: str, own: str) -> click.Group:
    """A game's command group (``cardedge NAME``), its commands imported when they run: those
    named in ``shared`` live in ``cardedge.cli.NAME.commands``, each of ``own`` in a module of
    its own name (``cardedge.cli.NAME.count``)."""
    package = f"cardedge.cli.{name}"
    lazy = {cmd: f"{package}.commands:{cmd}" for cmd in shared.split()}
    lazy.update({cmd: f"{package}.{cmd}:{cmd}" for cmd in own.split()})
    return LazyGroup(name, lazy=lazy, help=help)


def import_for_good(module: str):
    """Import a command's module with Python's cyclic garbage collector paused, then freeze
    what the import built (``built_for_good``)."""
    if module in sys.modules:
        return importlib.import_module(module)
    return built_for_good(lambda: importlib.import_module(module))


def built_for_good(make: Callable[[], T]) -> T:
    """``make()`` (an import) with Python's cyclic garbage collector paused, then freeze what
    it built (``gc.freeze``).

    A command's imports (numpy, numba, the kernels) build hundreds of thousands of objects that
    live as long as the process, and every full collection during and after the import walks
    them all: 0.2-0.5 s of a short command on this machine (timed with ``gc.callbacks``).
    Frozen, they are left out of later collections; garbage made afterwards is still collected.
    """
    if not gc.isenabled():
        return make()
    gc.disable()
    try:
        return make()
    finally:
        gc.freeze()
        gc.enable()


class RegisteredGroups(Mapping[str, str]):
    """The games' command groups as ``LazyGroup``'s ``lazy`` mapping: name ->
    ``"cardedge.cli.<name>:<name>"``, the names from the registry (``cardedge.games.NAMES``:
    light). A game's group lives in its CLI room by convention (``cli/<game>/__init__.py``,
    a ``click.Group`` of the game's name), so listing the groups reads no descriptor and
    imports no layer below (``cardedge --help`` loads no kernel); a group's module is imported
    only when that game's command runs (``LazyGroup.get_command``)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def __getitem__(self, name: str) -> str:
        if name not in self.names:
            raise KeyError(name)
        return cli_room(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


def cli_room(name: str) -> str:
    """Where the game ``name``'s command group is, as ``"module:attribute"``: its CLI room
    ``cardedge.cli.<name>``, the group named after the game."""
    return f"cardedge.cli.{name}:{name}"


def refuse_repeated_options(command: click.Command, args: list[str]) -> None:
    """UsageError when an option that takes one value is given twice (click keeps the last)."""
    single: dict[str, str] = {}
    for p in command.params:
        if isinstance(p, click.Option) and not p.multiple and not p.count:
            for opt in (*p.opts, *p.secondary_opts):
                single[opt] = p.name
    seen: dict[str, str] = {}
    for token in args:
        if token == "--":
            break
        opt = token.split("=", 1)[0] if token.startswith("--") else token
        if opt in single:
            name = single[opt]
            if name in seen:
                again = "is given twice" if seen[name] == opt else f"repeats {seen[name]}"
                raise click.UsageError(f"option {opt} {again}: give it once")
            seen[name] = opt
