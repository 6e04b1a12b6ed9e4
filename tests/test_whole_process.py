"""What keeps a whole ``cardedge`` call fast (issue 19), and that the shortcuts change nothing.

- A table built from row dicts renders as JSON without pandas, and its rows equal what pandas
  gives for the same rows (``plain_records`` takes the shortcut only where that is certain).
- ``cardedge zero edge`` and ``blackjack edge`` in JSON never import pandas, pyarrow, tabulate,
  Dask or matplotlib.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.reports.core.render import Table, plain_records, records, render, render_many

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


def same(x, y) -> bool:
    if isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y):
        return True
    return type(x) is type(y) and x == y


@settings(max_examples=400, deadline=None)
@given(ROWS)
def test_plain_records_equal_what_pandas_gives_whenever_they_are_used(rows):
    plain = plain_records(rows)
    if plain is None:
        return
    expected = records(pd.DataFrame(rows))
    assert len(plain) == len(expected)
    for got, want in zip(plain, expected, strict=True):
        assert list(got) == list(want)
        assert all(same(got[k], want[k]) for k in got), (rows, got, want)


def test_the_usual_columns_take_the_shortcut():
    rows = [
        {"decks": 6, "rules": "published", "edge": 2.26, "published": None, "ok": True},
        {"decks": 8, "rules": "stated", "edge": np.float64(2.5), "published": 2.2},
    ]
    assert plain_records(rows[:1]) is not None
    # a column missing from a row holds NaN in pandas: only str/float columns may lack it
    assert plain_records(rows) is None
    assert plain_records([{"a": 1}, {"a": None}]) is None  # pandas: floats 1.0, NaN
    assert plain_records([{"a": 1}, {"a": 2.5}]) is None  # pandas: floats


def test_a_table_of_rows_renders_as_its_dataframe_does():
    rows = [
        {"decks": 6, "rules": "published", "edge": 2.2637, "published": 2.2637},
        {"decks": 8, "rules": "stated", "edge": 2.5, "published": None},
    ]
    keys = {"strategy": "optimal"}
    of_rows = Table("t", list(rows), ["n"], keys=keys)
    of_frame = Table("t", pd.DataFrame(rows), ["n"], keys=keys)
    for fmt in ("json", "csv", "table", "markdown"):
        assert render(Table("t", list(rows), ["n"], keys=keys), fmt) == render(of_frame, fmt)
        assert render_many([Table("t", list(rows), keys=keys)] * 2, fmt) == render_many(
            [Table("t", pd.DataFrame(rows), keys=keys)] * 2, fmt
        )
    assert of_rows.rows() == of_frame.rows()
    pd.testing.assert_frame_equal(of_rows.data, pd.DataFrame(rows))
    # once read, the DataFrame is the table's data (edits show in every format)
    of_rows.data.loc[0, "edge"] = 1.0
    assert of_rows.rows()[0]["edge"] == 1.0


HEAVY = ("pandas", "pyarrow", "tabulate", "dask", "distributed", "matplotlib")

PROBE = f"""
import contextlib, io, json, sys
from cardedge.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
json.loads(out.getvalue())
print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r}))))
sys.exit(code)
"""


def test_edge_in_json_loads_no_pandas_dask_or_plotting():
    for args in (
        ["zero", "edge", "--decks", "6", "--rules", "published", "--format", "json"],
        ["blackjack", "edge", "--decks", "1", "--peek", "--strategy", "basic", "--format", "json"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
        )
        assert json.loads(done.stdout) == [], args


CACHED = """
import sys
from numba import njit
from cardedge.analysis.core import cache_load
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_rules
from cardedge.analysis.zero.rules import preset

edge = evaluate_rules([preset("published")], Shoe.decks(6))[0].house_edge_percent
refreshed = "numba.np.linalg" in sys.modules
# a kernel compiled after cached ones loaded: numba's compiler refreshes the target itself
double = njit(lambda x: 2 * x)
print(cache_load.INSTALLED, refreshed, repr(float(edge)), double(21))
"""


def test_cached_kernels_load_without_the_compilers_refresh():
    runs = [
        subprocess.run([sys.executable, "-c", CACHED], capture_output=True, text=True, check=True)
        for _ in range(2)  # the first may compile (an empty cache); the second loads
    ]
    installed, refreshed, edge, doubled = runs[1].stdout.split()
    assert installed == "True"
    assert refreshed == "False"  # numba's target refresh imports numba.np.linalg
    assert float(edge) == 2.2637009546182045
    assert doubled == "42"
