"""Zero strategy charts: the best total-dependent chart from reach-weighted cell EVs (``cells``),
the published chart, chart files; a chart with index plays in force (``indices``).
"""
