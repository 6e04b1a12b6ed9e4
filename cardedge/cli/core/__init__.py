"""Shared by both games' command groups: options, output, progress, simulation and play plumbing."""
