"""What both games' studies share: the plan, the dealing loop, the records, the Dask run, the
study folder, and the chart-playing study object (``game.ChartStudy``)."""
