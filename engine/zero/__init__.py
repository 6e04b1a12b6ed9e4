"""Zero's rules engine: rounds dealt, played and settled as at the table; its simulator and decision tables."""
