"""Blackjack's tables: edges, charts, hands, exceptions, deck comparisons, variants, dealer."""
