"""mypy resolves every ``cardedge.*`` import (no import hook hides the package from it).

The package is installed as a plain path entry and its layers are real subpackages of
``cardedge/`` (symlinks to the top-level folders), so a type checker, like an editor, finds every
module. The check is on import resolution only: ``mypy`` with pyproject's ``[tool.mypy]`` runs
over the whole package, and the test fails on an unresolved ``cardedge`` module or a name a
``cardedge`` module does not define. Other type errors are reported by ``mypy`` but not failed
here (the code base is not fully typed). The cache is ``.mypy_cache/`` (git-ignored): a cold
check takes about 12 s of CPU, a warm one 1 s.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

ERROR = re.compile(r"^(?P<where>[^:]+:\d+): error: (?P<message>.*?)  \[(?P<code>[a-z-]+)\]$")


def unresolved(output: str) -> list[str]:
    """The lines of mypy's output saying a ``cardedge`` import does not resolve: a module not
    found (``import-not-found``, or ``import-untyped`` when only a folder is found), or a name
    missing from a cardedge module (``attr-defined`` on a module)."""
    found = []
    for line in output.splitlines():
        match = ERROR.match(line)
        if match is None:
            continue
        code, message = match["code"], match["message"]
        if code in ("import-not-found", "import-untyped") and '"cardedge' in message:
            found.append(line)
        elif code == "attr-defined" and message.startswith(('Module "cardedge', "Module has no")):
            found.append(line)
    return found


def run_mypy(*targets: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *targets],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )


def package_modules() -> set[str]:
    """Every module of the package by dotted name, the layers' folders followed through their
    symlinks."""
    names = set()
    for folder, subfolders, files in os.walk(REPO / "cardedge", followlinks=True):
        subfolders[:] = [f for f in subfolders if f != "__pycache__"]
        package = Path(folder).relative_to(REPO).parts
        for name in files:
            if name.endswith(".py"):
                stem = name.removesuffix(".py")
                names.add(".".join(package if stem == "__init__" else (*package, stem)))
    return names


def mypy_sources(monkeypatch) -> set[str]:
    """The modules mypy's configuration (``packages = ["cardedge"]``) makes it check."""
    from mypy.main import process_options

    monkeypatch.chdir(REPO)
    sources, _ = process_options([])
    return {source.module for source in sources}


@pytest.fixture(scope="module")
def mypy_package() -> subprocess.CompletedProcess:
    """mypy over the whole package, as configured in pyproject.toml (``packages = cardedge``)."""
    return run_mypy()


def test_mypy_checks_every_module_of_the_package(mypy_package, monkeypatch):
    assert mypy_package.returncode in (0, 1), mypy_package.stderr  # 2: mypy itself failed
    sources = mypy_sources(monkeypatch)
    # (mypy also lists the data folders, analysis/zero/paytables, as namespace packages)
    assert package_modules() <= sources
    assert len(package_modules()) > 100
    checked = re.search(r"(\d+) source files?\)?$", mypy_package.stdout.strip())
    assert checked, mypy_package.stdout[-500:]
    assert int(checked[1]) == len(sources)


def test_mypy_resolves_every_cardedge_import(mypy_package):
    assert unresolved(mypy_package.stdout) == []


def test_an_unresolved_cardedge_import_is_caught(tmp_path):
    """The filter above on mypy's real messages: a missing module, a missing name imported from
    a module, and a missing attribute of an imported module."""
    bad = tmp_path / "bad_imports.py"
    bad.write_text(
        "import cardedge.analysis.nothing\n"
        "from cardedge.analysis.zero.round import evaluate_round, nothing\n"
        "import cardedge.analysis.zero.rules as rules\n"
        "print(evaluate_round, rules.nothing)\n"
    )
    done = run_mypy(str(bad))
    lines = unresolved(done.stdout)
    assert [line.split(":")[1] for line in lines] == ["1", "2", "4"], done.stdout
