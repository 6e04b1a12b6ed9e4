"""A study's folder: its manifest and one Parquet file per finished batch, each stamped.

``DIR/study.json`` says what the study deals and plays (``StudyPlan.identity`` and the game's
``identity``, with the records' format); ``DIR/batches/batch-000012.parquet`` holds the records
of batch 12. Each file is written to a temporary name and renamed when complete, so a batch
file is there whole or not at all: an interrupted study resumes from the batches on disk
(``--resume``) and recomputes only the rest, and no round can be counted twice.

**How the folder protects itself.**

- *Every batch carries its study.* A batch's Parquet metadata holds a stamp: the manifest
  of the study that wrote it (its fingerprint, a SHA-256 of the manifest), the batch number,
  its number of rows and a SHA-256 of its records. A batch is used only when its stamp is this
  study's and its records hash to the stamp's digest, so a deleted or edited ``study.json`` can
  never make one study's rounds pass for another's.
- *A damaged batch is recomputed, a foreign one refused.* A batch file that cannot be read
  (truncated, corrupt, records that do not match their digest) is this study's file gone bad:
  ``--resume`` recomputes it and says so. A readable file that belongs to another study, that
  has no stamp, or any other file under ``batches/``, is refused with one line naming it:
  the user removes it or chooses another folder; nothing of it is ever tabulated.
- *Only its own files.* A study writes into an empty or missing folder, or into a folder that
  holds a study; a folder holding anything else (the user's files) is refused before any work.
  A folder whose study never finished a batch (say, the scheduler was unreachable) holds
  nothing worth keeping: the next run starts there afresh, with or without ``--resume``.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from cardedge.core.files import output_folder, write_text, write_with
from cardedge.study.core.rounds import COLUMN_TYPES

MANIFEST = "study.json"
BATCHES = "batches"
LOCK = ".lock"
"""The file a running study holds an exclusive lock on (``flock``: released when the process
ends, however it ends), so that a second study into the same folder is refused at once."""
FORMAT_VERSION = 2
"""Bumped when the records' columns or meaning, or the batches' stamp, change: folders and
batches of another format are then refused. 2: every batch carries its study's stamp."""
STAMP_KEY = b"cardedge.study"
"""The Parquet metadata key of a batch's stamp."""
BATCH_PREFIX, BATCH_SUFFIX = "batch-", ".parquet"
REMEDY = "remove it, or choose another --out"
"""What a user does about a file that is not this study's: the study never removes it."""


def manifest_of(plan_identity: dict, game_identity: dict) -> dict:
    """The manifest of a study: format, dealing and play."""
    return {"format": FORMAT_VERSION, "plan": plan_identity, "game": game_identity}


