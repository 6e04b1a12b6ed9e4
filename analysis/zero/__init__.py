"""Zero, the blackjack/baccarat hybrid: exact analysis (see shared/rules/zero.md)."""
