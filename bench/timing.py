"""Shared timing for the bench scripts: cold and warm child processes, and the report lines.

A child program prints "<import seconds> <compute seconds> <result>"; cold runs it with an
empty NUMBA_CACHE_DIR (imports + JIT compile + compute), warm with that cache filled.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time


def child_run(code: str, cache_dir: str) -> tuple[float, float, float, str]:
    """(wall s, import s, first computation s, result) of one fresh process running ``code``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return time.perf_counter() - t, float(out[0]), float(out[1]), out[2]


def best_of(n: int, work) -> float:
    """Fastest of ``n`` runs of ``work()``, in wall seconds."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        work()
        times.append(time.perf_counter() - t)
    return min(times)


def cold_and_warm(code: str) -> tuple[tuple, tuple]:
    """Run ``code`` in a fresh process twice, sharing one initially empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        cold = child_run(code, cache)
        warm = child_run(code, cache)
    return cold, warm


def process_lines(cold: tuple, warm: tuple) -> list[str]:
    """The report lines of a cold and a warm run."""
    import numba

    return [
        f"  numba optimisation level: {int(numba.config.OPT)} (NUMBA_OPT; cardedge's default is 1)",
        f"  cold process: {cold[0]:.2f} s (imports {cold[1]:.2f} s, JIT + compute {cold[2]:.2f} s)",
        f"  warm process: {warm[0]:.2f} s (imports {warm[1]:.2f} s, "
        f"cache load + compute {warm[2]:.2f} s)",
    ]


def clear_result_caches() -> None:
    """Forget every result a module of cardedge keeps (its ``lru_cache``s: analyses, charts,
    shoe states, dealer rows), so that each timed phase computes what it needs: a warm process
    keeps its compiled kernels, not the other phase's results."""
    import sys

    for name, module in list(sys.modules.items()):
        if name.startswith("cardedge") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
