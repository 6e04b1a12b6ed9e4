"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a missing page
or an API reference mkdocstrings cannot resolve fails it), and every Python block of its pages
runs as written."""

import importlib
import itertools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)


PAGES_WITH_CODE = sorted(p.name for p in DOCS.glob("*.md") if python_blocks(p))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built once (a few seconds) for the tests that read it."""
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def test_the_site_builds_strict(site):
    # the API reference: one page per module (issue 47), each function on its module's page
    api = {m: (site / "reference" / f"{m}.html").read_text() for m in ("zero", "blackjack")}
    assert all(f'href="reference/{m}.html"' in (site / "api.html").read_text() for m in api)
    # opened from disk: every link between pages names an .html file that is there, and the
    # search index is built into the pages (no server needed to fetch it)
    index = (site / "index.html").read_text()
    pages = set(re.findall(r'href="([a-z-]+\.html)"', index))
    assert {"cli.html", "api.html", "web.html"} <= pages
    assert all((site / page).is_file() for page in pages)
    assert not re.search(r'href="[a-z-]+/"', index)  # no folder a browser would list
    assert (site / "search" / "search_index.js").is_file()
    for name in ("cardedge.zero.edge", "cardedge.blackjack.edge", "cardedge.zero.pays"):
        assert name in api[name.split(".")[1]], f"{name} is not documented"
    # the signatures written from the rule declarations: every rule keyword is shown
    from cardedge.games import games

    for game in games():
        page = api[game.name]
        start = page.index(f'id="cardedge.{game.name}.edge"')
        text = re.sub(r"<[^>]+>", "", page[start : start + 20_000])
        signature = text[text.index("edge(") : text.index(")", text.index("edge("))]
        for rule in game.rules:
            assert f"\n    {rule.name}: " in signature, f"{game.name} edge: no {rule.name}"


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_the_api_page_opens_each_game_with_its_all(site, game):
    """Each game's reference page documents the names of the module's ``__all__``,
    in its order, each once, and nothing else of the module (``CLASSES``, ``lazy_exports``...):
    first the functions, then the classes, ``render_many`` and ``OPTIMAL``."""
    exports = importlib.import_module(f"cardedge.{game}").__all__
    api = (site / "reference" / f"{game}.html").read_text()  # the module's own page
    ids = re.findall(r'<h\d id="([\w.]+)" class="doc doc-heading', api)
    prefix = f"cardedge.{game}."
    under = [i.removeprefix(prefix) for i in ids[ids.index(f"cardedge.{game}") + 1 :]]
    under = under[: next((n for n, i in enumerate(under) if i.startswith("cardedge.")), None)]
    functions = list(itertools.takewhile(str.islower, exports))  # edge ... load_chart
    assert under[: len(functions)] == functions  # the page opens with them, nothing between
    assert [name for name in under if "." not in name] == exports  # then the rest, each once


def test_no_page_loads_or_links_anything_outside_the_site(site):
    """Issue 33: every page reads the same offline (its search worker's shim ships with the
    site, docs/assets/iframe-worker) and links nothing outside the repository's site."""
    outside = re.compile(r'(?:src|href)="(?:https?:)?//[^"]*"')
    for page in [*site.glob("*.html"), *site.glob("reference/*.html")]:
        found = outside.findall(page.read_text())
        assert not found, (page.name, found[:3])
    assert 'src="assets/iframe-worker/shim.js"' in (site / "index.html").read_text()


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium (Debian: chromium)")
def test_search_works_on_the_site_opened_from_disk(site):
    """The README's way: site/index.html opened from disk (file://, no server, no network);
    the search box finds the pages that name a word."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        driver.get((site / "index.html").as_uri())
        driver.execute_script("document.querySelector('label[for=__search]').click()")
        driver.find_element("css selector", "input.md-search__input").send_keys("Kelly")
        # the result items and their count line are filled in separately: wait for both
        found = r"\d+ matching documents?"

        def counted(d) -> bool:
            meta = d.find_element("css selector", ".md-search-result__meta").text
            return bool(d.find_elements("css selector", ".md-search-result__item")) and bool(
                re.match(found, meta)
            )

        WebDriverWait(driver, 20).until(counted)
        meta = driver.find_element("css selector", ".md-search-result__meta").text
        assert re.match(found, meta), meta
        pages = driver.find_elements("css selector", ".md-search-result__item")
        assert any("Shoe stud" in p.text for p in pages)  # study.md names the Kelly ramps
    finally:
        driver.quit()


def test_every_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in DOCS.glob("*.md"):
        assert f": {page.name}" in nav, f"{page.name} is not in mkdocs.yml's nav"


def test_some_pages_show_python():
    assert {"api.md", "deep-api.md", "shoes.md"} <= set(PAGES_WITH_CODE)


@pytest.mark.parametrize("name", PAGES_WITH_CODE)
def test_every_python_block_of_the_page_runs(name):
    page = DOCS / name
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), {})


def _public_functions():
    import ast

    for layer in ("analysis", "strategy", "engine", "study", "reports", "cardedge"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text())
            for node in tree.body:
                if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                    yield f"{path.relative_to(ROOT)}:{node.name}", ast.get_docstring(node)


def test_every_public_function_has_a_docstring():
    missing = [name for name, doc in _public_functions() if not doc]
    assert len(list(_public_functions())) > 400
    assert not missing, missing


def test_every_api_function_shows_an_example():
    import cardedge.blackjack
    import cardedge.zero

    for module in (cardedge.zero, cardedge.blackjack):
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj) and getattr(obj, "__module__", "").startswith("cardedge.api"):
                assert ">>>" in (obj.__doc__ or ""), f"{module.__name__}.{name}: no example"
