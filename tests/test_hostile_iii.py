"""Hostile input, round III (issue 43), beside ``tests/test_hostile.py``: every value an option
accepts works on every command taking it, and what a data scientist's code holds (numpy and
pandas scalars) is taken as the Python value it is."""

from __future__ import annotations

import inspect
import json
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from documents import small_report
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.core.rules import MAX_PAYOUT, Choice, Payout, Switch, Totals, Whole
from cardedge.api import blackjack, params, zero
from cardedge.cli import main
from cardedge.core.errors import BadValue

GAMES = {"zero": zero, "blackjack": blackjack}


# ---- numpy and pandas scalars ---------------------------------------------------------------
def numpy_twins(kind) -> list[tuple[object, object]]:
    """(a valid value, the same value as numpy or pandas holds it) for a keyword's kind."""
    if isinstance(kind, params.Maybe):
        return numpy_twins(kind.kind)
    if isinstance(kind, Switch):
        return [(True, np.bool_(True)), (False, pd.Series([False])[0])]
    if isinstance(kind, Whole):
        high = np.int32(kind.high) if kind.high < 2**31 else np.uint64(kind.high)
        return [(kind.low, np.int64(kind.low)), (kind.high, high)]
    if isinstance(kind, params.Number):
        mid = (kind.low + min(kind.high, kind.low + 1)) / 2
        return [(mid, np.float64(mid)), (0.5 * round(2 * mid), np.float32(0.5 * round(2 * mid)))]
    if isinstance(kind, params.Many):
        return [([v], [t]) for v, t in numpy_twins(kind.kind)]
    if isinstance(kind, params.Checked) and kind.metavar == "DECKS":
        return [(6, np.int64(6)), ([1, 2], [np.int16(1), pd.Series([2])[0]])]
    if isinstance(kind, params.Checked) and kind.metavar == "PERCENT":
        return [(1.5, np.float32(1.5))]
    return []  # text, paths, callbacks: no numpy twin


def probe(module, keyword: str):
    """A function taking ``keyword`` alone, checked as the game's API functions are: it
    returns the value the check hands on."""

    def f(**kw):
        return kw[keyword]

    parameter = inspect.Parameter(keyword, inspect.Parameter.KEYWORD_ONLY, default=None)
    f.__signature__ = inspect.Signature([parameter])  # type: ignore[attr-defined]
    # the kind the game's functions check it by (a command may declare its own, as the shoe
    # game's options are)
    kinds = (getattr(module, c).keyword_kinds for c in module.COMMANDS)
    kind = next(k[keyword] for k in kinds if k.get(keyword) is not None)
    return module.checked(**{keyword: kind})(f)


def keyword_twins():
    """(game, keyword, value, numpy twin) for every declared keyword that takes a number."""
    for game, module in GAMES.items():
        kinds: dict[str, object] = {}
        for command in module.COMMANDS:
            for keyword, kind in getattr(module, command).keyword_kinds.items():
                if kind is not None:
                    kinds.setdefault(keyword, kind)
        for keyword, kind in sorted(kinds.items()):
            for value, twin in numpy_twins(kind):
                yield game, keyword, value, twin


TWINS = list(keyword_twins())


@pytest.mark.parametrize(
    ("game", "keyword", "value", "twin"), TWINS, ids=[f"{g}-{k}-{v}" for g, k, v, _ in TWINS]
)
def test_every_keyword_takes_numpy_and_pandas_scalars_as_their_values(game, keyword, value, twin):
    check = probe(GAMES[game], keyword)
    assert check(**{keyword: twin}) == check(**{keyword: value})
    assert type(check(**{keyword: twin})) is type(check(**{keyword: value}))


def test_the_twins_cover_every_numeric_kind():
    covered = {k for _, k, _, _ in TWINS}
    assert {"decks", "digits", "rounds", "seed", "threads", "penetration", "bankroll"} <= covered
    assert {"target", "players", "max_cards", "sd", "pdf"} <= covered


