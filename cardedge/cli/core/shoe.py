"""``--shoe SPEC`` and ``--remove CARDS``: any shoe, added to a command by one decorator.

    @shoe_options(GAME.shoe)   # above the command's --decks option (or rule_options)
    @rule_options
    def command(shoe, remove, ...): ...

The command passes ``shoe`` and ``remove`` (the texts) on to its API function, which deals
one shoe per deck count of ``--decks`` (each less the cards of ``--remove``), or the one shoe
of ``--shoe`` (``cardedge.api.core.shoes_for``; a bad SPEC or card list is refused there, with
one line naming the option). ``--shoe`` together with an explicit ``--decks`` is refused here
(exit 2, as a usage error); with ``--shoe`` the default ``--decks`` is not passed on, since the
API refuses a shoe with deck counts given (``api.params.check_one_shoe``).
"""

from __future__ import annotations

from functools import wraps

import click
from click.core import ParameterSource

from cardedge.analysis.core.shoe import ShoeFormat
from cardedge.api.options import SHOE
from cardedge.cli.core.declared import declared_option


def shoe_options(form: ShoeFormat):
    """Add ``--shoe SPEC`` and ``--remove CARDS`` (declared in ``api/options.py`` ``SHOE``) to a
    command of a game whose shoe is written in ``form`` (``Game.shoe``: its help shows
    ``form.spec_example``)."""

    def decorate(f):
        @wraps(f)
        def wrapper(*args, **kw):
            ctx = click.get_current_context()
            explicit = ctx.get_parameter_source("decks") not in (ParameterSource.DEFAULT, None)
            if kw["shoe"] is not None:
                if explicit:
                    raise click.UsageError("--shoe gives the whole shoe: leave out --decks")
                del kw["decks"]  # the API refuses a shoe with deck counts given
            return f(*args, **kw)

        wrapper = declared_option(SHOE["remove"])(wrapper)
        return declared_option(SHOE["shoe"], spec=form.spec_example)(wrapper)

    return decorate
