"""Shared by both games' reports: the Table record and its rendering (text, CSV, JSON, Markdown),
atomic file writing, shoe names for titles, bet ramps, simulation and shoe-study reports, plots.
"""
