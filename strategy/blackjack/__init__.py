"""Blackjack strategy charts: basic strategy from exact EVs, the generic chart, the AI levels; a
chart with index plays in force (``indices``).
"""
