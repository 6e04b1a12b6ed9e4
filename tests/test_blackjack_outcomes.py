"""The distribution of a blackjack round's net result (analysis/blackjack/outcomes.py) against
the literal Fraction twin (reference.OutcomeReference), and its mean against the exact edge."""

from fractions import Fraction

import numpy as np
import pytest
from test_blackjack_evaluator import RESPLIT_CASES, SMALL, shoe_of
from test_blackjack_strategy import SURRENDER_CHART, _chart_decisions

from cardedge.analysis.blackjack import reference
from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.outcomes import (
    MAX_NET,
    outcome_distribution,
    outcome_labels,
    split_deals,
)
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY, BlackjackPolicy
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    BlackjackRules,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.blackjack.simulate import blackjack_outcome_labels, blackjack_outcome_nets
from cardedge.reports.blackjack.simulation import natural_probabilities
from cardedge.strategy.blackjack.charts import policy_from_chart, strategy_policy


def _mean(dist: dict, nets: dict) -> float:
    return sum(nets[k] * float(p) for k, p in dist.items())


def _compare_with_twin(out, unsplit, split):
    """Unsplit deals bin for bin; split deals in mass and mean (their spread is the one
    approximation, hands independent given the dealer's result)."""
    for label in out.probability:
        want = float(unsplit.get(label, 0))
        got = out.probability[label] - out.split_part[label]
        assert got == pytest.approx(want, abs=1e-14), label
    assert set(unsplit) | set(split) <= set(out.probability)
    assert out.split_probability == pytest.approx(float(sum(split.values())), abs=1e-15)
    assert _mean(out.split_part, out.net) == pytest.approx(_mean(split, out.net), abs=1e-14)
    total = {k: unsplit.get(k, 0) + split.get(k, 0) for k in set(unsplit) | set(split)}
    assert sum(total.values()) == 1
    assert out.ev == pytest.approx(_mean(total, out.net), abs=1e-14)


@pytest.mark.parametrize("surrender", [False, True], ids=["no-surrender", "surrender"])
@pytest.mark.parametrize("peek", [False, True], ids=["no-peek", "peek"])
def test_optimal_play_matches_the_literal_game(peek, surrender):
    rules = BlackjackRules(peek=peek, split_hands=2, surrender=surrender)
    out = outcome_distribution(ShoeAnalysis(rules, shoe_of(SMALL)))
    unsplit, split = reference.OutcomeReference(rules, SMALL).outcome_distribution()
    assert out.split_probability > 0.009
    assert (out.probability["surrender"] > 0.03) if surrender else "surrender" not in unsplit
    _compare_with_twin(out, unsplit, split)


@pytest.mark.parametrize("peek", [False, True], ids=["no-peek", "peek"])
def test_a_chart_with_every_fallback_matches_the_literal_game(peek):
    rules = BlackjackRules(peek=peek, split_hands=2, surrender=True)
    analysis = ShoeAnalysis(rules, shoe_of(SMALL))
    out = outcome_distribution(analysis, policy_from_chart(SURRENDER_CHART, rules))
    play, split = _chart_decisions(SURRENDER_CHART, rules)
    ref = reference.OutcomeReference(rules, SMALL, play=play, split=split)
    _compare_with_twin(out, *ref.outcome_distribution())


def _forced_split(pair: int) -> BlackjackPolicy:
    pairs = np.full((10, 10), Action.OPTIMAL, dtype=np.int8)
    pairs[pair, :] = Action.SPLIT
    return BlackjackPolicy("split", OPTIMAL_POLICY.codes, pairs)


@pytest.mark.parametrize("values, pair, hands, changes", RESPLIT_CASES)
def test_resplit_distributions_keep_the_exact_split_value(values, pair, hands, changes):
    """Every resplit ending, every hand: the distribution's mean is the exact split value
    (Farmer-Nairn, and the twin playing it literally), it sums to 1, and it stays within the
    documented approximation of the literal distribution on these 20-card shoes."""
    rules = BlackjackRules(split_hands=hands, **changes)
    analysis = ShoeAnalysis(rules, shoe_of(values))
    policy = _forced_split(pair)
    result = analysis.evaluate(policy)
    ref = reference.OutcomeReference(rules, values)
    nets = (np.arange(4 * MAX_NET + 1) - 2 * MAX_NET) / 2
    checked = 0
    for (p, u), (dist, _) in split_deals(analysis, policy, result).items():
        if p != pair:
            continue
        want = ref.split_distribution(u, p)
        literal = np.zeros_like(dist)
        for net, q in want.items():
            literal[int(2 * net) + 2 * MAX_NET] += float(q)
        assert dist.sum() == pytest.approx(1.0, abs=1e-14)
        assert dist.min() > -1e-15
        assert dist @ nets == pytest.approx(result.split_ev[p, u], abs=1e-14)
        assert dist @ nets == pytest.approx(float(sum(k * q for k, q in want.items())), abs=1e-14)
        assert np.abs(dist - literal).sum() / 2 < 0.05  # total variation on a 20-card shoe
        checked += 1
    assert checked >= 3


