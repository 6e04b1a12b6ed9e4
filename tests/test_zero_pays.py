"""Zero Pays side bet: published edges, exact counts, pay-table files, EOR, CLI."""

import csv
import io
import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.paytable import load_paytable, parse_paytable, shipped_paytables
from cardedge.analysis.zero.sidebet import (
    SuitedShoe,
    combined_edge,
    effect_of_removal,
    evaluate_side_bet,
)
from cardedge.cli import main
from cardedge.reports.zero import pays as zero_pays

# ---- an independent reference: the rules page's table written out as plain if-statements ----

POINTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]  # A..9, T, J, Q, K
TENS = {9, 10, 11, 12}


def _rules_page_outcome(p1, p2, up):
    """(row number 0-4, or 5 for a loss) of the reconstructed table; cards are (rank, suit)."""
    ranks = {p1[0], p2[0], up[0]}
    all_tens = ranks <= TENS
    if all_tens and p1 == p2 == up:
        return 0
    if all_tens and len(ranks) == 1:
        return 1
    two_total = (POINTS[p1[0]] + POINTS[p2[0]]) % 10
    if p1 == p2 and two_total == 0:
        return 2
    if two_total == 0:
        return 3
    if (two_total + POINTS[up[0]]) % 10 == 0:
        return 4
    return 5


PAYS = [60, 30, 6, 4, 1, -1]


def _counts_by_kind_loop(decks):
    """Ordered deals per outcome, looping over the 52 cards of a deck with multiplicities."""
    deck = [(r, s) for r in range(13) for s in range(4)]
    counts = [0] * 6
    for a in deck:
        for b in deck:
            left_b = decks - (a == b)
            for u in deck:
                left_u = decks - (a == u) - (b == u)
                if left_b > 0 and left_u > 0:
                    counts[_rules_page_outcome(a, b, u)] += decks * left_b * left_u
    return counts


def _counts_by_cards(cards):
    """Ordered deals per outcome, over every ordered triple of physical cards."""
    counts = [0] * 6
    for a, b, u in itertools.permutations(cards, 3):
        counts[_rules_page_outcome(a, b, u)] += 1
    return counts


def _edge(counts):
    return -Fraction(sum(c * p for c, p in zip(counts, PAYS, strict=True)), sum(counts))


@pytest.fixture(scope="module")
def reference_counts():
    cache = {}

    def get(decks):
        if decks not in cache:
            cache[decks] = _counts_by_kind_loop(decks)
        return cache[decks]

    return get


# ---- published edges ----------------------------------------------------------------------


@pytest.mark.parametrize(("decks", "published"), [(6, 7.75), (8, 7.43)])
def test_reconstructed_table_reproduces_published_edge(reference_counts, decks, published):
    res = evaluate_side_bet(decks)
    assert round(res.house_edge_percent, 2) == published
    assert res.house_edge == _edge(reference_counts(decks))
    assert list(res.combinations) == reference_counts(decks)


def test_default_table_is_the_shipped_reconstruction():
    assert "reconstructed" in shipped_paytables()
    table = load_paytable()
    assert table.name == "reconstructed" and table.reconstruction
    assert [r.pays for r in table.rows] == PAYS[:-1]


@pytest.mark.parametrize("decks", range(1, 9))
def test_combinations_total_every_ordered_deal(decks):
    n = 52 * decks
    res = evaluate_side_bet(decks)
    assert sum(res.combinations) == n * (n - 1) * (n - 2)
    assert all(isinstance(c, int) and c >= 0 for c in res.combinations)
    assert sum(res.probability(i) for i in range(len(res.combinations))) == 1


def test_one_deck_has_no_identical_cards():
    res = evaluate_side_bet(1)
    assert res.combinations[0] == 0 and res.combinations[2] == 0
    # three of one ten-valued rank: 4 ranks x 4 x 3 x 2 ordered deals
    assert res.combinations[1] == 4 * 4 * 3 * 2


# ---- random small shoes -------------------------------------------------------------------

