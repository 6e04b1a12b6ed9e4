"""The return table's distribution (analysis.zero.outcomes) against its Fraction twin.

``reference.outcome_distribution`` has the kernel's signature and fields but plays every hand
out card by card (a split's second hand from what the first left, one dealer hand after both).
Shoes are the stripped ones of ``test_zero_reference_policy``: 14-15 cards, 7-8 point values.
They are chosen free of exact EV ties at OPTIMAL cells: on such tiny shoes stand and double can
be worth exactly the same, and the float kernel then picks by rounding noise (EV unchanged,
distribution not). Fixed charts have no ties to break.
"""

from fractions import Fraction

import numpy as np
import pytest
from test_zero_reference_policy import FORCED, STRIPPED, odd_policy, published_policy, value_shoe

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import reference as ref
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.policy import OPTIMAL_POLICY
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset

TOL = 1e-11
"""Float sums over every leaf of a split-heavy chart drift by ~1e-12 on these shoes."""

# Zero Pairs by hand: the first shoe (14 cards) has 5-5 (2 * 1 ordered) and K-K (3 * 2), the
# second (15 cards) also T-T (2 * 1); K-K-K is the only ten-valued trips (3 * 2 * 1 ordered).
PAIRS_0, TRIPS_0 = Fraction(2 + 6, 14 * 13), Fraction(6, 14 * 13 * 12)
PAIRS_1, TRIPS_1 = Fraction(2 + 2 + 6, 15 * 14), Fraction(6, 15 * 14 * 13)
CASES = [
    (STRIPPED[0], "published", "optimal", PAIRS_0, TRIPS_0),
    (STRIPPED[1], "stated", "optimal", PAIRS_1, TRIPS_1),
    (STRIPPED[0], "stated", "published", PAIRS_0, TRIPS_0),
    (STRIPPED[1], "published", "odd", PAIRS_1, TRIPS_1),
]


def policy_named(name: str):
    return {"optimal": OPTIMAL_POLICY, "published": published_policy(), "odd": odd_policy()}[name]


@pytest.mark.parametrize("counts,rules_name,policy_name,pairs,trips", CASES)
def test_outcome_distribution_matches_reference(counts, rules_name, policy_name, pairs, trips):
    rules = preset(rules_name)
    policy = policy_named(policy_name)
    fast = outcome_distribution(rules, Shoe(counts), policy)
    exact = ref.outcome_distribution(rules, Shoe(counts), policy)
    assert [float(n) for n in exact.net] == fast.net.tolist()
    np.testing.assert_allclose(
        fast.probability, [float(p) for p in exact.probability], rtol=0, atol=TOL
    )
    assert (exact.zero_pair, exact.trips) == (pairs - trips, trips)
    assert fast.zero_pair == pytest.approx(float(exact.zero_pair), abs=1e-15)
    assert fast.trips == pytest.approx(float(exact.trips), abs=1e-15)
    assert fast.expected_wager == pytest.approx(float(exact.expected_wager), abs=TOL)
    # the distribution is that of a real round: it sums to one and reaches -4 .. +4
    total = sum(exact.probability) + exact.zero_pair + exact.trips
    assert total == 1
    if policy_name == "odd":  # splits and doubles everything: both extremes are reached
        assert exact.probability[0] > 0 and exact.probability[-1] > 0
    # played out card by card it has the EV the recursion gives, exactly
    assert exact.ev == ref.round_ev(counts, rules, policy=policy)
    assert fast.ev == pytest.approx(float(exact.ev), abs=TOL)


def test_odd_chart_split_on_a_shoe_of_kings_ends_at_minus_four():
    """A, 7 vs K, then only kings: both split hands double and lose, one outcome, 4 wagered."""
    shoe = value_shoe(FORCED, 1, 7, 0)
    chart = ref.Chart.of(odd_policy())
    assert ref.deal_outcomes(shoe, 0, 1, 7, preset("stated"), chart) == (
        {-4: Fraction(1)},
        Fraction(4),
    )


def test_double_after_split_off_keeps_split_hands_single():
    """Without DAS the odd chart's split hands cannot double: no deal wagers more than 2 units,
    so nothing ends beyond -2 .. +2 except the first-two-card doubles (-2 .. +2 as well)."""
    counts = STRIPPED[0]
    rules = preset("stated").with_(das=False)
    exact = ref.outcome_distribution(rules, Shoe(counts), odd_policy())
    fast = outcome_distribution(rules, Shoe(counts), odd_policy())
    by_net = dict(zip(exact.net, exact.probability, strict=True))
    assert by_net[-4] == by_net[-3] == by_net[3] == by_net[4] == 0
    assert by_net[-2] > 0
    np.testing.assert_allclose(
        fast.probability, [float(p) for p in exact.probability], rtol=0, atol=TOL
    )
    assert fast.ev == pytest.approx(evaluate_round(rules, Shoe(counts), odd_policy()).ev)


@pytest.mark.parametrize("decks", [6, 8])
def test_the_return_table_sums_to_the_round_ev(decks):
    """The outcome distribution of a full shoe prices to the round evaluator's EV within a few
    units in the 14th digit: a split's leaves drawing the same cards are merged before they
    are paired (about a million fewer additions into each bin than pairing every order, which
    drifted by 1-2e-13 and moved the 12th digit of the committed return tables)."""
    rules, shoe = preset("published"), Shoe.decks(decks)
    distribution = outcome_distribution(rules, shoe)
    assert abs(distribution.ev - evaluate_round(rules, shoe).ev) < 5e-14


def test_outcome_distributions_are_memoized_by_play_shoe_and_chart_cells():
    """The same play, shoe and chart cells (the chart built again under another name) find
    the first computation; its arrays are read-only, so no caller can change another's; the
    trips payout, which only labels a row, shares it too."""
    from dataclasses import replace

    from cardedge.analysis.zero import outcomes

    shoe = Shoe(STRIPPED[1])
    outcomes._nonpair_outcomes_of.cache_clear()  # what the other tests left does not count
    first = outcome_distribution(preset("stated"), shoe, published_policy())
    hits = outcomes._nonpair_outcomes_of.cache_info().hits
    again = outcome_distribution(preset("published"), shoe, replace(published_policy(), name="x"))
    assert outcomes._nonpair_outcomes_of.cache_info().hits == hits + 1
    assert again.probability is first.probability and again.policy == "x"
    assert not first.probability.flags.writeable and not first.net.flags.writeable
    with pytest.raises(ValueError):
        first.probability[0] = 1.0
    other = outcome_distribution(preset("stated"), shoe, odd_policy())  # other cells: computed
    assert outcomes._nonpair_outcomes_of.cache_info().hits == hits + 1
    assert not np.array_equal(other.probability, first.probability)
