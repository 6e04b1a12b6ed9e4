"""The command line's options, made from their declarations: the one place a command-line
option is made (``tests/test_api_binding.py`` checks that no other module calls
``click.option``, the rules' options of ``cli/core/rules.py`` aside).

A declaration (``cardedge.api.declaration.Keyword``: the families of ``api/options.py``, each
game's ``OPTIONS``, the top level's ``TOP``) gives the option's name, default, help and how
its text is read: by the API's kind of value (``Declared``), by its words (a choice), or by
the command line's own type it names (``READERS``). This module loads no layer at start-up
(the top level's options are made from it); a type is imported when an option needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import click

from cardedge.api.declaration import Keyword
from cardedge.core.errors import BadValue


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


# ---- the command line's own types, by the name a declaration gives (``Keyword.reader``) -------
def _decks(keyword: Keyword) -> dict:
    from cardedge.cli.core.common import DeckList

    return {"type": DeckList()}


def _deck(keyword: Keyword) -> dict:
    from cardedge.cli.core.common import DeckCount

    return {"type": DeckCount()}


def _file(suffix: str) -> Callable[[Keyword], dict]:
    def reader(keyword: Keyword) -> dict:
        from cardedge.cli.core.common import OutputFile, needs_plots

        attrs: dict = {"type": OutputFile(suffix)}
        if suffix == ".png":  # a figure needs the plots extra, checked before any work
            attrs["callback"] = needs_plots
        return attrs

    return reader


def _system(keyword: Keyword) -> dict:
    from cardedge.cli.core.counts import SystemParam

    return {"type": SystemParam()}


def _scheduler(keyword: Keyword) -> dict:
    from cardedge.cli.core.study import Scheduler

    return {"type": Scheduler()}


def _chart(keyword: Keyword) -> dict:
    from cardedge.cli.core.common import StrategyName

    return {"type": StrategyName(keyword.words)}


def _points(keyword: Keyword) -> dict:
    from cardedge.cli.core.common import FiniteFloat

    kind = keyword.value_kind
    return {"type": FiniteFloat(kind.low, kind.high, kind.open_low, kind.open_high)}


def _port(keyword: Keyword) -> dict:
    return {"type": click.IntRange(0, 65535)}


READERS: dict[str, Callable[[Keyword], dict]] = {
    "decks": _decks,
    "deck": _deck,
    "png": _file(".png"),
    "parquet": _file(".parquet"),
    "system": _system,
    "scheduler": _scheduler,
    "chart": _chart,
    "points": _points,
    "port": _port,
}
"""Each ``Keyword.reader`` name -> the click attributes of its option (its type, a check)."""


def _reading(keyword: Keyword) -> dict:
    """How the option reads its text: the declared reader, its words, or its kind."""
    if keyword.reader:
        return READERS[keyword.reader](keyword)
    if keyword.choices:
        return {"type": click.Choice(keyword.words)}
    if keyword.parsed and keyword.switch == "":
        return {"type": declared(keyword.name, keyword.value_kind)}
    return {}


def shows_default(keyword: Keyword, value: object) -> bool:
    """Whether the option's help shows its default (``Keyword.show_default``; by default
    unless it is a flag, required, None or an empty list)."""
    if keyword.show_default is not None:
        return keyword.show_default
    empty = keyword.multiple and not value
    return not (keyword.switch == "flag" or keyword.required or value is None or empty)


def declared_option(keyword: Keyword, type: click.ParamType | None = None, default=..., **words):
    """The click option of a declared keyword: its name, default (``default``: a command's
    own, where its declaration does not say it), help (``words`` filled in), and how its text
    is read (``type``: an option's own type). The option keeps its declaration
    (``option.declaration``), which ``tests/test_api_binding.py`` checks it against."""
    value = keyword.default if default is ... else default
    declarations = [keyword.option]
    if keyword.switch == "pair":
        declarations = [f"{keyword.option}/--no-{keyword.option[2:]}"]
    declarations += keyword.aliases
    attrs: dict = {
        "help": keyword.help_for(**words),
        "default": list(value) if keyword.multiple else value,
        "show_default": shows_default(keyword, value),
        **_reading(keyword),
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

    def decorate(f):
        f = click.option(*declarations, keyword.dest, **attrs)(f)
        f.__click_params__[-1].declaration = keyword
        return f

    return decorate


def declared_options(
    group: Mapping[str, Keyword] | Iterable[Keyword],
    types: dict | None = None,
    defaults: dict | None = None,
    **words: str,
):
    """Every option of a family of declarations (``cardedge.api.options.GRID``..., or rows in
    order), in their order; ``types``: an option's own click type by keyword, ``defaults``: a
    command's own default by keyword, ``words``: what the helps name (``declared_option``)."""
    rows = list(group.values()) if isinstance(group, Mapping) else list(group)
    types, defaults = types or {}, defaults or {}
    options = [
        declared_option(k, types.get(k.name), defaults.get(k.name, ...), **words) for k in rows
    ]

    def decorate(f):
        for option in reversed(options):
            f = option(f)
        return f

    return decorate
