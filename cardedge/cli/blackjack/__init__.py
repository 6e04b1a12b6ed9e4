"""The ``cardedge blackjack`` command group: one command per blackjack table, simulation and
training."""

from cardedge.cli.core.lazy import game_group

blackjack = game_group(
    "blackjack",
    "European blackjack (no hole card, S17, DAS, split to 4): exact analysis.",
    shared="edge chart hands exceptions compare variants returns dealer",
    own="eor count indices simulate play study grid solve report",
)
