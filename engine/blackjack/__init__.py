"""Blackjack's rules engine: rounds dealt, played and settled as at the table.

Also its numba simulator, the decision tables it plays by, its Python replay twin, and the
coach of a training session.
"""
