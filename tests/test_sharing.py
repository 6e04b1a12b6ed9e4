"""Work shared between rule sets never changes a figure (issue 44's property test): for random
pairs of rule sets that differ in one rule, a grid computing both together (sharing dealer
rows, split values, chart derivations and kernel runs between them by its keys) gives each the
bits a single call gives it computed alone, every memo emptied first.

A sharing key that forgot a rule the shared work depends on would hand one rule set the other's
numbers: this is the test that catches it, for every rule of both games, whatever the key is
made of. One deck, optimal play and basic strategy, no SD (cheap: a few seconds)."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge import blackjack, zero
from cardedge.analysis.core.rules import NamedPayout, Payout, Switch, Totals, Whole
from cardedge.api import blackjack as blackjack_api
from cardedge.api import zero as zero_api


def forget_everything() -> None:
    """Empty every result cardedge keeps between calls (its ``lru_cache``s: analyses, dealer
    rows, shoe states, charts), so that the next call computes alone."""
    for name, module in list(sys.modules.items()):
        if name.startswith("cardedge") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


TOTALS = [
    frozenset(),
    frozenset({9}),
    frozenset({8, 9}),
    frozenset({6, 7, 8, 9}),
    frozenset({0, 5}),
]


def values_of(rule) -> st.SearchStrategy:
    """The values a rule's kind takes, as a strategy (a few of each kind, all legal)."""
    kind = rule.kind
    if isinstance(kind, Switch):
        return st.booleans()
    if isinstance(kind, Whole):
        return st.integers(kind.low, kind.high)
    if isinstance(kind, NamedPayout):
        return st.sampled_from(["3:2", "6:5", "1:1", "7:5"])
    if isinstance(kind, Payout):
        paid = st.sampled_from([1.0, 1.5, 2.0, 3.0])
        return st.one_of(st.none(), paid) if kind.none_means else paid
    if isinstance(kind, Totals):
        return st.sampled_from(TOTALS)
    return st.sampled_from(kind.choices())


GAMES = {"zero": (zero, {"rules": "stated"}), "blackjack": (blackjack, {})}
RULES = {"zero": zero_api.RULES, "blackjack": blackjack_api.RULES}


@st.composite
def rule_pairs(draw, game: str):
    """(the rules both share, the rule that differs, its two values) for ``game``."""
    rules = list(RULES[game])
    base = {r.name: draw(values_of(r)) for r in rules}
    varied = draw(st.sampled_from(rules))
    first = base.pop(varied.name)
    second = draw(values_of(varied).filter(lambda v: v != first))
    return base, varied, first, second


def _text(rule, value) -> str:
    return rule.kind.text(value)


def _row_value(rule, value) -> str:
    """A grid row's varied rule's value (typed: a bool, an int, a payout's decimal, text), read
    back as the rule reads it, in the rule's words."""
    return _text(rule, rule.check(value))


def check_pair(game: str, pair) -> None:
    api, preset = GAMES[game]
    base, rule, first, second = pair
    vary = [f"{rule.name}={_text(rule, first)},{_text(rule, second)}"]
    forget_everything()
    rows = api.grid(decks=1, vary=vary, basic=True, sd=False, **preset, **base).rows()
    assert len(rows) == 2
    for value, row in zip((first, second), rows, strict=True):
        assert _row_value(rule, row[rule.name]) == _text(rule, value)
        forget_everything()
        alone = {
            strategy: api.edge(
                decks=1, strategy=strategy, **preset, **base, **{rule.name: value}
            ).rows()[0]["house_edge_percent"]
            for strategy in ("optimal", "basic")
        }
        together = {"optimal": row["optimal_percent"], "basic": row["basic_percent"]}
        assert {k: v.hex() for k, v in together.items()} == {
            k: float(v).hex() for k, v in alone.items()
        }, (rule.name, value, base)


@settings(max_examples=25, deadline=None)
@given(rule_pairs("zero"))
def test_zero_rule_sets_sharing_work_get_their_own_bits(pair):
    check_pair("zero", pair)


@settings(max_examples=12, deadline=None)
@given(rule_pairs("blackjack"))
def test_blackjack_rule_sets_sharing_work_get_their_own_bits(pair):
    check_pair("blackjack", pair)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_can_be_the_one_that_differs(game):
    """The strategies draw every rule (so no rule escapes the property)."""
    assert all(values_of(rule) is not None for rule in RULES[game])
