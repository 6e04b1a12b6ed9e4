"""Work shared between rule sets never changes a figure (issue 44's property test): for random
pairs of rule sets that differ in one rule, a grid computing both together (sharing dealer
rows, split values, chart derivations and kernel runs between them by its keys) gives each the
bits a single call gives it computed alone, every memo emptied first.

A sharing key that forgot a rule the shared work depends on would hand one rule set the other's
numbers: this is the test that catches it, for every rule of both games, whatever the key is
made of. One deck, optimal play and basic strategy, no SD (cheap: a few seconds).

Then each shared computation on its own, for such pairs: every memo entry two rule sets make
alone under one key holds the same bits (blackjack's ``DealerMemo``: dealer rows, stand EVs,
split hands' values), and whatever is shared when their keys agree (a ``ShoeAnalysis.variant``,
the basic chart's hard and soft rows, a grid task, Zero's shoe states, split-rule runs and
chart derivations) gives each the bits it gets alone. ``tests/test_sharing_keys.py`` checks
that each key is the rules record less only its documented exclusions."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge import blackjack, zero
from cardedge.analysis.blackjack.round import DealerMemo, RoundResult, ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.sharing import dealer_key
from cardedge.analysis.core.records import record_key
from cardedge.analysis.core.rules import NamedPayout, Payout, Switch, Totals, Whole
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import (
    all_but_splitting,
    evaluate_play,
    evaluate_split_rules,
    shoe_states,
)
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.api import blackjack as blackjack_api
from cardedge.api import zero as zero_api
from cardedge.reports.blackjack import grid as blackjack_grid
from cardedge.reports.core.grid import GridColumns, typed_cell
from cardedge.reports.zero import grid as zero_grid
from cardedge.strategy.blackjack.charts import (
    TotalRows,
    basic_strategy,
    policy_from_chart,
    total_rows,
)
from cardedge.strategy.zero.charts import derive_best_chart, derive_best_charts


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


def _row_value(rule, value) -> object:
    """A grid row's cell of a varied rule's value (typed: ``reports.core.grid.typed_cell``)."""
    return typed_cell(rule.kind, value)


def check_pair(game: str, pair) -> None:
    api, preset = GAMES[game]
    base, rule, first, second = pair
    vary = [f"{rule.name}={_text(rule, first)},{_text(rule, second)}"]
    forget_everything()
    rows = api.grid(decks=1, vary=vary, basic=True, sd=False, **preset, **base).rows()
    assert len(rows) == 2
    for value, row in zip((first, second), rows, strict=True):
        assert row[rule.name] == _row_value(rule, value)
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


# ---- each shared computation on its own -----------------------------------------------------
ONE_DECK = Shoe.decks(1)
COLUMNS = GridColumns(basic=True, sd=False)


@st.composite
def rule_set_pairs(draw, game: str, name: str):
    """Two rule sets of ``game`` (each rule's value by name) differing in the rule ``name``."""
    rules = {r.name: r for r in RULES[game]}
    first = {n: draw(values_of(r)) for n, r in rules.items()}
    other = draw(values_of(rules[name]).filter(lambda v: v != first[name]))
    return first, {**first, name: other}


def bits(value) -> bytes:
    """The exact bits of a memo entry or a result (arrays, lists of floats, floats)."""
    return np.asarray(value, dtype=float).tobytes()


@dataclass
class BlackjackAlone:
    """One rule set's analysis of ``ONE_DECK`` computed alone (every memo emptied first)."""

    analysis: ShoeAnalysis
    memo: DealerMemo
    optimal: RoundResult
    basic: RoundResult
    totals: TotalRows


def blackjack_alone(rules: BlackjackRules) -> BlackjackAlone:
    forget_everything()
    a = ShoeAnalysis(rules, ONE_DECK)
    optimal = a.evaluate()
    totals = total_rows(a)
    basic = a.evaluate(policy_from_chart(basic_strategy(a, totals=totals), rules, "basic"))
    return BlackjackAlone(a, a._dealer, optimal, basic, totals)


def same_round(got: RoundResult, want: RoundResult) -> None:
    assert bits(got.ev) == bits(want.ev)
    assert bits(got.deal_ev) == bits(want.deal_ev)
    assert bits(got.split_ev) == bits(want.split_ev)


def same_memo_entries(a: DealerMemo, b: DealerMemo) -> int:
    """Assert that every entry both memos hold under one key holds the same bits; how many."""
    shared = 0
    for name in ("stands", "split_firsts", "split_rows"):
        held_a, held_b = getattr(a, name), getattr(b, name)
        for key in held_a.keys() & held_b.keys():
            assert bits(held_a[key]) == bits(held_b[key]), (name, key[:3])
            shared += 1
    keys = np.intersect1d(a.rows.keys[: len(a.rows)], b.rows.keys[: len(b.rows)])
    assert bits(a.rows.table[a.rows.find(keys)]) == bits(b.rows.table[b.rows.find(keys)])
    return shared + len(keys)


def check_blackjack_sharing(first: dict, second: dict) -> None:
    rules_a, rules_b = BlackjackRules(**first), BlackjackRules(**second)
    a, b = blackjack_alone(rules_a), blackjack_alone(rules_b)
    record_a, record_b = a.analysis.kernel_rules, b.analysis.kernel_rules
    if dealer_key(record_a) == dealer_key(record_b):
        # one DealerMemo would serve both: what each made alone agrees under every shared key
        assert same_memo_entries(a.memo, b.memo) > 0
    if TotalRows.key_of(a.analysis) == TotalRows.key_of(b.analysis):
        assert bits(a.totals.codes) == bits(b.totals.codes)
        assert (a.totals.hard, a.totals.soft) == (b.totals.hard, b.totals.soft)
    # the second rule set as a variant of the first's analysis (sharing its memo, filled)
    variant = a.analysis.variant(**second)
    same_round(variant.evaluate(), b.optimal)
    chart = basic_strategy(variant, totals=a.totals)
    same_round(variant.evaluate(policy_from_chart(chart, rules_b, "basic")), b.basic)
    if TotalRows.rule_key(rules_a) == TotalRows.rule_key(rules_b):
        # one grid task: computed together, each gets its bits alone
        forget_everything()
        task = blackjack_grid.GridTask(ONE_DECK, (rules_a, rules_b), (0, 1), COLUMNS)
        together = blackjack_grid.compute_task(task)
        for values, alone in zip(together, (a, b), strict=True):
            assert bits(values.optimal_percent) == bits(alone.optimal.house_edge_percent)
            assert bits(values.basic_percent) == bits(alone.basic.house_edge_percent)


@pytest.mark.parametrize("rule", RULES["blackjack"].names)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_blackjack_shared_computations_give_each_rule_set_its_own_bits(rule, data):
    check_blackjack_sharing(*data.draw(rule_set_pairs("blackjack", rule)))


def zero_alone(rules: ZeroRules) -> tuple:
    """(optimal play, basic chart, basic play) of ``rules`` on ``ONE_DECK``, every memo
    emptied first."""
    forget_everything()
    play = rules.play_rules()
    chart, _ = derive_best_chart(play, ONE_DECK)
    return evaluate_play(play, ONE_DECK), chart, evaluate_play(play, ONE_DECK, chart.policy())


def same_play(got, want) -> None:
    for name in ("deal_ev", "deal_action", "deal_p_double"):
        assert bits(getattr(got, name)) == bits(getattr(want, name)), name


def same_chart(got, want) -> None:
    for name in ("two_card", "three_card", "split"):
        assert bits(getattr(got, name)) == bits(getattr(want, name)), name


def check_zero_sharing(first: dict, second: dict) -> None:
    rules_a, rules_b = ZeroRules(**first), ZeroRules(**second)
    play_a, play_b = rules_a.play_rules(), rules_b.play_rules()
    a, b = zero_alone(rules_a), zero_alone(rules_b)
    # the shoe states (kept by the dealer's record): the first's, then the second's sharing
    # them when their dealers agree
    forget_everything()
    states = shoe_states(ONE_DECK, play_a)
    evaluate_play(play_a, ONE_DECK)
    shared = shoe_states(ONE_DECK, play_b) is states
    dealers = {record_key(r.kernel_record().dealer) for r in (rules_a, rules_b)}
    assert shared == (len(dealers) == 1)
    same_play(evaluate_play(play_b, ONE_DECK), b[0])
    same_play(evaluate_play(play_b, ONE_DECK, b[1].policy()), b[2])
    if all_but_splitting(play_a) != all_but_splitting(play_b):
        return
    # split rules computed together: two kernel runs, a derivation's steps, one grid task
    forget_everything()
    together = evaluate_split_rules([play_a, play_b], ONE_DECK)
    same_play(together[play_a], a[0])
    same_play(together[play_b], b[0])
    forget_everything()
    charts = derive_best_charts([play_a, play_b], ONE_DECK)
    same_chart(charts[play_a][0], a[1])
    same_chart(charts[play_b][0], b[1])
    forget_everything()
    task = zero_grid.GridTask(ONE_DECK, (rules_a, rules_b), (0, 1), COLUMNS)
    for values, rules, alone in zip(
        zero_grid.compute_task(task), (rules_a, rules_b), (a, b), strict=True
    ):
        assert bits(values.optimal_percent) == bits(alone[0].price(rules).house_edge_percent)
        assert bits(values.basic_percent) == bits(alone[2].price(rules).house_edge_percent)


@pytest.mark.parametrize("rule", RULES["zero"].names)
@settings(max_examples=2, deadline=None)
@given(data=st.data())
def test_zero_shared_computations_give_each_rule_set_its_own_bits(rule, data):
    check_zero_sharing(*data.draw(rule_set_pairs("zero", rule)))
