"""numba's disk cache must not hold a kernel compiled against an older version of its callees.

numba keys a cached kernel on its own file only: editing a kernel that it calls from another
file leaves it stale, and it would run the old callee's code (CONTRIBUTING: after editing a
kernel, ``make clean-cache``). This test enforces that rule: every cached kernel's machine
code must be newer than every project module its module imports (directly or not), since
those are the only places its callees can come from.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import pkgutil
from pathlib import Path

from numba.core.registry import CPUDispatcher

import cardedge

LAYERS = ("analysis", "engine", "strategy", "study", "reports")


def kernel_modules() -> list[str]:
    """The project modules that define numba kernels (whichever decorator made them:
    ``analysis.core.kernels``' ``inner``, ``entry``, ``inline``, or ``njit`` itself)."""
    out = []
    for layer in LAYERS:
        package = importlib.import_module(f"cardedge.{layer}")
        for info in pkgutil.walk_packages(package.__path__, f"cardedge.{layer}."):
            module = importlib.import_module(info.name)
            if any(
                isinstance(k, CPUDispatcher) and k.py_func.__module__ == info.name
                for k in vars(module).values()
            ):
                out.append(info.name)
    return out


def test_the_kernel_modules_are_found_whatever_their_decorator():
    found = set(kernel_modules())
    assert {
        "cardedge.analysis.zero.player",  # inner, entry and inline kernels
        "cardedge.analysis.core.memo",  # one inline kernel only
        "cardedge.engine.zero.simulate",  # an entry that releases the GIL
        "cardedge.analysis.blackjack.player",
    } <= found
    assert "cardedge.analysis.core.kernels" not in found  # decorators, no kernel


def project_imports(name: str) -> set[str]:
    """The cardedge modules ``name`` imports (``from a.b import c`` counts a.b.c if a module)."""
    spec = importlib.util.find_spec(name)
    tree = ast.parse(Path(spec.origin).read_text())
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        found.update(n for n in names if n.startswith("cardedge.") and is_module(n))
    return found


def is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # an attribute of a module, not a module
        return False


def closure(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for n in project_imports(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    seen.discard(name)
    return seen


def source_mtime(name: str) -> float:
    return os.path.getmtime(importlib.util.find_spec(name).origin)


def test_no_cached_kernel_is_older_than_a_module_it_may_call():
    assert cardedge.__version__
    stale = []
    for name in kernel_modules():
        module = importlib.import_module(name)
        kernels = [
            k
            for k in vars(module).values()
            if isinstance(k, CPUDispatcher) and k.py_func.__module__ == name
        ]
        cached = []
        for k in kernels:
            cache_file = getattr(k._cache, "_cache_file", None)
            if cache_file is None:
                continue
            # the data files the index names (the index is empty when the kernel's own file
            # changed: numba then recompiles it)
            for data_name in cache_file._load_index().values():
                path = Path(k._cache._cache_path) / data_name
                if path.exists():
                    cached.append((k.py_func.__name__, path.stat().st_mtime))
        if not cached:
            continue
        newest = max(closure(name), key=source_mtime, default=None)
        if newest is None:
            continue
        for kernel, compiled in cached:
            if compiled < source_mtime(newest):
                stale.append(f"{name}.{kernel} (compiled before {newest} changed)")
    assert not stale, "stale numba cache, run `make clean-cache`: " + "; ".join(stale[:5])
