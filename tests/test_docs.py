"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a missing page
or an API reference mkdocstrings cannot resolve fails it), and every Python block of its pages
runs as written."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)


PAGES_WITH_CODE = sorted(p.name for p in DOCS.glob("*.md") if python_blocks(p))


def test_the_site_builds_strict(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    api = (tmp_path / "api.html").read_text()
    # opened from disk: every link between pages names an .html file that is there, and the
    # search index is built into the pages (no server needed to fetch it)
    index = (tmp_path / "index.html").read_text()
    pages = set(re.findall(r'href="([a-z-]+\.html)"', index))
    assert {"cli.html", "api.html", "web.html"} <= pages
    assert all((tmp_path / page).is_file() for page in pages)
    assert not re.search(r'href="[a-z-]+/"', index)  # no folder a browser would list
    assert (tmp_path / "search" / "search_index.js").is_file()
    for name in ("cardedge.zero.edge", "cardedge.blackjack.edge", "cardedge.zero.pays"):
        assert name in api, f"{name} is not documented"
    # the signatures written from the rule declarations: every rule keyword is shown
    from cardedge.games import games

    for game in games():
        start = api.index(f'id="cardedge.{game.name}.edge"')
        text = re.sub(r"<[^>]+>", "", api[start : start + 20_000])
        signature = text[text.index("edge(") : text.index(")", text.index("edge("))]
        for rule in game.rules:
            assert f"\n    {rule.name}: " in signature, f"{game.name} edge: no {rule.name}"


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
