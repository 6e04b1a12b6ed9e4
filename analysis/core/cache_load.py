"""Load cached numba kernels without first loading what only the compiler needs.

Before it loads a kernel from the disk cache, numba refreshes its CPU target: it imports and
registers every implementation the compiler might need (unicode, lists, sets, dicts, linalg,
random, datetime...), about 0.3 s on this project's machine, half of what ``import numba``
itself costs. A kernel loaded from the cache is machine code that needs only numba's runtime
(NRT: allocation and reference counts), which is what this module initialises instead. When
a kernel is not in the cache, numba's own path runs unchanged (the compiler refreshes the
target itself), so a cache miss or a later compilation behaves exactly as before.

The runtime itself has a few functions numba writes in LLVM's language and compiles at every
start; running LLVM's optimiser and code generator once brings about 20 MB of its library
into memory (a third of a warm ``cardedge zero edge``'s memory beyond ``import numpy,
numba``; bench/memory.py). Their machine code is cached beside the first kernel loaded, as
numba caches a kernel's, and loaded from there the next time (``RUNTIME`` says which).

Installed on import (``cardedge.analysis`` imports it before any kernel module). It touches
one method of numba's ``Cache`` and, while the runtime starts, the function that compiles the
runtime's functions; if numba lacks what it relies on, numba is left alone.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path

import llvmlite
import numba
from numba.core import caching, config
from numba.core.compiler_lock import global_compiler_lock
from numba.core.runtime import nrtdynmod
from numba.core.runtime.nrt import rtsys

_numba_load = caching.Cache.load_overload
_numba_compile_runtime = nrtdynmod.compile_nrt_functions

RUNTIME: str | None = None
"""How this process got the runtime's functions: 'cached' (their machine code loaded from the
cache), 'compiled' (by LLVM, then cached), or None (not by this module: not started yet, or
started by numba itself, as before a kernel's compilation)."""


def _load_overload(self, sig, target_context):
    """``Cache.load_overload`` that refreshes the target only on a cache miss."""
    _start_runtime(target_context, Path(self._cache_path))
    with self._guard_against_spurious_io_errors():
        cres = self._load_overload(sig, target_context)
    if cres is not None:
        return cres
    return _numba_load(self, sig, target_context)


def _start_runtime(target_context, folder: Path) -> None:
    """``rtsys.initialize``, its functions' machine code read from ``folder`` when cached there
    (and written there when not)."""
    if rtsys._init:
        return
    with global_compiler_lock:
        nrtdynmod.compile_nrt_functions = lambda ctx: _runtime_library(ctx, folder)
        try:
            rtsys.initialize(target_context)
        finally:
            nrtdynmod.compile_nrt_functions = _numba_compile_runtime


def _runtime_file(target_context, folder: Path) -> Path:
    """Where the runtime's machine code for this numba, LLVM, Python and CPU is cached."""
    machine = (
        numba.__version__,
        llvmlite.__version__,
        sys.version,
        config.OPT,
        target_context.codegen().magic_tuple(),
    )
    key = hashlib.sha256(repr(machine).encode()).hexdigest()[:16]
    return folder / f"numba-runtime-{key}.nbc"


def _runtime_library(target_context, folder: Path):
    """The library of the runtime's LLVM functions (``compile_nrt_functions``' result): loaded
    from its cached machine code, else compiled and cached (when the folder is writable)."""
    global RUNTIME
    path = _runtime_file(target_context, folder)
    state = _read_state(path)
    if state is not None:
        RUNTIME = "cached"
        return target_context.codegen().unserialize_library(state)
    ir_module, library = nrtdynmod.create_nrt_module(target_context)
    library.enable_object_caching()
    library.add_ir_module(ir_module)
    library.finalize()
    RUNTIME = "compiled"
    _write_state(path, library.serialize_using_object_code())
    return library


def _read_state(path: Path):
    """The serialised library cached at ``path`` (name, 'object', (machine code, bitcode)), or
    None when there is none or it is not one (a torn or foreign file)."""
    try:
        state = pickle.loads(path.read_bytes())
    except Exception:
        return None
    ok = (
        isinstance(state, tuple)
        and len(state) == 3
        and state[1] == "object"
        and isinstance(state[2], tuple)
        and len(state[2]) == 2
        and all(isinstance(part, bytes) for part in state[2])
    )
    return state if ok else None


def _write_state(path: Path, state) -> None:
    """Cache ``state`` at ``path`` whole or not at all (another process may read it meanwhile);
    a folder that cannot be written leaves it uncached."""
    part = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        part.write_bytes(pickle.dumps(state))
        os.replace(part, path)
    except OSError:
        part.unlink(missing_ok=True)


def install() -> bool:
    """Install the cache loader (once); False when numba's internals are not as expected."""
    cache = caching.Cache
    if cache.load_overload is _load_overload:
        return True
    needed = ("_load_overload", "_guard_against_spurious_io_errors")
    if not all(hasattr(cache, name) for name in needed) or not hasattr(rtsys, "initialize"):
        return False
    if not all(hasattr(nrtdynmod, name) for name in ("create_nrt_module", "compile_nrt_functions")):
        return False
    cache.load_overload = _load_overload
    return True


INSTALLED = install()
