"""How the analysis page (``report.html`` and the PDF printed from it) shows a table: one
precision policy, plain headers with their units, yes/no for booleans, exact figures as they
are, no negative zero, and each note once.

``report.json`` is not touched by any of this: its keys are the tables' column names and its
figures are at full precision (``document.report_json``); a person reads the page, a program
the JSON. The command line's tables keep their own formats (``render``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

import numpy as np

DECIMALS = 4
"""Decimals of a percentage (a house edge, its change, an effect of removal) on the page."""
SIGNIFICANT = 4
"""Significant digits at least of any other figure (a small probability shows them all)."""
MAX_DECIMALS = 12
"""No figure is given to more decimals (a probability below 1e-9 shows fewer significant
digits, a rounding residue shows as 0)."""
EXACT_DECIMALS = 2
"""A figure exact in this many decimals or fewer (a tag, a pay, a net result) is shown as it
is: ``1``, ``-1``, ``0.5``, ``1.5``, ``60``."""
POLICY = (
    "Figures on this page: percentages (house edges, their changes, effects of removal) to "
    f"{DECIMALS} decimals; other figures (probabilities, EVs, SDs, correlations) to "
    f"{DECIMALS} decimals, or to {SIGNIFICANT} significant digits where that shows more; a "
    "figure exact in fewer decimals (a count tag, a pay, a net result, 0) as it is. "
    "report.json gives every figure at full precision, under the column names the page "
    "spells out."
)
"""The precision policy, as the page states it (the method notes)."""

PERCENT_WORDS = ("percent", "edge", "change", "gap")
"""A column whose name holds one of these words is in percent (or percentage points)."""
POINTS_WORDS = ("change", "gap", "error", "difference")
"""A percent column whose name ends with one of these words is a difference of percentages:
its unit is percentage points."""
HEADERS: dict[str, str] = {
    "sd": "SD (initial wagers)",
    "ev": "EV (per initial wager)",
    "ev_chart": "EV, chart (per wager)",
    "ev_optimal": "EV, optimal (per wager)",
    "cost": "Cost (per wager)",
    "gain": "Gain (per wager)",
    "net": "Net (initial wagers)",
    "optimal_percent": "Optimal play (%)",
    "basic_percent": "Basic chart (%)",
    "published_chart_percent": "Published chart (%)",
    "edge_strategy": "Chart with index plays (%)",
    "edge_optimal": "Optimal play (%)",
    "basic_gap": "Basic chart's gap (points)",
    "basic_cost_percent": "Basic chart's cost (points)",
    "stderr_percent": "Standard error (%)",
    "stated_percent": "Stated rules (%)",
    "published_percent": "Published rules (%)",
    "stated_change": "Stated rules' change (points)",
    "published_change": "Published rules' change (points)",
    "weighted_sum": "Weighted sum (points)",
    "rtp_percent": "RTP (%)",
    "p_win": "P(win)",
    "p_push": "P(push)",
    "p_loss": "P(loss)",
    "volatility_index": "Volatility index (initial wagers)",
    "max_win": "Max win (initial wagers)",
    "p_max_win": "P(max win)",
    "expected_units": "Expected (initial wagers)",
    "low_units": "Low (initial wagers)",
    "high_units": "High (initial wagers)",
    "change_percent": "Change from the base rules (points)",
}
"""Headers the generic spelling (``header``) would not give as well."""
WIDE_COLUMNS = 9
"""A table of this many columns or more (a chart aside: its one-letter cells fit) is too wide
for a phone: there each of its rows wraps, every figure under its column's name."""
PAGE_ROWS = 45
"""A table of more rows than this may not fit on one printed page: it runs on across pages
(its header repeated) where a shorter one is kept whole."""
UPPER = {"ev": "EV", "sd": "SD", "eor": "EOR", "das": "DAS", "rsa": "RSA", "h17": "H17"}
"""Words written in capitals wherever they stand in a header."""


def is_percent(column: str, percent: Iterable[str] = ()) -> bool:
    """Is ``column`` a percentage (``DECIMALS`` decimals): named so, or one of ``percent``
    (a table's own, e.g. the ranks of an effects-of-removal table, in points)?"""
    words = column.lower().replace("(", " ").replace(")", " ").replace("_", " ").split()
    return column in percent or any(w in PERCENT_WORDS for w in words)


