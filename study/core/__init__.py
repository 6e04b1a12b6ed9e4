"""What both games' studies share: the plan, the dealing loop, the records, the Dask run."""