def rule_twins(game: str) -> list[tuple[str, object, object]]:
    """(rule, value, numpy twin) for every rule of the game that takes a number or a switch."""
    out = []
    for rule in GAMES[game].RULES:
        kind = rule.kind
        if isinstance(kind, Switch):
            out.append((rule.name, True, np.bool_(True)))
        elif isinstance(kind, Whole):
            value = min(kind.high, max(kind.low, 3))
            out.append((rule.name, value, np.int64(value)))
        elif isinstance(kind, Payout):
            out.append((rule.name, 1.5, np.float32(1.5)))
        elif isinstance(kind, Totals):
            out.append((rule.name, (8, 9), np.array([8, 9])))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_takes_numpy_scalars_through_the_api(game):
    edge = GAMES[game].edge
    twins = rule_twins(game)
    numeric = [r for r in GAMES[game].RULES if not isinstance(r.kind, Choice)]
    assert len(twins) == len(numeric), "a rule kind without a numpy twin"
    for rule, value, twin in twins:
        plain = edge(decks=1, **{rule: value}).rows()
        assert edge(decks=np.int64(1), **{rule: twin}).rows() == plain, rule


def test_a_numpy_bool_is_still_no_number():
    with pytest.raises(BadValue, match="decks: True is not a deck count"):
        zero.edge(decks=np.bool_(True))
    with pytest.raises(BadValue, match="split_hands"):
        blackjack.edge(decks=1, split_hands=np.bool_(True))


# ---- payouts: every one the options take, on every command ------------------------------------
TOO_LARGE = [2**1024, 10**400, Fraction(10**400, 3), -(2**1024)]


@pytest.mark.parametrize("value", TOO_LARGE, ids=["2**1024", "10**400", "fraction", "negative"])
def test_a_payout_too_large_for_a_float_is_refused_in_one_line(value):
    for call in (
        lambda: zero.edge(decks=1, zero_pair_pays=value),
        lambda: zero.edge(decks=1, trips_pays=value),
        lambda: blackjack.edge(decks=1, natural=value),
    ):
        with pytest.raises(BadValue) as refused:
            call()
        assert "is not a payout from 0 to 1000" in str(refused.value)
        assert "\n" not in str(refused.value)


def _total_probability(table) -> float:
    """The sum of a return table's probabilities, its 'total' row aside."""
    return sum(r["probability"] for r in table.rows() if r["outcome"] != "total")


payouts = st.one_of(
    st.sampled_from([0, 1, 8, 8.5, 9, 10, 100, MAX_PAYOUT]),
    st.tuples(st.integers(0, 200), st.integers(1, 7)).map(lambda ab: f"{ab[0]}:{ab[1]}"),
)


@settings(max_examples=12, deadline=None)
@given(payouts)
def test_every_natural_payout_goes_through_returns_and_simulate(natural):
    """Any payout ``--natural`` takes (up to 1000:1) prices the natural's bin: the return
    table's mean is the edge's, its probabilities sum to 1; the simulator deals it."""
    table = blackjack.returns(decks=1, natural=natural)
    edge = blackjack.edge(decks=1, natural=natural).rows()[0]["house_edge_percent"]
    assert table.facts["house_edge_percent"] == pytest.approx(edge, abs=1e-12)
    assert _total_probability(table) == pytest.approx(1.0, abs=1e-12)
    simulated = blackjack.simulate(decks=1, natural=natural, rounds=2_000, seed=3)
    outcomes = {r["outcome"]: r for r in simulated[1].rows()}
    payout = Payout().check(natural) if isinstance(natural, str) else float(natural)
    assert outcomes["natural wins"]["net"] == payout
    assert sum(r["count"] for r in outcomes.values()) == 2_000


@settings(max_examples=8, deadline=None)
@given(payouts, payouts)
def test_every_zero_payout_goes_through_returns_and_simulate(pair, trips):
    table = zero.returns(decks=1, zero_pair_pays=pair, trips_pays=trips)
    for one in table if isinstance(table, list) else [table]:
        assert _total_probability(one) == pytest.approx(1.0, abs=1e-12)
    assert zero.simulate(decks=1, zero_pair_pays=pair, trips_pays=trips, rounds=2_000, seed=3)


