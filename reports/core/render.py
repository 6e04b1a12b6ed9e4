"""Render a titled table for a person (aligned text, Markdown) or a program (CSV, JSON).

pandas is imported only when a table's DataFrame is needed: a table built from row dicts
renders as JSON without it, and as text, Markdown or HTML too when each of its columns holds
one plain kind of value (``plain_cells``): ``cardedge zero edge`` and ``cardedge blackjack
edge`` never load pandas (with pyarrow, which it brings, about 70 MB, most of such a
command's memory beyond numba's).
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

FORMATS: tuple[str, ...] = ("table", "csv", "json", "markdown")
REPR_TITLE = 100
"""The most characters of a title ``repr(table)`` shows."""
REPR_COLUMNS = 12
"""The most column names ``repr(table)`` lists."""


@dataclass(repr=False)
class Table:
    """A result table: the data, a title naming rules and decks, and notes printed below.

    ``repr(table)`` is short (title, shape, columns); ``print(table)`` shows it whole."""

    title: str
    data: pd.DataFrame
    """The table's data. It may be given as a list of row dicts: ``pd.DataFrame(rows)`` is
    then built when ``data`` is first read (``rows()`` and JSON need no pandas)."""
    notes: list[str] = field(default_factory=list)
    digits: dict[str, int] = field(default_factory=dict)
    """Decimals shown per column in the person-facing formats (full precision in CSV/JSON)."""
    default_digits: int = 4
    keys: dict[str, object] = field(default_factory=dict)
    """What every row shares and the columns may not say (decks or shoe, rules, strategy):
    prepended to each row in JSON and in the CSV of ``render_many`` (the command line's CSV, one
    table or several), so every row describes itself. ``render(table, "csv")`` (the files in
    ``results/``, whose '#' header lines carry title and notes) writes the columns alone."""
    empty: str = ""
    """Why the table can have no rows (e.g. 'the shoe holds no A'): the note shown instead of
    rows when it has none (``empty_note``)."""
    records: list[dict] | None = None
    """The rows a program reads (JSON) when they are not ``rows()`` (e.g. the rules nested as
    an object); None: ``rows()``."""
    facts: dict[str, float] = field(default_factory=dict)
    """Named figures of the whole table that its notes state in words (a return table's SD
    and element of risk), for a program that needs the number: not rendered as rows."""

    def json_rows(self) -> list[dict]:
        """The rows as JSON prints them: ``records`` when given, else ``rows()``."""
        return self.records if self.records is not None else self.rows()

    def __str__(self) -> str:
        """The table for a person, as the command line prints it: ``print(table)``."""
        return render_many([self], "table")

    def __repr__(self) -> str:
        """What the table is, in a line or two: its title (cut to ``REPR_TITLE`` characters),
        rows x columns (those of ``rows()``: the keys, then the data's) and the columns' names
        (the first ``REPR_COLUMNS``). No pandas is imported for a table given as row dicts."""
        if self._frame is None and self._rows is not None:
            count = len(self._rows)
            data = [str(k) for k in dict.fromkeys(k for row in self._rows for k in row)]
        else:
            count = len(self._frame)
            data = [str(c) for c in self._frame.columns]
        names = [k for k in self.keys if k not in data] + data
        title = (
            self.title if len(self.title) <= REPR_TITLE else self.title[: REPR_TITLE - 3] + "..."
        )
        shown = ", ".join(names[:REPR_COLUMNS])
        if len(names) > REPR_COLUMNS:
            shown += ", ..."
        rows = "1 row" if count == 1 else f"{count} rows"
        return f"Table({title!r}, {rows} x {len(names)} columns: {shown})"

    def _repr_markdown_(self) -> str:
        """The table as Markdown (title, rows, notes), for Jupyter and other notebooks."""
        return render(self, "markdown")

    def _repr_html_(self) -> str:
        """The table as HTML (title, rows, notes; every text escaped), for Jupyter."""
        return html_table(self)

    def empty_note(self) -> str | None:
        """For a table without rows, the note saying why; None when it has rows."""
        rows = self._rows if self._frame is None and self._rows is not None else self.data
        if len(rows):
            return None
        return f"No rows: {self.empty}." if self.empty else "No rows."

    def columns(self) -> list[str]:
        """The columns of ``rows()``: the keys the data lacks, then the data's columns."""
        data = [str(c) for c in self.data.columns]
        return [k for k in self.keys if k not in data] + data

    def frame(self) -> pd.DataFrame:
        """``rows()`` as a frame, its columns there even when it has no rows (a CSV header)."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=self.columns())

    def rows(self) -> list[dict]:
        """The rows as JSON-ready dicts, each led by the table's keys."""
        plain = None if self._frame is not None else plain_records(self._rows)
        return [
            {**{k: _plain(v) for k, v in self.keys.items() if k not in row}, **row}
            for row in (records(self.data) if plain is None else plain)
        ]


# ``data`` is a property over the dataclass field: a list of row dicts becomes a DataFrame
# only when read, so a table rendered as JSON from its rows never imports pandas.
def _get_data(self: Table) -> pd.DataFrame:
    if self._frame is None:
        import pandas as pd

        self._frame = pd.DataFrame(self._rows)
        self._rows = None
    return self._frame


def _set_data(self: Table, value) -> None:
    if isinstance(value, list):
        self._rows, self._frame = value, None
    else:
        self._rows, self._frame = None, value


Table.data = property(_get_data, _set_data, doc="The table's data, a pandas DataFrame.")
Table._rows = None
Table._frame = None

_INT64 = (-(2**63), 2**63 - 1)


def plain_records(rows: list[dict] | None) -> list[dict] | None:
    """``records(pd.DataFrame(rows))`` without pandas, when that is sure to give the same:
    every column holds only strings, only floats, only ints or only bools (None allowed in
    string and float columns, as pandas keeps it). Else None (let pandas infer the column).
    """
    if rows is None:
        return None
    columns: dict[str, list] = {}
    for row in rows:
        for k in row:
            columns.setdefault(k, [])
    for k, values in columns.items():
        values.extend(row.get(k) for row in rows)
        present = [v for v in values if v is not None]
        missing = len(present) < len(values)
        if all(isinstance(v, str) for v in present):
            continue
        if all(isinstance(v, float) for v in present):
            continue
        if missing:
            return None
        if all(isinstance(v, bool | np.bool_) for v in present):
            continue
        if all(
            isinstance(v, int | np.integer)
            and not isinstance(v, bool)
            and _INT64[0] <= v <= _INT64[1]
            for v in present
        ):
            continue
        return None
    names = list(columns)
    return [{k: _plain(columns[k][i]) for k in names} for i in range(len(rows))]


def _display_frame(table: Table) -> tuple[pd.DataFrame, list[str]]:
    """The table's frame with its cells as shown (``shown_cells``) and each column's
    alignment."""
    import pandas as pd

    out = table.data.copy()
    align = [
        "right" if pd.api.types.is_numeric_dtype(out[c]) and out[c].dtype != bool else "left"
        for c in out.columns
    ]
    for col in out.columns:
        if pd.api.types.is_float_dtype(out[col]):
            d = table.digits.get(col, table.default_digits)
            out[col] = [_fixed(x, d) for x in out[col]]
        elif out[col].dtype == object:
            # a column of texts and None: pandas may hold the None as NaN
            out[col] = ["" if _missing(x) else x for x in out[col]]
    return out, align


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def shown_cells(table: Table) -> tuple[list[str], list[list], list[str]]:
    """The table as a person reads it: column names, rows of cell texts (``digits`` decimals,
    blanks for missing values) and each column's alignment ('left' or 'right')."""
    plain = plain_cells(table)
    if plain is not None:
        return plain
    shown, align = _display_frame(table)
    return [str(c) for c in shown.columns], [list(r) for r in shown.values], align


def plain_cells(table: Table) -> tuple[list[str], list[list], list[str]] | None:
    """``shown_cells`` of a table given as row dicts, without pandas, when that is sure to give
    the same: it has rows and columns, and every column holds only strings, only floats (None
    allowed: a blank), only ints, only bools, or only None (in every row). Else None (let
    pandas infer the columns).

    As pandas has them: floats to ``digits`` decimals, right-aligned like ints; strings, bools
    and an empty column left-aligned, an empty column's cells blank.
    """
    if table._frame is not None or not table._rows:
        return None
    rows = table._rows
    names = list(dict.fromkeys(k for row in rows for k in row))
    if not names:
        return None
    columns, align = [], []
    for name in names:
        values = [row.get(name) for row in rows]
        kind = _plain_kind(values)
        # a column of None alone is pandas' objects; with a row lacking it, pandas' NaNs
        if kind is None or (kind == "none" and any(name not in row for row in rows)):
            return None
        if kind == "float":
            d = table.digits.get(name, table.default_digits)
            values = [_fixed(v, d) for v in values]
        elif kind == "none":
            values = [""] * len(values)
        else:
            values = [_plain(v) for v in values]
        columns.append(values)
        align.append("right" if kind in ("float", "int") else "left")
    return [str(n) for n in names], [list(r) for r in zip(*columns, strict=True)], align


def _plain_kind(values: list) -> str | None:
    """The one kind of value a column holds, as pandas would store it: 'str', 'float' (None
    allowed), 'int' (in int64), 'bool', 'none' (only None); None for any other column."""
    present = [v for v in values if v is not None]
    if not present:
        return "none"
    missing = len(present) < len(values)
    if all(isinstance(v, float) for v in present):
        return "float"
    if missing:
        return None
    if all(isinstance(v, str) for v in present):
        return "str"
    if all(isinstance(v, bool | np.bool_) for v in present):
        return "bool"
    if all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) and _INT64[0] <= v <= _INT64[1]
        for v in present
    ):
        return "int"
    return None


