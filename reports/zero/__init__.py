"""Zero's tables: edges, charts, exceptions, returns, decks, EOR, the Zero Pays side bet."""
