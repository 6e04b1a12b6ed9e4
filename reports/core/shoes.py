"""Naming the shoe a table is about, for titles and self-describing rows (both games)."""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe


def shoe_keys(shoe: Shoe) -> dict[str, object]:
    """What leads each row about the shoe: ``decks`` (None for a shoe given by counts) and
    ``shoe`` (its name)."""
    return {"decks": shoe.base_decks, "shoe": shoe.describe()}


def shoe_led(shoe: Shoe, keys: dict[str, object]) -> dict[str, object]:
    """``keys`` as a table about one shoe gives them: led by the shoe's ``decks`` (None for a
    shoe given by counts), followed by the shoe's name when it is not a fresh one
    (``Shoe.row_keys``). Both games' tables key their rows this way."""
    return {"decks": shoe.base_decks, **keys, **shoe.row_keys()}


DERIVED_CHART_NOTE = (
    "The chart is derived for this shoe (the same derivation as a fresh shoe's basic strategy, "
    "from the exact EVs of this composition)."
)
"""Said under any basic-strategy chart made for a shoe other than a fresh one."""
