"""notebooks/zero.ipynb runs from top to bottom and shows the reproduced figures."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "zero.ipynb"


def _text_outputs(nb) -> str:
    out = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append(o["text"])
    return "".join(out)


def test_zero_notebook_executes_and_reproduces_published_figures():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent.parent)}},
    ).execute()
    text = _text_outputs(nb)
    assert "6 decks: optimal 2.2637% (published 2.2637), basic 2.2697% (published 2.2697)" in text
    assert "8 decks: optimal 2.2421% (published 2.2421), basic 2.2463% (published 2.2463)" in text
    assert "6 decks: Zero Pays edge 7.7461% (published 7.75%)" in text
    assert "8 decks: Zero Pays edge 7.4302% (published 7.43%)" in text
    images = [o for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert images, "the deck-count plot is missing"
