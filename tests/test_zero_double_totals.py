"""Zero's ``double_totals`` (which three-card totals may double), added as a declaration and
its question alone (``analysis/zero/rules.py``): the kernels, the Fraction twins, the rules
engine, the simulator, the chart derivation and every surface (API, command line, web page,
grid, variants, docs, report) follow from them (issue 44's proof of the design).
"""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as ref
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import RULES, preset
from cardedge.engine.core.dealing import ShuffledShoe, parse_card
from cardedge.engine.zero.game import DOUBLE, HIT, STAND, ZeroRound

TOL = 1e-12
STATED = preset("stated")
# 15 cards by rank A..K: every point value but 6 and 7, Zero Pairs (5-5, K-K), splittable
# pairs (4-4, 4-5, 0-8, 0-9): small enough for a whole round in fractions
SHOE = Shoe((1, 1, 1, 2, 2, 0, 0, 2, 1, 1, 0, 0, 4))
RULE_SETS = [
    STATED.with_(double_totals=frozenset()),
    STATED.with_(double_totals=frozenset({4, 5, 6, 7})),
    STATED.with_(double_totals=frozenset({7}), das=False),
    STATED.with_(double_totals=frozenset({0, 9}), split_totals=frozenset({1, 8, 9})),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.words())
def test_the_round_equals_the_fraction_twin(rules):
    exact = ref.round_ev(SHOE.counts, rules)
    assert evaluate_round(rules, SHOE).ev == pytest.approx(float(exact), abs=TOL)


def test_the_rule_changes_the_edge_and_every_total_is_the_rule_as_written():
    everything = STATED.with_(double_totals=frozenset(range(10)))
    assert everything == STATED  # rule 6: every three-card total may double
    evs = [evaluate_round(r, SHOE).ev for r in (STATED, *RULE_SETS[:2])]
    assert evs[0] > evs[2] > evs[1]  # each total taken away costs the player


def test_the_question_is_the_record_the_kernels_read():
    rules = STATED.with_(double_totals=frozenset({4, 5}), das=False)
    record = rules.kernel_record()
    assert list(np.flatnonzero(record.double_unsplit)) == [4, 5]
    assert not record.double_split.any()
    assert [rules.may_double(False, t) for t in range(10)] == list(record.double_unsplit)


def deal(rules, text):
    shoe = ShuffledShoe(6, 0)
    shoe.stack([parse_card(c) for c in text.split()])
    return ZeroRound(rules, shoe, 0.0)


def test_the_engine_offers_a_double_only_on_a_listed_total():
    rules = STATED.with_(double_totals=frozenset({9}))
    rnd = deal(rules, "4s 3h 2c Ad 2s")  # 7, hit 2 -> 9: may double
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND, DOUBLE)
    rnd = deal(rules, "4s 3h 2c Ad As")  # 7, hit A -> 8: may not
    rnd.act(HIT)
    assert rnd.legal_actions() == (STAND,)


def test_a_derived_chart_never_doubles_a_total_it_may_not():
    from cardedge.strategy.zero.charts import derive_best_chart

    rules = STATED.with_(double_totals=frozenset({5, 6}))
    chart, _ = derive_best_chart(rules, Shoe.decks(1))
    doubled = {t for t in range(10) if (chart.three_card[t] == Action.DOUBLE).any()}
    assert doubled and doubled <= {5, 6}


def test_every_surface_takes_the_rule():
    from cardedge import zero
    from cardedge.cli import cli
    from cardedge.web.pages import CONTROLS

    assert "double_totals" in RULES.names and "double_totals" in CONTROLS["zero"]
    changed = zero.edge(decks=1, rules="stated", double_totals="4-7").rows()[0]
    assert (
        changed["house_edge_percent"]
        > zero.edge(decks=1, rules="stated").rows()[0]["house_edge_percent"]
    )
    helped = CliRunner().invoke(cli, ["zero", "edge", "--help"], terminal_width=200).output
    assert "--double-totals" in helped
    printed = CliRunner().invoke(cli, ["zero", "edge", "--decks", "1", "--double-totals", "4-7"])
    assert printed.exit_code == 0 and "double on 4/5/6/7" in printed.output
    refused = CliRunner().invoke(cli, ["zero", "edge", "--double-totals", "12"])
    assert refused.exit_code != 0 and "double-totals" in refused.output
    assert "Traceback" not in refused.output
    grid = zero.grid(
        decks=1, rules="stated", vary=["double_totals=0-9,4-7"], basic=False, sd=False
    ).rows()
    assert [row["double_totals"] for row in grid] == ["0-9", "4-7"]
    assert grid[1]["optimal_percent"] == pytest.approx(changed["house_edge_percent"], 1e-12)
    rows = zero.variants(decks=1).rows()
    assert any("double on 4 to 7 only" in str(row.values()) for row in rows)


def test_the_report_rules_table_lists_the_rule():
    from cardedge.analysis.zero.rules import ZeroRules
    from cardedge.reports.core.document import rules_table

    table = rules_table(RULES, STATED.with_(double_totals=frozenset({7})), ZeroRules(), "page", "t")
    row = next(r for r in table.rows() if r["rule"] == "--double-totals")
    assert (row["as played"], row["page"], row["differs"]) == ("7", "0-9", "yes")
