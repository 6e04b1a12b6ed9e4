"""Blackjack's chart colours by chart code, one table for the PNG chart (``strategy``), the
report and the web page, and the terminal's: the kinds of play every game colours alike
(``reports/core/colours.py``: H red, S yellow, Dh green, P blue), and blackjack's own: Ds
(double, else stand) cyan, Ph (split if doubling after it is allowed, else hit) magenta, the
surrenders R* greys."""

from cardedge.reports.core.colours import PLAY_COLOURS, TERMINAL_COLOURS

CHART_COLOURS = {
    "H": PLAY_COLOURS["hit"],
    "S": PLAY_COLOURS["stand"],
    "Dh": PLAY_COLOURS["double"],
    "Ds": "#8fd3d3",
    "P": PLAY_COLOURS["split"],
    "Ph": "#d0a8e8",
    "Rh": "#d9d9d9",
    "Rs": "#bfbfbf",
    "Rp": "#a6a6a6",
}
"""Cell colour of each chart code (CSS/matplotlib hex)."""

TERMINAL = {
    "H": TERMINAL_COLOURS["hit"],
    "S": TERMINAL_COLOURS["stand"],
    "Dh": TERMINAL_COLOURS["double"],
    "Ds": "cyan",
    "P": TERMINAL_COLOURS["split"],
    "Ph": "magenta",
    "Rh": "white",
    "Rs": "white",
    "Rp": "white",
}
"""The terminal's colour of each chart code."""
