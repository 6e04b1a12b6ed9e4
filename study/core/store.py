"""A study's folder: its manifest and one Parquet file per finished batch.

``DIR/study.json`` says what the study deals and plays (``StudyPlan.identity`` and the game's
``identity``); ``DIR/batches/batch-000012.parquet`` holds the records of batch 12. Each file is
written to a temporary name and renamed when complete, so a batch file is there whole or not at
all: an interrupted study resumes from the batches on disk (``--resume``) and recomputes only
the rest, and no round can be counted twice.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from cardedge.reports.core.files import output_folder, write_text, write_with
from cardedge.study.core.rounds import COLUMNS

MANIFEST = "study.json"
BATCHES = "batches"
FORMAT_VERSION = 1
"""Bumped when the records' columns or meaning change: older folders are then refused."""


def manifest_of(plan_identity: dict, game_identity: dict) -> dict:
    """The manifest of a study: format, dealing and play."""
    return {"format": FORMAT_VERSION, "plan": plan_identity, "game": game_identity}


def _differences(old: dict, new: dict, prefix: str = "") -> list[str]:
    out = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append(f"{prefix}{key}")
    return out


class StudyStore:
    """The folder of one study (module docstring).

    A folder that already holds a study is refused unless ``resume``; resuming a study of
    other settings is refused naming what differs.
    """

    def __init__(self, folder: str | Path, manifest: dict, resume: bool = False) -> None:
        self.folder = output_folder(folder)
        self.manifest = manifest
        path = self.folder / MANIFEST
        if path.is_file():
            try:
                old = json.loads(path.read_text())
            except (OSError, ValueError):
                raise ValueError(f"{path}: not a study manifest") from None
            if not resume:
                raise ValueError(
                    f"{str(self.folder)!r} already holds a study: pass --resume to finish it, "
                    "or choose another --out"
                )
            diff = _differences(old, manifest) if isinstance(old, dict) else ["manifest"]
            if diff:
                raise ValueError(
                    f"{str(self.folder)!r} holds a study of other settings (differs in: "
                    f"{', '.join(diff)}); choose another --out"
                )
        else:
            write_text(path, json.dumps(manifest, indent=2) + "\n")
        (self.folder / BATCHES).mkdir(exist_ok=True)

    def batch_path(self, batch: int) -> Path:
        """The Parquet file of batch ``batch``."""
        return self.folder / BATCHES / f"batch-{batch:06d}.parquet"

    def done(self, batches: int) -> list[int]:
        """The batches among 0..``batches``-1 whose file is on disk."""
        return [b for b in range(batches) if self.batch_path(b).is_file()]

    def write(self, batch: int, frame: pd.DataFrame) -> Path:
        """Write batch ``batch``'s records (atomically)."""
        if list(frame.columns) != list(COLUMNS):
            raise ValueError(f"batch {batch}: records must have the study's columns")
        return write_with(self.batch_path(batch), lambda tmp: frame.to_parquet(tmp, index=False))

    def read_batch(self, batch: int) -> pd.DataFrame:
        """The records of one batch."""
        return pd.read_parquet(self.batch_path(batch))

    def read(self, batches: int) -> pd.DataFrame:
        """Every round of batches 0..``batches``-1 (all must be on disk), in shoe and round
        order."""
        missing = [b for b in range(batches) if not self.batch_path(b).is_file()]
        if missing:
            raise ValueError(f"{self.folder}: batches not finished: {missing[:5]}...")
        frames = [self.read_batch(b) for b in range(batches)]
        return pd.concat(frames, ignore_index=True)
