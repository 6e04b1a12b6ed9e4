"""The tables layer: the published tables (pandas) and figures, built from every layer below
(analysis, strategy, engine, study); the CLI uses it.

``core``: the ``Table`` record and its rendering (``render``), and what both games' reports
share (shoes in titles, bet ramps, simulations, shoe studies, plots). Per game: the tables and
a ``results`` module; ``results`` and ``study_results`` list what ``make tables`` and
``make study`` write to ``results/``.
"""
