"""Blackjack's tables: edges, charts, hands, exceptions, deck comparisons, variants, dealer
(``strategy``), effects of removal, count systems, true-count indices, simulations, shoe studies.
"""
