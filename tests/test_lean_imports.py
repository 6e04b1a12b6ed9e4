"""What keeps a command's memory near numba's own (issue 44, bench/memory.py), checked without
measuring memory, so it holds on any machine.

- ``cardedge zero edge`` and ``blackjack edge``, as a person reads them (the text table), import
  no pandas (which brings pyarrow: about 70 MB), Dask, plotting or templates: a table of plain
  row dicts is shown without pandas (``plain_cells``), exactly as pandas would show it.
- numba's runtime functions load as cached machine code (``cache_load.RUNTIME``) instead of
  going through LLVM at every start, and a kernel compiled afterwards still runs.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.analysis.core import cache_load
from cardedge.reports.core.render import Table, html_table, plain_cells, render

HEAVY = ("pandas", "pyarrow", "dask", "distributed", "matplotlib", "jinja2", "scipy", "IPython")

PROBE = f"""
import contextlib, io, json, sys
from cardedge.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
assert "house edge" in out.getvalue(), out.getvalue()
print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r}))))
sys.exit(code)
"""


def test_edge_as_a_table_loads_no_pandas_dask_plotting_or_templates():
    for args in (
        ["zero", "edge", "--decks", "1"],
        ["blackjack", "edge", "--decks", "1", "--peek"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
        )
        assert json.loads(done.stdout) == [], args


VALUES = st.one_of(
    st.none(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.booleans(),
    st.builds(np.float64, st.floats(allow_nan=False)),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
    st.builds(np.bool_, st.booleans()),
)
ROWS = st.lists(
    st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), VALUES, max_size=4), max_size=5
)


def shown_by_pandas(rows: list[dict], fmt: str) -> str:
    table = Table("t", pd.DataFrame(rows), ["n"], digits={"a": 2}, default_digits=3)
    return html_table(table) if fmt == "html" else render(table, fmt)


@settings(max_examples=300, deadline=None)
@given(ROWS)
def test_plain_cells_show_what_pandas_shows_whenever_they_are_used(rows):
    table = Table("t", list(rows), ["n"], digits={"a": 2}, default_digits=3)
    if plain_cells(table) is None:
        return
    for fmt in ("table", "markdown", "html"):
        table = Table("t", list(rows), ["n"], digits={"a": 2}, default_digits=3)
        shown = html_table(table) if fmt == "html" else render(table, fmt)
        assert shown == shown_by_pandas(rows, fmt), (rows, fmt)


def test_the_edge_tables_columns_take_the_shortcut():
    rows = [
        {"decks": 6, "rules": "stated", "edge": 2.5059, "published": None, "ok": True, "x": None},
        {
            "decks": 6,
            "rules": "published",
            "edge": np.float64(2.2637),
            "published": 2.2637,
            "ok": np.bool_(False),
            "x": None,
        },
    ]
    names, cells, align = plain_cells(Table("t", rows, default_digits=2))
    assert names == ["decks", "rules", "edge", "published", "ok", "x"]
    assert cells == [
        [6, "stated", "2.51", "", True, ""],
        [6, "published", "2.26", "2.26", False, ""],
    ]
    assert align == ["right", "left", "right", "right", "left", "left"]
    assert plain_cells(Table("t", [rows[0], {"rules": "published"}])) is None  # an int missing
    assert plain_cells(Table("t", [{"x": None}, {}])) is None  # pandas: NaN, right-aligned
    assert plain_cells(Table("t", [{"a": 1}, {"a": 2.5}])) is None  # pandas: floats
    assert plain_cells(Table("t", [{"a": "x"}, {"a": None}])) is None  # pandas: a str column
    assert plain_cells(Table("t", [])) is None
    assert plain_cells(Table("t", pd.DataFrame(rows))) is None


RUNTIME = """
import numpy as np
from numba import njit
from cardedge.analysis.core import cache_load
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_rules
from cardedge.analysis.zero.rules import preset

edge = evaluate_rules([preset("published")], Shoe.decks(1))[0].house_edge_percent

@njit
def filled(n):  # compiled now, after the runtime started: it allocates through the runtime
    out = np.zeros(n)
    out[:] = 2.0
    return out.sum()

print(cache_load.RUNTIME, repr(float(edge)), filled(21))
"""


def test_the_runtime_loads_from_the_cache_and_compiling_still_works():
    runs = [
        subprocess.run([sys.executable, "-c", RUNTIME], capture_output=True, text=True, check=True)
        for _ in range(2)  # the first may compile (an empty cache); the second loads
    ]
    first, second = (run.stdout.split() for run in runs)
    assert first[0] in ("cached", "compiled")
    assert second[0] == "cached"
    assert second[1] == first[1]
    assert float(second[2]) == 42.0


def test_a_torn_or_foreign_runtime_file_is_not_loaded(tmp_path):
    path = tmp_path / "numba-runtime.nbc"
    assert cache_load._read_state(path) is None  # none cached
    path.write_bytes(b"\x80\x04 torn")
    assert cache_load._read_state(path) is None
    cache_load._write_state(path, ("nrt", "bitcode", b""))
    assert cache_load._read_state(path) is None
    state = ("nrt", "object", (b"machine code", b"bitcode"))
    cache_load._write_state(path, state)
    assert cache_load._read_state(path) == state
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no part file left
