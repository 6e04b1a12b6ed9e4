"""Zero's rules engine: rounds dealt, played and settled as at the table.

Also its numba simulator, the decision tables it plays by, and its Python replay twin.
"""
