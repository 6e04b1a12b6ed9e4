"""Analysis documents for the tests of how reports are written, kept and printed
(test_reproducible.py, test_hostile_iii.py, test_report_page.py), and the measures a browser
takes of a page (``overflowing``)."""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
A4_CONTENT_PX = 703
"""The width of an A4 page inside the report's print margins (210 mm less 2 x 12 mm, at 96
CSS px per inch): what a printed table must fit in."""
PHONE_PX = 390
"""A phone's screen width (CSS px)."""
PAGE_NOTE = "This note every table carries says the same each time."
CHARTS = 5
"""Charts in ``page_report``, each after a filler table of another length: whatever the fonts,
some would cross a page break if charts could split."""
FIGURES = 5
"""Sections of a table and a figure in ``page_report``, at as many offsets on the page."""


def small_report(commit: str = "a" * 40, edge: float = 0.4):
    """A ``Report`` whose one figure is ``edge`` (in its table, full precision, and in its
    sentence, 4 decimals), made on ``commit``."""
    from cardedge.reports.core.document import Report, Section, TableView
    from cardedge.reports.core.render import Table

    table = Table("Edge", [{"decks": 6, "edge_percent": edge}])
    section = Section("headline", "Edge", (f"The edge is {edge:.4f}%.",), (TableView(table),))
    provenance = {"version": "0", "commit": commit, "command": "cardedge x report --out r"}
    return Report("x", "A report", "rules", (section,), provenance)


def page_report():
    """A ``Report`` of the pieces that printed badly (issue 45): the blackjack rules table
    (long texts), a wide table of effects of removal, count tags, booleans, a negative zero,
    snake_case columns, a note every table repeats; then ``CHARTS`` colour-coded charts of 31
    rows and ``FIGURES`` sections of a table and its figure, each after filler rows of
    another length, so that some start near the foot of a page."""
    from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
    from cardedge.reports.core import document as doc
    from cardedge.reports.core.plots import lines_svg
    from cardedge.reports.core.render import Table

    rules = doc.rules_table(
        RULES, BlackjackRules(peek=True), BlackjackRules(), "rules page", "Rules as played"
    )
    eor = Table(
        "Effects of removal (percentage points)",
        [
            {"decks": d, "rules": "stated", "edge_percent": 2.505936421,
             **{r: (k - 4.5) * 0.0123456789 for k, r in enumerate(RANKS)}}
            for d in (6, 8)
        ],
        [PAGE_NOTE],
    )  # fmt: skip
    counts = Table(
        "Count systems",
        [
            {"system": "Hi-Lo", "betting_correlation": 0.823612, "balanced": True,
             **{r: float(t) for r, t in zip(RANKS, (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), strict=True)}},
            {"system": "Halves", "betting_correlation": 0.9918, "balanced": False,
             **{r: t for r, t in zip(RANKS, (-1, .5, 1, 1, 1.5, 1, .5, 0, -.5, -1), strict=True)}},
        ],
        [PAGE_NOTE, "betting_correlation: the correlation of the tags with the EORs."],
    )  # fmt: skip
    grid = Table(
        "Rule space",
        [{"das": "true", "optimal_percent": 0.514056, "additive_error_percent": -1e-15}],
        [PAGE_NOTE],
    )
    sections = [
        doc.Section("rules", "The rules as played", ("Rules.",), (doc.TableView(rules),)),
        doc.Section(
            "figures",
            "Wide tables",
            ("Effects and counts.",),
            (
                doc.TableView(eor, percent=RANKS),
                doc.TableView(counts),
                doc.TableView(grid),
            ),
        ),
    ]
    colours = {"H": "#f4a6a6", "S": "#f6d776"}
    for k in range(CHARTS):
        filler = Table(f"Filler {k}", [{"row": i, "value": i} for i in range(7 + 9 * k)])
        chart = Table(
            f"Chart {k}",
            [{"hand": f"c{k}-{i}", **{r: "HS"[(i + j) % 2] for j, r in enumerate(RANKS)}}
             for i in range(31)],
        )  # fmt: skip
        sections.append(
            doc.Section(
                f"chart-{k}",
                f"Chart section {k}",
                ("A chart.",),
                (doc.TableView(filler), doc.TableView(chart, colours=colours)),
            )
        )
    for k in range(FIGURES):
        filler = Table(f"Spacer {k}", [{"row": i, "value": i} for i in range(5 + 11 * k)])
        rows = [{"decks": d, "optimal_percent": 0.6 - d / 20} for d in range(1, 9)]
        figure = doc.Figure(
            f"Figure {k}",
            lines_svg(
                [str(r["decks"]) for r in rows],
                {"optimal": [r["optimal_percent"] for r in rows]},
                "decks",
                "house edge (%)",
                False,
            ),
            "Percent of the initial wager.",
            rows,
        )
        sections.append(doc.Section(f"spacer-{k}", f"Spacer {k}", (), (doc.TableView(filler),)))
        sections.append(
            doc.Section(
                f"figure-{k}",
                f"Figure section {k}",
                ("A table and its figure.",),
                (doc.TableView(Table(f"Table {k}", rows)),),
                (figure,),
            )
        )
    provenance = {"version": "0", "commit": "b" * 40, "command": "cardedge x report --out r"}
    return doc.Report("x", "A page to print", "rules", tuple(sections), provenance)


def overflowing(driver, path, width: int, media: str) -> list:
    """The elements of the page at ``path`` (a file) whose right edge lies beyond the page's
    width, in Chromium at ``width`` CSS px with ``media`` ('screen': a phone's screen;
    'print': the page as printed, ``width`` the printed page's): [tag, right edge, text]."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": media == "screen"},
    )
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    try:
        driver.get(path.resolve().as_uri())
        return driver.execute_script(
            "const w = document.documentElement.clientWidth; const out = [];"
            "if (w !== arguments[0]) return [['viewport', w, '']];"
            "for (const e of document.querySelectorAll('body *')) {"
            "  const r = e.getBoundingClientRect();"
            "  if (r.width && r.right > w + 0.5)"
            "    out.push([e.tagName, Math.round(r.right), (e.textContent || '').slice(0, 60)]);"
            "}"
            "return out;",
            width,
        )
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def chromium_driver(window: str | None = None, logs: bool = False):
    """A headless Chromium (selenium), or None when there is none; ``window``: its size
    ("1200,1700"), ``logs``: keep the page's console (``driver.get_log("browser")``)."""
    import shutil

    browser, driver = shutil.which("chromium") or shutil.which("chromium-browser"), None
    chromedriver = shutil.which("chromedriver")
    if not (browser and chromedriver):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    if window:
        options.add_argument(f"--window-size={window}")
    if logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    return driver