def fingerprint(manifest: dict) -> str:
    """SHA-256 (hex) of the manifest's canonical JSON: the same settings, the same print."""
    text = json.dumps(manifest, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def records_digest(frame: pd.DataFrame) -> str:
    """SHA-256 (hex) of the records: each column's name, type and values, in order."""
    h = hashlib.sha256()
    for column in frame.columns:
        values = frame[column].to_numpy()
        h.update(f"{column}:{values.dtype.str}:{len(values)};".encode())
        h.update(np.ascontiguousarray(values).tobytes())
    return h.hexdigest()


def _differences(old: dict, new: dict, prefix: str = "") -> list[str]:
    out = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append(f"{prefix}{key}")
    return out


class BatchDamaged(ValueError):
    """A batch file of this study that cannot be used as it is (recompute it)."""


class ForeignFile(ValueError):
    """A file in the study's folder that is not this study's (never used, never removed)."""


@dataclass(frozen=True)
class Stamp:
    """What a batch file says of itself (its Parquet metadata)."""

    manifest: dict
    batch: int
    rows: int
    records: str
    """``records_digest`` of its records."""

    def encode(self) -> bytes:
        return json.dumps(
            {
                "fingerprint": fingerprint(self.manifest),
                "manifest": self.manifest,
                "batch": self.batch,
                "rows": self.rows,
                "records": self.records,
            },
            sort_keys=True,
        ).encode()

    @classmethod
    def decode(cls, raw: bytes | None) -> Stamp | None:
        """The stamp, or None when ``raw`` is not one."""
        try:
            d = json.loads(raw)
            stamp = cls(d["manifest"], d["batch"], d["rows"], d["records"])
        except (TypeError, ValueError, KeyError):
            return None
        ok = isinstance(stamp.manifest, dict) and d["fingerprint"] == fingerprint(stamp.manifest)
        return stamp if ok else None


def write_batch(
    path: Path, frame: pd.DataFrame, manifest: dict, batch: int, columns: dict | None = None
) -> Path:
    """Write ``frame`` (the records' ``columns`` and types: a study's by default) to ``path``
    atomically, stamped."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = COLUMN_TYPES if columns is None else columns
    if list(frame.columns) != list(columns):
        raise ValueError(f"batch {batch}: records must have the study's columns")
    frame = frame.astype(columns)
    table = pa.Table.from_pandas(frame, preserve_index=False)
    stamp = Stamp(manifest, batch, len(frame), records_digest(frame))
    table = table.replace_schema_metadata({**table.schema.metadata, STAMP_KEY: stamp.encode()})
    return write_with(path, lambda tmp: pq.write_table(table, tmp))


def read_stamp(path: Path, manifest: dict, batch: int) -> Stamp:
    """The stamp of batch file ``path`` if it is batch ``batch`` of the study ``manifest``;
    ``BatchDamaged`` if its footer cannot be read, ``ForeignFile`` if it is another's."""
    import pyarrow.parquet as pq

    try:
        metadata = pq.read_schema(path).metadata or {}
    except Exception as e:  # pyarrow raises its own errors (ArrowInvalid, OSError) on bad bytes
        raise BatchDamaged(f"{path}: damaged ({_reason(e)})") from None
    raw = metadata.get(STAMP_KEY)
    if raw is None:
        raise ForeignFile(f"{path}: not a batch of a cardedge study (no study stamp); {REMEDY}")
    stamp = Stamp.decode(raw)
    if stamp is None:  # a stamp, but not whole: damage like any other, recomputed
        raise BatchDamaged(f"{path}: damaged (its study stamp cannot be read)")
    if stamp.manifest != manifest:
        diff = ", ".join(_differences(stamp.manifest, manifest)) or "manifest"
        raise ForeignFile(f"{path}: a batch of another study (differs in: {diff}); {REMEDY}")
    if stamp.batch != batch:
        raise ForeignFile(f"{path}: holds batch {stamp.batch}, not batch {batch}; {REMEDY}")
    return stamp


def read_batch_file(
    path: Path, manifest: dict, batch: int, columns: dict | None = None
) -> pd.DataFrame:
    """The records of batch file ``path``, checked against its stamp (``read_stamp``), its
    ``columns`` (a study's by default) and its digest; ``BatchDamaged`` or ``ForeignFile``
    naming the file otherwise."""
    import pyarrow.parquet as pq

    columns = COLUMN_TYPES if columns is None else columns
    stamp = read_stamp(path, manifest, batch)
    try:
        frame = pq.read_table(path).to_pandas()
    except Exception as e:  # as in read_stamp: a damaged body
        raise BatchDamaged(f"{path}: damaged ({_reason(e)})") from None
    if list(frame.columns) != list(columns) or dict(frame.dtypes.astype(str)) != columns:
        raise BatchDamaged(f"{path}: damaged (its columns are not the study's)")
    if len(frame) != stamp.rows or records_digest(frame) != stamp.records:
        raise BatchDamaged(f"{path}: damaged (its records do not match their digest)")
    return frame


def _reason(error: Exception) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


class StudyStore:
    """The folder of one study (module docstring).

    ``manifest``: the study's settings (``manifest_of``). A folder that already holds batches
    is refused unless ``resume``; resuming a study of other settings is refused naming what
    differs; a folder holding anything but a study is refused.
    """

    def __init__(
        self,
        folder: str | Path,
        manifest: dict,
        resume: bool = False,
        columns: dict[str, str] | None = None,
    ) -> None:
        self.manifest = manifest
        self.columns = COLUMN_TYPES if columns is None else columns
        """Each record column's type: a study's (``rounds.COLUMN_TYPES``) unless given (a
        grid's tasks keep their numbers in the same kind of folder)."""
        self.damaged: dict[int, str] = {}
        """Batches found damaged by ``done`` (to recompute), with why."""
        self._checked: dict[int, pd.DataFrame | None] = {}
        """Batches found whole by ``done`` (their records, for ``read``) or written by this
        store (None: ``read`` reads and checks the file)."""
        self._lock: int | None = None
        self.folder = study_folder(folder)
        self._lock = claim_folder(self.folder)
        try:
            path = self.folder / MANIFEST
            started = bool(self._batch_files())
            if started and not resume:
                raise ValueError(
                    f"{str(self.folder)!r} already holds a study: pass --resume to finish it, "
                    "or choose another --out"
                )
            if path.is_file() and started:
                try:
                    old = json.loads(path.read_text())
                except (OSError, ValueError):
                    raise ValueError(f"{path}: not a study manifest") from None
                diff = _differences(old, manifest) if isinstance(old, dict) else ["manifest"]
                if diff:
                    raise ValueError(
                        f"{str(self.folder)!r} holds a study of other settings (differs in: "
                        f"{', '.join(diff)}); choose another --out"
                    )
            batches = self.folder / BATCHES
            if batches.exists() and not batches.is_dir():
                raise ValueError(
                    f"{str(batches)!r} is a file where the study keeps its batches; {REMEDY}"
                )
            batches.mkdir(exist_ok=True)
        except BaseException:
            self.release()
            raise
        self._claimed = path.is_file() and started
        """Whether ``study.json`` is this study's; else ``_claim`` writes it once ``done``
        found no foreign batch (a study that never finished one, or lost its manifest)."""

    def release(self) -> None:
        """Let another study write into the folder (the lock ``claim_folder`` took)."""
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases its flock
            self._lock = None

    def __del__(self) -> None:
        self.release()

    def __enter__(self) -> StudyStore:
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def _claim(self) -> None:
        if not self._claimed:
            write_text(self.folder / MANIFEST, json.dumps(self.manifest, indent=2) + "\n")
            self._claimed = True

    def _batch_files(self) -> list[Path]:
        folder = self.folder / BATCHES
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.iterdir() if not _is_temporary(p))

    def batch_path(self, batch: int) -> Path:
        """The Parquet file of batch ``batch``."""
        return self.folder / BATCHES / f"{BATCH_PREFIX}{batch:06d}{BATCH_SUFFIX}"

    def done(self, batches: int) -> list[int]:
        """The batches among 0..``batches``-1 on disk and this study's (stamp checked, records
        read and checked against their digest). Damaged batches are left out (to recompute)
        and listed in ``damaged``; any file in ``batches/`` that is not one of this study's
        batches raises ``ForeignFile`` naming it."""
        expected = {self.batch_path(b): b for b in range(batches)}
        for path in self._batch_files():
            if path not in expected:
                raise ForeignFile(f"{path}: not a batch of this study; {REMEDY}")
        for path, b in expected.items():
            if b not in self._checked and path.is_file():
                try:
                    self._checked[b] = read_batch_file(path, self.manifest, b, self.columns)
                except BatchDamaged as e:
                    self.damaged[b] = str(e)
        self._claim()
        return [b for b in range(batches) if b in self._checked and self.batch_path(b).is_file()]

    def write(self, batch: int, frame: pd.DataFrame) -> Path:
        """Write batch ``batch``'s records, atomically and stamped."""
        self._claim()
        self.damaged.pop(batch, None)
        self._checked[batch] = None
        return write_batch(self.batch_path(batch), frame, self.manifest, batch, self.columns)

    def read_batch(self, batch: int) -> pd.DataFrame:
        """The records of one batch, checked (``read_batch_file``)."""
        return read_batch_file(self.batch_path(batch), self.manifest, batch, self.columns)

    def _records(self, batch: int) -> pd.DataFrame:
        frame = self._checked.get(batch)
        return self.read_batch(batch) if frame is None else frame

    def read(self, batches: int) -> pd.DataFrame:
        """Every round of batches 0..``batches``-1 (all must be on disk and check), in shoe
        and round order."""
        missing = [b for b in range(batches) if not self.batch_path(b).is_file()]
        if missing:
            raise ValueError(f"{self.folder}: batches not finished: {missing[:5]}...")
        try:
            frames = [self._records(b) for b in range(batches)]
        except BatchDamaged as e:
            raise ValueError(f"{e}: run the study again with --resume to recompute it") from None
        return pd.concat(frames, ignore_index=True)


