"""What both games' strategies share: chart files, and true-count departures from a chart."""