small_shoes = st.lists(
    st.tuples(st.integers(0, 12), st.integers(0, 3)), min_size=3, max_size=14
).map(lambda cards: sorted(cards))


def _suited_shoe(cards):
    counts = [[0] * 4 for _ in range(13)]
    for r, s in cards:
        counts[r][s] += 1
    return SuitedShoe(tuple(tuple(row) for row in counts))


@settings(max_examples=60, deadline=None)
@given(small_shoes)
def test_random_small_shoes_match_physical_card_enumeration(cards):
    res = evaluate_side_bet(_suited_shoe(cards))
    assert list(res.combinations) == _counts_by_cards(cards)
    assert res.house_edge == _edge(_counts_by_cards(cards))


@settings(max_examples=20, deadline=None)
@given(small_shoes.filter(lambda cards: len(cards) >= 4))
def test_eor_weighted_by_counts_sums_to_zero(cards):
    """Burning one random card leaves the expected edge unchanged (exchangeability)."""
    shoe = _suited_shoe(cards)
    eor = effect_of_removal(shoe)
    counts = shoe.rank_counts()
    assert sum(c * eor[r] for r, c in zip(eor, counts, strict=True) if c) == 0
    assert all((eor[r] is None) == (c == 0) for r, c in zip(eor, counts, strict=True))


def test_eor_fresh_shoe_matches_reference_removal(reference_counts):
    eor = effect_of_removal(2)
    assert sum(8 * v for v in eor.values()) == 0
    assert eor["T"] == eor["J"] == eor["Q"] == eor["K"] > 0
    # one 5 of clubs out of two decks, counted by physical cards
    deck2 = [(r, s) for r in range(13) for s in range(4)] * 2
    deck2.remove((4, 0))
    base = _edge(reference_counts(2))
    # the physical loop over 103 cards is ~1M triples; count by kind instead
    kinds = sorted(set(deck2))
    mult = {k: deck2.count(k) for k in kinds}
    counts = [0] * 6
    for a in kinds:
        for b in kinds:
            for u in kinds:
                w = mult[a] * (mult[b] - (a == b)) * (mult[u] - (a == u) - (b == u))
                if w > 0:
                    counts[_rules_page_outcome(a, b, u)] += w
    assert eor["5"] == _edge(counts) - base


# ---- user-supplied pay tables -------------------------------------------------------------

USER_TOML = """
name = "suited zero"
[[rows]]
hand = "suited two-card zero"
when = ["two_card_zero", "two_card_suited"]
pays = "9 to 1"
[[rows]]
hand = "two-card zero"
when = ["two_card_zero"]
pays = 3
[[rows]]
hand = "three-card zero"
when = ["three_card_zero"]
pays = "3 to 2"
"""


def _user_reference_edge(decks):
    deck = [(r, s) for r in range(13) for s in range(4)]
    win = total = 0
    for a in deck:
        for b in deck:
            for u in deck:
                w = decks * (decks - (a == b)) * (decks - (a == u) - (b == u))
                if w <= 0:
                    continue
                total += w
                two = (POINTS[a[0]] + POINTS[b[0]]) % 10
                if two == 0 and a[1] == b[1]:
                    win += 9 * w
                elif two == 0:
                    win += 3 * w
                elif (two + POINTS[u[0]]) % 10 == 0:
                    win += Fraction(3, 2) * w
                else:
                    win -= w
    return -Fraction(win) / total


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_user_table_same_edge_cli_and_api(tmp_path, capsys, suffix):
    path = tmp_path / f"user{suffix}"
    if suffix == ".toml":
        path.write_text(USER_TOML)
    else:
        import tomllib

        path.write_text(json.dumps(tomllib.loads(USER_TOML)))
    api = evaluate_side_bet(6, str(path))
    code, out, err = _run(capsys, "zero", "pays", "--decks", "6", "--paytable", str(path),
                          "--format", "json")  # fmt: skip
    assert code == 0, err
    # one table: its rows, each carrying the deck count, the pay table and the exact edge
    # (it was one hand-built record whose rows did not say which table they belong to)
    rows = json.loads(out)
    for row in rows:
        assert Fraction(row["house_edge_exact"]) == api.house_edge == _user_reference_edge(6)
        assert row["house_edge_percent"] == api.house_edge_percent
        assert row["decks"] == 6 and row["paytable"] == "suited zero"
        assert row["paytable_name"] == "suited zero" and row["paytable_is_reconstruction"] is False
        assert "published_house_edge_percent" not in row
    outcomes, total = rows[:-1], rows[-1]
    assert [r["combinations"] for r in outcomes] == list(api.combinations)
    assert {"hand", "pays", "combinations", "probability", "return"} <= set(outcomes[0])
    assert Fraction(total["return_exact"]) == -api.house_edge
    assert sum(Fraction(r["return_exact"]) for r in outcomes) == -api.house_edge