def test_a_report_of_a_1000_to_1_natural_is_written(tmp_path):
    blackjack.report(out=str(tmp_path / "r"), decks=1, natural="1000:1", rounds=1_000, pdf=False)
    data = json.loads((tmp_path / "r" / "report.json").read_text())
    facts = next(s for s in data["sections"] if s["key"] == "returns")["tables"][0]["facts"]
    assert facts["house_edge_percent"] < -100  # a natural paying 1000:1: the player's game


# ---- shoes without a rank ---------------------------------------------------------------------
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]


def _one_deck_without(rank: str) -> str:
    return ",".join(f"{r}={0 if r == rank else 16 if r == 'T' else 4}" for r in RANKS)


@pytest.mark.parametrize("rank", RANKS)
def test_the_effects_of_removal_figure_leaves_out_a_rank_the_shoe_lacks(rank):
    from cardedge.reports.core.plots import bars_svg

    values = [None if r == rank else 0.1 * (i - 4) for i, r in enumerate(RANKS)]
    svg = bars_svg(RANKS, values, "rank", "points")
    assert svg.startswith("<svg") or "<svg" in svg[:400]
    eor = blackjack.eor(shoe=_one_deck_without(rank)).rows()[0]
    assert eor[rank] is None and all(eor[r] is not None for r in RANKS if r != rank)


@pytest.mark.parametrize("rank", ["A", "T"])
def test_a_report_of_a_shoe_without_a_rank_is_written(tmp_path, rank):
    blackjack.report(out=str(tmp_path / "r"), shoe=_one_deck_without(rank), pdf=False)
    data = json.loads((tmp_path / "r" / "report.json").read_text())
    eor = next(s for s in data["sections"] if s["key"] == "eor")
    assert f"The shoe holds no {rank}: no bar." in eor["figures"][0]["caption"]


# ---- split totals ----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["8-", "-8", "9-8", "8+", "8--9"])
def test_a_half_range_of_split_totals_is_refused_everywhere(text, capsys):
    with pytest.raises(BadValue, match="split_totals"):
        zero.edge(decks=1, split_totals=text)
    assert main(["zero", "edge", "--decks", "1", "--split-totals", text]) == 2
    assert "'--split-totals'" in capsys.readouterr().err


# ---- statements computed from the rules played ------------------------------------------------
def test_the_presets_notes_stand_while_the_presets_do():
    from cardedge.analysis.zero.rules import STATED_NOTE, TRIPS_NOTE

    table = zero.edge(decks=1)
    assert table.notes[:2] == [TRIPS_NOTE, STATED_NOTE]
    assert table.keys["rules_note"] == TRIPS_NOTE


@pytest.mark.parametrize(
    ("changes", "gap"), [({"trips_pays": 5.0}, 0.0), ({"zero_pair_pays": 2.0}, 1.0)]
)
def test_the_notes_say_what_the_rules_played_pay_and_their_gap_is_the_edges(changes, gap):
    """With a payout given, no note describes the presets' own payouts ('3 to 1 instead of 3
    to 2'): each says what its rules pay, and the gap it states is the edges' difference."""
    from fractions import Fraction

    from cardedge.analysis.core.shoe import Shoe
    from cardedge.reports.zero.document import exact_deal_probabilities

    table = zero.edge(decks=1, **changes)
    text = " ".join([*table.notes, str(table.keys["rules_note"])])
    assert "3 to 1 instead of 3 to 2" not in text and "1.5 x" not in text
    pair = changes.get("zero_pair_pays", 1.5)
    assert (
        f"'published' as played here: a Zero Pair pays {'2 to 1' if pair == 2 else '3 to 2'}"
        in text
    )
    edges = {r["rules"]: r["house_edge_percent"] for r in table.rows()}
    trips = Fraction(exact_deal_probabilities(Shoe.decks(1)).rows()[1]["fraction"])
    assert edges["stated"] - edges["published"] == pytest.approx(
        100 * gap * float(trips), abs=1e-12
    )
    if gap:
        assert f"differs from 'published' here by exactly {gap:g} x P(ten-valued trips)" in text
    else:
        assert "pay ten-valued trips alike here: the same edge" in text


