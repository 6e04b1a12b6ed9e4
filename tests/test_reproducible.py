"""The reproducibility contract (docs/exactness.md): the same bits on another machine, sums
that no BLAS or SIMD path reorders, when two texts' figures agree, and ``make tables`` leaving
agreeing files (and their provenance) as they are."""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from documents import small_report
from hypothesis import given, settings
from hypothesis import strategies as st

from cardedge.core.agree import (
    RTOL,
    file_difference,
    first_difference,
    json_difference,
    numbers_agree,
    texts_agree,
)
from cardedge.core.files import write_if_changed
from cardedge.core.sums import convolve, dot, rows_dot

TESTS = Path(__file__).resolve().parent


# ---- another machine --------------------------------------------------------------------------
def another_machine() -> dict[str, str]:
    """The environment of a process that computes as another CPU would: numba's kernels
    compiled for a generic CPU of this architecture (into an empty cache), numpy's SIMD
    dispatch off (every target this CPU runs), and on x86-64 OpenBLAS's oldest kernel
    (Prescott: SSE3) instead of the one it picks for this CPU."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    dispatched = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    env = {"NUMBA_CPU_NAME": "generic", "NPY_DISABLE_CPU_FEATURES": " ".join(dispatched)}
    if platform.machine() in ("x86_64", "AMD64"):
        env["OPENBLAS_CORETYPE"] = "Prescott"
    return env


def test_the_figures_are_the_same_bits_on_another_machine(tmp_path):
    """Edges (the kernels), betting correlations, playing efficiency and the best level-2 tags
    (sums of products that went through BLAS), blackjack's return table (a convolution) and a
    Monte Carlo mean, at full precision: the text this process makes is the one a process
    standing in for another CPU makes, byte for byte. (Before cardedge/core/sums.py, OpenBLAS's
    Prescott kernel moved 40 of these figures' last digits.)"""
    from machine_figures import figures

    env = {**os.environ, **another_machine(), "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    there = subprocess.run(
        [sys.executable, str(TESTS / "machine_figures.py")],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=True,
    ).stdout
    here = figures()
    assert there.strip() == here.strip(), first_difference(here, there)
    assert len(json.loads(here)["tables"]) >= 6


# ---- sums in a fixed order --------------------------------------------------------------------
finite = st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False)
vectors = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.lists(finite, min_size=n, max_size=n), st.lists(finite, min_size=n, max_size=n)
    )
)


@settings(max_examples=200, deadline=None)
@given(vectors, st.randoms(use_true_random=False))
def test_dot_is_the_products_exact_sum_rounded_once_in_any_order(ab, random):
    a, b = (np.array(v) for v in ab)
    exact = float(sum((Fraction(float(x * y)) for x, y in zip(a, b, strict=True)), Fraction(0)))
    assert dot(a, b) == exact
    order = list(range(len(a)))
    random.shuffle(order)
    assert dot(a[order], b[order]) == exact
    assert math.isclose(dot(a, b), float(a @ b), rel_tol=1e-9, abs_tol=1e-3)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.randoms(use_true_random=False))
def test_rows_dot_adds_each_row_left_to_right(rows, cols, random):
    rng = np.random.default_rng(random.randint(0, 2**32))
    m, v = rng.normal(size=(rows, cols)), rng.normal(size=cols)
    for layout in (m, np.asfortranarray(m)):
        got = rows_dot(layout, v)
        for i in range(rows):
            total = 0.0
            for j in range(cols):
                total += m[i, j] * v[j]
            assert got[i] == total
    assert np.allclose(rows_dot(m, v), m @ v, rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="rows of"):
        rows_dot(m, np.ones(cols + 1))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 15), st.integers(1, 15), st.randoms(use_true_random=False))
def test_convolve_sums_each_term_in_the_shorter_vectors_order(n, k, random):
    rng = np.random.default_rng(random.randint(0, 2**32))
    a, b = rng.random(n), rng.random(k)
    got = convolve(a, b)
    assert len(got) == n + k - 1
    short, long = (b, a) if k < n else (a, b)
    for t in range(n + k - 1):
        total = 0.0
        for i in range(len(short)):
            if 0 <= t - i < len(long):
                total += short[i] * long[t - i]
        assert got[t] == total
    assert np.allclose(got, np.convolve(a, b), rtol=1e-13, atol=1e-15)


# ---- when two texts agree ---------------------------------------------------------------------
AGREE = [
    # (old, new, agree?, why)
    ("edge 0.3560122891292535%", "edge 0.3560122891292536%", True, "full precision, 1 ulp"),
    ("x 1.0", "x 1.0000000000000002", False, "a short number in a text is a rounded one"),
    ("p,0.000143873984133", "p,0.000143873984134", True, "12+ digits: a last-place flip"),
    ("p,0.143873984133", "p,0.143873984135", False, "12+ digits: two units"),
    ("-0.0711842630919", "-0.071184263092", True, "12 digits, a trailing zero dropped"),
    ("-0.0711842630919", "-0.071184263093", False, "12 digits, a zero dropped, two units"),
    ("5.19723153403e-15", "4.37497260641e-15", True, "0 up to rounding: within ATOL"),
    ("5.19723153403e-12", "4.37497260641e-12", False, "beyond ATOL"),
    ("2.2637%", "2.2638%", False, "4 decimals: the same text"),
    ("2.2637%", "2.26370%", False, "another number of digits"),
    ("decks 6", "decks 7", False, "an integer"),
    ("-0.000000", "0.000000", False, "a short number, its sign"),
    ("1.2345678901234567e-05", "1.2345678901234568e-05", True, "an exponent, full precision"),
    ("a 0.5 b", "a 0.5 c", False, "the words between the numbers"),
    ("a 0.5", "a 0.5 0.5", False, "one more number"),
    ("0.123456789012345", "0.123456789012345", True, "the same text"),
    ("0.12345678901234500", "0.12345678902234500", False, "full precision, beyond 1e-13"),
]


