"""The Python API: ``cardedge.zero`` and ``cardedge.blackjack`` (one function per command,
the same names in both games) over the shared plumbing of ``cardedge.api.core``."""
