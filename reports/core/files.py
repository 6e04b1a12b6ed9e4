"""Figures written as files: a PNG saved atomically (``cardedge.core.files``).

A failed save (a bad figure, a full disk, an interrupted run) leaves no partial file behind, and
a path that cannot be a PNG file is refused with one line before anything is drawn.
"""

from __future__ import annotations

from pathlib import Path

from cardedge.core.files import output_file, write_with


def save_figure(fig, path: str | Path, **savefig) -> Path:
    """Save a matplotlib figure as PNG, atomically (``savefig`` keywords pass through)."""
    output_file(path, ".png")
    return write_with(path, lambda tmp: fig.savefig(tmp, format="png", **savefig))