def _fixed(x: float | None, digits: int) -> str:
    """``x`` to ``digits`` decimals; blank for missing, and no '-0.000' for tiny negatives."""
    if x is None or math.isnan(x):
        return ""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0 else s


def _plain(value):
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def records(data: pd.DataFrame) -> list[dict]:
    """The rows as JSON-ready dicts (numpy scalars to Python, NaN to None)."""
    return [{k: _plain(v) for k, v in row.items()} for row in data.to_dict(orient="records")]


def render(
    table: Table, fmt: str = "table", header: list[str] | None = None, csv_float: str | None = None
) -> str:
    """The table as text in ``fmt`` (one of ``FORMATS``); ``header`` lines lead file outputs.

    CSV and JSON keep full float precision unless ``csv_float`` (a % format) is given.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    header = header or []
    empty = table.empty_note()
    if fmt == "json":
        return json.dumps(table.json_rows(), indent=2) + "\n"
    if fmt == "csv":
        header = [*header, empty] if header and empty else header
        lead = "".join(f"# {line}\n" for text in header for line in text.splitlines())
        return lead + table.data.to_csv(index=False, lineterminator="\n", float_format=csv_float)
    from tabulate import tabulate

    notes = [empty, *table.notes] if empty else table.notes
    shown, headers, align = _tabulate_input(table)
    if fmt == "markdown":
        lines = [f"## {table.title}", ""]
        lines += [f"_{line}_  " for line in header]
        if header:
            lines.append("")
        lines.append(
            tabulate(
                shown,
                headers=headers,
                tablefmt="pipe",
                showindex=False,
                disable_numparse=True,
                colalign=align,
            )
        )
        if notes:
            lines.append("")
            lines += [f"- {n}" for n in notes]
        return "\n".join(lines) + "\n"
    body = tabulate(
        shown,
        headers=headers,
        tablefmt="simple",
        showindex=False,
        disable_numparse=True,
        colalign=align,
    )
    lines = [table.title, "=" * len(table.title), body]
    if notes:
        lines.append("")
        lines += notes
    return "\n".join(lines) + "\n"


def _tabulate_input(table: Table) -> tuple[object, str | list[str], list[str]]:
    """What ``tabulate`` is given for the table as shown: (its rows, their ``headers``, the
    columns' alignment), from ``plain_cells`` when it can, else the displayed frame."""
    plain = plain_cells(table)
    if plain is not None:
        names, rows, align = plain
        return rows, names, align
    shown, align = _display_frame(table)
    return shown, "keys", align


def html_table(table: Table) -> str:
    """``table`` as an HTML fragment: a heading (the title), the rows as shown to a person
    (``digits`` decimals), then the notes as a list; every text is escaped."""
    names, rows, align = shown_cells(table)
    cells = [[html.escape(str(c)) for c in names]]
    cells += [["" if v is None else html.escape(str(v)) for v in row] for row in rows]
    style = [f' style="text-align: {a}"' for a in align]
    head = "".join(f"<th{st}>{c}</th>" for c, st in zip(cells[0], style, strict=True))
    body = "".join(
        "<tr>" + "".join(f"<td{st}>{c}</td>" for c, st in zip(row, style, strict=True)) + "</tr>"
        for row in cells[1:]
    )
    notes = _notes(table)
    lines = [
        f"<h4>{html.escape(table.title)}</h4>",
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>",
    ]
    if notes:
        lines.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes) + "</ul>")
    return "\n".join(lines)


