"""Zero (the blackjack/baccarat hybrid) from Python.

COMMANDS = (edge, chart, hands, exceptions, returns, eor, count, indices, compare, variants,
simulate, study, pays) mirror ``cardedge zero CMD``: keyword = the option's name with
underscores (``--by-upcard`` is ``by_upcard=``), same defaults; a repeatable option takes one
value or a list. Each returns the ``Table`` (or ``Tables``) the command prints; a table shows
itself in a notebook, and ``render_many(result, "json")`` is the command's ``--format json``.
``play`` (the interactive trainer) has no function here (``cardedge.api.core.NO_API``).

The objects underneath, with the same names in both games: ``Rules`` and ``rules(...)``,
``Shoe``, ``Chart``, ``RoundResult``, ``OPTIMAL`` (optimal play's policy), ``evaluate(rules,
policy, shoe)``, ``basic_chart(rules, shoe)``, ``policy(chart, rules)``, ``evaluate_chart(rules,
chart, shoe)``, ``load_chart(path, rules)``.

Example:
    >>> import cardedge.zero as zero
    >>> table = zero.edge(decks=6, rules="published")  # doctest: +SKIP
    >>> table.rows()[0]["house_edge_percent"]  # doctest: +SKIP
    2.2637009546182045
"""

from __future__ import annotations

import importlib

from cardedge.api.zero import (  # noqa: F401 (re-exported)
    basic_chart,
    chart,
    compare,
    count,
    edge,
    eor,
    evaluate,
    evaluate_chart,
    exceptions,
    hands,
    indices,
    load_chart,
    pays,
    policy,
    returns,
    rules,
    simulate,
    study,
    variants,
)

_LAZY: dict[str, str] = {
    "Rules": "cardedge.analysis.zero.rules:ZeroRules",
    "Chart": "cardedge.strategy.zero.charts:ZeroChart",
    "RoundResult": "cardedge.analysis.zero.round:RoundResult",
    "OPTIMAL": "cardedge.analysis.zero.policy:OPTIMAL_POLICY",
    "Shoe": "cardedge.analysis.core.shoe:Shoe",
    "Table": "cardedge.reports.core.render:Table",
    "Tables": "cardedge.reports.core.render:Tables",
    "render_many": "cardedge.reports.core.render:render_many",
}
"""Classes and constants imported when first used (``import cardedge.zero`` stays light)."""

COMMANDS: tuple[str, ...] = (
    "edge",
    "chart",
    "hands",
    "exceptions",
    "returns",
    "eor",
    "count",
    "indices",
    "compare",
    "variants",
    "simulate",
    "study",
    "pays",
)
"""The API functions of the command line's commands."""

__all__ = [
    *COMMANDS,
    "rules",
    "evaluate",
    "basic_chart",
    "policy",
    "evaluate_chart",
    "load_chart",
    *_LAZY,
]


def __getattr__(name: str):
    if name in _LAZY:
        module, attr = _LAZY[name].split(":")
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
