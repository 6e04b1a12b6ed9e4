"""Options, parameter types and output helpers shared by every subcommand."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from pathlib import Path

import click

from cardedge.analysis.core.shoe import check_decks
from cardedge.core.files import output_file
from cardedge.extras import require
from cardedge.reports.core.render import FORMATS, Table, render_many


class DeckList(click.ParamType):
    """Deck counts: a number, a range '1..8', or a comma list '4,6,8'."""

    name = "decks"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        out: list[int] = []
        try:
            for part in str(value).split(","):
                part = part.strip()
                if ".." in part:
                    lo, hi = (int(x) for x in part.split(".."))
                    # both ends are checked before the range is expanded
                    out.extend(range(check_decks(lo), check_decks(hi) + 1))
                else:
                    out.append(check_decks(int(part)))
        except ValueError as e:
            if "decks must" in str(e):
                self.fail(f"{value!r}: {e}")
            self.fail(f"{value!r} is not a deck count, a range like 1..8 or a list like 6,8")
        if not out:
            self.fail(f"{value!r}: an empty range of decks")
        return out


def one_deck_count(counts: list[int], what: str) -> int:
    """The one deck count of a command that deals one shoe, or the ``--decks`` error."""
    if len(counts) != 1:
        raise click.BadParameter(f"{what} takes one deck count", param_hint="'--decks'")
    return counts[0]


class DeckCount(DeckList):
    """One deck count, parsed and worded as ``DeckList`` (a command that deals one shoe)."""

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        counts = super().convert(value, param, ctx)
        what = ctx.info_name if ctx is not None and ctx.info_name else "this command"
        return one_deck_count(counts, what)


MAX_POINTS = 10**9
"""The most points a training session stakes or starts with (``--bet``, ``--balance``,
``--side-bet``): far beyond any table limit, and every payout stays exact in a float."""


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


def png_option(help: str):
    """``--png FILE``: also draw a figure to FILE (a .png name; needs the ``plots`` extra,
    checked before any work)."""

    def needs_plots(ctx, param, value):
        if value is not None:
            require("plots")
        return value

    return click.option(
        "--png", type=OutputFile(".png"), metavar="FILE.png", help=help, callback=needs_plots
    )


def numbered(path: str, tag: str, many: bool) -> str:
    """``path`` with ``_tag`` before its suffix when several files share one option."""
    if not many:
        return path
    p = Path(path)
    return str(p.with_name(f"{p.stem}_{tag}{p.suffix}"))


def color_option():
    """``--color/--no-color`` (``--colour`` is accepted too): colour on a terminal by default."""
    return click.option(
        "--color/--no-color",
        "--colour/--no-colour",
        "color",
        default=None,
        help="Colour the chart letters (default: when printing to a terminal).",
    )


def digits_option(default: int = 4):
    """``--digits``: decimals shown in the table for a person (CSV and JSON keep them all)."""
    return click.option(
        "--digits",
        type=click.IntRange(0, 16),
        default=default,
        show_default=True,
        help="Decimals shown in tables for a person; CSV and JSON keep full precision.",
    )


def flatten(values: Iterable[list[int]]) -> list[int]:
    """Deck lists from a repeated option, in order, without repeats."""
    seen: list[int] = []
    for v in values:
        for d in v:
            if d not in seen:
                seen.append(d)
    return seen


def decks_option(default: str = "6"):
    """``--decks``: repeatable; each value a count, a range or a list."""
    return click.option(
        "--decks",
        type=DeckList(),
        multiple=True,
        default=[default],
        show_default=True,
        help="Number of decks; repeat, or give 1..8 or 6,8.",
    )


def deck_option(default: int = 6):
    """``--decks`` of a command that deals one shoe: one count, refused as ``decks_option``."""
    return click.option(
        "--decks", type=DeckCount(), default=default, show_default=True, help="Decks."
    )


def format_option():
    """``--format``: table (for a person), csv, json or markdown."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="table",
        show_default=True,
        help="Output format.",
    )


def emit(tables: list[Table], fmt: str) -> None:
    """Print the tables as one document (``render_many``: JSON one object, CSV one table).

    A table without rows says why in its notes; CSV and a lone JSON table print no notes, so
    there the reason goes to standard error (one line per such table)."""
    click.echo(render_many(tables, fmt), nl=False)
    if fmt == "csv" or (fmt == "json" and len(tables) == 1):
        for table in tables:
            note = table.empty_note()
            if note is not None:
                click.echo(f"cardedge: note: {note[0].lower()}{note[1:]}", err=True)


def progress(label: str):
    """A progress wrapper for long loops: a bar on a terminal, silent when piped."""

    def wrap(items):
        items = list(items)
        if not sys.stderr.isatty() or len(items) < 2:
            return items
        return _bar(items, label)

    return wrap


def _bar(items, label):
    with click.progressbar(items, label=label, file=sys.stderr) as bar:
        yield from bar