def test_one_definition_of_a_zero_pair_everywhere(tmp_path):
    """The help, the web page and the report define a Zero Pair as the engine counts it: two
    cards of one rank totalling 0, 5-5 included."""
    from pathlib import Path

    from click.testing import CliRunner

    from cardedge.analysis.zero.rules import ZERO_PAIR
    from cardedge.cli import cli
    from cardedge.engine.zero.game import is_zero_pair

    assert ZERO_PAIR == "two cards of one rank totalling 0: 5-5, 10-10, J-J, Q-Q or K-K"
    ranks = [r for r in range(13) if is_zero_pair(4 * r, 4 * r + 1)]  # two suits of each rank
    assert [("A23456789TJQK")[r] for r in ranks] == ["5", "T", "J", "Q", "K"]
    helped = CliRunner().invoke(cli, ["zero", "edge", "--help"], terminal_width=1000).output
    assert ZERO_PAIR in " ".join(helped.split())
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    with TestClient(create_app()) as client:
        assert ZERO_PAIR in client.get("/zero").text
    root = Path(__file__).resolve().parent.parent
    for folder in ("analysis", "reports", "cardedge", "docs"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".js", ".j2") and path.is_file():
                assert "ten-valued cards of one rank" not in path.read_text(), path


# ---- the web and the API take what the command line takes ------------------------------------
SHOE = "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=4,J=4,Q=4,K=4"


@pytest.mark.parametrize("decks", [6, 8])
def test_a_shoe_with_deck_counts_is_refused_on_all_three_surfaces(decks, capsys):
    """The shoe is the whole shoe: deck counts given beside it are refused, the default's value
    (6) too, which the API and the web took while the command line refused it."""
    with pytest.raises(BadValue, match="decks: a shoe gives the whole shoe: leave decks out"):
        zero.edge(decks=decks, shoe=SHOE)
    assert main(["zero", "edge", "--decks", str(decks), "--shoe", SHOE]) == 2
    assert "leave out --decks" in capsys.readouterr().err
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    with TestClient(create_app()) as client:
        response = client.get(f"/api/zero/edge?decks={decks}&shoe={SHOE}")
    assert response.status_code == 400
    assert response.json() == {"error": "decks: a shoe gives the whole shoe: leave decks out"}


def test_two_uploads_of_one_name_are_two_files(monkeypatch):
    from cardedge.reports.core.render import Table
    from cardedge.web import calls

    read = {}

    def reads(**keywords):
        read.update({k: open(v).read() for k, v in keywords.items()})  # noqa: SIM115
        return Table("read", [{"files": len(keywords)}])

    monkeypatch.setattr(calls, "api_function", lambda game, command: reads)
    uploads = (
        calls.Upload("strategy", "mine.json", "the chart"),
        calls.Upload("paytable", "mine.json", "the pay table"),
    )
    calls.Call("zero", "simulate", (), "json", uploads).run()
    assert read == {"strategy": "the chart", "paytable": "the pay table"}


def test_a_body_whose_length_is_given_twice_is_refused():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    with TestClient(create_app()) as client:
        response = client.post(
            "/api/zero/pays?decks=1",
            content=b"{}",
            headers={"Content-Length": "2", "Transfer-Encoding": "chunked"},
        )
    assert response.status_code == 400
    assert "Content-Length and Transfer-Encoding" in response.json()["error"]


HUGE_PAYS = ['"' + "9" * 5000 + ' to 1"', "9" * 5000, '"0.' + "3" * 4100 + ' to 1"']


