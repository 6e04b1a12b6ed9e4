"""The exact analysis of a fresh shoe that a shoe study's tables take (``FreshShoe``; both
games), and its copy kept on disk in the study's folder (``FRESH_FILE``): used only while its
digest is this game's, this code's and its values', it spares a re-tabulation of a finished
study computing it again (``read_fresh``, ``write_fresh``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class FreshShoe:
    """What a study's tables take from the exact analysis of a fresh shoe of its rules."""

    outcomes: Any
    """The distribution of a round's net under the study's chart (``ev`` and ``std``, per
    initial wager): its second moment sizes the exact SDs."""
    optimal_edge: float
    """House edge (percent) of optimal play."""
    chart_edge: float
    """House edge (percent) of the chart the study plays."""
    rules_title: str
    """The rules as the tables' titles name them."""
    rules_key: str
    """The rules as the tables' rows name them."""


@dataclass(frozen=True)
class Moments:
    """A round's mean and SD of the net per initial wager: what the tables read of the fresh
    shoe's outcome distribution (``FreshShoe.outcomes``)."""

    ev: float
    std: float


FRESH_FILE = "fresh_shoe.json"
"""The fresh shoe's analysis kept in a study's folder: computing it again (seconds) is most of
re-tabulating a finished study."""
FRESH_FORMAT = 1
_FRESH_FIELDS = ("optimal_edge", "chart_edge", "rules_title", "rules_key")


@functools.lru_cache(maxsize=1)
def _code_digest() -> str:
    """SHA-256 of the source of every layer a fresh shoe's analysis runs through (analysis,
    strategy, reports): any edit there makes a kept analysis another code's, computed anew
    (read once per process)."""
    import hashlib

    root = Path(__file__).resolve().parent.parent.parent
    h = hashlib.sha256()
    for layer in ("analysis", "strategy", "reports"):
        for path in sorted((root / layer).rglob("*.py")):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def _fresh_digest(game, values: dict) -> str:
    """What a kept fresh shoe must carry to be used: the digest of the game's identity, the
    code, the format and the values themselves (an edited value fails it)."""
    import hashlib
    import json

    text = json.dumps(
        [FRESH_FORMAT, game.identity(), _code_digest(), values], sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _fresh_values(fresh: FreshShoe) -> dict:
    values = {f: getattr(fresh, f) for f in _FRESH_FIELDS}
    return {**values, "ev": float(fresh.outcomes.ev), "std": float(fresh.outcomes.std)}


def read_fresh(folder, game) -> FreshShoe | None:
    """The fresh shoe's analysis kept in ``folder`` for ``game``, or None when there is none,
    it cannot be read, or its digest is not this game's, this code's and its values'."""
    import json

    try:
        kept = json.loads((Path(folder) / FRESH_FILE).read_text())
        values = kept["values"]
        if kept["digest"] != _fresh_digest(game, values):
            return None
        outcomes = Moments(float(values["ev"]), float(values["std"]))
        return FreshShoe(outcomes, **{f: values[f] for f in _FRESH_FIELDS})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_fresh(folder, game, fresh: FreshShoe) -> None:
    """Keep ``fresh`` in ``folder`` (``read_fresh``), unless it is there already."""
    import json

    from cardedge.core.files import write_text

    values = _fresh_values(fresh)
    text = json.dumps({"digest": _fresh_digest(game, values), "values": values}, indent=1)
    path = Path(folder) / FRESH_FILE
    try:
        if path.read_text() == text + "\n":
            return
    except OSError:
        pass
    write_text(path, text + "\n")
