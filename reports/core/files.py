"""Figures written as files: a PNG saved atomically (``cardedge.core.files``).

A failed save (a bad figure, a full disk, an interrupted run) leaves no partial file behind, and
a path that cannot be a PNG file is refused with one line before anything is drawn.

A figure may carry the digest of what it was drawn from (``source``, a PNG text chunk): a writer
that would draw the same figure again finds it already there (``png_source``) and leaves it,
which spares importing matplotlib and drawing (seconds) when a finished study is re-tabulated.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from cardedge.core.files import output_file, write_with

SOURCE_KEY = "Source"
"""The PNG text key holding the digest of a figure's inputs."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def save_figure(fig, path: str | Path, source: str | None = None, **savefig) -> Path:
    """Save a matplotlib figure as PNG, atomically (``savefig`` keywords pass through);
    ``source`` (the digest of what it was drawn from) goes into the file as a text chunk."""
    output_file(path, ".png")
    if source is not None:
        savefig["metadata"] = {**savefig.get("metadata", {}), SOURCE_KEY: source}
    return write_with(path, lambda tmp: fig.savefig(tmp, format="png", **savefig))


def png_source(path: str | Path) -> str | None:
    """The ``source`` digest a PNG was saved with, or None: no such file, not a PNG, a damaged
    one (a chunk whose CRC does not match), or none recorded. Reads the chunks before the image
    data only."""
    try:
        with open(path, "rb") as f:
            if f.read(8) != PNG_SIGNATURE:
                return None
            while True:
                head = f.read(8)
                if len(head) < 8:
                    return None
                length, kind = struct.unpack(">I4s", head)
                data = f.read(length)
                crc = f.read(4)
                if len(data) < length or len(crc) < 4:
                    return None
                if struct.unpack(">I", crc)[0] != zlib.crc32(kind + data):
                    return None
                if kind == b"tEXt":
                    key, _, value = data.partition(b"\0")
                    if key == SOURCE_KEY.encode("latin-1"):
                        return value.decode("latin-1")
                if kind in (b"IDAT", b"IEND"):
                    return None
    except OSError:
        return None
