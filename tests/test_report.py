"""The analysis document (``cardedge {game} report``): every number the API's, the HTML
self-contained and clean in headless Chromium, the PDF readable, the files all or nothing.

Cheap: 1-deck shoes, a 20,000-round witness, one report per game made once per module."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardedge import blackjack, zero
from cardedge.cli import main

pytest.importorskip("jinja2", reason="the report extra is not installed: pip install '.[report]'")
pytest.importorskip(
    "matplotlib", reason="the report extra is not installed: pip install '.[report]'"
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PDFTOTEXT = shutil.which("pdftotext")
PDFTOPPM = shutil.which("pdftoppm")
NO_BROWSER = "no headless Chromium: apt-get install chromium chromium-driver (Debian)"
NO_POPPLER = "no pdftotext/pdftoppm: apt-get install poppler-utils (Debian)"
ROUNDS = 20_000
SECTIONS = (
    *("rules", "headline", "strategy", "exceptions", "returns", "dealer", "decks"),
    *("variants", "eor", "counting", "witness", "method", "reproduce"),
)
ZERO_CALL = {"decks": 1, "rules": "published", "rounds": ROUNDS, "das": False}
BLACKJACK_CALL = {"decks": 1, "rounds": ROUNDS, "peek": True, "natural": "6:5"}
NOT_RULES = ("decks", "rounds")
"""The report calls' keywords that are not rules."""


@pytest.fixture(scope="module")
def zero_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("zero") / "report"
    table = zero.report(out=str(out), pdf=CHROMIUM is not None, **ZERO_CALL)
    return out, table, json.loads((out / "report.json").read_text())


@pytest.fixture(scope="module")
def blackjack_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("blackjack") / "report"
    table = blackjack.report(out=str(out), pdf=CHROMIUM is not None, **BLACKJACK_CALL)
    return out, table, json.loads((out / "report.json").read_text())


def section(data: dict, key: str) -> dict:
    return next(s for s in data["sections"] if s["key"] == key)


def computed(data: dict) -> list[dict]:
    """The sections but the last (the command, naming the folder written)."""
    assert data["sections"][-1]["key"] == "reproduce"
    return data["sections"][:-1]


def same_rows(got: list[dict], table) -> None:
    """The JSON rows are the API table's rows, every number equal (JSON's round trip of a
    float is exact)."""
    assert got == json.loads(json.dumps(table.json_rows()))


# ---- every number is the API's -----------------------------------------------------------------


def test_zero_report_numbers_are_the_api_functions(zero_report):
    _, _, data = zero_report
    rules = {"rules": "published", "das": False}
    at = {"decks": 1, **rules}
    same_rows(section(data, "strategy")["tables"][0]["rows"], zero.chart(**at))
    same_rows(section(data, "returns")["tables"][0]["rows"], zero.returns(**at))
    same_rows(section(data, "exceptions")["tables"][0]["rows"], zero.exceptions(**at))
    same_rows(section(data, "dealer")["tables"][0]["rows"], zero.edge(**at, by_upcard=True)[1])
    same_rows(section(data, "counting")["tables"][0]["rows"], zero.count(**at))
    same_rows(section(data, "zero-pays")["tables"][0]["rows"], zero.pays(decks=1)[0])
    same_rows(section(data, "decks")["tables"][0]["rows"], zero.compare(decks="1..8", das=False))
    same_rows(section(data, "variants")["tables"][0]["rows"], zero.variants(decks=1, das=False))
    same_rows(section(data, "eor")["tables"][0]["rows"], zero.eor(decks=1, das=False))
    witness = zero.simulate(decks=1, rounds=ROUNDS, seed=1, **rules)[0]
    same_rows(section(data, "witness")["tables"][0]["rows"], witness)
    head = section(data, "headline")["tables"][0]["rows"][0]
    for strategy, column in [
        ("optimal", "optimal_percent"),
        ("basic", "basic_percent"),
        ("published", "published_chart_percent"),
    ]:
        edge = zero.edge(**at, strategy=strategy).rows()[0]["house_edge_percent"]
        assert head[column] == edge
    facts = zero.returns(**at).facts
    assert head["sd"] == facts["sd"]
    assert head["element_of_risk_percent"] == facts["element_of_risk_percent"]
    # the return table's facts are its own rows' moments
    rows = zero.returns(**at).rows()[:-1]
    ev = sum(r["net"] * r["probability"] for r in rows)
    assert -100 * ev == pytest.approx(facts["house_edge_percent"], abs=1e-12)
    var = sum(r["net"] ** 2 * r["probability"] for r in rows) - ev**2
    assert var**0.5 == pytest.approx(facts["sd"], abs=1e-12)


