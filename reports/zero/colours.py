"""Zero's chart colours by action letter, one table for the PNG charts (``plots``), the
terminal's letters and the web page: S yellow, H white, D green, P cyan, N grey."""

CHART_COLOURS = {"S": "#f4d35e", "H": "#ffffff", "D": "#5fad56", "P": "#7cb5ec", "N": "#dddddd"}
"""Cell colour of each chart letter (CSS/matplotlib hex)."""
