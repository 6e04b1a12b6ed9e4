"""Strategies as charts: derived from the exact evaluators, read from and written to chart files,
and with true-count index plays in force (``indices``). ``core``: chart files and departures;
per game ``charts`` (and Zero's reach-weighted cell EVs, ``cells``). Uses ``analysis`` only.
"""
