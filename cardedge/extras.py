"""The optional parts of an install (``pyproject.toml``'s extras) and the one line a command
gives when the part it needs is missing.

The core install (numpy, numba, pandas, tabulate, click) computes every exact table; shoe
studies need ``cardedge[study]`` (Dask, distributed, pyarrow) and figures ``cardedge[plots]``
(matplotlib), ``cardedge serve`` ``cardedge[web]`` (Starlette, uvicorn) and ``cardedge {game}
report`` ``cardedge[report]`` (Jinja2, matplotlib; headless Chromium prints its PDF).
``make install`` installs all four.
"""

from __future__ import annotations

import importlib.util
import sys

EXTRAS: dict[str, tuple[str, ...]] = {
    "study": ("dask", "distributed", "pyarrow"),
    "plots": ("matplotlib",),
    "web": ("starlette", "uvicorn"),
    "report": ("jinja2", "matplotlib"),
}
"""Each extra's import names, as ``pyproject.toml`` declares their packages."""


class MissingExtra(ValueError):
    """A command needs an extra that is not installed (one line naming it)."""


def require(extra: str) -> None:
    """Return when every package of ``extra`` can be imported, else ``MissingExtra`` naming
    the extra and what is missing (checked before any work: nothing is imported here)."""
    missing = [name for name in EXTRAS[extra] if not _importable(name)]
    if missing:
        raise MissingExtra(
            f"this needs the '{extra}' extra ({', '.join(missing)} not installed): "
            f"pip install 'cardedge[{extra}]'"
        )


def _importable(name: str) -> bool:
    if name in sys.modules:  # imported already, or blocked (None)
        return sys.modules[name] is not None
    return importlib.util.find_spec(name) is not None
