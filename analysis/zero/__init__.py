"""Zero, the blackjack/baccarat hybrid: exact analysis (see shared/rules/zero.md).

The rules and presets, the dealer, the player and split kernels (their records in ``records``),
the round, the outcome distribution, one hand's action EVs (``hand``), the Zero Pays side bet
(``paytable``, ``sidebet``, the shipped tables in ``paytables/``) and the Fraction twin.
"""