def test_blackjack_report_numbers_are_the_api_functions(blackjack_report):
    _, _, data = blackjack_report
    at = {"decks": 1, "peek": True, "natural": "6:5"}
    edge = blackjack.edge(**at, strategy=["optimal", "basic"])
    head = section(data, "headline")["tables"][0]["rows"][0]
    by = {r["strategy"]: r["house_edge_percent"] for r in edge.rows()}
    assert (head["optimal_percent"], head["basic_percent"]) == (by["optimal"], by["basic"])
    assert head["sd"] == blackjack.returns(**at).facts["sd"]
    same_rows(section(data, "strategy")["tables"][0]["rows"], blackjack.chart(**at))
    same_rows(section(data, "returns")["tables"][0]["rows"], blackjack.returns(**at))
    same_rows(section(data, "dealer")["tables"][0]["rows"], blackjack.dealer(**at))
    same_rows(section(data, "exceptions")["tables"][0]["rows"], blackjack.exceptions(**at))
    same_rows(section(data, "eor")["tables"][0]["rows"], blackjack.eor(**at))
    same_rows(section(data, "counting")["tables"][0]["rows"], blackjack.count(**at))
    same_rows(section(data, "variants")["tables"][0]["rows"], blackjack.variants(**at))
    grid = blackjack.grid(**at, vary=["h17", "das", "peek"], basic=False, sd=False)
    same_rows(section(data, "variants")["tables"][1]["rows"], grid)
    same_rows(
        section(data, "decks")["tables"][0]["rows"], blackjack.compare(**{**at, "decks": "1..8"})
    )


CERTIFICATION_KEYS = {
    "rtp_percent",
    "hit_frequency",
    "volatility_index",
    "confidence_bands",
    "max_win",
}


def test_the_certification_figures_are_those_of_each_strategy_s_return_table(
    zero_report, blackjack_report
):
    """RTP, hit frequency, VI, bands and max win for optimal play, the basic chart, the
    published chart (Zero) and the AI levels (blackjack), each from the API's return table of
    that strategy; the Zero Pays section certifies its pay table and records it."""
    from cardedge.reports.core import certify

    calls = [
        (zero_report, zero, {"decks": 1, "rules": "published", "das": False}, {}),
        (
            blackjack_report,
            blackjack,
            {"decks": 1, "peek": True, "natural": "6:5"},
            {"easy": "AI easy", "normal": "AI normal", "hard": "AI hard"},
        ),
    ]
    for (_, _, data), game, at, names in calls:
        facts = section(data, "certification")["facts"]["1 deck"]
        strategies = ["optimal", "basic", *(names or ["published"])]
        assert list(facts) == [names.get(s, s) for s in strategies]
        for s in strategies:
            figures = facts[names.get(s, s)]
            assert CERTIFICATION_KEYS <= set(figures)
            assert set(figures["hit_frequency"]) == {"win", "push", "loss"}
            assert figures["volatility_index"]["confidence"] == 0.9
            returns = game.returns(**at, strategy=s)
            assert figures == json.loads(
                json.dumps(certify.certification(certify.outcomes(returns)))
            )
            edge = returns.facts["house_edge_percent"]
            assert figures["rtp_percent"] == pytest.approx(100 - edge, abs=1e-12)
    pays = section(zero_report[2], "zero-pays")["facts"]
    assert pays["paytable"]["name"] == "reconstructed"
    assert CERTIFICATION_KEYS <= set(pays["certification"]["1 deck"])


