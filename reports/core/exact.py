"""Exact house edges beside the floats: the column and the note both games' edge tables give
with ``--exact`` (``analysis/<game>/exact.py`` computes the fractions)."""

from __future__ import annotations

from fractions import Fraction

FRACTION = "house_edge_fraction"
"""The column holding the exact house edge, ``numerator/denominator``."""
NOTE = (
    "house_edge_fraction: the house edge exactly, a fraction of the initial wager (whole-number "
    "arithmetic: the same on every machine); house_edge_percent is 100 times it, correctly "
    "rounded to a double (player_ev, where given, minus it)."
)


def fraction_text(value: Fraction) -> str:
    """A fraction as ``numerator/denominator`` (a whole number alone)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def with_exact(row: dict, edge: Fraction) -> dict:
    """``row`` (an edge table's) with its figures the correctly rounded values of the exact
    house ``edge`` (a fraction of the initial wager): ``house_edge_percent``, and
    ``player_ev`` where the row has one, then ``FRACTION`` right after the percent."""
    out: dict = {}
    for key, value in row.items():
        if key == "house_edge_percent":
            out[key] = float(100 * edge)
            out[FRACTION] = fraction_text(edge)
        elif key == "player_ev":
            out[key] = float(-edge)
        else:
            out[key] = value
    return out