@pytest.mark.parametrize("pays", HUGE_PAYS, ids=["text", "integer", "decimals"])
def test_a_pay_table_with_a_huge_number_is_refused_in_the_tables_words(tmp_path, pays, capsys):
    from importlib import resources

    from cardedge.analysis.zero.paytable import MAX_DIGITS

    shipped = resources.files("cardedge.analysis.zero") / "paytables" / "reconstructed.toml"
    text = shipped.read_text().replace('pays = "60 to 1"', f"pays = {pays}", 1)
    (tmp_path / "huge.toml").write_text(text)
    with pytest.raises(ValueError) as refused:
        zero.pays(decks=1, paytable=str(tmp_path / "huge.toml"))
    message = str(refused.value)
    assert message.endswith(f"line 19: a number of more than {MAX_DIGITS} digits")
    assert main(["zero", "pays", "--decks", "1", "--paytable", str(tmp_path / "huge.toml")]) == 2
    err = capsys.readouterr().err
    assert "set_int_max_str_digits" not in err and len(err) < 300


@pytest.mark.parametrize("target", ["x", "200", "nan", "-inf"])
def test_a_target_is_refused_in_the_same_words_by_the_cli_and_the_api(target, capsys):
    with pytest.raises(BadValue) as refused:
        zero.solve(target=target)
    assert main(["zero", "solve", "--target", target]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"cardedge: error: Invalid value for '--target': {refused.value.message}"


# ---- a report's folder: claimed, never a user's file overwritten -----------------------------
@pytest.mark.parametrize("name", ["report.pdf", "report.json", "report.html"])
@pytest.mark.parametrize("pdf", [True, False])
def test_a_users_file_of_a_reports_name_is_refused_before_any_work(tmp_path, name, pdf):
    folder = tmp_path / "r"
    folder.mkdir()
    (folder / name).write_text("my own\n")
    with pytest.raises(BadValue, match=rf"holds files a report did not write \({name}\)"):
        blackjack.report(out=str(folder), decks=1, pdf=pdf, rounds=1_000)
    assert [p.name for p in folder.iterdir()] == [name]
    assert (folder / name).read_text() == "my own\n"


def test_a_reports_own_files_are_rewritten_and_an_edited_one_is_the_users(tmp_path):
    from cardedge.reports.core.document import REPORT_RECORD, write_report

    out = tmp_path / "r"
    write_report(small_report(edge=0.4), out, pdf=False)
    assert sorted(p.name for p in out.iterdir()) == [REPORT_RECORD, "report.html", "report.json"]
    _, written = write_report(small_report(edge=0.5), out, pdf=False)
    assert written and "0.5000%" in (out / "report.html").read_text()
    (out / "report.html").write_text("<html><p>my own page</p></html>")  # the user's now
    with pytest.raises(BadValue, match=r"did not write \(report.html\)"):
        write_report(small_report(edge=0.6), out, pdf=False)
    assert (out / "report.html").read_text() == "<html><p>my own page</p></html>"


def test_a_pdf_a_report_wrote_goes_with_no_pdf_and_a_users_stays(tmp_path):
    import hashlib

    from cardedge.reports.core.document import REPORT_RECORD, write_report

    out = tmp_path / "r"
    write_report(small_report(), out, pdf=False)
    (out / "report.pdf").write_bytes(b"%PDF-1.4 ours")  # as if an earlier report printed it
    record = json.loads((out / REPORT_RECORD).read_text())
    record["files"]["report.pdf"] = [hashlib.sha256(b"%PDF-1.4 ours").hexdigest()]
    (out / REPORT_RECORD).write_text(json.dumps(record))
    write_report(small_report(edge=0.7), out, pdf=False)
    assert not (out / "report.pdf").exists()
    assert "report.pdf" not in json.loads((out / REPORT_RECORD).read_text())["files"]


def test_a_reports_files_restored_over_a_newer_record_are_still_its_own(tmp_path):
    """``git checkout results/`` after make tables wrote a record: the restored HTML and JSON
    carry a report's provenance, so the folder is still a report's."""
    from cardedge.reports.core.document import check_out, write_report

    out = tmp_path / "r"
    write_report(small_report(edge=0.4), out, pdf=False)
    kept = {n: (out / n).read_text() for n in ("report.html", "report.json")}
    write_report(small_report(edge=0.5), out, pdf=False)
    for name, text in kept.items():
        (out / name).write_text(text)
    assert check_out(out) == out


def test_the_committed_reports_folders_are_a_reports_own(tmp_path):
    import shutil

    from cardedge.reports.core.document import check_out

    results = __import__("pathlib").Path(__file__).resolve().parent.parent / "results"
    for folder in (results / "reports").iterdir():
        copy = tmp_path / folder.name
        shutil.copytree(folder, copy)
        assert check_out(copy) == copy


def test_a_reports_file_name_taken_by_a_folder_is_refused_before_any_work(tmp_path):
    (tmp_path / "r" / "report.html").mkdir(parents=True)
    with pytest.raises(BadValue) as refused:
        blackjack.report(out=str(tmp_path / "r"), decks=1, pdf=False, rounds=1_000)
    assert "did not write (report.html)" in str(refused.value)
    assert str(tmp_path) not in str(refused.value).split("'")[-1]


def test_a_second_report_into_a_held_folder_is_refused_at_once(tmp_path):
    from cardedge.reports.core.document import claimed

    out = tmp_path / "r"
    with claimed(out):
        with pytest.raises(BadValue, match="another report is writing into this folder now"):
            blackjack.report(out=str(out), decks=1, pdf=False, rounds=1_000)
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # the lock file went with the claim


def test_a_reports_temporary_folder_is_made_beside_its_folder(tmp_path, monkeypatch):
    import tempfile

    from cardedge.reports.core import document

    made = []
    real = tempfile.mkdtemp
    monkeypatch.setattr(
        document.tempfile, "mkdtemp", lambda **kw: made.append(kw["dir"]) or real(**kw)
    )
    (tmp_path / "r").mkdir()
    document.write_report(small_report(), tmp_path / "r", pdf=False)
    assert [__import__("pathlib").Path(d) for d in made] == [tmp_path]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]


