"""The analysis page a lab prints (issue 45): every table within an A4 page and a phone's
screen, no chart split across pages and no figure apart from its heading, each note once and
where it belongs, one precision policy with plain headers and units (report.json keeping its
keys and full precision), and a sentence for each section given at one deck count of several.

Cheap: a made-up document (``documents.page_report``) printed once, and one Zero report of a
1- and a 2-deck shoe without its PDF."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess

import pytest
from documents import (
    A4_CONTENT_PX,
    CHARTS,
    FIGURES,
    PAGE_NOTE,
    PHONE_PX,
    chromium_driver,
    overflowing,
    page_report,
)

from cardedge.reports.core import document as doc
from cardedge.reports.core import page

pytest.importorskip("jinja2", reason="the report extra is not installed: pip install '.[report]'")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PDFTOTEXT = shutil.which("pdftotext")
NO_BROWSER = "no headless Chromium: apt-get install chromium chromium-driver (Debian)"
NO_POPPLER = "no pdftotext: apt-get install poppler-utils (Debian)"


# ---- the policy, figure by figure ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "percent", "text"),
    [
        (2.2637009546182045, True, "2.2637"),  # an edge: 4 decimals
        (0.006301234, True, "0.0063"),  # an effect of removal: 4 decimals, however small
        (-1e-15, True, "0.0000"),  # a grid's rounding residue: no '-0.0000'
        (-0.0, False, "0"),
        (1.194564, False, "1.1946"),  # an SD: 4 decimals
        (0.0284442, False, "0.02844"),  # a probability: 4 significant digits
        (2.2647188369032597e-06, False, "0.000002265"),  # P x cost
        (1.0, False, "1"),  # a count tag
        (-1.0, False, "-1"),
        (0.5, False, "0.5"),  # a Halves tag
        (60.0, False, "60"),  # a pay
        (True, False, "yes"),
        (False, False, "no"),
        ("true", False, "yes"),  # a grid's rule value
        (10_000_000, False, "10000000"),
        (None, False, ""),
        (float("nan"), False, ""),
    ],
)
def test_every_figure_follows_the_page_s_one_precision_policy(value, percent, text):
    assert page.figure(value, percent) == text


@pytest.mark.parametrize(
    ("column", "text"),
    [
        ("element_of_risk_percent", "Element of risk (%)"),
        ("optimal_percent", "Optimal play (%)"),
        ("additive_error_percent", "Additive error (points)"),
        ("sd", "SD (initial wagers)"),
        ("true_count", "True count"),
        ("das", "DAS"),
        ("up", "Up"),
        ("P(cards)", "P(cards)"),
        ("A", "A"),
        ("17", "17"),
    ],
)
def test_headers_are_plain_words_with_their_units(column, text):
    assert page.header(column) == text


def test_notes_name_columns_as_the_headers_do_and_round_their_figures():
    notes = page.plain_notes(
        [
            "House edges in percent; sd: standard deviation per initial wager.",
            "element_of_risk_percent: the edge per unit wagered; house edge 2.263701%, "
            "SD 1.194564, P(split) 0.022682, to 1e-14.",
        ],
        ["sd", "element_of_risk_percent"],
    )
    assert notes == [
        "House edges in percent; SD: standard deviation per initial wager.",
        "Element of risk: the edge per unit wagered; house edge 2.2637%, SD 1.1946, "
        "P(split) 0.02268, to 1e-14.",
    ]


# ---- the made-up document: its HTML and JSON --------------------------------------------------


@pytest.fixture(scope="module")
def made_up():
    report = page_report()
    return report, doc.report_html(report), doc.report_json(report)


def cells(text: str, tag: str = "td") -> list[str]:
    return [html.unescape(c) for c in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", text)]


def test_the_page_shows_plain_headers_integer_tags_yes_no_and_no_negative_zero(made_up):
    _, text, _ = made_up
    headers = cells(text, "th")
    assert "Betting correlation" in headers and "betting_correlation" not in headers
    assert "Additive error (points)" in headers and "Edge (%)" in headers
    assert not [h for h in headers if "_" in h], headers
    shown = cells(text)
    hi_lo = shown[shown.index("Hi-Lo") :][:13]
    assert hi_lo == ["Hi-Lo", "0.8236", "yes", "-1", "1", "1", "1", "1", "1", "0", "0", "0", "-1"]
    halves = shown[shown.index("Halves") :][:13]
    assert halves[2:8] == ["no", "-1", "0.5", "1", "1", "1.5"]
    assert "True" not in shown and "False" not in shown and "true" not in shown
    assert not [c for c in shown if re.fullmatch(r"-0(\.0*)?", c)]
    assert "-0.0556" in shown  # an effect of removal: percentage points, 4 decimals


def test_each_note_is_shown_once_and_the_json_keeps_every_table_s(made_up):
    report, text, data = made_up
    assert text.count(PAGE_NOTE) == 1
    first = text.index(PAGE_NOTE)
    assert (
        text.index("Effects of removal (percentage points)") < first < text.index("Count systems")
    )
    tables = [t for s in data["sections"] for t in s["tables"]]
    assert sum(PAGE_NOTE in t["notes"] for t in tables) == 3


def test_the_json_keeps_its_keys_and_full_precision(made_up):
    _, _, data = made_up
    wide = next(s for s in data["sections"] if s["key"] == "figures")["tables"]
    assert wide[0]["rows"][0]["edge_percent"] == 2.505936421
    assert wide[1]["rows"][0]["betting_correlation"] == 0.823612
    assert wide[1]["rows"][0]["balanced"] is True and wide[1]["rows"][0]["A"] == -1.0
    assert wide[2]["rows"][0]["additive_error_percent"] == -1e-15
    assert "betting_correlation" in wide[1]["columns"]


# ---- printed and on a phone ---------------------------------------------------------------------


def pdf_pages(pdf) -> list[str]:
    """The text of each page of ``pdf`` (pdftotext -layout)."""
    text = subprocess.run(
        [PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")


def page_of(pages: list[str], words: str) -> int:
    found = [
        i for i, p in enumerate(pages) if re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", p)
    ]
    assert len(found) == 1, (words, found)
    return found[0]


@pytest.mark.skipif(not (CHROMIUM and PDFTOTEXT), reason=NO_POPPLER)
def test_no_chart_splits_across_pages_and_each_figure_stays_with_its_heading(made_up, tmp_path):
    """Printed to A4 by the report's own Chromium: each chart (31 rows, after filler of
    another length each) whole on one page; each figure on the page of its section's heading
    and of the table it draws."""
    report, text, _ = made_up
    (tmp_path / "report.html").write_text(text)
    doc.print_pdf(tmp_path / "report.html", tmp_path / "report.pdf")
    pages = pdf_pages(tmp_path / "report.pdf")
    assert len(pages) > 4
    for k in range(CHARTS):
        assert page_of(pages, f"c{k}-0") == page_of(pages, f"c{k}-30"), k
        assert page_of(pages, f"Chart {k}") == page_of(pages, f"c{k}-0"), k
    for k in range(FIGURES):
        figure = page_of(pages, f"Figure {k}.")
        number = 2 + CHARTS + 2 * k + 2  # the rules, the wide tables, the charts, the spacers
        assert page_of(pages, f"{number}. Figure section {k}") == figure, k
        assert page_of(pages, f"Table {k}") == figure, k


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=NO_BROWSER)
def test_no_element_is_wider_than_a_phone_or_an_a4_page(made_up, tmp_path):
    """In Chromium, at a phone's 390 px and at the width of an A4 page inside its margins
    (print media), no element of the page reaches past its right edge: a table's text wraps,
    a wide table's rows wrap on a phone."""
    _, text, _ = made_up
    (tmp_path / "report.html").write_text(text)
    driver = chromium_driver()
    try:
        for width, media in ((PHONE_PX, "screen"), (A4_CONTENT_PX, "print")):
            assert overflowing(driver, tmp_path / "report.html", width, media) == [], width
    finally:
        driver.quit()