def test_splits_end_to_end_of_one_hand_are_exact():
    """Where the split hands' cards cannot shift one another's chances once the dealer's
    result is known (sevens against an ace on this shoe), the split is exact bin for bin."""
    values, pair, hands, changes = RESPLIT_CASES[0]
    rules = BlackjackRules(split_hands=hands, **changes)
    analysis = ShoeAnalysis(rules, shoe_of(values))
    policy = _forced_split(pair)
    dist, _ = split_deals(analysis, policy, analysis.evaluate(policy))[(pair, 0)]
    want = reference.OutcomeReference(rules, values).split_distribution(0, pair)
    for net, q in want.items():
        assert dist[int(2 * net) + 2 * MAX_NET] == pytest.approx(float(q), abs=1e-15)


SIX_DECK_CASES = [
    # (rules, shoe, strategy): a game setup is rules plus a shoe
    (DEFAULT_RULES, DEFAULT_SHOE, "optimal"),
    (DEFAULT_RULES, DEFAULT_SHOE, "basic"),
    (DEFAULT_RULES, DEFAULT_SHOE, "normal"),
    (DEFAULT_RULES, DEFAULT_SHOE, "easy"),
    (PUBLISHED_RULES.with_(surrender=True), PUBLISHED_SHOE, "optimal"),
    (DEFAULT_RULES.with_(surrender=True, h17=True), DEFAULT_SHOE, "basic"),
    (DEFAULT_RULES.with_(natural="6:5", rsa=True, hit_split_aces=True), DEFAULT_SHOE, "optimal"),
    (PUBLISHED_RULES.with_(split_hands=3, das=False), Shoe.decks(2), "optimal"),
]


@pytest.mark.parametrize("rules, shoe, strategy", SIX_DECK_CASES, ids=lambda x: str(x))
def test_the_mean_is_minus_the_exact_edge_and_probabilities_sum_to_one(rules, shoe, strategy):
    analysis = shoe_analysis(rules, shoe)
    policy = strategy_policy(strategy, analysis)
    edge = analysis.evaluate(policy).house_edge_percent
    out = outcome_distribution(analysis, policy)
    assert out.ev == pytest.approx(-edge / 100, abs=1e-12)
    assert sum(out.probability.values()) == pytest.approx(1.0, abs=1e-12)
    assert min(out.probability.values()) > -1e-15
    assert tuple(out.probability) == outcome_labels(rules) == blackjack_outcome_labels(rules)
    assert [out.net[k] for k in out.probability] == list(blackjack_outcome_nets(rules))
    naturals = natural_probabilities(shoe.whole_decks("natural_probabilities"))
    for label in ("natural wins", "natural pushes"):
        assert out.probability[label] == pytest.approx(naturals[label], abs=1e-15)
    assert out.expected_wager > 1.0 - 1e-12
    assert (out.split_probability == 0) == (strategy == "easy")
    if strategy == "easy":  # never doubles or splits: whole nets -1..+1 and naturals only
        assert out.expected_wager == pytest.approx(1.0, abs=1e-12)
        assert all(p == 0 for k, p in out.probability.items() if abs(out.net[k]) > 1.5)


def test_six_deck_return_figures():
    """The return table's headline figures, 6 decks, the rules page's game, optimal play."""
    out = outcome_distribution(shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE))
    assert round(-100 * out.ev, 4) == 0.5141
    assert round(out.std, 4) == 1.1351
    assert round(out.element_of_risk_percent, 4) == 0.4609
    assert round(out.expected_wager, 4) == 1.1154
    assert round(out.probability["+1"], 4) == 0.3339
    assert round(out.probability["-1"], 4) == 0.4410
    assert round(out.split_probability, 4) == 0.0227
    assert out.probability["+8"] > 0 and out.probability["-8"] > 0


def test_the_twin_bins_are_the_simulators():
    assert reference.outcome_label(Fraction(-1, 2)) == "surrender"
    assert reference.outcome_label(Fraction(3)) == "+3"
    assert reference.outcome_label(Fraction(0)) == "0"
    assert reference.outcome_label(Fraction(-8)) in blackjack_outcome_labels(DEFAULT_RULES)


@pytest.mark.parametrize(
    "rules, shoe",
    [(DEFAULT_RULES, DEFAULT_SHOE), (PUBLISHED_RULES, PUBLISHED_SHOE)],
    ids=["no-peek", "peek"],
)
def test_the_surrender_bin_is_the_deals_surrendered(rules, shoe):
    """The surrender bin against a direct sum over the deals the policy surrenders (less, under
    peek, the dealer naturals that end the round first)."""
    from cardedge.reports.blackjack.simulation import surrender_probability

    analysis = shoe_analysis(rules.with_(surrender=True), shoe)
    result = analysis.evaluate()
    out = outcome_distribution(analysis)
    want = surrender_probability(analysis.base, result)
    assert want > 0.03
    assert out.probability["surrender"] == pytest.approx(want, abs=1e-15)
