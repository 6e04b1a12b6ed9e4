"""Zero figures (matplotlib, PNG): the colour strategy chart and the edge by number of decks."""

from __future__ import annotations

import textwrap
from pathlib import Path

from cardedge.reports.core.files import save_figure
from cardedge.reports.core.plots import pyplot
from cardedge.reports.core.render import Table
from cardedge.reports.zero.colours import CHART_COLOURS
from cardedge.strategy.zero.charts import UP_LABELS, ZeroChart


def chart_png(chart: ZeroChart, title: str, path: str | Path) -> None:
    """Write ``chart`` as a colour grid: rows by block, columns up cards A, 2..9, 0."""
    plt = pyplot()
    rows = chart.rows()
    fig, ax = plt.subplots(figsize=(6.5, 0.28 * len(rows) + 1.4))
    for i, (_, _, cells) in enumerate(rows):
        for j, letter in enumerate(cells):
            ax.add_patch(
                plt.Rectangle((j, i), 1, 1, facecolor=CHART_COLOURS[letter], edgecolor="#888888")
            )
            ax.text(j + 0.5, i + 0.5, letter, ha="center", va="center", fontsize=8)
    ax.set_xlim(0, len(UP_LABELS))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks([j + 0.5 for j in range(len(UP_LABELS))], UP_LABELS)
    ax.xaxis.tick_top()
    short = {"two-card": "2c", "split": "split", "three-card": "3c"}
    ax.set_yticks([i + 0.5 for i in range(len(rows))], [f"{short[b]} {h}" for b, h, _ in rows])
    ax.tick_params(length=0, labelsize=8)
    ax.set_title(textwrap.fill(title, 60), fontsize=9, pad=18)
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=110, metadata={"Software": None})
    finally:
        plt.close(fig)


def decks_png(table: Table, path: str | Path) -> None:
    """Plot optimal and chart edges against the number of decks from ``compare_table``."""
    plt = pyplot()
    data = table.data
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for name, marker in (("published", "o"), ("stated", "s")):
        part = data[data["rules"] == name]
        ax.plot(part["decks"], part["optimal_percent"], marker=marker, label=f"{name}: optimal")
        ax.plot(
            part["decks"],
            part["basic_percent"],
            marker=marker,
            ls="--",
            label=f"{name}: basic strategy",
        )
    ax.set_xlabel("decks")
    ax.set_ylabel("house edge (%)")
    ax.set_title("Zero house edge by number of decks", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=110, metadata={"Software": None})
    finally:
        plt.close(fig)
