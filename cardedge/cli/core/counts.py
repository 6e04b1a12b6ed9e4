"""``--system``: a count system, built-in by name or a TOML/JSON file of tags (both games)."""

from __future__ import annotations

import click

from cardedge.analysis.core.counts import CountSystem, resolve_system
from cardedge.api.options import COUNT
from cardedge.cli.core.declared import declared_option


class SystemParam(click.ParamType):
    """A built-in count system's key or a system file, checked at once (exit 2 when bad)."""

    name = "system"

    def convert(self, value, param, ctx) -> CountSystem:
        if isinstance(value, CountSystem):
            return value
        try:
            return resolve_system(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)


def system_option():
    """``--system``: repeatable; default every built-in system (``api/options.py`` ``COUNT``)."""
    return declared_option(COUNT["system"])


def one_system_option(row):
    """``--system``: one count system, an index table's (``row``: the game's declaration,
    ``api/options.py`` ``index_system``)."""
    return declared_option(row)
