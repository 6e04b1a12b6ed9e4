"""A game's rule options, made from its rule declarations (``analysis/core/rules.py``).

Each declared rule becomes one option of every command of its game: ``--NAME`` (a switch is
``--NAME/--no-NAME``, or the pair it declares: ``--h17/--s17``), with the declaration's help,
its values checked by the declaration (the same one-line message as the API and the web), and
passed to the API function under its name.
"""

from __future__ import annotations

import click

from cardedge.analysis.core.rules import Rule, RuleSet, Switch
from cardedge.core.errors import BadValue


class RuleValue(click.ParamType):
    """A rule's value given as text, checked by its declaration and passed on as the text (the
    API parses it again: ``--trips-pays none`` must reach it as ``"none"``, which is not None,
    'as the preset')."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.name = rule.kind.metavar.lower()

    def get_metavar(self, param, ctx=None) -> str:
        return self.rule.kind.metavar

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            return value
        try:
            self.rule.check(value)
        except BadValue as e:
            self.fail(e.message, param, ctx)
        return value


def rule_option(rule: Rule, default: object, preset_default: str | None = None):
    """The click option of one rule. ``default`` None with ``preset_default``: the option is
    left out unless given, and its help says the preset decides (``preset_default``'s words)."""
    help_text = rule.help
    if preset_default is not None:
        help_text += f" Default: {preset_default}."
    if isinstance(rule.kind, Switch):
        off = rule.off or f"no-{rule.name.replace('_', '-')}"
        return click.option(f"{rule.option}/--{off}", rule.name, default=default, help=help_text)
    shown = default is not None
    return click.option(
        rule.option,
        rule.name,
        type=RuleValue(rule),
        default=default,
        show_default=shown,
        help=help_text,
    )


def rule_options(rules: RuleSet, defaults: dict[str, object], preset_default: str | None = None):
    """Every rule's option, in the declarations' order (``defaults``: each rule's default,
    None where the preset decides, said by ``preset_default``)."""
    options = [rule_option(r, defaults[r.name], preset_default) for r in rules]

    def decorate(f):
        for option in reversed(options):
            f = option(f)
        return f

    return decorate
