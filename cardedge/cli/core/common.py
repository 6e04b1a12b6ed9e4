"""Options, parameter types and output helpers shared by every subcommand (the options made
from their declarations: ``cli/core/declared.py``)."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import click

from cardedge.api.core import BadValue, deck_counts, one_deck_count
from cardedge.api.options import DEALT, FORMAT, SHOE, SHOWN, Keyword
from cardedge.api.options import MAX_POINTS as MAX_POINTS
from cardedge.api.params import STRATEGY, parse_text
from cardedge.cli.core.declared import Declared as Declared
from cardedge.cli.core.declared import declared as declared
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.declared import declared_options as declared_options
from cardedge.core.files import output_file
from cardedge.extras import require
from cardedge.reports.core.render import (
    Table,
    Tables,
    render,
    render_many,
    shown_tables,
)
from cardedge.strategy.core.chartfiles import chart_path


class DeckList(click.ParamType):
    """Deck counts: a number, a range '1..8', or a comma list '4,6,8' (parsed as the API
    parses ``decks=``: ``cardedge.api.core.deck_counts``)."""

    name = "decks"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        try:
            return deck_counts(str(value))
        except BadValue as e:
            self.fail(e.message)


class DeckCount(DeckList):
    """One deck count, parsed and worded as ``DeckList`` (a command that deals one shoe)."""

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        counts = super().convert(value, param, ctx)
        what = ctx.info_name if ctx is not None and ctx.info_name else "this command"
        try:
            return one_deck_count(counts, what)
        except BadValue as e:
            self.fail(e.message)


class FiniteFloat(click.FloatRange):
    """A float within the range that is also finite: 'nan' and 'inf' are refused."""

    name = "number"

    def convert(self, value, param, ctx):
        x = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(x):
            self.fail(f"{value!r} is not a finite number")
        if (
            self.min is not None
            and (x < self.min or (self.min_open and x == self.min))
            or (self.max is not None and (x > self.max or (self.max_open and x == self.max)))
        ):
            self.fail(f"{value!r} is not in the range {self._describe_range()}")
        return x

    def _describe_range(self) -> str:
        """The range as 0<x<=1000000000 (whole bounds without '.0'; no 'None')."""
        low = "" if self.min is None else f"{_number(self.min)}{'<' if self.min_open else '<='}"
        high = "" if self.max is None else f"{'<' if self.max_open else '<='}{_number(self.max)}"
        return f"{low}x{high}" if low or high else "any finite number"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class OutputFile(click.ParamType):
    """A file to write (checked before any work: not a folder, folder writable, suffix)."""

    name = "file"

    def __init__(self, suffix: str | None = None) -> None:
        self.suffix = suffix

    def convert(self, value, param, ctx):
        try:
            return str(output_file(value, self.suffix))
        except ValueError as e:
            self.fail(str(e))


def needs_plots(ctx, param, value):
    """``--png``'s check: a figure needs the ``plots`` extra (before any work)."""
    if value is not None:
        require("plots")
    return value


class StrategyName(click.ParamType):
    """A chart's name (one of ``names``), or the path of a chart file (checked to exist; read
    with the rules)."""

    name = "strategy"

    def __init__(self, names) -> None:
        self.names = tuple(names)

    def get_metavar(self, param, ctx=None) -> str:
        return f"[{'|'.join(self.names)}|FILE]"

    def convert(self, value, param, ctx):
        try:
            parse_text("strategy", STRATEGY, value)  # the API's words for an empty text
        except BadValue as e:
            self.fail(e.message)
        if value in self.names or Path(value).is_file():
            return value
        if not value.strip() or Path(value).is_dir():
            try:
                chart_path(value)
            except ValueError as e:  # an empty name, or a folder: said plainly
                self.fail(str(e))
        self.fail(f"{value!r} is neither a strategy ({', '.join(self.names)}) nor a chart file")


def color_option():
    """``--color/--no-color`` (``--colour`` is accepted too): colour on a terminal by default."""
    return declared_option(SHOWN["color"])


def wants_colour(color: bool | None) -> bool:
    """``--color/--no-color`` as given, else colour when standard output is a terminal."""
    return color if color is not None else sys.stdout.isatty()


def colour_letters(text: str, colours: dict[str, str], is_row: Callable[[list[str]], bool]) -> str:
    """``text`` (a chart rendered for a person) with each word of ``colours`` styled bold in
    its colour, on the lines whose words ``is_row`` accepts (the chart's rows)."""
    out = []
    for line in text.splitlines():
        words = line.split(" ")
        if is_row(words):
            line = " ".join(
                click.style(w, fg=colours[w], bold=True) if w in colours else w for w in words
            )
        out.append(line)
    return "\n".join(out)


def show_coloured(result, fmt: str, color: bool | None, colours, is_row) -> bool:
    """Print a chart's tables with coloured letters (``colour_letters``) when ``fmt`` is the
    person's table and colour is wanted (``wants_colour``); False when it printed nothing."""
    if fmt != "table" or not wants_colour(color):
        return False
    for table in shown_tables(result, fmt):
        click.echo(colour_letters(render(table, "table"), colours, is_row), color=True)
    return True


def digits_option(row: Keyword = SHOWN["digits"]):
    """``--digits``: decimals shown in the table for a person (CSV and JSON keep them all);
    ``row``: a command's own declaration (``zero pays``: 6)."""
    return declared_option(row)


def decks_option(row: Keyword = SHOE["decks"]):
    """``--decks``: repeatable; each value a count, a range or a list (``row``: a command's
    own declaration, ``zero compare``: 1..8)."""
    return declared_option(row)


def deck_option():
    """``--decks`` of a command that deals one shoe: one count, refused as ``decks_option``."""
    return declared_option(DEALT)


def format_option():
    """``--format``: table (for a person), csv, json or markdown."""
    return declared_option(FORMAT)


def emit(result: Table | Tables | list[Table], fmt: str) -> None:
    """Print an API result (a table or several) as one document (``render_many``: JSON one
    object, CSV one table).

    A table without rows says why in its notes; CSV and a lone JSON table print no notes, so
    there the reason goes to standard error (one line per such table)."""
    tables = shown_tables(result, fmt)
    click.echo(render_many(tables, fmt), nl=False)
    if fmt == "csv" or (fmt == "json" and len(tables) == 1):
        for table in tables:
            note = table.empty_note()
            if note is not None:
                click.echo(f"cardedge: note: {note[0].lower()}{note[1:]}", err=True)


@contextmanager
def terminal_bar(label: str, total: int):
    """A progress bar on standard error for ``total`` steps; yields ``advance(n)``, or
    ``advance(n, note)`` to show ``note`` after the bar (a shoe game's running edge)."""
    with click.progressbar(
        length=total, label=label, file=sys.stderr, item_show_func=_shown_note
    ) as bar:
        yield bar.update


def _shown_note(note: str | None) -> str | None:
    return note


def bar():
    """The API's ``progress`` for a command: a bar on a terminal, None (silent) when piped."""
    return terminal_bar if sys.stderr.isatty() else None


def say(line: str) -> None:
    """The API's ``log``: a line on standard error."""
    click.echo(line, err=True)