def test_exact_fractions_are_the_shoe_s_own(zero_report, blackjack_report):
    from fractions import Fraction

    zero_exact = section(zero_report[2], "headline")["tables"][1]["rows"]
    # 1 deck, 52 cards: a Zero Pair is two 5s or two tens of one rank (5 ranks of 4 cards)
    assert Fraction(zero_exact[0]["fraction"]) == Fraction(5 * 4 * 3, 52 * 51)
    assert Fraction(zero_exact[1]["fraction"]) == Fraction(4 * 4 * 3 * 2, 52 * 51 * 50)
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.round import deal_probabilities

    p = deal_probabilities(Shoe.decks(1))
    assert float(Fraction(zero_exact[0]["fraction"])) == pytest.approx(p.zero_pair, rel=1e-14)
    assert float(Fraction(zero_exact[1]["fraction"])) == pytest.approx(p.trips, rel=1e-14)
    natural = section(blackjack_report[2], "headline")["tables"][1]["rows"][0]
    assert Fraction(natural["fraction"]) == Fraction(2 * 4 * 16, 52 * 51)


def test_the_headline_gives_the_exact_edge_the_twins_and_the_floats_agree_with(
    zero_report, blackjack_report
):
    """The optimal edge as an exact fraction (issue 45): the exact module's, within 1e-15 of
    the wager of the float the headline prints, and named in the headline's words."""
    from fractions import Fraction

    from cardedge.analysis.blackjack.exact import exact_edge as blackjack_exact
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.analysis.zero.exact import exact_edge as zero_exact
    from cardedge.api.blackjack import rules as blackjack_rules
    from cardedge.api.zero import rules as zero_rules

    expected = {
        "zero": zero_exact(
            zero_rules(**{k: v for k, v in ZERO_CALL.items() if k not in NOT_RULES}), Shoe.decks(1)
        ),
        "blackjack": blackjack_exact(
            blackjack_rules(**{k: v for k, v in BLACKJACK_CALL.items() if k not in NOT_RULES}),
            Shoe.decks(1),
        ),
    }
    for game, made in (("zero", zero_report), ("blackjack", blackjack_report)):
        head = section(made[2], "headline")
        (facts,) = head["facts"].values()
        edge = Fraction(facts["optimal_fraction"])
        assert edge == expected[game]
        assert abs(float(edge) * 100 - facts["optimal_percent"]) <= 1e-13
        assert facts["optimal_fraction"] in head["paragraphs"][1]


def test_every_section_is_numbered_and_the_rules_say_what_differs(zero_report, blackjack_report):
    for (out, _, data), differs, sentence in [
        (zero_report, "--das", "Rule 6 differs from the rules page: here a split hand may not "),
        (blackjack_report, "--peek", "Rule 3 differs from the rules page: here the dealer peeks"),
    ]:
        keys = [s["key"] for s in data["sections"]]
        assert [s["number"] for s in data["sections"]] == list(range(1, len(keys) + 1))
        assert set(SECTIONS) <= set(keys)
        rules = section(data, "rules")
        marked = [r["rule"] for r in rules["tables"][0]["rows"] if r["differs"]]
        assert differs in marked
        # the page says the rules in sentences (report.json: rule_sentences), each difference
        # in words; the option values are in report.json's table and one line of options
        said = data["rule_sentences"]
        assert rules["paragraphs"][: len(said)] == said
        assert sum(s.startswith(sentence) for s in said) == 1
        assert said[0].startswith("The rules as played, numbered; the rules page they follow is ")
        assert said[1].startswith("1. One player; every round is dealt from a fresh shoe of 1 deck")
        assert rules["paragraphs"][-1].startswith("As command-line options: ")
        page = (out / "report.html").read_text()
        assert rules["tables"][0]["title"] not in page and " false<" not in page
    assert "zero-pays" in [s["key"] for s in zero_report[2]["sections"]]
    bj_marked = [r["rule"] for r in section(blackjack_report[2], "rules")["tables"][0]["rows"]
                 if r["differs"]]  # fmt: skip
    assert bj_marked == ["--peek", "--natural"]


