"""Shared by both games' rules engines: shuffled shoes, the round driver (view, hands, outcome,
``play_round``), simulation statistics and replay streams, training sessions."""