def header(column: str, percent: Iterable[str] = ()) -> str:
    """A column's name as the page's header: plain words, capitalised, with the unit
    (``element_of_risk_percent`` -> 'Element of risk (%)', ``stated_change`` -> 'Stated
    rules' change (points)'); a rank, a total or a name already in words unchanged."""
    if column in HEADERS:
        return HEADERS[column]
    words = column.split("_")
    unit = ""
    if len(words) > 1 and words[-1] == "percent":
        words = words[:-1]
        unit = " (points)" if words[-1] in POINTS_WORDS else " (%)"
    elif column in percent and len(column) > 2:
        unit = " (points)"
    text = " ".join(UPPER.get(w, w) for w in words) + unit
    return text[:1].upper() + text[1:]


def figure(value, percent: bool = False) -> str:
    """One cell's text by the page's policy (``POLICY``): blank for a missing figure, yes/no
    for a boolean, an integer as it is, a float exact in ``EXACT_DECIMALS`` decimals as it is,
    a percentage to ``DECIMALS`` decimals, any other float to ``DECIMALS`` decimals or
    ``SIGNIFICANT`` significant digits, whichever shows more; never '-0'."""
    if isinstance(value, np.generic):
        value = value.item()
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if math.isinf(value):
            return "∞" if value > 0 else "-∞"
        if value == 0:
            return "0"
        short = f"{value:.{EXACT_DECIMALS}f}"
        if float(short) == value:
            text = short.rstrip("0").rstrip(".")
        else:
            digits = DECIMALS
            if not percent:
                places = SIGNIFICANT - 1 - math.floor(math.log10(abs(value)))
                digits = min(max(DECIMALS, places), MAX_DECIMALS)
            text = f"{value:.{digits}f}"
        return text[1:] if text.startswith("-") and float(text) == 0 else text
    text = str(value)
    return {"true": "yes", "false": "no"}.get(text, text)


def is_number(value) -> bool:
    """A figure to align right (a number, not a boolean)."""
    return isinstance(value, int | float | np.integer | np.floating) and not isinstance(
        value, bool | np.bool_
    )


def cells(
    rows: Sequence[dict], columns: Sequence[str], percent: Iterable[str] = ()
) -> tuple[list[list[str]], list[str]]:
    """The rows' ``columns`` as the page's texts (``figure``), and each column's alignment:
    'right' for a column of numbers, else 'left'."""
    percent = tuple(percent)
    shown = {c: is_percent(c, percent) for c in columns}
    align = ["right" if any(is_number(r.get(c)) for r in rows) else "left" for c in columns]
    return [[figure(r.get(c), shown[c]) for c in columns] for r in rows], align


LONG_NUMBER = re.compile(r"(?<![\w.])(-?\d+\.\d{5,})(?![\w.])(%?)")
"""A number in a note with more decimals than the page's policy shows (and a '%' after it)."""


def plain_notes(
    notes: Iterable[str], columns: Iterable[str], percent: Iterable[str] = ()
) -> list[str]:
    """The notes as the page gives them: each column they name spelt as its header without
    the unit (a name with an underscore wherever it stands, a one-word name where it leads a
    note or a clause: 'sd: ...' -> 'SD: ...'), each figure by the page's policy (``figure``:
    'edge 2.263701%' -> 'edge 2.2637%')."""
    percent = tuple(percent)
    names = sorted((c for c in columns if header(c, percent) != c), key=len, reverse=True)
    out = []
    for note in notes:
        for name in names:
            plain = re.sub(r" \([^()]*\)$", "", header(name, percent))
            if "_" in name:
                note = re.sub(rf"(?<![\w(]){re.escape(name)}(?![\w)])", plain, note)
            else:
                note = re.sub(rf"(^|; ){re.escape(name)}:", rf"\g<1>{plain}:", note)
        note = LONG_NUMBER.sub(
            lambda m: figure(float(m.group(1)), percent=bool(m.group(2))) + m.group(2), note
        )
        out.append(note)
    return out


class NotesOnce:
    """The notes the page has shown so far: a note (or a paragraph's sentence) is shown where
    it first appears and nowhere after (a note every table of a command carries, such as the
    rules preset's, would repeat a dozen times)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def shown(self, texts: Iterable[str]) -> list[str]:
        """The texts not shown yet, in order; from now on they count as shown."""
        out = []
        for text in texts:
            if text not in self.seen:
                self.seen.add(text)
                out.append(text)
        return out
