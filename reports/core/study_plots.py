"""The figures of a shoe study (matplotlib, PNG; both games): the exact house edge by true count
and by depth, each drawn from its table (``FIGURES``), the figure of a table without rows, and
the digest of what a figure is drawn from (``figure_source``), which its PNG carries so that a
re-tabulation leaves a figure that would be drawn the same as it is.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import numpy as np

from cardedge.reports.core.files import save_figure
from cardedge.reports.core.render import Table


def true_count_png(table: Table, path, title: str, source: str | None = None):
    """Exact house edge (strategy and optimal) by true count, over bars of its frequency."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()

    data = table.data
    fig, ax = plt.subplots(figsize=(8, 4.5))
    bars = ax.twinx()
    bars.bar(data["true_count"], data["frequency"], color="#cccccc", width=0.8, label="frequency")
    bars.set_ylabel("share of rounds")
    ax.set_zorder(bars.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.plot(data["true_count"], data["edge_strategy"], marker="o", label="strategy (exact)")
    ax.plot(data["true_count"], data["edge_optimal"], marker="s", label="optimal play (exact)")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("true count (whole count below; end bins pool the tails)")
    ax.set_ylabel("house edge, % (below 0: player advantage)")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path


def depth_png(table: Table, path, title: str, source: str | None = None):
    """Exact house edge by depth (mean, 10th-90th percentile band) and the share of rounds
    with a player advantage."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()

    data = table.data
    x = np.arange(len(data))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.fill_between(x, data["edge_p10"], data["edge_p90"], alpha=0.25, label="strategy, 10-90%")
    ax.plot(x, data["edge_strategy"], marker="o", label="strategy, mean (exact)")
    ax.plot(x, data["edge_optimal"], marker="s", label="optimal play, mean (exact)")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xticks(x, data["depth"], fontsize=8)
    ax.set_xlabel("share of the shoe dealt before the round")
    ax.set_ylabel("house edge, % (below 0: player advantage)")
    share = ax.twinx()
    share.plot(x, data["advantage_share"], color="#aa3333", linestyle="--", label="advantage share")
    share.set_ylabel("share of rounds with a player advantage (dashed)")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path


FIGURES = {
    "edge_by_true_count": ("edge_by_true_count.png", true_count_png),
    "advantage_by_depth": ("edge_by_depth.png", depth_png),
}
"""The study's figures: which table each is drawn from, its file name and how."""

FIGURE_FORMAT = "1"
"""Bumped when the study figures change in a way their drawing functions' source does not
show (a shared helper's style, say): every figure is then drawn again."""


def figure_source(table: Table, title: str, draw: Callable) -> str:
    """The digest of what a study figure is drawn from: the table's data, the title, the
    drawing function's source, matplotlib's version and ``FIGURE_FORMAT``. A PNG saved with
    it (``png_source``) is that figure, so a re-tabulation leaves it as it is."""
    import hashlib
    import inspect
    from importlib.metadata import version

    h = hashlib.sha256()
    parts = (
        FIGURE_FORMAT,
        version("matplotlib"),
        inspect.getsource(draw),
        title,
        table.data.to_csv(index=False, lineterminator="\n"),
    )
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _empty_png(table: Table, path, title: str, source: str | None = None):
    """The figure of a table without rows: its title and the note saying why."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.axis("off")
    ax.text(0.5, 0.5, "\n".join(textwrap.wrap(" ".join(table.notes), 80)), ha="center")
    ax.set_title("\n".join(textwrap.wrap(title, 100)), fontsize=8)
    save_figure(fig, path, source, dpi=110)
    plt.close(fig)
    return path