def test_a_natural_over_8_to_1_on_the_command_line_and_the_web(capsys):
    """The payout that crashed (IndexError) on all three surfaces, now answered on each."""
    assert (
        main(["blackjack", "returns", "--decks", "1", "--natural", "10", "--format", "json"]) == 0
    )
    printed = capsys.readouterr().out
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cardedge.web.app import create_app

    with TestClient(create_app()) as client:
        response = client.get("/api/blackjack/returns?decks=1&natural=10")
    assert response.status_code == 200 and response.text == printed


def test_a_users_report_pdf_survives_the_command_line(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "report.pdf").write_bytes(b"%PDF my own")
    args = ["blackjack", "report", "--decks", "1", "--no-pdf", "--rounds", "1000"]
    assert main([*args, "--out", str(folder)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "holds files a report did not write (report.pdf)" in err[0]
    assert (folder / "report.pdf").read_bytes() == b"%PDF my own"


def test_a_report_folder_in_a_parent_it_cannot_write_works_inside_the_folder(tmp_path, monkeypatch):
    """The lock and the temporary folder go beside the report's folder; where its parent is
    not writable (root ignores permissions: a refusal stood in for), inside it, and both go."""
    import tempfile

    from cardedge.reports.core import document

    out = tmp_path / "r"
    out.mkdir()
    real_mkdtemp, real_touched = tempfile.mkdtemp, document._touched

    def refused_beside(make):
        def made(*args, **kw):
            where = kw.get("dir") if "dir" in kw else args[0].parent
            if __import__("pathlib").Path(where) == tmp_path:
                raise PermissionError(13, "Permission denied")
            return make(*args, **kw)

        return made

    monkeypatch.setattr(document.tempfile, "mkdtemp", refused_beside(real_mkdtemp))
    monkeypatch.setattr(document, "_touched", refused_beside(real_touched))
    with document.claimed(out):
        assert [p.name for p in out.iterdir()] == [".r.cardedge-report.lock"]
        document.write_report(small_report(), out, pdf=False)
    names = sorted(p.name for p in out.iterdir())
    assert names == [document.REPORT_RECORD, "report.html", "report.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]
