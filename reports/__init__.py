"""The tables layer: builds the published tables (pandas DataFrames) from analysis and strategy.

Imports run one way: ``reports`` uses ``analysis`` and ``strategy``; the CLI uses ``reports``.
"""
