"""``--system``: a count system, built-in by name or a TOML/JSON file of tags (both games)."""

from __future__ import annotations

import click

from cardedge.analysis.core.counts import BUILTIN, CountSystem, resolve_system


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
    """``--system``: repeatable; default every built-in system."""
    return click.option(
        "--system",
        type=SystemParam(),
        multiple=True,
        default=list(BUILTIN),
        show_default=True,
        help=f"A count system ({'|'.join(BUILTIN)}) or a TOML/JSON file with one tag per "
        "rank A, 2..9, T; repeatable.",
    )


def one_system_option(default: str, more_help: str = ""):
    """``--system``: one count system (an index table's), default ``default``; ``more_help``
    is added to the shared help (why this default)."""
    return click.option(
        "--system",
        type=SystemParam(),
        default=default,
        show_default=True,
        help="A count system (built-in key or TOML/JSON file of tags A, 2..9, T), balanced or "
        "not (an unbalanced count's true count is its balanced twin's: the notes say how)."
        + (f" {more_help}" if more_help else ""),
    )