def test_the_witness_lies_within_a_few_standard_errors(zero_report, blackjack_report):
    for data in (zero_report[2], blackjack_report[2]):
        row = section(data, "witness")["tables"][0]["rows"][0]
        assert row["rounds"] == ROUNDS and row["seed"] == 1
        assert abs(row["standard_errors"]) < 4


def test_the_figures_carry_their_numbers(zero_report, blackjack_report):
    zero_eor = section(zero_report[2], "eor")
    figure = zero_eor["figures"][0]["data"]
    row = next(r for r in zero_eor["tables"][0]["rows"] if r["rules"] == "published")
    assert figure == {r: row[r] for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")}
    decks = section(blackjack_report[2], "decks")["figures"][0]["data"]
    assert decks["decks"] == list(range(1, 9))
    assert len(decks["optimal"]) == 8


# ---- the files ---------------------------------------------------------------------------------


def test_the_html_is_self_contained(zero_report, blackjack_report):
    for out, _, _ in (zero_report, blackjack_report):
        page = (out / "report.html").read_text()
        refs = re.findall(r'(?:src|href)="([^"]*)"', page)
        assert refs and all(r.startswith(("data:", "#")) for r in refs), refs
        assert "<link" not in page and "@import" not in page and "url(" not in page
        assert page.count("<svg") == 0  # figures are data URIs: their ids cannot clash
        assert page.count('<img src="data:image/svg+xml;base64,') >= 2


def test_the_same_call_writes_the_same_bytes(zero_report):
    out, _, data = zero_report
    before = {n: (out / n).read_bytes() for n in ("report.html", "report.json")}
    zero.report(out=str(out), pdf=CHROMIUM is not None, **ZERO_CALL)
    assert {n: (out / n).read_bytes() for n in before} == before


def test_the_command_named_in_the_document_makes_it_again(blackjack_report, tmp_path):
    out, _, data = blackjack_report
    command = data["provenance"]["command"]
    assert command.startswith("cardedge blackjack report --decks 1 --peek --natural 6:5")
    assert f"--rounds {ROUNDS}" in command
    args = command.split()[1:]
    where = args.index("--out")
    args[where + 1] = str(tmp_path / "made")
    if CHROMIUM is not None:
        args.append("--no-pdf")
    assert main(args) == 0
    made = json.loads((tmp_path / "made" / "report.json").read_text())
    assert computed(made) == computed(data)


@pytest.mark.skipif(not (CHROMIUM and PDFTOTEXT and PDFTOPPM), reason=NO_POPPLER)
def test_the_pdf_renders_and_shows_the_headline(zero_report, blackjack_report, tmp_path):
    for out, _, data in (zero_report, blackjack_report):
        pdf = out / "report.pdf"
        assert pdf.read_bytes().startswith(b"%PDF-")
        text = subprocess.run(
            [PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        head = section(data, "headline")["tables"][0]["rows"][0]
        assert f"{head['optimal_percent']:.4f}" in text
        assert f"{head['basic_percent']:.4f}" in text
        assert "1. The rules as played" in text
        rtp = section(data, "certification")["facts"]["1 deck"]["optimal"]["rtp_percent"]
        assert "Certification figures" in text and f"{rtp:.4f}" in text
        assert data["provenance"]["commit"] in text.replace("\n", "")
        subprocess.run(
            [PDFTOPPM, "-r", "30", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
            check=True,
        )
        page = next(tmp_path.glob("p*.png"))
        assert page.stat().st_size > 2000
        page.unlink()


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=NO_BROWSER)
def test_the_html_loads_in_chromium_without_error_or_outside_request(zero_report):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        out, _, data = zero_report
        driver.get((out / "report.html").resolve().as_uri())
        resources = driver.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name)"
        )
        assert all(r.startswith("data:") for r in resources), resources
        headings = driver.execute_script(
            "return [...document.querySelectorAll('h2')].map((h) => h.textContent)"
        )
        assert headings == [f"{s['number']}. {s['title']}" for s in data["sections"]]
        broken = driver.execute_script(
            "return [...document.images].filter((i) => !i.complete || !i.naturalWidth).length"
        )
        assert broken == 0
        errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        assert not errors, errors
    finally:
        driver.quit()


# ---- the page a lab prints (issue 45; tests/test_report_page.py has the rest) ------------------


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=NO_BROWSER)
def test_no_element_of_either_page_is_wider_than_a_phone_or_an_a4_page(
    zero_report, blackjack_report
):
    """The rules table's long texts wrap (it was 1,624 px wide on a 390 px phone), the
    effects of removal and the count tags fit an A4 page and, row by row, a phone."""
    from documents import A4_CONTENT_PX, PHONE_PX, chromium_driver, overflowing

    driver = chromium_driver()
    try:
        for out, _, _ in (zero_report, blackjack_report):
            for width, media in ((PHONE_PX, "screen"), (A4_CONTENT_PX, "print")):
                wide = overflowing(driver, out / "report.html", width, media)
                assert wide == [], (out, width, wide[:5])
    finally:
        driver.quit()


