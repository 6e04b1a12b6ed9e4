"""``cardedge verify PATH``: every figure a document gives, made again from what it records and
compared by the reproducibility contract (``cardedge.core.agree``, docs/exactness.md).

- a report (its folder, or its ``report.json``): the command its provenance records is run
  again, as a user would run it (``cardedge GAME report ...``, into a temporary folder, without
  the PDF), and the new ``report.json`` (and ``report.html`` when the folder has one) compared
  with the recorded ones, the commit and the folder aside;
- a results folder (``make tables``' ``results/``): every table's Markdown and CSV made again
  (``reports.results.expected_files``), and every report under its ``reports/``.

The answer is every figure that differs beyond the tolerance, with where it is, and how many
figures were compared.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cardedge.core.agree import NUMBER, first_difference, json_differences
from cardedge.core.errors import BadValue
from cardedge.reports.core.document import as_recorded

REPORT_TIMEOUT_S = 3600
"""How long a report made again may take (the published ones take under a minute)."""


@dataclass
class Verified:
    """What a verification found: the figures compared, and each difference as (file, where
    and what)."""

    figures: int = 0
    differences: list[tuple[str, str]] = field(default_factory=list)

    def add(self, other: Verified) -> None:
        self.figures += other.figures
        self.differences += other.differences


def what_is(path: str | Path) -> tuple[str, Path]:
    """('report', its report.json) or ('results', the folder), or BadValue('path')."""
    p = Path(str(path))
    if p.is_file() and p.name == "report.json":
        return "report", p
    if p.is_dir() and (p / "report.json").is_file():
        return "report", p / "report.json"
    if p.is_dir() and any(p.glob("*.csv")):
        return "results", p
    raise BadValue(
        "path",
        f"{str(path)!r} is no report (a report.json, or a folder holding one) and no results "
        "folder (the tables make tables writes)",
    )


def verify_report(document: Path) -> Verified:
    """The report ``document`` (a report.json) made again by the command it records, compared
    with it (and with the report.html beside it, if any)."""
    old_text = document.read_text(encoding="utf-8")
    try:
        provenance = json.loads(old_text)["provenance"]
        words = shlex.split(provenance["command"])
    except (ValueError, KeyError, TypeError):
        raise BadValue("path", f"{str(document)!r} records no command that makes it") from None
    if words[:1] != ["cardedge"] or len(words) < 3 or words[2] != "report":
        raise BadValue("path", f"{str(document)!r}: its command is no cardedge report")
    with tempfile.TemporaryDirectory(prefix="cardedge-verify-") as folder:
        made = Path(folder) / "report"
        args, swaps = _again(words[1:], made, document, _recorded_files(old_text, Path(folder)))
        done = subprocess.run(
            [sys.executable, "-m", "cardedge", *args],
            capture_output=True,
            text=True,
            timeout=REPORT_TIMEOUT_S,
            check=False,
        )
        if done.returncode != 0:
            why = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return Verified(0, [(str(document), f"its command failed: {why}")])
        found = Verified()
        new_commit = json.loads((made / "report.json").read_text())["provenance"]["commit"]
        out = _option(words, "--out")
        for name in ("report.json", "report.html"):
            old = document.parent / name
            if not old.is_file():
                continue
            new = _swapped((made / name).read_text(encoding="utf-8"), swaps, name)
            found.add(_compare(old, as_recorded(new, new_commit, provenance["commit"], made, out)))
        return found


RECORDED_FILES: dict[str, str] = {"--paytable": "paytable"}
"""Options naming a file whose content the report records (option -> the fact holding it, in
whichever section gives it): made again from the record, not from a file that may be gone or
changed since."""


def _recorded_files(text: str, folder: Path) -> dict[str, Path]:
    """Each ``RECORDED_FILES`` option's record in the report ``text``, written as a JSON file
    into ``folder``: option -> the file (none for a report that records none)."""
    try:
        sections = {s["key"]: s for s in json.loads(text)["sections"]}
    except (ValueError, KeyError, TypeError):
        return {}
    out = {}
    for option, fact in RECORDED_FILES.items():
        records = [s.get("facts", {}).get(fact) for s in sections.values()]
        record = next((r for r in records if isinstance(r, dict)), None)
        if record is not None:
            path = folder / f"recorded{option.replace('-', '_')}.json"
            path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            out[option] = path
    return out


def _again(
    args: list[str], made: Path, document: Path, recorded: dict[str, Path] | None = None
) -> tuple[list[str], list[tuple[str, str]]]:
    """A report's recorded arguments to make it again into ``made``: no PDF, a study folder
    named relative to the checkout the document lies in when not found here, and a file the
    report records (``recorded``: option -> the record as a file) read from its record. With
    them, what to read back in the texts made (the record's path as the option's recorded
    word)."""
    recorded = recorded or {}
    out: list[str] = []
    swaps: list[tuple[str, str]] = []
    skip = False
    for k, word in enumerate(args):
        if skip:
            skip = False
            continue
        if word in ("--out", "--study-folder", *recorded):
            skip = True
            if word == "--study-folder":
                out += [word, _study_folder(args[k + 1], document)]
            elif word in recorded:
                out += [word, str(recorded[word])]
                swaps.append((f"{word} {recorded[word]}", f"{word} {shlex.quote(args[k + 1])}"))
            continue
        if word in ("--pdf", "--no-pdf"):
            continue
        out.append(word)
    return [*out, "--no-pdf", "--out", str(made)], swaps


def _swapped(text: str, swaps: list[tuple[str, str]], name: str) -> str:
    """A file made again (``name``: report.json or report.html) with each swap's first words
    read as its second, written as that file writes text."""
    from markupsafe import escape

    for made, recorded in swaps:
        if name.endswith(".json"):
            made, recorded = json.dumps(made)[1:-1], json.dumps(recorded)[1:-1]
        else:
            made, recorded = str(escape(made)), str(escape(recorded))
        text = text.replace(made, recorded)
    return text


def _study_folder(given: str, document: Path) -> str:
    """A recorded study folder (relative to where the report was made): as it is when it
    exists from here, else beside the results folder holding the document."""
    if Path(given).exists():
        return given
    for root in document.resolve().parents:
        if (root / given).exists():
            return str(root / given)
    return given


def _option(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words[:-1] else None


def _compare(old: Path, new: str) -> Verified:
    """One file against the text made again: every float of a JSON, every number of a text."""
    text = old.read_text(encoding="utf-8")
    if old.suffix == ".json":
        figures, found = json_differences(text, new)
        return Verified(figures, [(str(old), f) for f in found])
    found_one = first_difference(text, new)
    figures = len(NUMBER.findall(text))
    return Verified(figures, [] if found_one is None else [(str(old), found_one)])


def verify_results(folder: Path, tables: Callable[[], dict[str, str]]) -> Iterator[Verified]:
    """A results folder: each table file against ``tables()`` (file name -> text as made now),
    then each report under ``reports/``; one ``Verified`` per file or report."""
    for name, text in tables().items():
        path = folder / name
        if not path.is_file():
            yield Verified(0, [(str(path), "missing")])
        else:
            yield _compare(path, text)
    for report in sorted((folder / "reports").glob("*/report.json")):
        yield verify_report(report)


def verify(
    path: str | Path,
    tables: Callable[[], dict[str, str]],
    progress: Callable[[Iterable], Iterable] = iter,
) -> Verified:
    """Everything ``path`` gives, made again and compared (``what_is`` says what it is)."""
    kind, where = what_is(path)
    if kind == "report":
        return verify_report(where)
    found = Verified()
    for part in progress(verify_results(where, tables)):
        found.add(part)
    return found
