"""The index card of each game (``<game> indices --top N``, ``reports/core/indices.index_card``):
the N plays of largest gain of the game's full index table, each in the classic convention."""

from __future__ import annotations

import pytest

from cardedge import blackjack, zero

CARDS = {
    "zero": lambda **top: zero.indices(decks_left=1, **top),
    "blackjack": lambda **top: blackjack.indices(decks=2, decks_left=1, **top),
}


@pytest.mark.parametrize("game", sorted(CARDS))
def test_the_card_is_the_top_gains_of_the_full_table_in_the_classic_convention(game):
    full = CARDS[game]().data
    card = CARDS[game](top=5)
    assert card.title.startswith(f"{game.capitalize()} index card: the 5 ")
    gains = sorted(full["gain"], reverse=True)[:5]
    assert [r["gain"] for r in card.rows()] == gains
    assert [r["rank"] for r in card.rows()] == [1, 2, 3, 4, 5]
    for row in card.rows():
        same = full[(full["hand"] == row["hand"]) & (full["up"] == row["up"])]
        same = same[same["gain"] == row["gain"]]
        assert len(same) == 1
        assert row["index"] == int(same["classic_index"].iloc[0])
        assert row["departure"] == same["departure"].iloc[0]
