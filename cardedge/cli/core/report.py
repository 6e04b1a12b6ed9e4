"""The ``report`` commands' shared options (``cli/<game>/report.py``), made from their
declarations (``api/options.py`` ``REPORT``)."""

from __future__ import annotations

from cardedge.api.options import REPORT
from cardedge.cli.core.common import declared_options


def report_options(f):
    """``--out DIR`` (required), ``--rounds``, ``--seed``, ``--study-folder``,
    ``--pdf/--no-pdf``."""
    return declared_options(REPORT)(f)