@pytest.mark.skipif(not (CHROMIUM and PDFTOTEXT), reason=NO_POPPLER)
def test_the_pdf_prints_every_rule_s_meaning_whole(zero_report, blackjack_report):
    """The PDF cut the surrender and five-card texts at the page's right edge (the rules
    table's; the page now says every rule in sentences: each is printed whole)."""
    for out, _, data in (zero_report, blackjack_report):
        text = subprocess.run(
            [PDFTOTEXT, str(out / "report.pdf"), "-"], capture_output=True, text=True, check=True
        ).stdout
        flat = " ".join(text.split())
        assert len(data["rule_sentences"]) > 10
        for sentence in data["rule_sentences"]:
            assert " ".join(sentence.split()) in flat, sentence


def test_each_note_is_shown_once(zero_report, blackjack_report):
    import html

    for out, _, data in (zero_report, blackjack_report):
        page = html.unescape((out / "report.html").read_text())
        notes = {n for s in data["sections"] for t in s["tables"] for n in t["notes"]}
        shown = re.findall(r"<li>(.*?)</li>", page)
        assert len(shown) == len(set(shown)), [n for n in set(shown) if shown.count(n) > 1]
        twice = [n for n in notes if n in shown and page.count(n) > 1]
        assert not twice, twice


def test_the_witness_and_the_exceptions_say_what_their_tables_hold(blackjack_report):
    _, _, data = blackjack_report
    witness = section(data, "witness")["tables"][0]
    assert witness["rows"][0]["rules"] == "custom"  # the simulate command's word, kept in JSON
    assert "custom" not in witness["title"] and "default" not in witness["title"]
    assert witness["title"].endswith(witness["rows"][0]["rules_description"])
    exceptions = section(data, "exceptions")
    sizes = {len(r["hand"].split(",")) for r in exceptions["tables"][0]["rows"]}
    words = {2: "two", 3: "three", 4: "four"}
    said = exceptions["paragraphs"][0]
    named = said.removeprefix("Hands of ").split(" cards")[0]  # 'two or three'
    assert set(named.replace(",", " ").split()) - {"or"} == {words[n] for n in sizes}


