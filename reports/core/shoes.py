"""Naming the shoe a table is about, for titles and self-describing rows (both games)."""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe


def rules_on_shoe(rules_text: str, shoe: Shoe) -> str:
    """A rules description (``describe()``, led by 'N decks, ') with the deck count replaced
    by the shoe's name when the shoe is not a fresh shoe of those decks."""
    decks, _, rest = rules_text.partition(", ")
    if shoe.is_fresh and shoe.describe() == decks:
        return rules_text
    return f"shoe {shoe.describe()}, {rest}" if rest else f"shoe {shoe.describe()}"


def shoe_keys(shoe: Shoe) -> dict[str, object]:
    """What leads each row about the shoe: ``decks`` (None for a shoe given by counts) and
    ``shoe`` (its name)."""
    return {"decks": shoe.base_decks, "shoe": shoe.describe()}
