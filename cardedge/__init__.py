"""The ``cardedge`` command: a thin click shell over ``reports``, ``strategy`` and ``analysis``."""

import os

__version__ = "0.1.0"

# LLVM optimisation level 1 for the numba kernels unless the user sets NUMBA_OPT: they are
# bound by memory and branches, run as fast at level 1 as at numba's default 3 (bench/*.py,
# measured side by side), and compile about a second faster on a cold start. numba reads the
# setting when it is first imported, which is after this line.
os.environ.setdefault("NUMBA_OPT", "1")
