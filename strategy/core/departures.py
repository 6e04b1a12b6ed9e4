"""True-count departures from a chart, shared by both games: which index plays are in force.

A departure is one row of an index table (``cardedge blackjack indices``, ``cardedge zero
indices``): in one chart cell (a hand against an up card), the play ``code`` replaces the
chart's at true counts at or above ``index`` (``up_going``) or at or below it. A counter who
plays indices keeps the chart everywhere else. Each game turns its cells and plays into policy
codes (``strategy/<game>/indices.py``); this module only decides which departures apply.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Departure:
    """One index play: in cell (``hand``, ``up``) play ``play`` when the true count is at or
    beyond ``index`` (at or above when ``up_going``, else at or below)."""

    hand: str
    """The cell's row as the index tables name it ('hard 16', 'split 2-7', 'three-card 5')."""
    up: str
    """The up card as the index tables name it."""
    play: str
    """The action played beyond the index ('stand', 'hit', 'double', 'split', 'no split')."""
    index: int
    up_going: bool

    def applies(self, true_count: float) -> bool:
        """True when ``true_count`` is at or beyond the index."""
        return true_count >= self.index if self.up_going else true_count <= self.index


def departures_from_rows(rows: Iterable[dict]) -> tuple[Departure, ...]:
    """The departures of index-table rows (``hand``, ``up``, ``below``, ``above``, ``index``,
    ``direction``): going up the play at and above the index, going down the play below it
    (the index itself included, as the tables state)."""
    out = []
    for row in rows:
        up_going = row["direction"] == "at or above"
        play = row["above"] if up_going else row["below"]
        out.append(
            Departure(str(row["hand"]), str(row["up"]), str(play), int(row["index"]), up_going)
        )
    return tuple(out)


INDEX_FILE_COLUMNS = ("hand", "up", "below", "above", "index")
"""The columns every index file holds (``departures_from_table``)."""


def departures_from_table(rows: Iterable[dict]) -> tuple[Departure, ...]:
    """The departures of an index file's rows: an ``indices`` table's (its ``direction``, the
    ``index`` in the table's convention: ``departures_from_rows``) or an index card's
    (``indices --top N``: no ``direction``, its ``departure`` the play that leaves the chart,
    its ``index`` the classic one: 'above' from it up, 'below' under it, so a departure to the
    play below is in force at or below ``index - 1``). ValueError (one line) for a row that
    is neither."""
    rows = list(rows)
    if not rows:
        raise ValueError("no index plays (an empty table)")
    missing = [c for c in INDEX_FILE_COLUMNS if c not in rows[0]]
    if missing or not ("direction" in rows[0] or "departure" in rows[0]):
        needed = ", ".join(INDEX_FILE_COLUMNS)
        lacks = f"; missing {', '.join(missing)}" if missing else ""
        raise ValueError(
            f"not an index table: it needs the columns {needed} and direction (an `indices` "
            f"table) or departure (an index card){lacks}"
        )
    out = []
    for n, row in enumerate(rows, start=1):
        try:
            index = int(float(row["index"]))
        except (TypeError, ValueError):
            raise ValueError(f"row {n}: index {row['index']!r} is not a whole true count") from None
        if "direction" in row:
            out += departures_from_rows([{**row, "index": index}])
            continue
        play, above, below = str(row["departure"]), str(row["above"]), str(row["below"])
        if play not in (above, below):
            raise ValueError(f"row {n}: departure {play!r} is neither above ({above!r}) nor below")
        up = play == above
        out.append(
            Departure(str(row["hand"]), str(row["up"]), play, index if up else index - 1, up)
        )
    return tuple(out)


def in_force(departures: Iterable[Departure], true_count: float) -> tuple[Departure, ...]:
    """The departures that apply at ``true_count``, in their given order."""
    return tuple(d for d in departures if d.applies(true_count))
