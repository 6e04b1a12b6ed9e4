"""A blackjack chart with true-count departures in force (``strategy/core/departures.py``).

The index tables name blackjack's cells as ``hard 16``, ``soft 18`` and pairs ``8,8`` against
an up card ``2``..``9``, ``T``, ``A``. A departure rewrites that chart cell in the chart's own
codes: stand S, hit H, double Dh or Ds (else what the cell did: stand for a cell that stood,
else hit), surrender Rh or Rs likewise, split P, and a pair's ``no split`` plays its total's
row. Every hand of that total then plays it, as a chart cell always applies, a pair the chart
does not split included (its pair cell follows the total's departure).

The ``insurance`` row (``insurance`` against ``A``, when the rules offer it) is no chart cell:
insurance is a bet beside the hand's, so ``chart_with`` leaves the chart as it is for it and
``insures`` says whether it is in force (the shoe game's counter takes it there).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardedge.analysis.blackjack.hands import ACE, VALUE_LABELS
from cardedge.strategy.blackjack.charts import UP_ORDER, Chart
from cardedge.strategy.core.departures import Departure

INSURANCE = "insurance"
"""The insurance row's hand and play, as the index tables name them."""
_STANDS = ("S", "Ds", "Rs")
_SPLITS = ("P", "Ph", "Rp")


def _code(play: str, old: str) -> str:
    stands = old in _STANDS
    codes = {
        "stand": "S",
        "hit": "H",
        "double": "Ds" if stands else "Dh",
        "surrender": "Rs" if stands else "Rh",
        "split": "P",
    }
    if play not in codes:
        raise ValueError(f"not a blackjack play: {play!r}")
    return codes[play]


def _pair_of(kind: str, total: int) -> int | None:
    """The pair (value index) whose two cards make this total, if any."""
    if kind == "soft":
        return ACE if total == 12 else None
    return total // 2 - 1 if total % 2 == 0 and 4 <= total <= 20 else None


def _follow_row(rows: dict, kind: str, total: int, column: int) -> None:
    """A pair the chart does not split plays its pair cell: when the total's row departs,
    that cell follows it (the index tables weigh the pair among the total's hands)."""
    pair = _pair_of(kind, total)
    if pair is None or rows["pairs"][pair][column] in _SPLITS:
        return
    row = list(rows["pairs"][pair])
    row[column] = rows[kind][total][column]
    rows["pairs"][pair] = tuple(row)


def chart_with(chart: Chart, departures: Iterable[Departure]) -> Chart:
    """``chart`` with each departure's play in its cell (ValueError for a cell or play the chart
    does not have). The name stays the chart's."""
    rows = {"hard": dict(chart.hard), "soft": dict(chart.soft), "pairs": dict(chart.pairs)}
    for d in departures:
        if d.hand == INSURANCE:
            continue  # a side bet, no chart cell (``insures``)
        if d.up not in VALUE_LABELS:
            raise ValueError(f"not an up card: {d.up!r}")
        column = UP_ORDER.index(VALUE_LABELS.index(d.up))
        kind, _, key = d.hand.partition(" ")
        if kind in ("hard", "soft"):
            total = int(key) if key.isdigit() else None
            if total not in rows[kind]:
                raise ValueError(f"not a blackjack chart cell: {d.hand!r}")
            row = list(rows[kind][total])
            row[column] = _code(d.play, row[column])
            rows[kind][total] = tuple(row)
            _follow_row(rows, kind, total, column)
            continue
        first, _, second = d.hand.partition(",")
        if first != second or first not in VALUE_LABELS:
            raise ValueError(f"not a blackjack chart cell: {d.hand!r}")
        pair = VALUE_LABELS.index(first)
        row = list(rows["pairs"][pair])
        if d.play == "no split":
            kind, total = ("soft", 12) if pair == ACE else ("hard", 2 * (pair + 1))
            row[column] = rows[kind][total][column]
        else:
            row[column] = _code(d.play, row[column])
        rows["pairs"][pair] = tuple(row)
    return Chart(chart.name, rows["hard"], rows["soft"], rows["pairs"])


def insures(departures: Iterable[Departure]) -> bool:
    """Whether the insurance departure is among ``departures`` (those in force: the counter
    insures against an ace up)."""
    return any(d.hand == INSURANCE and d.play == INSURANCE for d in departures)