def has_batches(folder: Path) -> bool:
    """Does the study folder ``folder`` hold a finished batch (work a ``--resume`` keeps)?"""
    batches = Path(folder) / BATCHES
    return batches.is_dir() and any(not _is_temporary(p) for p in batches.iterdir())


def claim_folder(folder: Path) -> int:
    """Take the exclusive lock of a study's ``folder`` (its ``LOCK`` file, created if missing)
    and return the descriptor holding it; ValueError at once when another process holds it."""
    import fcntl

    fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise ValueError(
            f"{str(folder)!r}: another study is writing into this folder now; wait for it to "
            "finish (then --resume), or choose another --out"
        ) from None
    return fd


def _is_temporary(path: Path) -> bool:
    """A batch being written (``atomic_path``'s temporary name): never read, never refused."""
    return path.name.startswith(".") and path.name.endswith(".part")


def study_folder(folder: str | Path) -> Path:
    """``folder`` as a study's folder: missing, empty or holding a study (a manifest or
    batches); a folder of other files, or a blank name, is refused before any work."""
    text = str(folder)
    if not text.strip():
        raise ValueError("--out needs a folder name")
    p = Path(text)
    if p.is_dir():
        entries = sorted(e.name for e in p.iterdir())
        if entries and not {MANIFEST, BATCHES, LOCK} & set(entries):
            raise ValueError(
                f"{text!r} holds files that are not a study's (e.g. {entries[0]!r}): a study "
                "writes into a new or empty folder, or one holding a study"
            )
    return output_folder(p)
