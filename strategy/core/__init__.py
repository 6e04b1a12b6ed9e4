"""What both games' strategies share: true-count departures from a chart."""
