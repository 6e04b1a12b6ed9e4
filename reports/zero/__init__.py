"""Zero's tables and figures: edges, charts, exceptions, returns, decks, EOR, the Zero Pays side
bet, count systems, true-count indices, simulations, shoe studies.
"""
