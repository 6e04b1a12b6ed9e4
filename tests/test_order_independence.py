"""A figure never depends on what else its process computed (the reproducibility contract,
docs/exactness.md): one rule set's edges and SD, bit for bit, computed alone in a fresh
process, after a grid of other rule sets in this one (the memos full of their work), as a row
of a grid in either order of its combinations, and on a local Dask cluster of 1 and 2 workers.

On one deck, so each figure costs milliseconds; each game's grid varies the rules whose work
the grids share between combinations (blackjack: the dealer's rule, doubling after a split,
surrender; Zero: the dealer's drawing rule and doubling after a split)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardedge import blackjack, zero

CASES = {
    # game: (its API module, the target's keywords (a grid's rules are its defaults), a
    # grid's vary in two orders, the value each varied rule takes in the target as the grid's
    # rows hold it (typed), a grid of other rule sets only)
    "blackjack": (
        blackjack,
        {"h17": True, "das": False, "surrender": True},
        (["h17", "das", "surrender"], ["surrender", "das", "h17"]),
        {"h17": True, "das": False, "surrender": True},
        ["h17", "das"],
    ),
    "zero": (
        zero,
        {"rules": "published", "dealer_draws": 4, "das": False},
        (["dealer_draws=4,5,6", "das"], ["das", "dealer_draws=6,5,4"]),
        {"dealer_draws": 4, "das": False},
        ["dealer_draws=5,6", "zero_pair_pays=3:2,2:1"],
    ),
}
FIGURES = ("optimal_percent", "basic_percent", "sd")


def alone(game: str) -> dict[str, float]:
    """The target's figures as single calls make them: the edge of optimal play and of basic
    strategy (``edge``) and the SD of a round (``returns``)."""
    api, keywords, *_ = CASES[game]
    edge = {s: api.edge(decks=1, strategy=s, **keywords).rows()[0] for s in ("optimal", "basic")}
    return {
        "optimal_percent": edge["optimal"]["house_edge_percent"],
        "basic_percent": edge["basic"]["house_edge_percent"],
        "sd": api.returns(decks=1, **keywords).facts["sd"],
    }


def in_grid(game: str, vary: list[str], **run) -> dict[str, float]:
    """The target's row of a one-deck grid varying ``vary`` (``run``: workers)."""
    api, _, _, values, _ = CASES[game]
    rows = api.grid(decks=1, vary=vary, **run).rows()
    (row,) = [r for r in rows if all(r[k] == v for k, v in values.items())]
    return {k: row[k] for k in FIGURES}


def _bits(figures: dict[str, float]) -> dict[str, str]:
    return {k: float(v).hex() for k, v in figures.items()}


@pytest.fixture(scope="module")
def fresh():
    """Each game's target computed alone in a fresh process (no memo, no grid before it)."""
    program = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from test_order_independence import alone, _bits;"
        "print(json.dumps({g: _bits(alone(g)) for g in ('blackjack', 'zero')}))"
    )
    tests = str(__import__("pathlib").Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", program, tests], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", CASES)
def test_a_single_call_after_a_grid_of_other_rule_sets_is_the_fresh_process_one(fresh, game):
    api, *_, others = CASES[game]
    api.grid(decks=1, vary=others)  # the memos full of other rule sets' work
    assert _bits(alone(game)) == fresh[game]


@pytest.mark.parametrize("game", CASES)
def test_a_grid_row_in_either_order_is_the_single_call_bit_for_bit(fresh, game):
    _, _, orders, *_ = CASES[game]
    for vary in orders:
        assert _bits(in_grid(game, vary)) == fresh[game], vary


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("game", CASES)
def test_a_grid_row_on_1_and_2_dask_workers_is_the_single_call_bit_for_bit(fresh, game, workers):
    pytest.importorskip("distributed")
    _, _, (vary, _), *_ = CASES[game]
    assert _bits(in_grid(game, vary, workers=workers)) == fresh[game]
