"""What both games' studies share: the plan, the dealing loop and its records, the Dask run,
the Parquet store.
"""
