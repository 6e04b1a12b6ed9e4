"""Zero's chart colours by action letter, one table for the PNG charts (``plots``), the report
and the web page, and the terminal's: the kinds of play every game colours alike
(``reports/core/colours.py``): S stand yellow, H hit red, D double green, P split blue, N no
split grey."""

from cardedge.reports.core.colours import PLAY_COLOURS, TERMINAL_COLOURS

PLAYS = {"S": "stand", "H": "hit", "D": "double", "P": "split", "N": "no split"}
"""The kind of play of each chart letter."""

CHART_COLOURS = {code: PLAY_COLOURS[play] for code, play in PLAYS.items()}
"""Cell colour of each chart letter (CSS/matplotlib hex)."""

TERMINAL = {code: TERMINAL_COLOURS[play] for code, play in PLAYS.items()}
"""The terminal's colour of each chart letter."""
