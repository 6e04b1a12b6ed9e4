"""The ``grid`` commands' shared options (``cli/<game>/grid.py``): the rules to vary, the SD,
the heatmap and the Parquet file, made from their declarations (``api/options.py`` ``GRID``)."""

from __future__ import annotations

from cardedge.api.options import GRID
from cardedge.cli.core.declared import declared_options


def grid_options(rule_names: str):
    """``--vary`` (repeatable), ``--basic/--no-basic``, ``--sd/--no-sd``, ``--png``, ``--out``,
    ``--resume``, ``--workers``, ``--scheduler``; ``rule_names`` lists the rules ``--vary``
    takes, for its help."""
    return declared_options(GRID, rules=rule_names)
