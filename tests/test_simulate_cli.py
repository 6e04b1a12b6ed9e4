"""``cardedge zero simulate`` / ``cardedge blackjack simulate`` from the command line."""

import json

from cardedge.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_zero_simulate_json_has_the_figures_and_their_distance(capsys):
    code, out, _ = run(
        capsys, "zero", "simulate", "--rounds", "200000", "--seed", "5", "--format", "json"
    )
    assert code == 0
    # one document holding every table (it was one hand-built record with nested rows); every
    # row says the game, rules, decks, strategy, seed and rounds
    summary, outcomes, decisions, side = json.loads(out)["tables"]
    (rec,) = summary["rows"]
    for key in ("rounds", "house_edge_percent", "stderr_percent", "exact_house_edge_percent"):
        assert key in rec
    assert rec["rounds"] == 200000 and rec["seed"] == 5 and rec["rules"] == "published"
    assert round(rec["exact_house_edge_percent"], 4) == 2.2637
    z = (rec["house_edge_percent"] - rec["exact_house_edge_percent"]) / rec["stderr_percent"]
    assert abs(rec["standard_errors"] - z) < 1e-9 and abs(z) < 4
    assert sum(o["count"] for o in outcomes["rows"]) == 200000
    assert {d["decision"] for d in decisions["rows"]} >= {"zero pair", "split"}
    assert {round(r["side_bet_exact_house_edge_percent"], 2) for r in side["rows"]} == {7.75}
    for table in (summary, outcomes, decisions, side):
        for row in table["rows"]:
            assert (row["game"], row["rules"], row["decks"], row["strategy"]) == (
                "zero",
                "published",
                6,
                "optimal",
            )
            assert (row["seed"], row["rounds"]) == (5, 200000)


def test_zero_simulate_table_for_a_person(capsys):
    code, out, _ = run(
        capsys,
        "zero",
        "simulate",
        "--rounds",
        "20000",
        "--seed",
        "1",
        "--strategy",
        "published",
        "--rules",
        "stated",
        "--decks",
        "8",
    )
    assert code == 0
    assert out.startswith("Zero simulation, published play, stated rules, 8 decks")
    assert "exact_house_edge_percent" in out and "first decisions" in out
    assert "RECONSTRUCTION" in out  # the side bet's pay table is labelled


def blackjack_document(out: str):
    """The summary row and the outcome and decision rows of a blackjack simulate document (the
    same shape as Zero's: one object holding every table, every row self-describing)."""
    summary, outcomes, decisions = json.loads(out)["tables"]
    (rec,) = summary["rows"]
    return rec, outcomes["rows"], decisions["rows"]


def test_blackjack_simulate_json(capsys):
    code, out, _ = run(
        capsys, "blackjack", "simulate", "--rounds", "200000", "--seed", "2", "--format", "json"
    )
    assert code == 0
    rec, outcomes, _ = blackjack_document(out)
    assert rec["game"] == "blackjack" and rec["strategy"] == "basic" and rec["rules"] == "default"
    assert abs(rec["standard_errors"]) < 4
    assert "side_bet" not in rec and len(json.loads(out)["tables"]) == 3  # no side bet table
    assert sum(o["count"] for o in outcomes) == 200000
    code, out, _ = run(
        capsys,
        "blackjack",
        "simulate",
        "--rounds",
        "20000",
        "--seed",
        "2",
        "--peek",
        "--strategy",
        "easy",
        "--format",
        "json",
    )
    rec, _, _ = blackjack_document(out)
    assert rec["rules"] == "custom" and "peek" in rec["rules_description"]
    assert rec["strategy"] == "easy"


def test_bad_input_is_one_line_on_stderr(capsys):
    code, out, err = run(capsys, "zero", "simulate", "--rounds", "1")
    assert code == 2 and err.count("\n") == 1 and "rounds" in err
    code, out, err = run(capsys, "zero", "simulate", "--strategy", "nochart.csv")
    assert code == 2 and err.count("\n") == 1 and "not found" in err
    code, out, err = run(capsys, "blackjack", "simulate", "--decks", "6,8")
    assert code == 2 and "one deck count" in err
    code, out, err = run(capsys, "zero", "simulate", "--seed", "-3")
    assert code == 2 and err.count("\n") == 1


def test_blackjack_simulate_with_surrender(capsys):
    code, out, _ = run(
        capsys,
        "blackjack",
        "simulate",
        "--surrender",
        "--rounds",
        "20000",
        "--seed",
        "2",
        "--format",
        "json",
    )
    assert code == 0
    rec, outcomes, decisions = blackjack_document(out)
    assert "surrender" in rec["rules_description"] and abs(rec["standard_errors"]) < 4
    outcome, decision = outcomes[-1], decisions[-1]
    assert outcome["outcome"] == "surrender" and outcome["net"] == -0.5
    assert decision["decision"] == "surrender" and decision["count"] == outcome["count"] > 0
    assert abs(outcome["standard_errors"]) < 4  # no peek: every surrender ends at -0.5
