"""Options, parameter types and output helpers shared by every subcommand."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from contextlib import contextmanager

import click

from cardedge.api.core import BadValue, deck_counts, one_deck_count
from cardedge.core.files import output_file
from cardedge.extras import require
from cardedge.reports.core.render import (
    FORMATS,
    Table,
    Tables,
    render,
    render_many,
    shown_tables,
)


class Declared(click.ParamType):
    """An option whose value the API declares (``cardedge.api.params.KEYWORDS``, or the kind
    ``kind`` a function takes it as): its text parsed by that kind, so the command line refuses
    it with the API's own words."""

    def __init__(self, keyword: str, kind=None) -> None:
        from cardedge.api.params import KEYWORDS

        self.keyword = keyword
        self.kind = kind if kind is not None else KEYWORDS[keyword]
        self.name = self.kind.metavar.lower()

    def convert(self, value, param, ctx):
        from cardedge.api.params import parse_text

        if not isinstance(value, str):  # a default, already a value
            return value
        try:
            return parse_text(self.keyword, self.kind, value)
        except BadValue as e:
            self.fail(e.message, param, ctx)

    def get_metavar(self, param, ctx=None) -> str:
        return self.kind.metavar


def declared(keyword: str, kind=None) -> Declared:
    """The click type of an option the API declares (``Declared``)."""
    return Declared(keyword, kind)


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
    return click.option(
        "--png", type=OutputFile(".png"), metavar="FILE.png", help=help, callback=_needs_plots
    )


def _needs_plots(ctx, param, value):
    if value is not None:
        require("plots")
    return value


def declared_option(keyword, type: click.ParamType | None = None, default=..., **words: str):
    """The click option of a declared keyword (``cardedge.api.options.Keyword``): its name,
    default (``default``: a command's own, a game's count system), help (``words`` filled
    in), and the click type reading its text by its kind (``type``: an option's own type, a
    file to write, a scheduler's address). The option keeps its declaration
    (``option.declaration``), which ``tests/test_api_binding.py`` checks it against."""
    value = keyword.default if default is ... else default
    if type is None and keyword.name == "png":
        type = OutputFile(".png")
    if type is None and keyword.parsed and keyword.switch == "":
        type = declared(keyword.name, keyword.value_kind)
    declarations = [keyword.option]
    if keyword.switch == "pair":
        declarations = [f"{keyword.option}/--no-{keyword.option[2:]}"]
    attrs: dict = {
        "help": keyword.help_for(**words),
        "default": list(value) if keyword.multiple else value,
        "show_default": not (
            keyword.switch == "flag" or keyword.multiple or keyword.required or value is None
        ),
    }
    if keyword.switch == "flag":
        attrs["is_flag"] = True
    if keyword.multiple:
        attrs["multiple"] = True
    if keyword.metavar is not None:
        attrs["metavar"] = keyword.metavar
    if keyword.required:
        attrs["required"] = True
        del attrs["default"]
    if type is not None:
        attrs["type"] = type
    if keyword.name == "png":
        attrs["callback"] = _needs_plots

    def decorate(f):
        f = click.option(*declarations, keyword.name, **attrs)(f)
        f.__click_params__[-1].declaration = keyword
        return f

    return decorate


def declared_options(
    group: dict, types: dict | None = None, defaults: dict | None = None, **words: str
):
    """Every option of a family of declarations (``cardedge.api.options.GRID``...), in their
    order; ``types``: an option's own click type by keyword, ``defaults``: a command's own
    default by keyword, ``words``: what the helps name (``declared_option``)."""
    types, defaults = types or {}, defaults or {}
    options = [
        declared_option(k, types.get(k.name), defaults.get(k.name, ...), **words)
        for k in group.values()
    ]

    def decorate(f):
        for option in reversed(options):
            f = option(f)
        return f

    return decorate


def color_option():
    """``--color/--no-color`` (``--colour`` is accepted too): colour on a terminal by default."""
    return click.option(
        "--color/--no-color",
        "--colour/--no-colour",
        "color",
        default=None,
        help="Colour the chart letters (default: when printing to a terminal).",
    )


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


def digits_option(default: int = 4):
    """``--digits``: decimals shown in the table for a person (CSV and JSON keep them all)."""
    from cardedge.api.options import SHOWN

    return declared_option(SHOWN["digits"], default=default)


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
    """A progress bar on standard error for ``total`` steps; yields ``advance(n)``."""
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        yield bar.update


def bar():
    """The API's ``progress`` for a command: a bar on a terminal, None (silent) when piped."""
    return terminal_bar if sys.stderr.isatty() else None


def say(line: str) -> None:
    """The API's ``log``: a line on standard error."""
    click.echo(line, err=True)
