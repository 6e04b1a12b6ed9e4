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


def chart_path(name: str | Path, what: str = "chart file") -> Path:
    """``name`` as an existing chart file (or another table file: ``what``), or ValueError
    saying plainly why it is not one."""
    p = named_file(name, f"a {what} needs a name (an empty --strategy)", f"{what} ")
    if not p.is_file():
        raise ValueError(f"{what} {str(name)!r} not found")
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


def read_chart_table(name: str | Path, what: str = "chart file") -> pd.DataFrame:
    """The table of a chart file (every cell a stripped string, or as JSON gives it), or a
    one-line ValueError naming the file and what is wrong; ``what``: the kind of table file
    the errors name (an index file is read the same way)."""
    path = chart_path(name, what)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        why = "not UTF-8 text"
        raise ValueError(f"{what} {path.name}: not a readable {_noun(what)} ({why})") from None
    except OSError as e:
        why = e.strerror
        raise ValueError(f"{what} {path.name}: not a readable {_noun(what)} ({why})") from None
    start = text.lstrip()[:1]
    if start in ("[", "{") or path.suffix.lower() == ".json":
        return _json_rows(text, path.name, what)
    return _csv_rows(text, path.name, what)


def _noun(what: str) -> str:
    """'chart' of 'chart file', 'index table' of 'index file'."""
    return "chart" if what == "chart file" else what.removesuffix(" file") + " table"


def _command(what: str) -> str:
    """The command that writes such a table ('chart', 'indices')."""
    return "chart" if what == "chart file" else "indices"


def _json_rows(text: str, name: str, what: str) -> pd.DataFrame:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        why = f"not valid JSON: {e.msg}, line {e.lineno}"
        raise ValueError(f"{what} {name}: not a readable {_noun(what)} ({why})") from None
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError(
            f"{what} {name}: not a readable {_noun(what)} (JSON {_noun(what)}s are a list of "
            f"rows, as `{_command(what)} --format json` writes them)"
        )
    import pandas as pd

    frame = pd.DataFrame(data)
    frame.columns = [str(c).strip() for c in frame.columns]
    return frame


def _csv_rows(text: str, name: str, what: str) -> pd.DataFrame:
    lines = [
        (n, line)
        for n, line in enumerate(io.StringIO(text, newline=None), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        why = "no table: CSV needs a header line"
        raise ValueError(f"{what} {name}: not a readable {_noun(what)} ({why})")
    try:
        rows = list(csv.reader((line for _, line in lines), skipinitialspace=True, strict=True))
    except csv.Error as e:
        why = f"not valid CSV: {e}"
        raise ValueError(f"{what} {name}: not a readable {_noun(what)} ({why})") from None
    header = [c.strip() for c in rows[0]]
    for (n, _), row in zip(lines[1:], rows[1:], strict=False):
        if len(row) != len(header):
            raise ValueError(
                f"{what} {name}: not a readable {_noun(what)} (line {n} has {len(row)} fields, the "
                f"header {len(header)})"
            )
    import pandas as pd

    return pd.DataFrame([[c.strip() for c in row] for row in rows[1:]], columns=header, dtype=str)
