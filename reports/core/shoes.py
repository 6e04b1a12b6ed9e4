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


def other_shoe(shoe: Shoe | None, decks: int) -> Shoe | None:
    """``shoe`` when it is not simply a fresh shoe of ``decks`` decks, else None.

    A table about a fresh shoe stays as it always was (no ``shoe`` key, the deck count in the
    title); any other shoe (cards removed, or given by counts) is named in titles and rows.
    """
    if shoe is None or (shoe.is_fresh and shoe.base_decks == decks):
        return None
    return shoe


def describe_on(rules_text: str, shoe: Shoe | None) -> str:
    """``rules_on_shoe`` for a shoe that may be None (a fresh shoe: ``rules_text`` itself)."""
    return rules_text if shoe is None else rules_on_shoe(rules_text, shoe)


def shoe_fields(shoe: Shoe | None) -> dict[str, object]:
    """``shoe_keys`` of a shoe that may be None (a fresh shoe: nothing added)."""
    return {} if shoe is None else shoe_keys(shoe)


DERIVED_CHART_NOTE = (
    "The chart is derived for this shoe (the same derivation as a fresh shoe's basic strategy, "
    "from the exact EVs of this composition)."
)
"""Said under any basic-strategy chart made for a shoe other than a fresh one."""
