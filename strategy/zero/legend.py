"""The Zero chart's codes in words: a module of its own, so that a page can say them without
loading the evaluators (``charts`` imports the kernels)."""

LEGEND = "S stand, H hit, D double (three-card hands), P split, N do not split"
"""The chart's codes in one line, for a legend."""