class Tables(list):
    """Several tables that answer one question (one command's output): a list of ``Table``
    that a notebook shows one after another (``_repr_html_``, ``_repr_markdown_``).

    ``for_programs``: when a program's formats (``"json"``, ``"csv"``) print other tables than
    a person's (more figures, exact fractions), a function giving them per format; ``render_many``
    asks it (``for_format``)."""

    def __init__(
        self,
        tables: Iterable[Table] = (),
        for_programs: dict[str, Callable[[], list[Table]]] | None = None,
    ) -> None:
        super().__init__(tables)
        self.for_programs = dict(for_programs or {})

    def for_format(self, fmt: str) -> list[Table]:
        """The tables printed in ``fmt``: a program's own tables when it has them, else these."""
        make = self.for_programs.get(fmt)
        return list(self) if make is None else list(make())

    def render(self, fmt: str = "table") -> str:
        """The tables as one document in ``fmt`` (``render_many``)."""
        return render_many(self, fmt)

    def __str__(self) -> str:
        """The tables for a person, as the command line prints them: ``print(tables)``."""
        return render_many(self, "table")

    def _repr_markdown_(self) -> str:
        return "\n".join(t._repr_markdown_() for t in self)

    def _repr_html_(self) -> str:
        return "\n".join(t._repr_html_() for t in self)