def test_the_page_gives_one_precision_and_plain_headers(zero_report, blackjack_report):
    """Edges to 4 decimals, tags as integers, yes/no, no snake_case header, no '-0.0...'."""
    for out, _, data in (zero_report, blackjack_report):
        page = (out / "report.html").read_text()
        headers = re.findall(r"<th[^>]*>(.*?)</th>", page)
        assert not [h for h in headers if "_" in h], headers
        cells = re.findall(r"<td[^>]*>(.*?)</td>", page)
        assert not [c for c in cells if re.fullmatch(r"-0(\.0*)?", c)]
        assert "True" not in cells and "False" not in cells
        hi_lo = cells[cells.index("Hi-Lo") :][:16]
        assert "-1" in hi_lo and "1" in hi_lo and "1.0000" not in hi_lo
        head = section(data, "headline")["tables"][0]["rows"][0]
        assert f"{head['optimal_percent']:.4f}" in cells
        assert f"<td>{head['optimal_percent']:.6f}</td>" not in page


# ---- bad input: one line, exit 2, nothing of the user's touched ------------------------------


def run(capsys, *args: str) -> tuple[int, str]:
    """The command's exit code and what it printed to stderr."""
    code = main(list(args))
    return code, capsys.readouterr().err


def test_a_folder_holding_other_files_is_refused_untouched(capsys, tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("keep me")
    code, err = run(capsys, "zero", "report", "--decks", "1", "--out", str(tmp_path), "--no-pdf")
    assert code == 2
    assert "holds files a report did not write (mine.txt)" in err
    assert len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]
    assert mine.read_text() == "keep me"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--decks", "0"], "--decks"),
        (["--rounds", "1"], "--rounds"),
        (["--seed", "-1"], "--seed"),
        (["--dealer-draws", "11"], "--dealer-draws"),
        (["--rules", "both"], "--rules"),
        (["--paytable", "no-such-table.toml"], "--paytable"),
    ],
)
def test_bad_options_are_one_line_and_write_nothing(capsys, tmp_path, args, words):
    out = tmp_path / "out"
    code, err = run(capsys, "zero", "report", *args, "--out", str(out), "--no-pdf")
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()


def test_an_out_that_is_a_file_or_under_a_file_is_refused(capsys, tmp_path):
    a_file = tmp_path / "f"
    a_file.write_text("x")
    for out in (a_file, a_file / "sub"):
        code, err = run(capsys, "blackjack", "report", "--decks", "1", "--out", str(out))
        assert code == 2, err
        assert len(err.strip().splitlines()) == 1 and "'--out'" in err, err
    assert a_file.read_text() == "x"


def test_the_api_refuses_as_the_command_line(tmp_path):
    from cardedge.core.errors import BadValue

    with pytest.raises(BadValue, match="^pdf: "):
        zero.report(out=str(tmp_path / "a"), pdf="false")
    with pytest.raises(BadValue, match="^seed: "):
        blackjack.report(out=str(tmp_path / "a"), seed=1.5)
    with pytest.raises(BadValue, match="^out: "):
        blackjack.report(out="")
    assert not (tmp_path / "a").exists()


def tiny_report():
    """A report of one short section: the file handling without a game's tables."""
    from cardedge.reports.core import document
    from cardedge.reports.core.render import Table

    table = Table("t", [{"a": 1.5}])
    section = document.Section("only", "Only", ("words",), (document.TableView(table),))
    provenance = {"version": "0", "commit": "c", "command": "cardedge x report"}
    return document.Report("x", "X", "rules", (section,), provenance)


def test_an_interrupted_report_leaves_nothing(tmp_path, monkeypatch):
    from cardedge.reports.core import document

    def interrupted(html_path, pdf_path):
        Path(pdf_path).write_bytes(b"%PDF-half")
        raise KeyboardInterrupt

    monkeypatch.setattr(document, "print_pdf", interrupted)
    out = tmp_path / "new"
    with pytest.raises(KeyboardInterrupt):
        document.write_report(tiny_report(), out, pdf=True)
    assert list(tmp_path.iterdir()) == []
    # into an earlier report's folder: the earlier files stay whole
    document.write_report(tiny_report(), out, pdf=False)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(KeyboardInterrupt):
        document.write_report(tiny_report(), out, pdf=True)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new"]


