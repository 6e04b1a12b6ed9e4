"""The `cardedge blackjack` command group."""
