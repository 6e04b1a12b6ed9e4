"""Figures shared by both games (matplotlib, PNG): effects of removal by rank."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

from cardedge.extras import require
from cardedge.reports.core.files import save_figure

EOR_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""Ranks on the x axis (T: a ten-valued card; Zero's T, J, Q, K have the same EOR)."""


def pyplot(files_only: bool = True):
    """``matplotlib.pyplot``, or ``MissingExtra`` naming the ``plots`` extra. ``files_only``:
    on the Agg backend (figures for files, no display); else the backend as it is (a
    notebook's figure for display)."""
    require("plots")
    import matplotlib

    if files_only:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def eor_png(series: Mapping[str, Mapping[str, float | None]], path: str | Path, title: str):
    """Write one line per named EOR row (rank -> change in house edge, percentage points)."""
    plt = pyplot()

    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    x = range(len(EOR_RANKS))
    for label, row in series.items():
        y = [row.get(r) for r in EOR_RANKS]
        y = [float("nan") if v is None else v for v in y]
        ax.plot(x, y, marker="o", label=label)
    ax.axhline(0.0, color="#888888", linewidth=0.8)
    ax.set_xticks(list(x), EOR_RANKS)
    ax.set_xlabel("rank removed (T: a ten-valued card)")
    ax.set_ylabel("change in house edge (percentage points)")
    ax.set_title("\n".join(textwrap.wrap(title, 80)), fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    save_figure(fig, path, dpi=120)
    plt.close(fig)
    return Path(path)


def figure_svg(fig) -> str:
    """A matplotlib figure as SVG text, the same bytes on every run: no date, a fixed hash
    salt for the ids, text kept as text (searchable, and smaller than glyph paths)."""
    import io

    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "cardedge", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": "cardedge"})
    return buffer.getvalue()


def lines_svg(
    x: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    xlabel: str,
    ylabel: str,
    axis_line: bool = True,
) -> str:
    """One line per named series over the categories ``x``, as SVG (``figure_svg``); missing
    values (None) leave gaps."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.2, 3.8))
    for label, values in series.items():
        y = [float("nan") if v is None else float(v) for v in values]
        ax.plot(range(len(x)), y, marker="o", label=label)
    if axis_line:
        ax.axhline(0.0, color="#888888", linewidth=0.8)
    ax.set_xticks(list(range(len(x))), list(x))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(series) > 1:
        ax.legend(fontsize=8)
    ax.grid(True, color="#e6e6e6", linewidth=0.6)
    fig.tight_layout()
    try:
        return figure_svg(fig)
    finally:
        plt.close(fig)


def bars_svg(
    labels: Sequence[str], values: Sequence[float | None], xlabel: str, ylabel: str
) -> str:
    """A bar per label (positive blue, negative orange), as SVG (``figure_svg``); a label whose
    value is None (a rank the shoe lacks has no effect of removal) is left out."""
    drawn = [(label, v) for label, v in zip(labels, values, strict=True) if v is not None]
    labels, values = [label for label, _ in drawn], [v for _, v in drawn]
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.2, 3.6))
    colours = ["#4c78a8" if v >= 0 else "#f58518" for v in values]
    ax.bar(range(len(labels)), values, color=colours)
    ax.axhline(0.0, color="#888888", linewidth=0.8)
    ax.set_xticks(list(range(len(labels))), list(labels))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, axis="y", color="#e6e6e6", linewidth=0.6)
    fig.tight_layout()
    try:
        return figure_svg(fig)
    finally:
        plt.close(fig)
