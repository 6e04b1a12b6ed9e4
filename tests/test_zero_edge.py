"""Published Zero edges, the exact relation between the two presets, and how one evaluation
of the play rules prices both."""

from fractions import Fraction

import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import round as zero_round
from cardedge.analysis.zero.rules import PUBLISHED_EDGES, preset


@pytest.mark.parametrize("decks", [6, 8])
def test_published_preset_reproduces_published_optimal_edge(zero_optimal, decks):
    edge = zero_optimal("published", decks).house_edge_percent
    assert round(edge, 4) == PUBLISHED_EDGES[("optimal", decks)]


def _p_ten_trips(decks: int) -> Fraction:
    """P(player's two cards and the up card are one ten-valued rank), counted by hand."""
    per_rank = 4 * decks
    n = 52 * decks
    return Fraction(4 * per_rank * (per_rank - 1) * (per_rank - 2), n * (n - 1) * (n - 2))


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_stated_minus_published_is_one_and_a_half_trips(zero_optimal, decks):
    stated = zero_optimal("stated", decks).ev
    published = zero_optimal("published", decks).ev
    assert published - stated == pytest.approx(1.5 * float(_p_ten_trips(decks)), abs=1e-15)


@pytest.mark.parametrize("decks", [6, 8])
def test_decision_probabilities_sum_to_one(zero_optimal, decks):
    probs = zero_optimal("published", decks).decision_probabilities()
    assert sum(probs.values()) == pytest.approx(1.0, abs=1e-13)
    assert all(p >= 0 for p in probs.values())


def test_the_presets_differ_only_in_price(zero_optimal):
    for decks in (1, 6, 8):
        # the play rules no longer carry the decks: for every shoe, both presets are played alike
        played = zero_optimal("stated", decks)
        assert played.shoe == zero_optimal("published", decks).shoe == Shoe.decks(decks)
        assert preset("stated").play_rules() == preset("published").play_rules()
    # Changed with the rules/shoe split: decks are no longer part of the play rules (so
    # ``preset("stated").play_rules()`` is the same for 6 and 8 decks, by design); what
    # the deck count still changes is the evaluation, so 6 and 8 decks give different results.
    assert zero_optimal("stated", 6).ev != zero_optimal("stated", 8).ev
    assert preset("stated").play_rules() != preset("stated").with_(das=False).play_rules()


def test_one_evaluation_prices_every_payout(monkeypatch):
    runs = []
    kernel = zero_round.all_deal_values
    monkeypatch.setattr(
        zero_round, "all_deal_values", lambda *args: runs.append(1) or kernel(*args)
    )
    rules = [
        preset("stated"),
        preset("published"),
        preset("stated").with_(zero_pair_pays=2.0),
    ]
    shoe = Shoe.decks(1)
    priced = zero_round.evaluate_rules(rules, shoe)
    assert len(runs) == 1
    for r, res in zip(rules, priced, strict=True):
        alone = zero_round.evaluate_round(r, shoe)
        assert res.rules == r and res.ev == alone.ev
        assert (res.deal_ev == alone.deal_ev).all()
    assert len(runs) == 1 + len(rules)


def test_a_play_result_prices_only_rules_played_alike():
    played = zero_round.evaluate_play(preset("published").play_rules(), Shoe.decks(1))
    assert played.price(preset("stated")).ev < played.price(preset("published")).ev
    with pytest.raises(ValueError, match="not played as"):
        played.price(preset("stated").with_(das=False))
