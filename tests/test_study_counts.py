"""Studies and indices with an unbalanced count: the running count from the system's IRC, the
true count of its balanced twin (``CountSystem.true_count``), index plays of that count."""

import json

import numpy as np
import pandas as pd
import pytest

from cardedge.analysis.core.counts import resolve_system
from cardedge.cli import main
from cardedge.study.core.rounds import LEFT_COLUMNS

ZERO_LEVEL_1 = """name = "Zero level 1"
description = "zero count's best level-1 tags, 6 decks, published rules: unbalanced (+12)"
[tags]
A = 1
2 = 1
3 = 1
4 = 1
5 = 1
6 = 1
7 = 1
8 = 0
9 = 0
T = -1
"""


def run(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def check_counts(records: pd.DataFrame, system, decks: int) -> None:
    """Every round: running count = IRC + tags of the cards dealt; true count = the balanced
    twin's count of the cards dealt per deck left."""
    full = np.full(13, 4 * decks)
    left = records[list(LEFT_COLUMNS)].to_numpy()
    dealt = full - left
    running = system.initial_running_count(decks) + dealt @ system.by_rank()
    twin = dealt @ system.balanced_by_rank() / (left.sum(axis=1) / 52)
    assert np.allclose(records["running_count"], running)
    assert np.allclose(records["true_count"], twin)
    first = records[records["round"] == 0]
    assert (first["running_count"] == system.initial_running_count(decks)).all()
    assert np.allclose(first["true_count"], 0)


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_a_ko_study_runs_with_index_plays(tmp_path, capsys, game):
    out = tmp_path / game
    args = [game, "study", "--decks", "2", "--shoes", "2", "--system", "ko", "--indices"]
    args += ["--scheduler", "synchronous", "--out", str(out), "--format", "json"]
    code, stdout, err = run(args, capsys)
    assert code == 0, err
    json.loads(stdout)
    assert "KO count (unbalanced, IRC -4, its balanced twin's true count)" in stdout
    records = pd.read_parquet(out / "batches")
    assert set(records["shoe"]) == {0, 1}
    ko = resolve_system("ko")
    assert ko.initial_running_count(2) == -4
    check_counts(records, ko, 2)


def test_zeros_best_level_1_count_indices(tmp_path, capsys):
    """Zero's best level-1 count (unbalanced, +12 a deck): indices with 2 decks left, the
    notes stating the convention."""
    path = tmp_path / "zero1.toml"
    path.write_text(ZERO_LEVEL_1)
    args = ["zero", "indices", "--system", str(path), "--decks-left", "2", "--format", "json"]
    code, out, err = run(args, capsys)
    assert code == 0, err
    rows = json.loads(out)
    assert rows and {r["system"] for r in rows} == {"Zero level 1"}
    assert all(isinstance(r["classic_index"], int) for r in rows)
    args[-1] = "markdown"
    code, out, err = run(args, capsys)
    assert "unbalanced (a deck sums to +12)" in out and "pivot" in out


def test_blackjack_index_plays_follow_the_count_kept(tmp_path, capsys):
    """Any count's index plays (`blackjack indices --system`), not only Hi-Lo's."""
    args = ["blackjack", "study", "--decks", "2", "--shoes", "1", "--system", "hiopt2"]
    args += ["--indices", "--scheduler", "synchronous", "--out", str(tmp_path / "s")]
    code, out, err = run([*args, "--format", "json"], capsys)
    assert code == 0, err
    assert "index plays" in out and "Hi-Opt II" in out
