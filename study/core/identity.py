"""A short, stable fingerprint of what a study plays, for the manifest a resume checks."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import asdict

import pandas as pd

from cardedge.strategy.core.departures import Departure


def frame_digest(frame: pd.DataFrame) -> str:
    """SHA-256 (first 16 hex digits) of a table's CSV text: the same chart, the same digest."""
    text = frame.to_csv(index=False, lineterminator="\n")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def departure_rows(departures: Iterable[Departure]) -> list[dict]:
    """The departures as plain rows (JSON-ready)."""
    return [asdict(d) for d in departures]
