"""Blackjack's chart colours by chart code, one table for the PNG chart (``strategy``) and the
web page: H red, S yellow, Dh green, Ds cyan, P blue, Ph magenta, R* greys."""

CHART_COLOURS = {
    "H": "#f4a6a6",
    "S": "#f7e08a",
    "Dh": "#9fd89f",
    "Ds": "#8fd3d3",
    "P": "#9fb8f0",
    "Ph": "#d0a8e8",
    "Rh": "#d9d9d9",
    "Rs": "#bfbfbf",
    "Rp": "#a6a6a6",
}
"""Cell colour of each chart code (CSS/matplotlib hex)."""
