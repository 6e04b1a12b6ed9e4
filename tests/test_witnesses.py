"""The register of witnesses (tests/witnesses.py) against the kernels the package really has.

Import and introspection only: walk every module of cardedge, collect the numba dispatchers,
and check each against its entry; named tests are found by parsing the test files.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import types
from functools import cache
from pathlib import Path

import pytest
from numba.core.dispatcher import Dispatcher
from witnesses import ENTRY, INTERNAL, KINDS, WITNESSES

import cardedge

REPO = Path(cardedge.__file__).resolve().parent.parent
PREFIX = "cardedge."


def _modules():
    """``cardedge`` and every module under it: the layers are its subpackages (``cardedge/``
    holds them as symlinks to the top-level folders), so one walk finds every kernel."""
    yield cardedge
    for info in pkgutil.walk_packages(cardedge.__path__, PREFIX):
        if info.name.rsplit(".", 1)[-1] == "__main__":  # runs the command line
            continue
        yield importlib.import_module(info.name)


def _name(kernel: Dispatcher) -> str:
    return f"{kernel.py_func.__module__}.{kernel.py_func.__qualname__}".removeprefix(PREFIX)


@cache
def find_kernels() -> dict[str, Dispatcher]:
    """Every numba dispatcher defined in cardedge, by dotted name without ``cardedge.``."""
    found = {}
    for module in _modules():
        for obj in vars(module).values():
            if isinstance(obj, Dispatcher) and obj.py_func.__module__.startswith(PREFIX):
                found[_name(obj)] = obj
    return found


def _callees(kernel: Dispatcher) -> set[str]:
    """Kernels this kernel's code names directly (``f(...)`` or ``module.f(...)``)."""
    names = kernel.py_func.__code__.co_names
    scope = kernel.py_func.__globals__
    out = set()
    for n in names:
        obj = scope.get(n)
        if isinstance(obj, Dispatcher):
            out.add(_name(obj))
        elif isinstance(obj, types.ModuleType):
            out |= {_name(a) for m in names if isinstance(a := getattr(obj, m, None), Dispatcher)}
    return out


def _reaches(host: str, target: str) -> bool:
    kernels = find_kernels()
    seen, todo = set(), [host]
    while todo:
        k = todo.pop()
        if k == target:
            return True
        if k in seen or k not in kernels:
            continue
        seen.add(k)
        todo += _callees(kernels[k])
    return False


@cache
def _test_names(path: str) -> frozenset[str]:
    """``test_x`` and ``Class::test_x`` names defined in a test file (parsed, not imported)."""
    tree = ast.parse((REPO / path).read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {
                f"{node.name}::{f.name}"
                for f in node.body
                if isinstance(f, ast.FunctionDef) and f.name.startswith("test")
            }
    return frozenset(names)


def _resolve(dotted: str) -> object:
    """The object a dotted name (``cardedge.`` implied) denotes; raises if there is none."""
    parts = (PREFIX + dotted).split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def test_the_walk_finds_the_kernels_of_every_layer():
    kernels = find_kernels()
    layers = {name.split(".")[0] for name in kernels}
    assert {"analysis", "engine", "strategy"} <= layers
    assert "analysis.zero.round.all_deal_values" in kernels
    assert len(kernels) >= 40


def test_every_kernel_has_a_witness_entry():
    missing = sorted(set(find_kernels()) - set(WITNESSES))
    assert not missing, f"kernels without a witness entry in tests/witnesses.py: {missing}"


def test_every_entry_names_a_kernel_that_exists():
    stale = sorted(set(WITNESSES) - set(find_kernels()))
    assert not stale, f"tests/witnesses.py names kernels that no longer exist: {stale}"


@pytest.mark.parametrize("kernel", sorted(WITNESSES))
def test_entry_is_well_formed(kernel):
    w = WITNESSES[kernel]
    if w.kind.startswith(INTERNAL):
        host = w.kind.removeprefix(INTERNAL)
        assert host in WITNESSES, f"{kernel}: host {host} is not registered"
        assert WITNESSES[host].kind in KINDS, f"{kernel}: host {host} is internal itself"
        assert _reaches(host, kernel), f"{kernel}: {host} never calls it"
        assert not w.tests and w.twin is None, f"{kernel}: an internal entry names its host only"
        return
    if w.kind.startswith(ENTRY):
        target = w.kind.removeprefix(ENTRY)
        assert target in WITNESSES, f"{kernel}: kernel {target} is not registered"
        assert WITNESSES[target].kind in KINDS, f"{kernel}: kernel {target} has no witness"
        assert _callees(find_kernels()[kernel]) == {target}, f"{kernel}: calls more than {target}"
        assert not w.tests and w.twin is None, f"{kernel}: an entry names its kernel only"
        return
    assert w.kind in KINDS, f"{kernel}: unknown kind {w.kind!r}"
    assert w.tests, f"{kernel}: a witness needs at least one test"
    assert w.twin is not None, f"{kernel}: name the twin or the independent route"
    _resolve(w.twin)


def test_every_named_test_exists():
    absent = []
    for kernel, w in WITNESSES.items():
        for node in w.tests:
            path, _, name = node.partition("::")
            if not (REPO / path).is_file() or name not in _test_names(path):
                absent.append(f"{kernel}: {node}")
    assert not absent, "named tests not found:\n" + "\n".join(absent)


def test_the_check_catches_a_missing_test_and_a_foreign_host():
    assert "test_full_round_on_stripped_shoe_matches_reference" in _test_names(
        "tests/test_zero_reference.py"
    )
    assert "test_no_such_thing" not in _test_names("tests/test_zero_reference.py")
    assert _reaches("analysis.zero.round.all_deal_values", "analysis.core.memo.multiset_rank")
    assert not _reaches("analysis.zero.dealer.stand_evs", "analysis.zero.round.deal_value")


MAX_KERNEL_PARAMETERS = 12
"""CONTRIBUTING: rules and state travel in named records (``rules.kernel_record()``, the hand
table's ``arrays``...), so no kernel's argument list grows past this."""


def kernel_parameters(kernel: Dispatcher) -> int:
    """Number of parameters of a kernel's Python function (positional, keyword, starred)."""
    code = kernel.py_func.__code__
    starred = bool(code.co_flags & inspect.CO_VARARGS) + bool(
        code.co_flags & inspect.CO_VARKEYWORDS
    )
    return code.co_argcount + code.co_kwonlyargcount + starred


def test_no_kernel_takes_more_than_twelve_parameters():
    long = {
        name: n
        for name, kernel in find_kernels().items()
        if (n := kernel_parameters(kernel)) > MAX_KERNEL_PARAMETERS
    }
    assert not long, f"kernels with more than {MAX_KERNEL_PARAMETERS} parameters: {long}"


def test_the_parameter_count_counts_every_kind_of_parameter():
    from numba import njit

    @njit
    def thirteen(a, b, c, d, e, f, g, h, i, j, k, *more, last=0):
        return a

    assert kernel_parameters(thirteen) == 13
    assert kernel_parameters(find_kernels()["analysis.blackjack.player.play_values"]) == 9
