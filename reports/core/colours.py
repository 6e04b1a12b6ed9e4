"""The chart colours every game shares: one colour per kind of play, so a hit, a stand, a double
and a split look the same in both games' charts (PNG, report, web page) and on a terminal.

Each game's chart codes take their colours from here (``reports/<game>/colours.py``); a code
only one game has (blackjack's double-or-stand, its surrenders; Zero's no-split) adds its own.
"""

from __future__ import annotations

PLAY_COLOURS: dict[str, str] = {
    "hit": "#f4a6a6",
    "stand": "#f7e08a",
    "double": "#9fd89f",
    "split": "#9fb8f0",
    "no split": "#d9d9d9",
}
"""Cell colour (CSS/matplotlib hex) of each kind of play: hit red, stand yellow, double green,
split blue, a pair kept grey."""

TERMINAL_COLOURS: dict[str, str] = {
    "hit": "red",
    "stand": "yellow",
    "double": "green",
    "split": "blue",
    "no split": "bright_black",
}
"""The terminal's colour (click's names) of each kind of play, matching ``PLAY_COLOURS``."""
