"""Naming the shoe a table is about, for titles and self-describing rows (both games)."""

from __future__ import annotations

from cardedge.analysis.core.shoe import Shoe


def shoe_keys(shoe: Shoe) -> dict[str, object]:
    """What leads each row about the shoe: ``decks`` (None for a shoe given by counts) and
    ``shoe`` (its name)."""
    return {"decks": shoe.base_decks, "shoe": shoe.describe()}


DERIVED_CHART_NOTE = (
    "The chart is derived for this shoe (the same derivation as a fresh shoe's basic strategy, "
    "from the exact EVs of this composition)."
)
"""Said under any basic-strategy chart made for a shoe other than a fresh one."""
