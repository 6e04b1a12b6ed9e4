"""Other players at the table: the engine's table of several seats and the study's --players.

A one-seat table deals and plays exactly as the single-player round; with more seats the dealer
plays once for all, every card comes from the one shoe, and the study records our seat only,
with exact values still those of the cards left at our bet.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.cards import CARDS_PER_DECK, RANKS
from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.policy import OPTIMAL_POLICY
from cardedge.analysis.zero.round import evaluate_policies
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.engine.blackjack import game as bj
from cardedge.engine.core.dealing import (
    RANK_OF_KIND,
    DealtShoe,
    IllegalAction,
    ShoeEmpty,
    ShuffledShoe,
    parse_card,
)
from cardedge.engine.core.table import Table, check_seats, play_table
from cardedge.engine.zero import game as zero
from cardedge.reports.blackjack.study import blackjack_study
from cardedge.reports.study_results import players_table
from cardedge.reports.zero.study import zero_study
from cardedge.strategy.core.departures import Departure
from cardedge.study.core.plan import StudyPlan
from cardedge.study.core.rounds import LEFT_COLUMNS, deal_shoe, fresh_counts, records_frame
from cardedge.study.zero.game import ZeroStudy

STUDY_RESULTS = Path(__file__).resolve().parent.parent / "results" / "study"
# decks left the rules (a setup is rules plus a shoe): one rules object each, dealt from
# the shoes each test names (the study below deals one deck)
ZERO = preset("published")
BLACKJACK = BlackjackRules()
ONE_DECK = Shoe.decks(1)


class Fidget:
    """A player whose choice depends on what it sees, trying every legal action somewhere
    (splits, doubles, surrenders): the one-seat identity must hold whatever is played."""

    def choose(self, view) -> str:
        return view.legal[(sum(view.hand) * 7 + view.up + len(view.hands)) % len(view.legal)]


class Stander:
    def choose(self, view) -> str:
        return "stand"


class Hitter:
    def choose(self, view) -> str:
        return "hit" if "hit" in view.legal else view.legal[0]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def rank_counts(kinds) -> np.ndarray:
    return np.bincount(RANK_OF_KIND[np.asarray(kinds, dtype=np.int64)], minlength=len(RANKS))


def table_cards(table: Table) -> list[int]:
    """Every card of the round: each seat's hands and the dealer's."""
    seat_cards = [c for s in table.seats for h in s.hands for c in h.cards]
    return seat_cards + list(table.dealer)


# ---- the engine's table ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "new_round,rules,decks",
    [(zero.ZeroRound, ZERO, 6), (bj.BlackjackRound, BLACKJACK, 6)],
    ids=["zero", "blackjack"],
)
def test_a_one_seat_table_plays_card_for_card_as_the_single_player_round(new_round, rules, decks):
    alone, at_table = DealtShoe(decks, 11), DealtShoe(decks, 11)
    rounds = 0
    while alone.cards_left > 30:
        expected = zero.play_round(new_round(rules, alone), Fidget())
        table = Table(at_table, 1, lambda d: new_round(rules, at_table, seat=d))
        assert play_table(table, [Fidget()]) == (expected,)
        assert at_table.dealt == alone.dealt
        np.testing.assert_array_equal(at_table.cards, alone.cards)
        rounds += 1
    assert rounds >= 50


@pytest.mark.parametrize(
    "new_round,rules,decks",
    [(zero.ZeroRound, ZERO, 1), (bj.BlackjackRound, BLACKJACK, 1)],
    ids=["zero", "blackjack"],
)
def test_a_table_round_takes_exactly_its_seats_and_dealers_cards_from_the_shoe(
    new_round, rules, decks
):
    shoe = DealtShoe(decks, 5)
    for _ in range(4):
        before, dealt = shoe.counts_left(), shoe.dealt
        table = Table(shoe, 3, lambda d: new_round(rules, shoe, seat=d))
        play_table(table, [Fidget(), Hitter(), Stander()])
        used = table_cards(table)
        assert shoe.dealt - dealt == len(used)
        np.testing.assert_array_equal(before - shoe.counts_left(), rank_counts(used))


def test_zero_table_deals_in_seat_order_and_the_dealer_draws_once_for_everyone():
    shoe = ShuffledShoe(6, 0)
    # first cards to seats 1-3 (K, 3, 2), second cards (K, 4, 5), up 5, hole 2: seat 1 has a
    # Zero Pair, seat 2 stands on 7, seat 3 hits a 4 (1); the dealer's 7 draws a 6 (3), stands
    shoe.stack(cards("Ks 3h 2c Kd 4h 5c 5s 2d 4c 6h"))
    table = Table(shoe, 3, lambda d: zero.ZeroRound(ZERO, shoe, seat=d))
    one, two, three = table.seats
    assert one.finished and one.outcome.decision == "zero pair"  # K K
    assert two.hands[0].cards == cards("3h 4h") and three.hands[0].cards == cards("2c 5c")
    with pytest.raises(IllegalAction, match="round is over"):
        one.act("stand")
    play_table(table, [Stander(), Stander(), Hitter()])
    assert table.dealer == cards("5s 2d 6h") and table.dealer_drew
    assert one.outcome.dealer == tuple(cards("5s 2d")) and one.outcome.net == 1.5
    for seat, total in ((two, 7), (three, 1)):
        assert seat.outcome.dealer == tuple(table.dealer) and seat.outcome.dealer_total == 3
        assert seat.outcome.net == zero.settle_hand(total, 3, 1.0)
    assert two.outcome.net == -1.0 and three.outcome.net == 1.0
    assert shoe.dealt == 10


def test_zero_dealer_does_not_draw_when_every_seat_has_a_zero_pair():
    shoe = ShuffledShoe(6, 0)
    shoe.stack(cards("Ks Qh Kd Qc 5s 2d"))
    table = Table(shoe, 2, lambda d: zero.ZeroRound(ZERO, shoe, seat=d))
    outcomes = play_table(table, [Stander(), Stander()])
    assert [o.decision for o in outcomes] == ["zero pair", "zero pair"]
    assert table.dealer == cards("5s 2d") and not table.dealer_drew and shoe.dealt == 6


def test_blackjack_seats_settle_against_one_dealer_hand_drawn_once():
    rules = BLACKJACK
    shoe = ShuffledShoe(6, 0)
    # seats: 1 = T,8 stands (18); 2 = 9,7 hits a T and busts; 3 = A,K natural;
    # dealer 6,T (16) draws one card, a 3: 19
    shoe.stack(cards("Ts 9h Ad 8c 7d Kh 6s Tc Td 3c"))
    table = Table(shoe, 3, lambda d: bj.BlackjackRound(rules, shoe, seat=d))
    one, two, three = table.seats
    assert three.finished and three.outcome.net == rules.natural_payout
    play_table(table, [Stander(), Hitter(), Stander()])
    assert table.dealer == cards("6s Tc 3c") and table.dealer_drew
    assert one.outcome.dealer_total == two.outcome.dealer_total == 19
    assert one.outcome.dealer == two.outcome.dealer == tuple(table.dealer)
    assert one.outcome.net == -1.0 and two.outcome.net == -1.0 and two.outcome.hands[0].busted
    assert shoe.dealt == 10


def test_blackjack_dealer_does_not_draw_when_every_seat_is_settled_early():
    rules = BLACKJACK
    shoe = ShuffledShoe(6, 0)
    # seat 1 T,6 hits a T (bust); seat 2 A,K natural; dealer 6,T would draw
    shoe.stack(cards("Ts Ad 6c Kh 6s Tc Td"))
    table = Table(shoe, 2, lambda d: bj.BlackjackRound(rules, shoe, seat=d))
    outcomes = play_table(table, [Hitter(), Stander()])
    assert table.dealer == cards("6s Tc") and not table.dealer_drew
    assert [o.net for o in outcomes] == [-1.0, rules.natural_payout] and shoe.dealt == 7


def test_the_table_plays_the_dealer_only_after_every_seat():
    shoe = ShuffledShoe(6, 3)
    table = Table(shoe, 2, lambda d: bj.BlackjackRound(BLACKJACK, shoe, seat=d))
    if all(s.finished for s in table.seats):
        pytest.skip("both seats settled at the deal")
    with pytest.raises(ValueError, match="still playing"):
        table.play_dealer()


@pytest.mark.parametrize(
    "seats,seat,message",
    [(0, 1, "players must be in 1..7"), (8, 1, "players must be in 1..7"), (3, 4, "1..3")],
)
def test_bad_seats_are_refused(seats, seat, message):
    with pytest.raises(ValueError, match=message):
        check_seats(seats, seat)
    with pytest.raises(ValueError, match=message):
        StudyPlan(6, 0.75, 1, 1, resolve_system("hilo"), players=seats, seat=seat)


# ---- the study ------------------------------------------------------------------------------
def zero_plan(players: int = 1, seat: int = 1, shoes: int = 1) -> StudyPlan:
    return StudyPlan(1, 0.6, shoes, 3, resolve_system("hiopt2"), players=players, seat=seat)


@pytest.fixture(scope="module")
def zero_game():
    return zero_study(ZERO, ONE_DECK, "basic")


def dealt(game, plan: StudyPlan) -> pd.DataFrame:
    frames = [records_frame(deal_shoe(game, plan, s)) for s in range(plan.shoes)]
    return pd.concat(frames, ignore_index=True)


@pytest.fixture(scope="module")
def zero_records(zero_game):
    """Six one-deck shoes dealt alone, at seat 1 of 3 and at seat 3 of 3."""
    return {key: dealt(zero_game, zero_plan(*key, shoes=6)) for key in ((1, 1), (3, 1), (3, 3))}


def test_the_manifest_names_players_only_at_a_shared_table():
    assert "players" not in zero_plan().identity() and "seat" not in zero_plan().identity()
    assert zero_plan(3, 2).identity() | {"players": 1, "seat": 1} != zero_plan().identity()
    assert {k: zero_plan(3, 2).identity()[k] for k in ("players", "seat")} == {
        "players": 3,
        "seat": 2,
    }
    assert "3 players (our seat 2)" in zero_plan(3, 2).describe()
    assert "players" not in zero_plan().describe()


def test_three_players_deal_our_seat_fewer_rounds_counting_every_card(zero_records):
    alone, shared = zero_records[1, 1], zero_records[3, 1]
    assert len(shared) < 0.75 * len(alone)
    for frame in (alone, shared):
        left = frame[list(LEFT_COLUMNS)].to_numpy()
        # the cards left and the cards dealt always make the whole shoe
        np.testing.assert_array_equal(left.sum(axis=1) + frame["cards_dealt"], CARDS_PER_DECK)
        tags = resolve_system("hiopt2").by_rank()
        np.testing.assert_array_equal(frame["running_count"], (fresh_counts(1) - left) @ tags)
    # a round at a table of three takes more than twice the cards of a round alone
    per_round = {
        k: f.groupby("shoe")["cards_dealt"].diff().dropna().mean() for k, f in zero_records.items()
    }
    assert per_round[3, 1] > 2 * per_round[1, 1]


def test_our_seats_exact_values_are_the_evaluators_on_the_cards_left(zero_game, zero_records):
    shared = zero_records[3, 1]
    play = ZERO.play_rules()
    policy, _ = zero_game.played(())
    for _, row in shared.iloc[[0, 1, len(shared) // 2, -1]].iterrows():
        shoe = Shoe(tuple(int(row[c]) for c in LEFT_COLUMNS))
        optimal, chart = evaluate_policies(play, shoe, (OPTIMAL_POLICY, policy))
        assert row["ev_optimal"] == optimal.price(ZERO).ev
        assert row["ev_strategy"] == chart.price(ZERO).ev


def test_seat_order_matters_but_not_to_the_cards_dealt_when_every_seat_plays_the_chart(
    zero_records,
):
    first, third = zero_records[3, 1], zero_records[3, 3]
    # without index plays every seat plays the chart: the table deals the same cards
    same = ["shoe", "round", "cards_dealt", "ev_optimal", "ev_strategy", *LEFT_COLUMNS]
    np.testing.assert_array_equal(first[same].to_numpy(), third[same].to_numpy())
    # but seat 1 and seat 3 hold different hands
    assert (first["net"] != third["net"]).sum() > len(first) // 4


def test_blackjack_three_players_exact_values_on_the_cards_left():
    game = blackjack_study(BLACKJACK, ONE_DECK, "basic")
    plan = StudyPlan(1, 0.5, 1, 2, resolve_system("hilo"), players=3, seat=2)
    alone = records_frame(deal_shoe(game, StudyPlan(1, 0.5, 1, 2, resolve_system("hilo")), 0))
    shared = records_frame(deal_shoe(game, plan, 0))
    assert 1 <= len(shared) < len(alone)
    for _, row in shared.iloc[[0, -1]].iterrows():
        analysis = ShoeAnalysis(BLACKJACK, Shoe(tuple(int(row[c]) for c in LEFT_COLUMNS)))
        assert row["ev_optimal"] == analysis.evaluate().ev
        assert row["ev_strategy"] == analysis.evaluate(game.policy(())).ev


# ---- the command line -----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["zero", "blackjack"])
@pytest.mark.parametrize(
    "args,message",
    [
        (["--players", "0"], "'--players': 0 is not a whole number in 1..7"),
        (["--players", "8"], "'--players': 8 is not a whole number in 1..7"),
        (["--players", "3", "--seat", "4"], "'--seat': seat must be in 1..3"),
        (["--seat", "2"], "'--seat': seat must be in 1..1"),
    ],
)
def test_the_study_commands_refuse_bad_seats_in_one_line(game, args, message, tmp_path, capsys):
    code = main([game, "study", *args, "--out", str(tmp_path / "s")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert not (tmp_path / "s").exists()


def test_the_study_command_deals_our_seat_and_the_players_table_reads_it(
    tmp_path, capsys, zero_game
):
    out = tmp_path / "study"
    args = ["zero", "study", "--decks", "1", "--penetration", "0.6", "--shoes", "4"]
    args += ["--seed", "3", "--system", "hiopt2", "--players", "3", "--seat", "2"]
    args += ["--scheduler", "synchronous", "--out", str(out), "--format", "json"]
    code = main(args)
    _, err = capsys.readouterr()
    assert code == 0, err
    manifest = json.loads((out / "study.json").read_text())
    assert manifest["plan"]["players"] == 3 and manifest["plan"]["seat"] == 2
    records = pd.concat(
        [pd.read_parquet(p) for p in sorted((out / "batches").glob("*.parquet"))],
        ignore_index=True,
    )
    expected = dealt(zero_game, zero_plan(3, 2, shoes=4))
    pd.testing.assert_frame_equal(records, expected, check_exact=True)
    [row] = players_table([out]).splitlines()[2:]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:4] == ["3 (2)", "4", f"{len(records) / 4:.2f}"]
    flat_win = 100 * records["ev_strategy"].mean()
    assert cells[4].startswith(f"{flat_win:+.3f} +- ")
    assert cells[4].endswith(f", {flat_win * len(records) / 4 / 100:+.3f}")


def test_the_other_seats_play_the_chart_without_our_index_plays(zero_game):
    """Index plays always in force (the published study's Zero departures at index -99) are
    played at our seat only: replaying the shoes at the table with the chart at seats 1 and 3
    and the indexed chart at our seat 2 gives every record's cards dealt and net, and
    replaying them with the indexed chart at every seat does not."""
    published = json.loads((STUDY_RESULTS / "zero_6d_75" / "study.json").read_text())
    always = tuple(
        Departure(**(d | {"index": -99, "up_going": True})) for d in published["game"]["departures"]
    )
    game = ZeroStudy(ZERO, ONE_DECK, zero_game.chart, "basic", departures=always)
    plan = zero_plan(3, 2, shoes=3)
    records = dealt(game, plan)
    assert (records["departures"] == len(always)).all()
    chart, indexed = game.played(())[1], game.played(always)[1]
    mismatches = 0
    for number in range(plan.shoes):
        rounds = records[records["shoe"] == number]
        shoes = [DealtShoe(plan.decks, plan.shoe_rng(number)) for _ in range(2)]
        for _, row in rounds.iterrows():
            assert shoes[0].dealt == row["cards_dealt"]
            nets = []
            for shoe, seated in zip(shoes, ([chart, indexed, chart], [indexed] * 3), strict=True):
                table = Table(shoe, 3, lambda d, shoe=shoe: zero.ZeroRound(ZERO, shoe, seat=d))
                nets.append(play_table(table, seated)[1].net)
            assert nets[0] == row["net"]
            mismatches += nets[1] != row["net"] or shoes[1].dealt != shoes[0].dealt
    assert mismatches > 0


def test_a_table_round_that_would_empty_the_shoe_ends_it_unrecorded(zero_game):
    """Seven seats at one deck dealt to 95%: a round starts while our round and the dealer's
    fit (14 cards), but seven seats and the dealer take at least 16, so a late round runs out
    of cards: it is not recorded, and the shoe ends there."""
    shoe = ShuffledShoe(1, 0)
    shoe.dealt = shoe.size
    with pytest.raises(ShoeEmpty):
        shoe.draw()

    class Watched:
        """The Zero study, noting the cards left at each round that ran out."""

        def __init__(self) -> None:
            self.shoes: list[int] = []
            self.ran_out: dict[int, int] = {}

        def __getattr__(self, name):
            return getattr(zero_game, name)

        def play_table(self, shoe, players):
            if id(shoe) not in self.shoes:
                self.shoes.append(id(shoe))
            left = shoe.cards_left
            try:
                return zero_game.play_table(shoe, players)
            except ShoeEmpty:
                self.ran_out[self.shoes.index(id(shoe))] = left
                raise

    game = Watched()
    plan = StudyPlan(1, 0.95, 10, 3, resolve_system("hiopt2"), players=7, seat=4)
    records = dealt(game, plan)
    assert set(records["shoe"]) == set(range(10))
    assert game.ran_out and all(14 <= n < 7 * 8 + 4 for n in game.ran_out.values())
    # the round that ran out is not recorded: every record of its shoe started with more cards
    left = records[list(LEFT_COLUMNS)].sum(axis=1)
    for number, n in game.ran_out.items():
        assert (left[records["shoe"] == number] > n).all()
