"""Load cached numba kernels without first loading what only the compiler needs.

Before it loads a kernel from the disk cache, numba refreshes its CPU target: it imports and
registers every implementation the compiler might need (unicode, lists, sets, dicts, linalg,
random, datetime...), about 0.3 s on this project's machine, half of what ``import numba``
itself costs. A kernel loaded from the cache is machine code that needs only numba's runtime
(NRT: allocation and reference counts), which is what this module initialises instead. When
a kernel is not in the cache, numba's own path runs unchanged (the compiler refreshes the
target itself), so a cache miss or a later compilation behaves exactly as before.

Installed on import (``cardedge.analysis`` imports it before any kernel module). It touches
one method of numba's ``Cache``; if numba lacks what it relies on, numba is left alone.
"""

from __future__ import annotations

from numba.core import caching
from numba.core.runtime.nrt import rtsys

_numba_load = caching.Cache.load_overload


def _load_overload(self, sig, target_context):
    """``Cache.load_overload`` that refreshes the target only on a cache miss."""
    rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        cres = self._load_overload(sig, target_context)
    if cres is not None:
        return cres
    return _numba_load(self, sig, target_context)


def install() -> bool:
    """Install the cache loader (once); False when numba's internals are not as expected."""
    cache = caching.Cache
    if cache.load_overload is _load_overload:
        return True
    needed = ("_load_overload", "_guard_against_spurious_io_errors")
    if not all(hasattr(cache, name) for name in needed) or not hasattr(rtsys, "initialize"):
        return False
    cache.load_overload = _load_overload
    return True


INSTALLED = install()
