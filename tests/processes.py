"""The processes the tests start, and what the server tests read of one (test_web.py,
test_serve.py, test_cli_input.py).

Every process a test starts is started in a session of its own (``spawn``) and ended with
every process of that session (``end``: SIGTERM, a grace period, then SIGKILL), whatever the
test did: a server that ignores SIGTERM, or a Dask worker it started, is not left running
after the suite (issue 42: five ``cardedge serve`` processes outlived a run on a loaded
machine)."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

GRACE_S = 10.0
"""How long an ended process has to stop on SIGTERM before it and its session are killed."""


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux's /proc; 0 when not found)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def spawn(command: list[str], **popen) -> subprocess.Popen:
    """``subprocess.Popen(command, **popen)`` in a new session (its process group is the
    session's: ``end`` reaches the children too)."""
    return subprocess.Popen(command, start_new_session=True, **popen)


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the whole group has already gone


def end(process: subprocess.Popen, grace: float = GRACE_S) -> None:
    """End ``process`` and every process of its session: SIGTERM, up to ``grace`` seconds for
    the process to exit, then SIGKILL to whatever of the session is left (a child the process
    did not stop, or the process itself)."""
    if process.poll() is None:
        _signal_group(process, signal.SIGTERM)
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    _signal_group(process, signal.SIGKILL)
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@contextmanager
def running(command: list[str], **popen) -> Iterator[subprocess.Popen]:
    """``spawn(command)`` for the block, ``end`` after it, however it ends."""
    process = spawn(command, **popen)
    try:
        yield process
    finally:
        end(process)
