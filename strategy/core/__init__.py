"""What both games' strategies share: true-count departures from a chart, and chart files
(read in one dialect, saved atomically)."""
