"""Shared by both games' rules engines: shuffled shoes, simulation statistics, training sessions."""
