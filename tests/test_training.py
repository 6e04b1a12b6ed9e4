"""Training sessions: the judge's EVs and costs, the balance, and the terminal session driven
through stdin (``cardedge zero play`` / ``cardedge blackjack play``)."""

import re

import pytest
from click.testing import CliRunner

from cardedge.analysis.blackjack.dealer import BUST, conditioned_on_no_natural, outcome_table
from cardedge.analysis.blackjack.round import shoe_values
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.rules import preset
from cardedge.cli import cli
from cardedge.engine.core.dealing import IllegalAction, parse_card
from cardedge.reports.blackjack.simulation import blackjack_training
from cardedge.reports.zero.simulation import zero_training

RULES = preset("published")
SHOE = Shoe.decks(6)


def stacked(session, text):
    session.shoe.stack(parse_card(c) for c in text.split())
    return session.new_round()


# ---- the judge ---------------------------------------------------------------------------------
def test_zero_judgement_costs_are_the_exact_ev_differences():
    session = zero_training(RULES, SHOE, "basic", seed=1)
    stacked(session, "9h Ts 2h 5c")  # 9 against a 2: split is best
    j = session.act("hit")
    evs = HandEvaluator(RULES, SHOE).action_evs(2, (9, 0))
    assert j.evs == pytest.approx(evs)
    assert j.optimal == max(evs, key=evs.get) == "split" and j.basic == "split"
    assert j.cost == pytest.approx(evs["split"] - evs["hit"])
    assert not j.matches_basic and not j.matches_optimal
    stats = session.stats
    assert stats.decisions == 1 and stats.basic_errors == stats.optimal_errors == 1
    assert stats.ev_lost == pytest.approx(j.cost)


def test_zero_split_hands_are_judged_seeing_the_other_split_card_only():
    session = zero_training(RULES, SHOE, "basic", seed=1)
    stacked(session, "4s 4h 5c Kd 6s 3h")
    session.act("split")
    session.act("stand")  # hand 1: 4-6 = 0
    j = session.act("stand")  # hand 2: 4-3 = 7, judged without hand 1's 6
    evs = HandEvaluator(RULES, SHOE).action_evs(5, (4, 3), seen=(4,), split_hand=True)
    assert j.evs == pytest.approx(evs) and set(evs) == {"stand", "hit"}
    assert j.cost == pytest.approx(max(evs.values()) - evs["stand"])


def test_a_correct_decision_costs_nothing_and_counts_no_error():
    session = zero_training(RULES, SHOE, "basic", seed=1)
    stacked(session, "Ks 2h 7c 5c")  # 2 against 7: stand
    j = session.act("stand")
    assert j.optimal == j.basic == "stand" and j.cost == 0.0
    assert session.stats.basic_errors == session.stats.optimal_errors == 0


def test_illegal_actions_are_refused_unjudged():
    session = zero_training(RULES, SHOE, "basic", seed=1)
    stacked(session, "Ks 2h 7c 5c")
    with pytest.raises(IllegalAction, match="legal: stand, hit"):
        session.act("double")
    assert session.stats.decisions == 0


def test_the_balance_moves_by_the_bet_times_the_result():
    session = zero_training(RULES, SHOE, "basic", seed=1, bet=20, balance=500, side_bet=5)
    rnd = stacked(session, "Ks Kh Kc 5c")  # trips under 'published': 3 to 1; side bet 30 to 1
    assert rnd.finished
    points = session.settle()
    assert points == 20 * 3.0 + 5 * 30
    assert session.stats.balance == 500 + points and session.stats.hands == 1


def test_blackjack_peek_evs_are_given_no_dealer_natural():
    # hard 16 against an ace under peek: standing wins exactly when the dealer busts
    session = blackjack_training(PUBLISHED_RULES, PUBLISHED_SHOE, "basic", seed=1)
    stacked(session, "Ts 6h Ac 7d")
    j = session.act("stand")
    shoe = shoe_values(Shoe.decks(6).remove(9, 5))
    row = conditioned_on_no_natural(outcome_table(shoe)[0])
    assert j.evs["stand"] == pytest.approx(2 * row[BUST] - 1, abs=1e-12)
    assert j.optimal == "hit" and j.basic == "hit"


def test_blackjack_resplits_follow_the_convention_and_are_not_valued():
    session = blackjack_training(DEFAULT_RULES, DEFAULT_SHOE, "basic", seed=1)
    stacked(session, "8s 8h 7c Td 8c 3d 2s")
    j = session.act("split")
    assert j.optimal == "split" and "split" in j.evs
    j = session.act("stand")  # 8,8 again: the strategies resplit; standing has no split EV
    assert j.optimal == "split" and j.cost is None
    assert session.stats.uncosted_errors == 1 and session.stats.optimal_errors == 1


