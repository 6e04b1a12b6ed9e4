"""The register of witnesses: every numba kernel in cardedge and what checks it independently.

One entry per dispatcher (``@njit`` function) found by walking the package, keyed by its dotted
name without the ``cardedge.`` prefix. ``tests/test_witnesses.py`` fails when a kernel has no
entry, an entry names a kernel that is gone, or a named test, twin or host kernel is missing.

Kinds:
- ``fraction twin``: a slow function in exact fractions computes the same numbers
  (``analysis/*/reference.py``), and the tests compare them;
- ``independent enumeration``: the same numbers by another route (a different algorithm or
  enumeration), compared by the tests;
- ``simulation replay``: the Monte Carlo kernels against the Python engines playing the very
  same cards (``engine/<game>/replay.py``), count for count;
- ``internal to <kernel>``: a helper only reached through that registered kernel, witnessed by
  that kernel's tests;
- ``entry to <kernel>``: a kernel that only hands its arguments to that registered kernel, so
  Python can call it (``analysis.core.kernels``: the kernel itself is ``inner``).

``twin`` is the dotted name of the witness (a function or class; ``cardedge.`` prefix implied),
``tests`` pytest node ids without parameters. Run ``python tests/witnesses.py`` to print
skeleton entries for kernels not yet registered.
"""

from __future__ import annotations

from typing import NamedTuple

FRACTION_TWIN = "fraction twin"
ENUMERATION = "independent enumeration"
REPLAY = "simulation replay"
INTERNAL = "internal to "
ENTRY = "entry to "
KINDS = (FRACTION_TWIN, ENUMERATION, REPLAY)


class Witness(NamedTuple):
    kind: str
    twin: str | None = None
    tests: tuple[str, ...] = ()


def internal(host: str) -> Witness:
    """A helper kernel reached only through ``host``, which carries the witness."""
    return Witness(INTERNAL + host)


def entry(kernel: str) -> Witness:
    """Python's way into ``kernel`` (an inner kernel), which carries the witness."""
    return Witness(ENTRY + kernel)


ZREF = "tests/test_zero_reference.py::"
ZPOL = "tests/test_zero_reference_policy.py::"
ZOUT = "tests/test_zero_outcomes_reference.py::"
BJ = "tests/test_blackjack_evaluator.py::"
BJO = "tests/test_blackjack_outcomes.py::"
SIM = "tests/test_simulators.py::"
FIVE = "tests/test_blackjack_five_card_rule.py::"
BJ_ROUNDS = "engine.blackjack.simulate.blackjack_rounds"