def shown_tables(tables: Table | Iterable[Table], fmt: str) -> list[Table]:
    """The tables a result prints in ``fmt``: a lone ``Table``, a ``Tables`` (its program
    tables for JSON/CSV when it has them) or any list of tables."""
    if isinstance(tables, Table):
        return [tables]
    if isinstance(tables, Tables):
        return tables.for_format(fmt)
    return list(tables)


def render_many(tables: Table | Iterable[Table], fmt: str = "table") -> str:
    """Several tables as one document in ``fmt``.

    Text and Markdown: the tables one after another. JSON: one object, ``{"tables": [...]}``,
    each with its title, notes and self-describing rows (one table: its rows, as ``render``).
    CSV: one long table, a ``table`` column (the title) and the keys leading every row, the
    union of the tables' columns after them (blank where a table has no such column), so
    every line has the same fields; one table: its keys and columns, no ``table`` column.
    ``tables`` may be one ``Table`` or a ``Tables`` (``shown_tables``).
    """
    tables = shown_tables(tables, fmt)
    if len(tables) == 1:
        (table,) = tables
        if fmt == "csv" and table.keys:
            return table.frame().to_csv(index=False, lineterminator="\n")
        return render(table, fmt)
    if fmt == "json":
        doc = {
            "tables": [
                {"title": t.title, "notes": _notes(t), "rows": t.json_rows()} for t in tables
            ]
        }
        return json.dumps(doc, indent=2) + "\n"
    if fmt == "csv":
        import pandas as pd

        frames = [t.frame().assign(table=t.title) for t in tables]
        frames = [f[["table", *f.columns[:-1]]] for f in frames]
        # a table without rows adds no line (nor, beside others, its columns)
        long = pd.concat([f for f in frames if len(f)] or frames, ignore_index=True, sort=False)
        return long.to_csv(index=False, lineterminator="\n")
    return "\n".join(render(t, fmt) for t in tables)


def _notes(table: Table) -> list[str]:
    """The table's notes, led by the note saying why it has no rows (when it has none)."""
    empty = table.empty_note()
    return [empty, *table.notes] if empty else list(table.notes)