@pytest.mark.parametrize(("old", "new", "agree", "why"), AGREE, ids=[w for *_, w in AGREE])
def test_texts_agree_by_the_contracts_rules(old, new, agree, why):
    assert texts_agree(old, new) is agree
    assert (first_difference(old, new) is None) is agree


def test_numbers_agree_within_rtol_and_near_zero_within_atol():
    assert numbers_agree(1.0, 1.0 + RTOL / 2)
    assert not numbers_agree(1.0, 1.0 + 2 * RTOL)
    assert numbers_agree(0.0, 1e-16) and not numbers_agree(0.0, 1e-14)
    assert numbers_agree(math.nan, math.nan) and numbers_agree(math.inf, math.inf)
    assert not numbers_agree(math.inf, -math.inf)


def test_json_agrees_by_value_and_names_where_it_does_not():
    old = json.dumps({"edge": 1.0, "rows": [{"n": 3, "text": "0.4029%"}], "ok": True})
    assert json_difference(old, old.replace("1.0", "1.0000000000000002")) is None
    assert (
        json_difference(old, old.replace("1.0", "1.000000000001")) == "/edge: 1.0 -> 1.000000000001"
    )
    assert json_difference(old, old.replace("3", "3.0")) == "/rows/0/n: 3 -> 3.0"
    assert "/rows/0/text" in json_difference(old, old.replace("0.4029%", "0.4030%"))
    assert json_difference(old, old.replace("true", "false")) == "/ok: True -> False"
    assert json_difference(old, "{").startswith("not JSON")


# ---- make tables leaves what agrees ----------------------------------------------------------
def test_a_table_file_that_agrees_is_left_as_it_is(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("# t\na,b\n1,0.3560122891292535\n")
    before = path.stat()
    assert write_if_changed(path, "# t\na,b\n1,0.3560122891292536\n") is False
    assert path.read_text().endswith("0.3560122891292535\n")
    assert path.stat().st_mtime_ns == before.st_mtime_ns and path.stat().st_ino == before.st_ino
    assert write_if_changed(path, "# t\na,b\n1,0.3560122891\n") is True
    assert path.read_text().endswith("0.3560122891\n")
    assert write_if_changed(tmp_path / "new.md", "x\n") is True
    assert file_difference(tmp_path / "missing.md", "x") == "cannot be read (FileNotFoundError)"


def test_a_report_that_agrees_is_left_naming_the_commit_it_was_made_on(tmp_path):
    from cardedge.reports.core.document import write_report

    first, second = "a" * 40, "b" * 40 + "+"
    out = tmp_path / "r"
    paths, written = write_report(small_report(first, 0.4028702361154538), out, pdf=False)
    assert written and sorted(p.name for p in paths) == ["report.html", "report.json"]
    # made again on another commit (or machine): the last bit moved, the words did not
    _, written = write_report(small_report(second, 0.4028702361154539), out, pdf=False)
    assert not written
    kept = json.loads((out / "report.json").read_text())
    assert kept["provenance"]["commit"] == first
    assert kept["sections"][0]["tables"][0]["rows"][0]["edge_percent"] == 0.4028702361154538
    # a figure that moved beyond the tolerance: the whole report is written again
    _, written = write_report(small_report(second, 0.40287023611), out, pdf=False)
    assert written
    assert json.loads((out / "report.json").read_text())["provenance"]["commit"] == second
    assert second in (out / "report.html").read_text()


def test_a_reports_plus_counts_code_not_the_tables_cardedge_tables_writes(tmp_path):
    from cardedge.reports.core.document import _commit

    repo = tmp_path / "repo"
    (repo / "results" / "reports" / "r").mkdir(parents=True)
    (repo / "results" / "study").mkdir()
    files = {
        "analysis.py": "x = 1\n",
        "results/zero_edge.md": "| a |\n",
        "results/reports/r/report.json": "{}\n",
        "results/study/summary.csv": "a\n",
    }
    for name, text in files.items():
        (repo / name).write_text(text)

    def git(*args):
        return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c")
    head = git("rev-parse", "HEAD").stdout.decode().strip()
    assert _commit(repo) == head
    for generated in ("results/zero_edge.md", "results/reports/r/report.json"):
        (repo / generated).write_text("made again\n")
    assert _commit(repo / "results") == head, "cardedge tables' output is not code"
    (repo / "results/study/summary.csv").write_text("b\n")  # a report's input
    assert _commit(repo) == head + "+"
    git("checkout", "results/study/summary.csv")
    (repo / "analysis.py").write_text("x = 2\n")
    assert _commit(repo) == head + "+"
    assert _commit(tmp_path) == "unknown"