WITNESSES: dict[str, Witness] = {
    # ---- shared ---------------------------------------------------------------------------
    "analysis.core.memo.multiset_rank": Witness(
        ENUMERATION,
        "analysis.core.memo.multiset_count",
        ("tests/test_memo.py::test_multiset_rank_numbers_every_multiset_densely_and_once",),
    ),
    # ---- Zero: dealer ---------------------------------------------------------------------
    "analysis.zero.dealer.dealer_distribution": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.dealer_final",
        (
            ZREF + "test_dealer_distribution_matches_reference_one_deck",
            "tests/test_zero_properties.py::test_dealer_distribution_sums_to_one",
        ),
    ),
    "analysis.zero.dealer.stand_evs": internal("analysis.zero.player.stand_ev"),
    # ---- Zero: one hand -------------------------------------------------------------------
    "analysis.zero.player.card_count": internal("analysis.zero.player.hit_value"),
    "analysis.zero.player.cards_left": internal("analysis.zero.player.hit_value"),
    "analysis.zero.player.state_index": internal("analysis.zero.player.stand_ev"),
    "analysis.zero.player._fill_state": internal("analysis.zero.player.stand_ev"),
    "analysis.zero.player.stand_ev": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.stand",
        (ZPOL + "test_hand_evaluator_action_evs_match_reference",),
    ),
    "analysis.zero.player.dealer_row": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.player._fill_doubles": internal("analysis.zero.player.double_ev"),
    "analysis.zero.player.double_ev": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.double",
        (ZPOL + "test_hand_evaluator_action_evs_match_reference",),
    ),
    "analysis.zero.player.three_card_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.three_card_play",
        (ZPOL + "test_hand_evaluator_action_evs_match_reference",),
    ),
    "analysis.zero.player.hit_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.three_card",
        (ZPOL + "test_hand_evaluator_action_evs_match_reference",),
    ),
    "analysis.zero.player.two_card_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.two_card_play",
        (
            ZPOL + "test_published_chart_round_matches_reference",
            ZPOL + "test_odd_chart_round_matches_reference",
            ZREF + "test_sampled_deals_match_reference",
        ),
    ),
    "analysis.zero.player.two_card_value_entry": entry("analysis.zero.player.two_card_value"),
    # ---- Zero: splits ---------------------------------------------------------------------
    "analysis.zero.split.split_hand_value": internal("analysis.zero.split.split_value"),
    "analysis.zero.split.split_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.split_hand",
        (
            ZPOL + "test_hand_evaluator_action_evs_match_reference",
            ZPOL + "test_odd_chart_round_matches_reference",
        ),
    ),
    "analysis.zero.split.optimal_split_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference._first_hand",
        (
            ZREF + "test_fully_optimal_split_on_stripped_shoe_matches_reference",
            ZREF + "test_split_conventions_are_ordered",
        ),
    ),
    "analysis.zero.split._ordered_split_value": internal("analysis.zero.split.optimal_split_value"),
    "analysis.zero.split._first_two": internal("analysis.zero.split.optimal_split_value"),
    "analysis.zero.split._first_three": internal("analysis.zero.split.optimal_split_value"),
    "analysis.zero.split._second_hand_value": internal("analysis.zero.split.optimal_split_value"),
    "analysis.zero.split._optimal_two_card_value": internal(
        "analysis.zero.split.optimal_split_value"
    ),
    # ---- Zero: the round ------------------------------------------------------------------
    "analysis.zero.round.deal_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.deal_play",
        (
            ZREF + "test_sampled_deals_match_reference",
            ZPOL + "test_published_chart_round_matches_reference",
            ZPOL + "test_odd_chart_round_matches_reference",
            ZPOL + "test_mixed_fixed_and_optimal_cells_match_reference",
        ),
    ),
    "analysis.zero.round._unsplit_value": internal("analysis.zero.round.deal_value"),
    "analysis.zero.round._dealt_value": internal("analysis.zero.round.deal_value"),
    "analysis.zero.round.optimal_split_deal_value": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference._first_hand",
        (ZREF + "test_fully_optimal_split_on_stripped_shoe_matches_reference",),
    ),
    "analysis.zero.round.all_optimal_split_deal_values": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference._first_hand",
        (
            ZREF + "test_fully_optimal_split_on_stripped_shoe_matches_reference",
            ZREF + "test_split_conventions_are_ordered",
        ),
    ),
    "analysis.zero.round.deal_possible": internal("analysis.zero.round.all_deal_values"),
    "analysis.zero.round.all_deal_values": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.round_ev",
        (
            ZREF + "test_full_round_on_stripped_shoe_matches_reference",
            ZREF + "test_rule_variants_on_stripped_shoe_match_reference",
            ZPOL + "test_published_chart_round_matches_reference",
            ZPOL + "test_chart_file_plays_as_the_chart_it_was_saved_from",
        ),
    ),
    # ---- Zero: the return table's distribution --------------------------------------------
    "analysis.zero.outcomes.nonpair_outcomes": Witness(
        FRACTION_TWIN,
        "analysis.zero.reference.outcome_distribution",
        (
            ZOUT + "test_outcome_distribution_matches_reference",
            ZOUT + "test_double_after_split_off_keeps_split_hands_single",
        ),
    ),
    "analysis.zero.outcomes._split_outcomes": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._split_hand_leaves": internal(
        "analysis.zero.outcomes.nonpair_outcomes"
    ),
    "analysis.zero.outcomes._empty_leaves": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._leaf": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._hit_outcomes": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._draw_probability": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._add": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._settle": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._sign": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._multiset_key": internal("analysis.zero.outcomes.nonpair_outcomes"),
    "analysis.zero.outcomes._merged_leaves": internal("analysis.zero.outcomes.nonpair_outcomes"),
    # ---- Zero: chart derivation -----------------------------------------------------------
    # Reach-weighted cell sums against whole rounds re-evaluated with one cell flipped.
    "strategy.zero.cells.cell_values_by_total": Witness(
        ENUMERATION,
        "analysis.zero.round.evaluate_round",
        (
            "tests/test_zero_strategy.py::test_cell_sums_predict_the_exact_gain_of_flipping_one_cell",
        ),
    ),
    "strategy.zero.cells._visit_two": internal("strategy.zero.cells.cell_values_by_total"),
    "strategy.zero.cells._visit_three": internal("strategy.zero.cells.cell_values_by_total"),
    "strategy.zero.cells._visit_split_hand": internal("strategy.zero.cells.cell_values_by_total"),
    # ---- blackjack ------------------------------------------------------------------------
    "analysis.blackjack.dealer.dealer_outcomes": Witness(
        FRACTION_TWIN,
        "analysis.blackjack.reference.dealer_finals",
        (
            BJ + "test_dealer_matches_literal_recursion",
            BJ + "test_eight_deck_dealer_with_long_hands_matches_literal_recursion",
        ),
    ),
    "analysis.blackjack.dealer.dealer_outcomes_batch": Witness(
        ENUMERATION,
        "analysis.blackjack.dealer.dealer_outcomes",
        (BJ + "test_batched_dealer_gives_the_bits_of_one_shoe_at_a_time",),
    ),
    "analysis.blackjack.player.batch_outcomes": Witness(
        FRACTION_TWIN,
        "analysis.blackjack.reference.Reference",
        (BJ + "test_round_ev_matches_reference", BJ + "test_random_small_shoes_match_literal_play"),
    ),
    "analysis.blackjack.player.play_values": Witness(
        FRACTION_TWIN,
        "analysis.blackjack.reference.Reference",
        (
            BJ + "test_unsplit_action_values_match_reference",
            BJ + "test_three_card_values_match_reference",
            BJ + "test_one_split_matches_literal_play",
            BJ + "test_resplits_match_literal_play",
            BJ + "test_round_ev_matches_reference",
            BJ + "test_random_small_shoes_match_literal_play",
            BJ + "test_surrender_values_match_reference",
            BJ + "test_surrender_round_ev_and_splits_match_reference",
            "tests/test_blackjack_strategy.py::test_generic_chart_ev_matches_literal_play",
            "tests/test_blackjack_strategy.py::test_surrender_chart_ev_matches_literal_play",
            FIVE + "test_round_ev_matches_the_twin",
            FIVE + "test_hand_values_up_to_five_cards_match_the_twin",
            FIVE + "test_resplit_twos_drawing_to_five_cards_match_literal_play",
        ),
    ),
    # Also called by the round for the peek rule's natural: the peek cases of the same tests.
    "analysis.blackjack.player.natural_probability": Witness(
        FRACTION_TWIN,
        "analysis.blackjack.reference.Reference",
        (BJ + "test_round_ev_matches_reference", BJ + "test_random_small_shoes_match_literal_play"),
    ),
    "analysis.blackjack.player.choose": internal("analysis.blackjack.player.play_values"),
    "analysis.blackjack.player.coded_action": internal("analysis.blackjack.player.play_values"),
    "analysis.blackjack.player.in_context": internal("analysis.blackjack.player.play_values"),
    "analysis.blackjack.player.state_shoe": internal("analysis.blackjack.player.play_values"),
    "analysis.blackjack.player.surrender_value": internal("analysis.blackjack.player.play_values"),
    # ---- blackjack: the return table's distribution ---------------------------------------
    "analysis.blackjack.outcomes.hand_distributions": Witness(
        FRACTION_TWIN,
        "analysis.blackjack.reference.OutcomeReference",
        (
            BJO + "test_optimal_play_matches_the_literal_game",
            BJO + "test_a_chart_with_every_fallback_matches_the_literal_game",
            BJO + "test_resplit_distributions_keep_the_exact_split_value",
            BJO + "test_the_mean_is_minus_the_exact_edge_and_probabilities_sum_to_one",
            FIVE + "test_the_return_table_matches_the_literal_game",
        ),
    ),
    "analysis.blackjack.outcomes._settle": internal(
        "analysis.blackjack.outcomes.hand_distributions"
    ),
    "analysis.blackjack.outcomes._result": internal(
        "analysis.blackjack.outcomes.hand_distributions"
    ),
    # ---- the Monte Carlo simulator and its decision tables --------------------------------
    "engine.core.dealing.draw": Witness(
        REPLAY,
        "engine.core.dealing.ShuffledShoe",
        (
            "tests/test_zero_rules_engine.py::test_the_numba_draw_deals_the_same_cards_as_the_python_shoe",
        ),
    ),
    # The Python shoe repeats the index formula inline; only a chi-squared test checks that the
    # formula itself is uniform (tests/test_zero_rules_engine.py::test_draws_are_uniform_...).
    "engine.core.dealing.uniform_index": internal("engine.core.dealing.draw"),
    "engine.zero.simulate.zero_rounds": Witness(
        REPLAY,
        "engine.zero.replay.simulate_zero",
        (SIM + "test_zero_kernel_counts_equal_the_engine_round_for_round",),
    ),
    **{
        f"engine.zero.simulate.{helper}": internal("engine.zero.simulate.zero_rounds")
        for helper in ("play_hand", "dealer_total", "settle", "pair_outcome")
    },
    "engine.zero.shoe_game.zero_shoe_rounds": Witness(
        REPLAY,
        "engine.zero.shoe_replay.simulate_shoe_game",
        ("tests/test_zero_shoe_game.py::test_the_kernel_equals_the_engine_round_for_round",),
    ),
    "engine.blackjack.simulate.blackjack_rounds": Witness(
        REPLAY,
        "engine.blackjack.replay.simulate_blackjack",
        (SIM + "test_blackjack_kernel_counts_equal_the_engine_round_for_round",),
    ),
    "engine.blackjack.simulate._play_hand": internal("engine.blackjack.simulate.blackjack_rounds"),
    **{
        f"engine.blackjack.simulate.{helper}": internal(BJ_ROUNDS)
        for helper in ("is_natural", "check_first", "play_seat", "settled", "dealer_total")
    },
    "engine.blackjack.simulate.settle": internal(BJ_ROUNDS),
    "engine.blackjack.shoe_game.shoe_rounds": Witness(
        REPLAY,
        "engine.blackjack.shoe_replay.simulate_shoe_game",
        ("tests/test_shoe_game.py::test_the_kernel_equals_the_engine_round_for_round",),
    ),
    **{
        f"engine.core.shoe_game.{helper}": internal("engine.blackjack.shoe_game.shoe_rounds")
        for helper in ("count_state", "decks_left", "shuffled_if_cut", "counted")
    },
    "engine.blackjack.simulate._dealer_total": internal(
        "engine.blackjack.simulate.blackjack_rounds"
    ),
    # The optimal decision tables against the hand evaluator's best action, situation by situation.
    "engine.zero.tables._optimal_tables": Witness(
        ENUMERATION,
        "analysis.zero.hand.HandEvaluator",
        (SIM + "test_optimal_zero_tables_are_the_hand_evaluators_best_actions",),
    ),
    "engine.zero.tables._possible": internal("engine.zero.tables._optimal_tables"),
}


if __name__ == "__main__":
    # Print skeleton entries for kernels the register lacks (the generator; edit, then paste).
    from test_witnesses import find_kernels

    for name in sorted(set(find_kernels()) - set(WITNESSES)):
        print(f'    "{name}": Witness(KIND, "twin", ("tests/test_x.py::test_y",)),')
