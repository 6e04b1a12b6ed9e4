"""Chart.save, one implementation for both games (``strategy.core.chartfiles.save_chart``):
a chart file is written whole or not at all, and a failed save keeps the file it would replace."""

import os
from pathlib import Path

import pytest

from cardedge.strategy.blackjack.charts import GENERIC_CHART
from cardedge.strategy.zero.charts import published_chart

CHARTS = {"zero": published_chart, "blackjack": lambda: GENERIC_CHART}


@pytest.fixture
def failing_write(monkeypatch):
    """Every text write stores half its text, then the disk is full."""

    def half_then_full(self, text, *args, **kwargs):
        with open(self, "w") as f:
            f.write(text[: len(text) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half_then_full)


@pytest.mark.parametrize("game", CHARTS)
@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_a_failed_save_leaves_no_file_behind(tmp_path, failing_write, game, suffix):
    with pytest.raises(OSError, match="No space"):
        CHARTS[game]().save(tmp_path / f"chart{suffix}")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("game", CHARTS)
def test_a_failed_save_keeps_the_chart_it_would_replace(tmp_path, monkeypatch, game):
    path = tmp_path / "chart.csv"
    CHARTS[game]().save(path)
    saved = path.read_bytes()
    assert saved.startswith(b"block,hand," if game == "zero" else b"hand,2,3,")

    def half_then_full(self, text, *args, **kwargs):
        with open(self, "w") as f:
            f.write(text[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half_then_full)
    with pytest.raises(OSError, match="No space"):
        CHARTS[game]().save(path)
    assert path.read_bytes() == saved
    assert os.listdir(tmp_path) == ["chart.csv"]
