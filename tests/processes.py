"""What the server tests read of a process (test_web.py, test_serve.py)."""

from __future__ import annotations

from pathlib import Path


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux's /proc; 0 when not found)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0
