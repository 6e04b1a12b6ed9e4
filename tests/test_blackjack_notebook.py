"""``notebooks/blackjack.ipynb`` runs top to bottom and shows the exact numbers."""

import json
from pathlib import Path

import pytest

from cardedge.analysis.blackjack.round import shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_OPTIMAL_EDGE_PERCENT,
)

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "blackjack.ipynb"


@pytest.fixture(scope="module")
def summary():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent.parent)}},
    )
    client.execute()
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    return json.loads(text)


def test_notebook_edges(summary):
    assert round(summary["published_optimal"], 4) == PUBLISHED_OPTIMAL_EDGE_PERCENT
    default = shoe_analysis(DEFAULT_RULES, DEFAULT_SHOE).evaluate().house_edge_percent
    assert summary["default_optimal"] == default


def test_notebook_ai_levels_and_chart(summary):
    levels = summary["levels"]
    assert levels["optimal"] < levels["hard"] < levels["normal"] < levels["easy"]
    assert {tuple(d) for d in summary["chart_differences"]} == {
        ("hard 11", "T", "H", "Dh"),
        ("8,8", "T", "H", "P"),
        ("8,8", "A", "H", "P"),
        ("A,A", "A", "H", "P"),
    }


def test_notebook_edge_grows_with_decks(summary):
    edges = [summary["decks_optimal"][str(d)] for d in range(1, 9)]
    assert edges == sorted(edges)
    assert edges[5] == summary["default_optimal"]
