"""Shared by both games: ranks and point values, the shoe, memo keys, count systems (``counts/``
holds them as data), true-count compositions, and the loader of cached kernels.
"""
