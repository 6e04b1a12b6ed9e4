"""Shoe studies: every round of seeded, dealt shoes evaluated exactly, run on Dask."""
