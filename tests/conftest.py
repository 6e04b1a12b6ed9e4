import pytest

from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset


@pytest.fixture(scope="session")
def zero_optimal():
    """Exact optimal-play rounds, by (preset, decks), computed once per session."""
    cache = {}

    def get(name: str, decks: int):
        key = (name, decks)
        if key not in cache:
            cache[key] = evaluate_round(preset(name, decks))
        return cache[key]

    return get
