"""cardedge: exact combinatorial analysis of Zero and European blackjack.

From Python: ``cardedge.zero`` and ``cardedge.blackjack``, one function per command of the
``cardedge`` command line (``cardedge.cli``, a thin click shell over them); both are reachable
as attributes of ``cardedge``.

One import name over the repository's layer folders, which ``cardedge/`` holds as symlinks
(``cardedge/analysis -> ../analysis``, ...). Top to bottom: ``cardedge.cli`` (the ``cardedge``
command), ``cardedge.zero`` / ``cardedge.blackjack`` over ``cardedge.api`` (the Python API),
``cardedge.reports`` (tables and figures), ``cardedge.study`` (shoe studies on Dask),
``cardedge.engine`` (the rules engine, simulators and trainers), ``cardedge.strategy`` (charts
and index plays), ``cardedge.analysis`` (the exact evaluators), ``cardedge.core`` (file writing,
progress); ``cardedge.extras`` names the optional installs. Each layer has the rooms ``core``
(both games), ``zero`` and ``blackjack``; imports run downwards only (pyproject.toml's import
contracts, checked by ``lint-imports``).

Importing the package imports no layer: it sets numba's optimisation level and keeps the
worker processes of a local Dask cluster alive on Ctrl-C (below).
"""

import importlib
import multiprocessing
import os
import signal
import threading

__version__ = "0.1.0"

# LLVM optimisation level 1 for the numba kernels unless the user sets NUMBA_OPT: they are
# bound by memory and branches, run as fast at level 1 as at numba's default 3 (bench/*.py,
# measured side by side), and compile about a second faster on a cold start. numba reads the
# setting when it is first imported, which is after this line.
os.environ.setdefault("NUMBA_OPT", "1")

# A process multiprocessing starts with this package's main module (the workers of a local
# Dask cluster, study/core/run.py) does not stop on Ctrl-C, from its first lines: the terminal sends
# SIGINT to the whole process group, and only the cardedge process stops the study (and the
# cluster); a worker dying of it would print tracebacks.
# (While the child imports its parent's main module, parent_process() is not set yet; its
# name is.) Only a main thread may set a handler: a worker of a remote cluster (`dask worker`)
# may first import this package in a task's thread, and must not fail there.
# A worker goes on after Ctrl-C but says nothing more: the cluster it belonged to closes, and
# what it would log about that (a heartbeat to a closed scheduler) is not for the terminal.


def _quiet_after_interrupt(signum, frame) -> None:
    import logging

    logging.disable(logging.CRITICAL)


if (
    multiprocessing.current_process().name != "MainProcess"
    and threading.current_thread() is threading.main_thread()
):
    signal.signal(signal.SIGINT, _quiet_after_interrupt)


def __getattr__(name: str):
    """``cardedge.zero`` and ``cardedge.blackjack`` on first use (``import cardedge`` stays
    light)."""
    from cardedge.games import NAMES

    if name in NAMES:
        return importlib.import_module(f"cardedge.{name}")
    raise AttributeError(f"module 'cardedge' has no attribute {name!r}")