def test_no_pdf_removes_an_earlier_pdf_a_report_wrote_and_refuses_a_users(tmp_path):
    """An earlier report's PDF (its record lists it) goes: it would describe other numbers; a
    PDF no report wrote there is the user's, refused before any work and left as it is
    (issue 43: this test deleted any report.pdf)."""
    import hashlib
    import json

    from cardedge.core.errors import BadValue
    from cardedge.reports.core import document

    out = tmp_path / "r"
    document.write_report(tiny_report(), out, pdf=False)
    (out / "report.pdf").write_bytes(b"%PDF-old")
    record = json.loads((out / document.REPORT_RECORD).read_text())
    record["files"]["report.pdf"] = [hashlib.sha256(b"%PDF-old").hexdigest()]
    (out / document.REPORT_RECORD).write_text(json.dumps(record))
    document.write_report(tiny_report(), out, pdf=False)
    names = sorted(p.name for p in out.iterdir())
    assert names == [document.REPORT_RECORD, "report.html", "report.json"]
    page = (out / "report.html").read_text()
    assert "<h2>1. Only</h2>" in page and ">1.5</td>" in page  # an exact figure as it is
    (out / "report.pdf").write_bytes(b"%PDF-mine")
    with pytest.raises(BadValue, match=r"did not write \(report.pdf\)"):
        document.write_report(tiny_report(), out, pdf=False)
    assert (out / "report.pdf").read_bytes() == b"%PDF-mine"


# ---- a finished shoe study joins the counting section ------------------------------------------

STUDIES = Path(__file__).resolve().parent.parent / "results" / "study"


def test_a_matching_study_gives_its_edge_by_true_count():
    import pandas as pd

    from cardedge.analysis.core.shoe import Shoe
    from cardedge.reports.core.document import study_section_of

    folder = STUDIES / "blackjack_6d_75"
    rules = blackjack.rules()
    got = study_section_of(folder, "blackjack", rules, [Shoe.decks(1), Shoe.decks(6)])
    table = got.tables[0].table
    committed = pd.read_csv(folder / "edge_by_true_count.csv", comment="#")
    from cardedge.reports.core.render import records

    assert table.rows() == records(committed)
    assert table.title.startswith("Shoe study, edge by true count: Blackjack, 6 decks")
    data = got.figures[0].data
    assert data["edge_strategy"] == list(committed["edge_strategy"])


@pytest.mark.parametrize(
    "folder, game, words",
    [
        ("blackjack_6d_75", "zero", "is a study of 'blackjack'"),
        ("blackjack_6d_85", "blackjack", None),  # H17 below: other rules
        ("no_such_study", "blackjack", "holds no finished shoe study"),
    ],
)
def test_a_study_of_other_rules_or_none_is_refused(folder, game, words):
    from cardedge.analysis.core.shoe import Shoe
    from cardedge.core.errors import BadValue
    from cardedge.reports.core.document import study_section_of

    rules = zero.rules("published") if game == "zero" else blackjack.rules(h17=True)
    with pytest.raises(BadValue, match="^study_folder: ") as caught:
        study_section_of(STUDIES / folder, game, rules, [Shoe.decks(6)])
    assert words is None or words in str(caught.value)
    if words is None:
        assert "studied other rules or decks" in str(caught.value)


def test_rules_the_published_chart_cannot_play_are_reported_without_it(tmp_path):
    out = tmp_path / "r"
    zero.report(out=str(out), decks=1, split_totals="none", rounds=2000, pdf=False)
    data = json.loads((out / "report.json").read_text())
    head = section(data, "headline")
    assert head["tables"][0]["rows"][0]["published_chart_percent"] is None
    assert "published chart splits totals 8 and 9 only" in head["tables"][0]["notes"][-1]
    assert "with the published chart" not in head["paragraphs"][0]
    optimal = zero.edge(decks=1, rules="published", split_totals="none").rows()[0]
    assert head["tables"][0]["rows"][0]["optimal_percent"] == optimal["house_edge_percent"]
