"""The blackjack rule options every ``cardedge blackjack`` command shares."""

from __future__ import annotations

from cardedge.analysis.blackjack.rules import RULES
from cardedge.api.blackjack import RULE_DEFAULTS
from cardedge.cli.core.common import StrategyName as StrategyName
from cardedge.cli.core.common import decks_option
from cardedge.cli.core.rules import rule_options as declared_options


def rule_options(f):
    """The rule options every blackjack command takes: ``--decks`` and one option per rule
    declared in ``analysis/blackjack/rules.py`` (defaults: the rules page), passed on by name
    as the API function's keywords."""
    f = declared_options(RULES, RULE_DEFAULTS)(f)
    return decks_option()(f)
