"""Options, parameter types and output helpers shared by every subcommand."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from pathlib import Path

import click

from cardedge.analysis.core.shoe import check_decks
from cardedge.extras import require
from cardedge.reports.core.files import output_file
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


class FiniteFloat(click.FloatRange):
    """A float within the range that is also finite: 'nan' and 'inf' are refused."""

    name = "number"

    def convert(self, value, param, ctx):
        x = super().convert(value, param, ctx)
        if not math.isfinite(x):
            self.fail(f"{value!r} is not a finite number")
        return x


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
    """Print the tables as one document (``render_many``: JSON one object, CSV one table)."""
    click.echo(render_many(tables, fmt), nl=False)


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
