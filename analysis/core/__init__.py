"""Shared by both games: ranks and point values, the shoe, memo keys."""
