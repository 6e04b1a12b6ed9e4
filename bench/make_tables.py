"""Time `cardedge tables` (what `make tables` runs after installing): cold and warm.

    .venv/bin/python bench/make_tables.py

cold: an empty NUMBA_CACHE_DIR, so every kernel is compiled; warm: the same cache, filled.
Both write into a temporary folder and leave results/ alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(cache: str, out: str) -> float:
    """Wall seconds of one `cardedge tables --out OUT` with numba's cache in CACHE."""
    exe = Path(sys.executable).with_name("cardedge")
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    t = time.perf_counter()
    subprocess.run([str(exe), "tables", "--out", out], env=env, check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        cold = run(cache, out)
        warm = run(cache, out)
        files = len(list(Path(out).iterdir()))
    print(f"cardedge tables ({files} files): cold {cold:.1f} s, warm {warm:.1f} s")


if __name__ == "__main__":
    main()
