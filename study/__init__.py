"""Shoe studies: every round of seeded, dealt shoes evaluated exactly, run on Dask.

``core``: the plan (seeded shoes, cut card, batches), the dealing loop and its per-round records
(``rounds``), the Dask run (``run``) and the Parquet store (``store``); per game ``game``: each
round's exact values on the cards left, and its play at the table.
"""
