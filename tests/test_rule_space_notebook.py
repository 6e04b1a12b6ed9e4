"""``notebooks/rule_space.ipynb`` runs top to bottom: its grids agree with ``edge`` and its
solved payouts, fed back into ``edge``, give their targets."""

import json
from pathlib import Path

import pytest

import cardedge.blackjack as blackjack
import cardedge.zero as zero

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "rule_space.ipynb"


@pytest.fixture(scope="module")
def executed():
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
    return nb


@pytest.fixture(scope="module")
def summary(executed):
    text = "".join(o.get("text", "") for o in executed.cells[-1].outputs)
    return json.loads(text)


def test_the_grids_base_rows_are_the_edge(summary):
    published = zero.edge(decks=6, rules="published").rows()[0]["house_edge_percent"]
    assert summary["zero_rows"] == 10
    assert summary["zero_base_optimal"] == pytest.approx(published, abs=1e-12)
    assert summary["blackjack_rows"] == 8
    default = blackjack.edge(decks=6).rows()[0]["house_edge_percent"]
    assert summary["blackjack_base_optimal"] == pytest.approx(default, abs=1e-12)


def test_the_additive_estimate_errs_only_where_rules_interact(summary):
    assert summary["zero_axis_error"] < 1e-12
    worst = summary["zero_worst_error"]
    assert (worst["dealer_draws"], worst["das"]) == (7, False)  # typed columns
    assert worst["error"] == pytest.approx(-0.68799, abs=1e-5)


def test_the_solved_payouts_fed_back_give_the_targets(summary):
    assert summary["zero_pair_fed_back"] == pytest.approx(2.0, abs=1e-9)
    assert summary["natural_fed_back"] == pytest.approx(1.0, abs=1e-9)
    assert summary["zero_pair_keeping"] >= 2.0
    assert summary["natural_keeping"] >= 1.0
    # fed back in this process too
    pays = summary["zero_pair_pays"]
    edge = zero.edge(decks=6, rules="published", zero_pair_pays=pays).rows()[0]
    assert edge["house_edge_percent"] == pytest.approx(2.0, abs=1e-9)
    natural = blackjack.edge(decks=6, natural=summary["natural_pays"]).rows()[0]
    assert natural["house_edge_percent"] == pytest.approx(1.0, abs=1e-9)


def test_the_heatmap_is_drawn(executed):
    images = [
        o for c in executed.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})
    ]
    assert images, "the heatmap is missing"
