"""The core install computes every exact table; a command that needs an extra (``study``:
Dask, distributed, pyarrow; ``plots``: matplotlib) says which, in one line, before any work."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardedge.extras import EXTRAS, MissingExtra, require

BLOCK = "import sys\nfor name in {names!r}: sys.modules[name] = None\n"
"""Make the packages of the extras unimportable in a child process (as if not installed)."""


def run_without(extras: list[str], args: list[str], cwd) -> subprocess.CompletedProcess:
    names = [name for extra in extras for name in EXTRAS[extra]]
    code = BLOCK.format(names=names) + (
        f"from cardedge.cli import main\nsys.exit(main({args!r}))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=600
    )


def test_exact_tables_need_no_extra(tmp_path):
    done = run_without(
        ["study", "plots"], ["zero", "edge", "--decks", "1", "--format", "json"], tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["house_edge_percent"] > 0


@pytest.mark.parametrize(
    "extra, args",
    [
        ("study", ["zero", "study", "--decks", "1", "--shoes", "1", "--out", "s"]),
        ("plots", ["zero", "chart", "--decks", "1", "--png", "chart.png"]),
    ],
)
def test_a_missing_extra_is_named_in_one_line(tmp_path, extra, args):
    done = run_without([extra], args, tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"needs the '{extra}' extra" in lines[0] and f"cardedge[{extra}]" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_require_names_what_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingExtra, match=r"'study' extra \(pyarrow not installed\)"):
        require("study")
    require("plots")