@pytest.mark.parametrize(
    "rules,shoe",
    [(DEFAULT_RULES, DEFAULT_SHOE), (PUBLISHED_RULES, PUBLISHED_SHOE)],
    ids=["no-peek", "peek"],
)
def test_blackjack_surrender_is_judged_like_any_action(rules, shoe):
    """Surrender is worth -0.5 (with peek: given no dealer natural, like every EV shown);
    16 against a ten is surrendered by optimal play and the basic strategy."""
    session = blackjack_training(rules.with_(surrender=True), shoe, "basic", seed=1)
    stacked(session, "Ts 6h Kc 7d")
    j = session.act("surrender")
    assert j.evs["surrender"] == pytest.approx(-0.5, abs=1e-12)
    assert j.optimal == "surrender" and j.basic == "surrender" and j.cost == 0
    assert session.round.outcome.net == -0.5
    stacked(session, "Ts 2h Kc 7d 5s")  # 12 against a ten: hitting beats surrendering
    j = session.act("surrender")
    assert j.cost == pytest.approx(j.evs[j.optimal] + 0.5, abs=1e-12) and j.cost > 0


def test_blackjack_surrender_is_refused_unless_allowed():
    session = blackjack_training(PUBLISHED_RULES, PUBLISHED_SHOE, "basic", seed=1)
    stacked(session, "Ts 6h Kc 7d")
    with pytest.raises(IllegalAction):
        session.act("surrender")
    assert session.stats.decisions == 0


def test_only_zero_has_a_side_bet():
    with pytest.raises(ValueError, match=r"only for a game that has one \(blackjack has none\)"):
        from cardedge.engine.core.training import TrainingSession

        TrainingSession("blackjack", DEFAULT_RULES, 6, None, 1, 10, 100, side_bet=1)


# ---- the terminal session ----------------------------------------------------------------------
def play(args, keys):
    result = CliRunner().invoke(cli, args, input="".join(k + "\n" for k in keys))
    assert result.exit_code == 0, result.output
    return result.output


def check_summary(out: str, bet: float = 10, start: float = 1000):
    """The summary agrees with what was shown during the session."""
    judged = re.findall(r"^  (Correct|Mistake):", out, re.M)
    mistakes = judged.count("Mistake")
    costs = [float(x) for x in re.findall(r"This cost ([0-9.]+) wagers", out)]
    rounds = [float(x) for x in re.findall(r"^Round: ([-+0-9.]+) points", out, re.M)]
    summary = out[out.index("Session summary") :]
    assert f"decisions:         {len(judged)}" in summary
    assert f"{mistakes} against optimal play" in summary
    lost = float(re.search(r"EV lost:\s+([0-9.]+) wagers", summary).group(1))
    assert lost == pytest.approx(sum(costs), abs=1e-3)
    balance = float(re.search(r"balance:\s+([-0-9.]+) points", summary).group(1))
    assert balance == pytest.approx(start + sum(rounds))
    assert f"hands played:      {len(rounds)}" in summary
    return judged


ZERO_KEYS = ["h", "d", "", "x", "s", "", "p", "s", "h", "", "s", "", "q"]


def test_zero_play_session_from_stdin():
    out = play(["zero", "play", "--seed", "0"], ZERO_KEYS)
    assert "Zero training session: published rules" in out and "seed 0" in out
    assert "no money value" in out
    assert "[s]tand  [h]it  s[p]lit  [q]uit" in out
    assert "Unknown key 'x'" in out
    assert "Not allowed: 'split'" in out
    judged = check_summary(out)
    assert len(judged) >= 4
    assert out == play(["zero", "play", "--seed", "0"], ZERO_KEYS)  # the seed replays it


def test_zero_play_ends_with_a_summary_at_the_end_of_input():
    out = play(["zero", "play", "--seed", "11", "--rules", "stated"], ["s"])
    assert out.rstrip().endswith("cannot be withdrawn.")
    assert "Session summary" in out
    check_summary(out)


def test_zero_play_side_bet_and_bet_sizes():
    out = play(
        ["zero", "play", "--seed", "3", "--bet", "5", "--balance", "50", "--side-bet", "1"],
        ["s", "", "s", "", "q"],
    )
    assert "Bet 5 points a hand plus 1 on Zero Pays" in out
    assert "Zero Pays side bet:" in out
    check_summary(out, bet=5, start=50)


def test_blackjack_play_session_from_stdin():
    keys = ["p", "h", "d", "s", "", "s", "", "h", "s", "", "q"]
    out = play(["blackjack", "play", "--seed", "4"], keys)
    assert "Blackjack training session: 6 decks, S17, no peek (ENHC)" in out
    assert "Not allowed: 'split'" in out
    assert "Not allowed: 'double'" in out
    check_summary(out)


def test_blackjack_play_surrenders_with_key_r():
    keys = ["r", "", "r", "", "h", "s", "", "q"]
    out = play(["blackjack", "play", "--seed", "5", "--surrender", "--peek"], keys)
    assert "late surrender" in out and "su[r]render" in out
    assert "surrendered, half the bet lost" in out
    check_summary(out)
    out = play(["blackjack", "play", "--seed", "5"], keys)
    assert "su[r]render" not in out and "Not allowed: 'surrender'" in out


def test_play_rejects_bad_options():
    runner = CliRunner()
    r = runner.invoke(cli, ["blackjack", "play", "--decks", "6,8"], input="q\n")
    assert r.exit_code == 2 and "one deck count" in r.output
    r = runner.invoke(cli, ["zero", "play", "--basic", "optimal"], input="q\n")
    assert r.exit_code != 0 and "must be a chart" in str(r.exception or r.output)
