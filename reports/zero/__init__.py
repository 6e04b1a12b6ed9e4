"""Zero's tables: edges, charts, exceptions, returns, deck comparisons, EOR, the Zero Pays side bet."""
