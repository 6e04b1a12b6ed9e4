"""``--shoe SPEC`` and ``--remove CARDS``: any shoe, added to a command by one decorator.

    @shoe_options("blackjack")   # above the command's --decks option (or rule_options)
    @rule_options
    def command(rules, shoes, ...): ...

The command receives ``shoes``, one ``Shoe`` per deck count of ``--decks`` (each less the cards
of ``--remove``), or the one shoe of ``--shoe``; with ``--shoe`` the deck count passed on is the
shoe's nominal one, so rules built from ``--decks`` line up with ``shoes``. ``--shoe`` together
with an explicit ``--decks`` is refused (exit 2), as is any bad SPEC or card list, with one
line naming the problem.
"""

from __future__ import annotations

from functools import wraps

import click
from click.core import ParameterSource

from cardedge.analysis.core.shoe import check_game, game_shoe, remove_cards
from cardedge.cli.core.common import flatten

SPEC_HELP = {
    "zero": "A=24,2=24,...,9=24,T=24,J=24,Q=24,K=24 (every rank: Zero Pairs need ranks)",
    "blackjack": "A=24,2=24,...,9=24,T=96 (T: every ten-valued card; or T,J,Q,K each)",
}


def shoe_options(game: str):
    """Add ``--shoe SPEC`` and ``--remove CARDS`` to a command of ``game``; it gets ``shoes``."""
    check_game(game)

    def decorate(f):
        @wraps(f)
        def wrapper(*args, shoe_spec, remove, **kw):
            kw["shoes"] = _shoes(game, shoe_spec, remove, kw)
            return f(*args, **kw)

        wrapper = click.option(
            "--remove",
            metavar="CARDS",
            help="Cards taken out of the shoe, e.g. 5,5,T,A (on top of --decks or --shoe).",
        )(wrapper)
        return click.option(
            "--shoe",
            "shoe_spec",
            metavar="SPEC",
            help=f"The shoe by rank counts instead of --decks: {SPEC_HELP[game]}.",
        )(wrapper)

    return decorate


def _shoes(game: str, spec: str | None, remove: str | None, kw: dict) -> list:
    """The shoes of the options; ``kw['decks']`` becomes the shoe's nominal deck count when
    ``--shoe`` is given."""
    ctx = click.get_current_context()
    if spec is not None:
        if ctx.get_parameter_source("decks") not in (ParameterSource.DEFAULT, None):
            raise click.UsageError("--shoe gives the whole shoe: leave out --decks")
        shoe = _parsed(lambda: game_shoe(0, spec, None, game), "--shoe")
        if remove is not None:
            shoe = _parsed(lambda: remove_cards(shoe, remove, game), "--remove")
        kw["decks"] = [[shoe.nominal_decks]]
        return [shoe]
    decks = flatten(kw["decks"])
    return [_parsed(lambda d=d: game_shoe(d, None, remove, game), "--remove") for d in decks]


def _parsed(make, option: str):
    try:
        return make()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint=option) from None
