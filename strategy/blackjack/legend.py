"""The blackjack chart's codes in words: a module of its own, so that a page can say them
without loading the evaluators (``charts`` imports the kernels)."""

LEGEND = (
    "H hit, S stand, Dh double else hit, Ds double else stand, P split, Ph split if doubling "
    "after a split is allowed else hit, Rh surrender else hit, Rs surrender else stand, Rp "
    "surrender else split (a hand that may no longer double, surrender or split plays the "
    "second letter)"
)
"""The chart's codes in one line, for a legend."""
