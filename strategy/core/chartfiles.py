"""Chart files, shared by both games: one reader for one CSV dialect, and JSON rows.

A chart file is a table: CSV (what ``<game> chart --format csv`` writes) or JSON rows (``--format
json``). The format is the content's, not the name's: a file whose text starts with ``[`` or
``{`` (or a ``.json`` file) is JSON, any other file CSV, whatever its extension. The CSV dialect
is the one people and spreadsheets write: a UTF-8 byte-order mark, CRLF line ends, spaces after
the commas, blank lines and ``#`` comment lines are all accepted; every cell is stripped. Each
game reads the table's columns (``strategy/<game>/charts.py``); a path that is no file (an
empty name, a folder, a missing file) is refused here with one line. ``save_chart`` writes a
chart's table in the same two formats, atomically.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING

from cardedge.core.files import named_file, write_text

if TYPE_CHECKING:
    import pandas as pd


def chart_path(name: str | Path) -> Path:
    """``name`` as an existing chart file, or ValueError saying plainly why it is not one."""
    p = named_file(name, "a chart file needs a name (an empty --strategy)", "chart file ")
    if not p.is_file():
        raise ValueError(f"chart file {str(name)!r} not found")
    return p


def save_chart(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a chart's table (its ``frame()``) as the chart file ``path``: CSV for a ``.csv``
    name, JSON rows for any other, as ``read_chart_table`` reads them. Written atomically: a
    failed save leaves no file behind and the file it would have replaced untouched."""
    if Path(path).suffix.lower() == ".csv":
        text = frame.to_csv(index=False, lineterminator="\n")
    else:
        text = frame.to_json(orient="records", indent=2) + "\n"
    return write_text(path, text)


def read_chart_table(name: str | Path) -> pd.DataFrame:
    """The table of a chart file (every cell a stripped string, or as JSON gives it), or a
    one-line ValueError naming the file and what is wrong."""
    path = chart_path(name)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"chart file {path.name}: not a readable chart (not UTF-8 text)") from None
    except OSError as e:
        raise ValueError(f"chart file {path.name}: not a readable chart ({e.strerror})") from None
    start = text.lstrip()[:1]
    if start in ("[", "{") or path.suffix.lower() == ".json":
        return _json_rows(text, path.name)
    return _csv_rows(text, path.name)


def _json_rows(text: str, name: str) -> pd.DataFrame:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        why = f"not valid JSON: {e.msg}, line {e.lineno}"
        raise ValueError(f"chart file {name}: not a readable chart ({why})") from None
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError(
            f"chart file {name}: not a readable chart (JSON charts are a list of rows, as "
            "`chart --format json` writes them)"
        )
    import pandas as pd

    frame = pd.DataFrame(data)
    frame.columns = [str(c).strip() for c in frame.columns]
    return frame


def _csv_rows(text: str, name: str) -> pd.DataFrame:
    lines = [
        (n, line)
        for n, line in enumerate(io.StringIO(text, newline=None), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        why = "no table: CSV needs a header line"
        raise ValueError(f"chart file {name}: not a readable chart ({why})")
    try:
        rows = list(csv.reader((line for _, line in lines), skipinitialspace=True, strict=True))
    except csv.Error as e:
        raise ValueError(f"chart file {name}: not a readable chart (not valid CSV: {e})") from None
    header = [c.strip() for c in rows[0]]
    for (n, _), row in zip(lines[1:], rows[1:], strict=False):
        if len(row) != len(header):
            raise ValueError(
                f"chart file {name}: not a readable chart (line {n} has {len(row)} fields, the "
                f"header {len(header)})"
            )
    import pandas as pd

    return pd.DataFrame([[c.strip() for c in row] for row in rows[1:]], columns=header, dtype=str)
