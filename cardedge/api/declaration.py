"""One option declared (``Keyword``), and the options of the ``cardedge`` command's own
commands (``tables``, ``studies``, ``serve``, ``verify``).

This module imports nothing but the standard library: the command line's top level reads its
declarations at start-up, before any layer (``cardedge --help`` loads no numba). Every other
declaration is in ``api/options.py`` (the families of commands) and each game's API module
(``OPTIONS``: its own commands').
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardedge.analysis.core.rules import Kind


@dataclass(frozen=True)
class Keyword:
    """One option of a family of commands: the API keyword ``name`` (the option is ``--`` and
    the name with hyphens), its default and help, and how the command line writes it.

    A help may name a word of its command in braces (``{rules}``), filled in where the option
    is made (``help_for``)."""

    name: str
    default: object
    help: str
    kind: Kind | None = None
    """The kind of value, when not ``params.KEYWORDS[name]`` (a simulation's seed)."""
    switch: str = ""
    """``"flag"``: the option alone turns it on (``--resume``); ``"pair"``: ``--x/--no-x``."""
    multiple: bool = False
    """Repeatable: each value one more of a list."""
    metavar: str | None = None
    required: bool = False
    parsed: bool = True
    """The command line reads the text by the kind (False: it hands the text on, and the API
    or the option's own type reads it)."""
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    """The words it takes (the command line refuses any other), or with ``reader="chart"``
    the charts it names (a chart file too); a function giving them where they live in a
    module the API does not load at import (``words``)."""
    reader: str = ""
    """The command line's own type reading the text, by name (``cli/core/declared.py``
    ``READERS``): ``decks`` (counts, ranges, lists), ``deck`` (one count), ``png`` and
    ``parquet`` (a file to write), ``system`` (a count system), ``scheduler`` (a Dask
    address), ``chart`` (a chart's name or file), ``points`` (a finite number in the kind's
    range), ``port`` (a TCP port)."""
    param: str = ""
    """The command's parameter, when not ``name`` (``--format`` is ``fmt``)."""
    aliases: tuple[str, ...] = ()
    """Other spellings of the option (``--colour/--no-colour``)."""
    show_default: bool | None = None
    """Whether the help shows the default; None: unless a flag, a list, required or None."""
    api: bool = True
    """The API takes it as a keyword of the function of its command (False: the command line
    alone, as ``--format`` or a training session's ``--bet``)."""

    @property
    def option(self) -> str:
        """The command-line option: ``--ramp-start``."""
        return "--" + self.name.replace("_", "-")

    @property
    def dest(self) -> str:
        """The command's parameter receiving the value."""
        return self.param or self.name

    @property
    def value_kind(self) -> Kind:
        """The kind its value is checked by."""
        if self.kind is not None:
            return self.kind
        from cardedge.api import params

        return params.KEYWORDS[self.name]

    @property
    def words(self) -> tuple[str, ...]:
        """The words it takes (``choices``)."""
        return tuple(self.choices() if callable(self.choices) else self.choices)

    def help_for(self, **words: str) -> str:
        """The help with its command's words filled in (``{rules}``, ``{charts}``...; its
        own ``{choices}``: the words it takes)."""
        if "{choices}" in self.help:
            words = {**words, "choices": ", ".join(self.words)}
        return self.help.format(**words) if words else self.help

    def but(self, **changes: object) -> Keyword:
        """This declaration with a command's own ``changes`` (its default: ``zero compare``'s
        decks are 1..8)."""
        return replace(self, **changes)


def by_name(*rows: Keyword) -> dict[str, Keyword]:
    """A family of declarations, by keyword."""
    return {row.name: row for row in rows}


FORMATS = ("table", "csv", "json", "markdown")
"""The output formats (``reports.core.render.FORMATS``, which a test keeps equal: written out
here for the top level, which loads no layer at start-up)."""

FORMAT = Keyword(
    "format", "table", "Output format.", choices=FORMATS, param="fmt", parsed=False, api=False
)
"""``--format``: how every command prints its tables."""

TOP: dict[str, dict[str, Keyword]] = {
    "tables": by_name(Keyword("out", "results", "Folder to write (created).", parsed=False)),
    "verify": by_name(FORMAT),
    "studies": by_name(
        Keyword("out", "results/study", "Folder to write (created).", parsed=False, api=False)
    ),
    "serve": by_name(
        Keyword("host", "127.0.0.1", "Address to listen on.", parsed=False, api=False),
        Keyword("port", 8000, "Port.", reader="port", parsed=False, api=False),
    ),
}
"""The options of the ``cardedge`` command's own commands, by command."""
