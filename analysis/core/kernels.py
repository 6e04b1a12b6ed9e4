"""How cardedge compiles a numba kernel: three decorators, by who calls the kernel.

A compiled kernel's module holds its code, numba's Python wrapper (the code that unboxes the
arguments from Python objects: long for a record of arrays) and a C wrapper. When one kernel
calls another, numba links the callee's whole module into the caller's and LLVM optimises and
compiles it again there, wrappers included; down a chain of kernels that work is repeated at
every level, and on a cold cache it was most of what a first ``zero edge`` spent. So:

- ``inner``: a kernel that only other kernels call, compiled without either wrapper. Python
  cannot call it (numba would crash), so calling one from Python raises ``TypeError``;
- ``entry``: a kernel Python calls and no kernel calls (it keeps the Python wrapper);
- ``inline``: a small helper numba inlines into every kernel calling it, so no module of its
  own is linked anywhere; Python may call it too (it is then compiled on its own).

No kernel is passed around as a first-class function, so none needs the C wrapper.
``tests/test_kernels.py`` checks that every kernel another kernel calls is ``inner`` or
``inline``.
"""

from __future__ import annotations

from numba import njit
from numba.core.registry import CPUDispatcher

_INNER = njit(cache=True, no_cfunc_wrapper=True, no_cpython_wrapper=True)
_ENTRY = njit(cache=True, no_cfunc_wrapper=True)
_ENTRY_NOGIL = njit(cache=True, no_cfunc_wrapper=True, nogil=True)
_ENTRY_NOGIL_BARE = njit(cache=True, no_cfunc_wrapper=True, nogil=True, _nrt=False)
_INLINE = njit(cache=True, no_cfunc_wrapper=True, inline="always")


class InnerKernel(CPUDispatcher):
    """A dispatcher compiled without the Python wrapper: callable from kernels only."""

    def __call__(self, *args, **kwargs):
        raise TypeError(
            f"{self.py_func.__module__}.{self.py_func.__qualname__} is an inner kernel: "
            "call it from a kernel (or through the entry its module offers)"
        )


def inner(func) -> InnerKernel:
    """Compile ``func`` as a kernel only other kernels call (see the module docstring)."""
    kernel = _INNER(func)
    kernel.__class__ = InnerKernel
    return kernel


def entry(func=None, *, nogil: bool = False, refcounts: bool = True):
    """Compile ``func`` as a kernel Python calls and no kernel calls; ``@entry(nogil=True)``
    releases the GIL while it runs (the simulators' threads).

    ``refcounts=False`` (with ``nogil``) compiles it without numba's reference counting: every
    array it touches must be given by the caller (it may allocate none), and in exchange no
    atomic increment and decrement brackets each use of an array taken from a record or a
    tuple, which in a simulator's inner loop cost three quarters of the time."""
    if func is None:
        return lambda f: entry(f, nogil=nogil, refcounts=refcounts)
    if not refcounts:
        if not nogil:
            raise ValueError("refcounts=False is for nogil simulators")
        return _ENTRY_NOGIL_BARE(func)
    return (_ENTRY_NOGIL if nogil else _ENTRY)(func)


def inline(func) -> CPUDispatcher:
    """Compile ``func`` as a helper numba inlines into each kernel that calls it."""
    return _INLINE(func)


def is_inner(kernel: CPUDispatcher) -> bool:
    """True when ``kernel`` was compiled without numba's Python wrapper."""
    return bool(kernel.targetoptions.get("no_cpython_wrapper"))


def is_inline(kernel: CPUDispatcher) -> bool:
    """True when numba inlines ``kernel`` into its callers."""
    return kernel.targetoptions.get("inline") == "always"
