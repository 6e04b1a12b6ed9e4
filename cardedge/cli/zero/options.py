"""Zero's shared command-line options: the rule preset and the rules over it."""

from __future__ import annotations

from cardedge.analysis.zero.rules import RULES
from cardedge.api.zero import PRESET, RULE_DEFAULTS
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.rules import rule_options

PRESET_DEFAULT = "the preset's (--rules)"
"""What a Zero rule option's help says of its default: the preset decides."""


def zero_rule_options():
    """One option per rule declared in ``analysis/zero/rules.py``, each changing that rule over
    the preset (left out: the preset's)."""
    return rule_options(RULES, RULE_DEFAULTS, PRESET_DEFAULT)


def rules_option(row=PRESET):
    """``--rules`` (``row``: the command's declaration, ``api.zero.PRESET`` or, where a command
    takes both presets side by side, ``api.zero.BOTH``), then every rule's option over it."""
    preset = declared_option(row)

    def decorate(f):
        return preset(zero_rule_options()(f))

    return decorate
