"""Zero strategy charts: the best total-dependent chart, the published chart, chart files."""
