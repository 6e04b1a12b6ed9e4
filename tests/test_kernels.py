"""Every kernel is compiled for who calls it (``analysis.core.kernels``).

A kernel that other kernels call must be ``inner`` (no Python wrapper, which numba would link
into every caller and compile again there) or ``inline``; a kernel with the Python wrapper is
an entry no kernel calls. An inner kernel called from Python raises instead of crashing.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_witnesses import _callees, find_kernels

from cardedge.analysis.core.kernels import InnerKernel, entry, inline, inner, is_inline, is_inner


def _callers() -> dict[str, set[str]]:
    """Kernel name -> the kernels whose code calls it."""
    out: dict[str, set[str]] = {}
    for name, kernel in find_kernels().items():
        for callee in _callees(kernel):
            out.setdefault(callee, set()).add(name)
    return out


def test_every_kernel_a_kernel_calls_is_inner_or_inline():
    kernels = find_kernels()
    wrapped = {
        callee: sorted(callers)
        for callee, callers in _callers().items()
        if callee in kernels and not (is_inner(kernels[callee]) or is_inline(kernels[callee]))
    }
    assert not wrapped, f"kernels with a Python wrapper that kernels call: {wrapped}"


def test_every_inner_kernel_has_a_caller():
    callers = _callers()
    orphans = [n for n, k in find_kernels().items() if is_inner(k) and n not in callers]
    assert not orphans, f"inner kernels no kernel calls (make them entries): {orphans}"


def test_the_three_kinds_are_all_in_use():
    kernels = find_kernels().values()
    assert any(is_inner(k) for k in kernels)
    assert any(is_inline(k) for k in kernels)
    assert any(not is_inner(k) and not is_inline(k) for k in kernels)


@pytest.mark.parametrize(
    "name", sorted(n for n, k in find_kernels().items() if isinstance(k, InnerKernel))
)
def test_an_inner_kernel_called_from_python_raises(name):
    with pytest.raises(TypeError, match="inner kernel"):
        find_kernels()[name](np.zeros(3), 1)


def test_an_inner_kernel_runs_inside_kernels_and_its_entry_from_python():
    @inner
    def twice(a, i):
        return 2.0 * a[i]

    @inline
    def twice_plus_one(a, i):
        return twice(a, i) + 1.0

    @entry
    def total(a):
        s = 0.0
        for i in range(a.shape[0]):
            s += twice_plus_one(a, i)
        return s

    assert total(np.arange(4.0)) == 16.0
    assert twice_plus_one(np.arange(3.0), 2) == 5.0  # an inline helper compiles on its own too
    assert is_inner(twice) and is_inline(twice_plus_one)
    assert not is_inner(total) and not is_inline(total)
    with pytest.raises(TypeError, match="inner kernel"):
        twice(np.arange(3.0), 1)