# ---- a report of several deck counts ------------------------------------------------------------


@pytest.fixture(scope="module")
def two_shoes(tmp_path_factory):
    from cardedge import zero

    out = tmp_path_factory.mktemp("zero") / "report"
    zero.report(out=str(out), decks=[1, 2], rounds=2000, pdf=False)
    page_text = html.unescape((out / "report.html").read_text())  # as a reader reads it
    return json.loads((out / "report.json").read_text()), page_text


def test_a_section_made_at_one_deck_count_of_several_says_which_and_why(two_shoes):
    data, text = two_shoes
    by_key = {s["key"]: s for s in data["sections"]}
    for key, what in (("variants", "The variants and the interaction grid"),
                      ("eor", "The effects of removal")):  # fmt: skip
        said = [p for p in by_key[key]["paragraphs"] if p.startswith(what)]
        assert len(said) == 1, key
        assert "given for 1 deck only" in said[0] and "(1 and 2)" in said[0]
        assert "--decks 2" in said[0]
        assert said[0] in text
    # the sections of every shoe give a table for each, and say nothing of the kind
    for key in ("headline", "strategy", "exceptions", "returns", "dealer", "counting"):
        assert not [p for p in by_key[key]["paragraphs"] if "only" in p], key
    assert len(by_key["strategy"]["tables"]) == 2
    assert {r["decks"] for r in by_key["decks"]["tables"][0]["rows"]} >= {1, 2}


def test_a_note_of_the_rules_is_said_once_in_the_rules_section(two_shoes):
    from cardedge.analysis.zero.rules import TRIPS_NOTE

    data, text = two_shoes
    rules = data["sections"][0]
    assert rules["key"] == "rules" and TRIPS_NOTE in rules["paragraphs"]  # after the sentences
    note = TRIPS_NOTE
    tables = [t for s in data["sections"] for t in s["tables"]]
    assert sum(note in t["notes"] for t in tables) >= 10  # every command's table carries it
    assert text.count(note) == 1
    assert text.index(note) < text.index('id="headline"')


def test_the_zero_pays_note_is_on_the_side_bet_not_on_the_witness(two_shoes):
    data, text = two_shoes
    pays = next(s for s in data["sections"] if s["key"] == "zero-pays")["tables"][0]["notes"]
    note = next(n for n in pays if "RECONSTRUCTION" in n)
    witness = next(s for s in data["sections"] if s["key"] == "witness")["tables"][0]["notes"]
    assert note in witness  # the simulation's table carries it (it simulates the side bet too)
    shown = text.index(note)
    assert text.count(note) == 1
    assert text.index('id="zero-pays"') < shown < text.index('id="witness"')
