"""``--shoe SPEC`` and ``--remove CARDS`` on every exact command: the same shoe given either way
gives the same numbers, a one-card removal is the EOR table's entry, titles and rows name the
shoe, and bad input exits 2 with one line."""

import json
import math

import pytest

from cardedge.analysis.core.shoe import game_shoe
from cardedge.cli import main
from cardedge.games import game as game_named

REMOVED = "5,5,T,A"
DECKS = 2

COMMANDS = [
    ("zero", "edge"),
    ("zero", "hands"),
    ("zero", "chart"),
    ("zero", "exceptions"),
    ("zero", "returns"),
    ("zero", "pays"),
    ("blackjack", "edge"),
    ("blackjack", "hands"),
    ("blackjack", "chart"),
    ("blackjack", "exceptions"),
]
NAMING_KEYS = {"decks", "shoe", "rules_text", "table", "title"}
"""Row fields that name the shoe (or the table) rather than give a number or a play."""


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def rows_of(out: str) -> list[dict]:
    """Every row of a JSON document (one table's list of rows, or ``{"tables": [...]}``)."""
    doc = json.loads(out)
    if isinstance(doc, dict):
        return [row for table in doc["tables"] for row in table["rows"]]
    return doc


def spec_of(game: str) -> str:
    """The --shoe SPEC of the shoe ``--decks DECKS --remove REMOVED`` gives."""
    shoe = game_shoe(DECKS, remove=REMOVED, form=game_named(game).shoe)
    return shoe.spec(pool_tens=game == "blackjack")


def same_value(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-12
    return a == b


@pytest.mark.parametrize("game,command", COMMANDS)
def test_remove_and_the_equivalent_shoe_agree(capsys, game, command):
    code, by_removal, err = run(
        capsys, game, command, "--decks", str(DECKS), "--remove", REMOVED, "--format", "json"
    )
    assert code == 0, err
    code, by_spec, err = run(capsys, game, command, "--shoe", spec_of(game), "--format", "json")
    assert code == 0, err
    removal_rows, spec_rows = rows_of(by_removal), rows_of(by_spec)
    assert len(removal_rows) == len(spec_rows) > 0
    for a, b in zip(removal_rows, spec_rows, strict=True):
        assert a.keys() == b.keys()
        assert "shoe" in a
        assert a["shoe"] == f"{DECKS} decks minus {REMOVED}"
        assert b["shoe"] == spec_of(game) and b["decks"] is None
        for key in a.keys() - NAMING_KEYS:
            assert same_value(a[key], b[key]), (key, a[key], b[key])


@pytest.mark.parametrize("game,command", COMMANDS)
def test_titles_name_the_shoe(capsys, game, command):
    code, out, err = run(capsys, game, command, "--decks", str(DECKS), "--remove", REMOVED)
    assert code == 0, err
    assert f"shoe {DECKS} decks minus {REMOVED}" in out.splitlines()[0]


def edge_of(capsys, *args) -> float:
    code, out, err = run(capsys, *args, "--format", "json")
    assert code == 0, err
    return rows_of(out)[-1]["house_edge_percent"]


@pytest.mark.parametrize("card", ["5", "T"])
def test_zero_one_card_removal_is_the_eor_entry(capsys, card):
    code, out, err = run(capsys, "zero", "eor", "--decks", str(DECKS), "--format", "json")
    assert code == 0, err
    (eor,) = [r for r in rows_of(out) if r["rules"] == "published"]
    base = ("zero", "edge", "--decks", str(DECKS), "--rules", "published")
    less = edge_of(capsys, *base, "--remove", card)
    assert less - edge_of(capsys, *base) == pytest.approx(eor[card], abs=1e-12)


@pytest.mark.parametrize("card", ["5", "T"])
def test_blackjack_one_card_removal_is_the_eor_entry(capsys, card):
    args = ("blackjack", "eor", "--decks", str(DECKS), "--strategy", "optimal", "--format", "json")
    code, out, err = run(capsys, *args)
    assert code == 0, err
    (eor,) = rows_of(out)
    base = ("blackjack", "edge", "--decks", str(DECKS))
    less = edge_of(capsys, *base, "--remove", card)
    assert less - edge_of(capsys, *base) == pytest.approx(eor[card], abs=1e-12)


def test_the_fresh_shoe_by_removal_of_nothing_is_the_fresh_table(capsys):
    """A command without --shoe/--remove gives the table it always gave (no shoe key)."""
    code, out, err = run(capsys, "blackjack", "edge", "--format", "json")
    assert code == 0, err
    assert "shoe" not in rows_of(out)[0]
    code, out, err = run(capsys, "zero", "edge", "--decks", "6", "--format", "json")
    assert code == 0, err
    assert "shoe" not in rows_of(out)[0]
    assert rows_of(out)[1]["published_percent"] == 2.2637


BAD = [
    (("--shoe", "A=20,2=24"), "shoe spec gives no count"),
    (("--remove", "X"), "unknown rank 'X'"),
    (("--shoe", "A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,T=1,J=1,Q=1,K=1"), "shoe too small"),
    (("--decks", "6", "--shoe", "A=24"), "leave out --decks"),
    (("--decks", "1", "--remove", "5,5,5,5,5"), "cannot remove 5 x 5"),
]


@pytest.mark.parametrize("game,command", COMMANDS)
@pytest.mark.parametrize("args,message", BAD)
def test_bad_shoes_exit_2_with_one_line(capsys, game, command, args, message):
    if game == "zero" and command == "pays" and message == "shoe too small":
        args = ("--shoe", "A=1,2=1,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=0,J=0,Q=0,K=0")
        message = "at least 3 cards"
    code, out, err = run(capsys, game, command, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