def test_copy_of_default_table_gives_published_edge_through_cli(tmp_path, capsys):
    from importlib import resources

    text = (
        resources.files("cardedge.analysis.zero") / "paytables" / "reconstructed.toml"
    ).read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text)
    code, out, _ = _run(capsys, "zero", "pays", "--decks", "8", "--paytable", str(path),
                        "--format", "json")  # fmt: skip
    assert code == 0
    rows = json.loads(out)
    assert Fraction(rows[0]["house_edge_exact"]) == Fraction(82978, 1116765)
    # the copy pays as the default table: the published figure is its own
    assert {r["published_house_edge_percent"] for r in rows} == {7.43}


ROW = '[[rows]]\nhand = "{hand}"\nwhen = {when}\npays = {pays}\n'
GOOD = ROW.format(hand="zero", when='["two_card_zero"]', pays='"4 to 1"')


@pytest.mark.parametrize(
    ("body", "row", "words"),
    [
        (GOOD + ROW.format(hand="bad", when='["three_card_zeros"]', pays="1"), 2, "unknown"),
        (ROW.format(hand="neg", when='["two_card_zero"]', pays='"-4 to 1"'), 1, "negative"),
        (ROW.format(hand="neg2", when='["two_card_zero"]', pays="-2"), 1, "negative"),
        (ROW.format(hand="odd", when='["two_card_zero"]', pays='"4 for 1"'), 1, "malformed"),
        (ROW.format(hand="odd2", when='["two_card_zero"]', pays='"4 to 0"'), 1, "malformed"),
        (ROW.format(hand="odd3", when='["two_card_zero"]', pays="true"), 1, "malformed"),
        (ROW.format(hand="empty", when="[]", pays="1"), 1, "predicate"),
        (
            GOOD + ROW.format(hand="dead", when='["two_card_zero", "two_card_suited"]', pays="8"),
            2,
            "never",
        ),  # fmt: skip
        (
            ROW.format(hand="tens", when='["two_card_ten_valued"]', pays="5")
            + ROW.format(hand="fives", when='["two_card_same_rank", "two_card_zero"]', pays="9")
            + ROW.format(hand="dead10", when='["two_card_identical", "two_card_zero"]', pays="7"),
            3,
            "never",
        ),
        (GOOD + ROW.format(hand="zero", when='["three_card_zero"]', pays="1"), 2, "duplicate"),
        (GOOD + '[[rows]]\nhand = "typo"\nwhen = ["three_card_zero"]\npay = 1\n', 2, "pay"),
    ],
)
def test_bad_table_file_exits_2_naming_the_row(tmp_path, capsys, body, row, words):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    code, out, err = _run(capsys, "zero", "pays", "--paytable", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert f"row {row} " in err and words in err
    with pytest.raises(ValueError, match=f"row {row} "):
        parse_paytable(body, str(path))


def test_unreachable_row_names_the_covering_row():
    body = GOOD + ROW.format(hand="dead", when='["two_card_zero", "two_card_suited"]', pays="8")
    with pytest.raises(ValueError, match=r"row 2 \('dead'\).*row 1 \('zero'\)"):
        parse_paytable(body)


def test_missing_pay_table_file_exits_2(capsys, tmp_path):
    code, _, err = _run(capsys, "zero", "pays", "--paytable", str(tmp_path / "none.toml"))
    assert code == 2 and len(err.strip().splitlines()) == 1


# ---- reports and CLI outputs --------------------------------------------------------------


def test_pays_table_rows_and_total():
    table = zero_pays.pays_table(Shoe.decks(6))
    data = table.data
    assert "reconstruction" in table.title
    assert any("RECONSTRUCTION" in n for n in table.notes)
    columns = ["hand", "pays", "combinations", "probability", "return", "paytable"]
    assert list(data.columns) == columns
    assert set(data["paytable"]) == {"reconstructed (reconstruction)"}
    body, total = data.iloc[:-1], data.iloc[-1]
    assert total["hand"] == zero_pays.TOTAL_LABEL
    assert int(body["combinations"].sum()) == total["combinations"] == 312 * 311 * 310
    assert body["return"].sum() == pytest.approx(total["return"], abs=1e-15)
    assert -100 * total["return"] == pytest.approx(7.746084431075615, abs=1e-12)


def test_cli_several_decks_json_is_one_document(capsys):
    # one document, a table per deck count (it was a bare list of hand-built records)
    code, out, _ = _run(capsys, "zero", "pays", "--decks", "6,8", "--format", "json")
    assert code == 0
    tables = json.loads(out)["tables"]
    assert [t["title"].split(",")[1].strip() for t in tables] == ["6 decks", "8 decks"]
    for t, decks, published in zip(tables, (6, 8), (7.75, 7.43), strict=True):
        assert any("RECONSTRUCTION" in n for n in t["notes"])
        rows, total = t["rows"][:-1], t["rows"][-1]
        for r in t["rows"]:
            assert r["decks"] == decks and r["paytable_name"] == "reconstructed"
            assert r["paytable_is_reconstruction"] is True
            assert r["published_house_edge_percent"] == published
            assert round(r["house_edge_percent"], 2) == published
        assert Fraction(total["house_edge_exact"]) == -sum(
            Fraction(x["probability_exact"]) * Fraction(x["pays_text"].split()[0])
            if x["pays_text"] != "loses"
            else -Fraction(x["probability_exact"])
            for x in rows
        )


def test_cli_deck_comparison_and_eor_tables(capsys):
    code, out, _ = _run(capsys, "zero", "pays", "--decks", "1..8", "--eor", "--format", "csv")
    assert code == 0
    # one CSV: both tables in one long table, every line with the same fields
    lines = list(csv.reader(io.StringIO(out)))
    assert len({len(line) for line in lines}) == 1
    rows = list(csv.DictReader(io.StringIO(out)))
    assert "8 decks" in rows[0] and len({r["table"] for r in rows}) == 2
    assert [r["rank"] for r in rows].count("K") == 1


@pytest.mark.parametrize("fmt", ["table", "csv", "markdown", "json"])
def test_every_output_flags_the_reconstruction(capsys, fmt):
    code, out, _ = _run(capsys, "zero", "pays", "--decks", "6", "--eor", "--format", fmt)
    assert code == 0
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(out)))
        assert rows and all(r["paytable"] == "reconstructed (reconstruction)" for r in rows)
    else:
        assert "RECONSTRUCTION" in out


def test_combined_edge_formula_and_table():
    assert combined_edge(-0.02, Fraction(-1, 10), 0) == pytest.approx(0.02)
    assert combined_edge(-0.02, Fraction(-1, 10), 1) == pytest.approx(0.06)
    with pytest.raises(ValueError):
        combined_edge(-0.02, -0.1, -1)
    rows = zero_pays.combined_rows([Shoe.decks(6)], [0.0, 1.0], presets=["published"])
    assert round(rows[0]["zero_edge_percent"], 4) == 2.2637
    assert rows[0]["combined_edge_percent"] == pytest.approx(rows[0]["zero_edge_percent"])
    mean = (rows[1]["zero_edge_percent"] + rows[1]["side_edge_percent"]) / 2
    assert rows[1]["combined_edge_percent"] == pytest.approx(mean, abs=1e-12)
