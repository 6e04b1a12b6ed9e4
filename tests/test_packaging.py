"""The package as a user installs it: a wheel, in a fresh virtual environment.

The wheel is built from a copy of the source tree (``cardedge/`` holds the layer folders as
symlinks to the top-level ``analysis/``, ``strategy/``, ...; the wheel must hold real files),
installed into a new venv, and used (a) from a folder outside the repository and (b) from the
repository root, where the repository's own ``cardedge/`` folder comes first on ``sys.path``
and must be the whole package, not a folder hiding the installed one. The fresh venv borrows
its third-party packages from this test's venv through a ``.pth`` line, which adds that
folder alone: the ``.pth`` files in it (the editable install's path entry) are not read.

Also: ``lint-imports`` passes, so the import contracts of pyproject.toml are enforced here.
Together about 15 s.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import cardedge
from cardedge.analysis.core.counts import BUILTIN, builtin_system
from cardedge.analysis.zero import reference
from cardedge.analysis.zero.paytable import format_pays, load_paytable, shipped_paytables
from cardedge.analysis.zero.rules import preset

REPO = Path(__file__).resolve().parents[1]

SMALL_SHOE = (1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0)
"""Counts by rank A..K: eight cards, an exact Fraction round in half a second."""

BUILD_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
    "results", "notebooks", "tests", "bench",
)  # fmt: skip

PROBE = """
import importlib, json, pkgutil, sys
import cardedge

modules = [
    info.name
    for info in pkgutil.walk_packages(cardedge.__path__, "cardedge.")
    if info.name.rsplit(".", 1)[-1] != "__main__"  # runs the command line
]
for name in modules:
    importlib.import_module(name)

from cardedge.analysis.core.counts import BUILTIN, builtin_system
from cardedge.analysis.zero import reference
from cardedge.analysis.zero.paytable import format_pays, load_paytable, shipped_paytables
from cardedge.analysis.zero.rules import preset

table = load_paytable()
print(json.dumps({
    "file": cardedge.__file__,
    "path": sys.path,
    "modules": modules,
    "round_ev": str(reference.round_ev(tuple(json.loads(sys.argv[1])), preset("published"))),
    "paytables": shipped_paytables(),
    "paytable": [[row.hand, format_pays(row.pays)] for row in table.rows],
    "tags": {name: list(builtin_system(name).tags) for name in BUILTIN},
}))
"""
"""Run by the fresh venv's Python: import every module of ``cardedge`` it finds, compute a
small exact round, read the package data (pay tables, count systems)."""


def expected() -> dict:
    """What the probe must print, computed here from the source tree."""
    return {
        "round_ev": str(reference.round_ev(SMALL_SHOE, preset("published"))),
        "paytables": shipped_paytables(),
        "paytable": [[row.hand, format_pays(row.pays)] for row in load_paytable().rows],
        "tags": {name: list(builtin_system(name).tags) for name in BUILTIN},
    }


def source_files() -> set[str]:
    """The package's modules and data files, as paths inside a wheel (symlinks followed)."""
    found = set()
    for folder, subfolders, files in os.walk(REPO / "cardedge", followlinks=True):
        subfolders[:] = [f for f in subfolders if f != "__pycache__"]
        for name in files:
            if name.endswith((".py", ".toml", ".typed")):
                found.add((Path(folder) / name).relative_to(REPO).as_posix())
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built (no build isolation: this venv's setuptools) from a copy of the tree,
    so that nothing is written into the repository nor read from a stale build/ there."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(REPO, source, symlinks=True, ignore=BUILD_IGNORE)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    done = subprocess.run(
        [*pip, "wheel", str(source), "--no-deps", "--no-build-isolation", "-w", str(tmp)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = tmp.glob("cardedge-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A new venv with the wheel installed; third-party packages from this venv by a .pth."""
    root = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "dev_packages.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps"]
        + ["--no-index", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return root


def probe(venv: Path, cwd: Path) -> dict:
    done = subprocess.run(
        [venv / "bin" / "python", "-c", PROBE, json.dumps(SMALL_SHOE)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_wheel_holds_real_files_for_every_module_and_data_file(wheel):
    with zipfile.ZipFile(wheel) as archive:
        entries = archive.infolist()
    links = [e.filename for e in entries if stat.S_ISLNK(e.external_attr >> 16)]
    assert links == []
    names = {e.filename for e in entries}
    assert source_files() <= names
    assert {"cardedge/analysis/zero/paytables/reconstructed.toml", "cardedge/py.typed"} <= names
    assert {"cardedge/web/static/app.js", "cardedge/web/static/style.css"} <= names  # serve's
    assert sum(name.endswith(".toml") for name in names) == len(BUILTIN) + len(shipped_paytables())
    assert not [name for name in names if "__pycache__" in name or name.endswith((".nbi", ".nbc"))]


def test_installed_wheel_works_outside_the_repository(venv, tmp_path):
    found = probe(venv, tmp_path)
    # the editable install's path entry (the repository) is not seen, only the wheel's copy
    assert REPO not in [Path(entry).resolve() for entry in found.pop("path") if entry]
    installed = Path(found.pop("file")).resolve()
    assert installed.is_relative_to(venv.resolve()), installed
    assert installed.parent.joinpath("analysis").is_dir()
    assert not installed.parent.joinpath("analysis").is_symlink()
    modules = found.pop("modules")
    assert len(modules) > 100 and "cardedge.analysis.zero.round" in modules
    assert found == expected()
    assert found["round_ev"] == "61/630"


def test_installed_wheel_works_from_the_repository_root(venv):
    """Python puts the current folder first: the repository's cardedge/ is what it imports,
    and it must be the whole package (the layers inside it), as the wheel is."""
    found = probe(venv, REPO)
    del found["path"]
    assert Path(found.pop("file")).resolve() == Path(cardedge.__file__).resolve()
    modules = found.pop("modules")
    assert "cardedge.analysis.zero.round" in modules and "cardedge.cli" in modules
    assert found == expected()


def test_the_command_is_installed(venv, tmp_path):
    done = subprocess.run(
        [venv / "bin" / "cardedge", "zero", "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "edge" in done.stdout


def test_import_contracts_are_kept():
    """``lint-imports`` (pyproject's [tool.importlinter]): layers, rooms, games apart."""
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    done = subprocess.run(
        [Path(sys.executable).parent / "lint-imports", "--no-cache"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(contracts['contracts'])} kept, 0 broken." in done.stdout
    analysed = int(done.stdout.split("Analyzed ")[1].split(" files")[0])
    assert analysed > 100  # the layers, reached through cardedge/'s symlinks
