"""European blackjack: exact analysis (see shared/rules/blackjack.md).

The rules, the dealer, the player hands (``hands``) and evaluator, exact splits, the round, the
outcome distribution and the Fraction twin (``reference``).
"""
