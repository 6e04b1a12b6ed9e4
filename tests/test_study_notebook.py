"""``notebooks/shoe_study.ipynb`` runs top to bottom and shows the committed studies' numbers."""

import json
from pathlib import Path

import pandas as pd
import pytest

from cardedge.reports.study_results import STUDIES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "shoe_study.ipynb"


@pytest.fixture(scope="module")
def summary():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    return json.loads(text)


def as_written(x: float) -> float:
    """``x`` as the results CSVs write it (``%.12g``)."""
    return float(f"{x:.12g}")


def committed(name: str, table: str) -> pd.DataFrame:
    return pd.read_csv(ROOT / "results" / "study" / name / f"{table}.csv", comment="#")


@pytest.mark.parametrize("name", list(STUDIES))
def test_notebook_matches_the_committed_study(summary, name):
    mine = summary[name]
    table = committed(name, "summary").set_index("quantity")["value"]
    assert mine["rounds"] == table["rounds"]
    # the CSV keeps 12 significant digits: the notebook's figures rounded alike are equal
    assert as_written(mine["mean_house_edge"]) == table["house edge %, the strategy, exact"]
    assert (
        as_written(mine["advantage_share"])
        == table["share of rounds with a player advantage, the strategy"]
    )
    spreads = committed(name, "bet_spreads")
    if mine["break_even_true_count"] is not None:
        assert set(spreads["from_true_count"]) == {mine["break_even_true_count"]}
