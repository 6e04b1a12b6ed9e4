"""The ``cardedge zero`` command group: one command per Zero table, simulation and training."""

from cardedge.cli.core.lazy import game_group

zero = game_group(
    "zero",
    "Zero, the blackjack/baccarat hybrid (Golden Nugget, 2011).",
    shared="edge chart exceptions returns hands compare eor variants",
    own="count indices pays simulate play study grid solve report",
)
