"""The ``cardedge`` command: a thin click shell over ``reports``, ``strategy`` and ``analysis``."""

__version__ = "0.1.0"
