"""Render a titled table for a person (aligned text, Markdown) or a program (CSV, JSON)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from tabulate import tabulate

FORMATS: tuple[str, ...] = ("table", "csv", "json", "markdown")


@dataclass
class Table:
    """A result table: the data, a title naming rules and decks, and notes printed below."""

    title: str
    data: pd.DataFrame
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

    def empty_note(self) -> str | None:
        """For a table without rows, the note saying why; None when it has rows."""
        if len(self.data):
            return None
        return f"No rows: {self.empty}." if self.empty else "No rows."

    def columns(self) -> list[str]:
        """The columns of ``rows()``: the keys the data lacks, then the data's columns."""
        data = [str(c) for c in self.data.columns]
        return [k for k in self.keys if k not in data] + data

    def frame(self) -> pd.DataFrame:
        """``rows()`` as a frame, its columns there even when it has no rows (a CSV header)."""
        return pd.DataFrame(self.rows(), columns=self.columns())

    def rows(self) -> list[dict]:
        """The rows as JSON-ready dicts, each led by the table's keys."""
        return [
            {**{k: _plain(v) for k, v in self.keys.items() if k not in row}, **row}
            for row in records(self.data)
        ]


def _display_frame(table: Table) -> tuple[pd.DataFrame, list[str]]:
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
            out[col] = ["" if x is None else x for x in out[col]]
    return out, align


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
    if fmt == "json":
        return json.dumps(table.rows(), indent=2) + "\n"
    empty = table.empty_note()
    if fmt == "csv":
        header = [*header, empty] if header and empty else header
        lead = "".join(f"# {line}\n" for text in header for line in text.splitlines())
        return lead + table.data.to_csv(index=False, lineterminator="\n", float_format=csv_float)
    shown, align = _display_frame(table)
    notes = [empty, *table.notes] if empty else table.notes
    if fmt == "markdown":
        lines = [f"## {table.title}", ""]
        lines += [f"_{line}_  " for line in header]
        if header:
            lines.append("")
        lines.append(
            tabulate(
                shown,
                headers="keys",
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
        headers="keys",
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


def render_many(tables: list[Table], fmt: str = "table") -> str:
    """Several tables as one document in ``fmt``.

    Text and Markdown: the tables one after another. JSON: one object, ``{"tables": [...]}``,
    each with its title, notes and self-describing rows (one table: its rows, as ``render``).
    CSV: one long table, a ``table`` column (the title) and the keys leading every row, the
    union of the tables' columns after them (blank where a table has no such column), so
    every line has the same fields; one table: its keys and columns, no ``table`` column.
    """
    if len(tables) == 1:
        (table,) = tables
        if fmt == "csv" and table.keys:
            return table.frame().to_csv(index=False, lineterminator="\n")
        return render(table, fmt)
    if fmt == "json":
        doc = {"tables": [{"title": t.title, "notes": _notes(t), "rows": t.rows()} for t in tables]}
        return json.dumps(doc, indent=2) + "\n"
    if fmt == "csv":
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
