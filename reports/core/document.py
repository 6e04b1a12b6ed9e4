"""The analysis page of a game as one document: numbered sections of tables, figures and text,
written as a self-contained HTML file, a PDF printed from it and a JSON file of every figure.

A game's room (``reports/<game>/document.py``) arranges its sections from tables the API
computed; this module renders any such ``Report``:

- ``report_html``: one HTML file (Jinja2, ``templates/report.html.j2``): styles inline, figures
  as SVG data URIs, no request outside the file, a print stylesheet (A4, no table split across
  pages where it fits);
- ``report_json``: every table's rows at full precision, its notes and named figures
  (``Table.facts``), each figure's data, the provenance;
- ``print_pdf``: the HTML printed by headless Chromium (``--print-to-pdf``), the browser the
  web tests already drive: it renders the same CSS as the screen, embeds the SVG as vectors,
  and needs no Python package with native libraries (WeasyPrint needs Pango and its own CSS
  subset);
- ``write_report``: the three files into a folder, all or nothing (``check_out`` refuses a
  folder holding anything else before any work).

Nothing in the files depends on the time or the machine: the same command gives the same
HTML and JSON bytes (the PDF carries Chromium's creation date). The commit named in them is
the checkout's (``provenance``).
"""

from __future__ import annotations

import base64
import contextlib
import json
import math
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardedge.core.agree import file_difference
from cardedge.core.errors import BadValue
from cardedge.reports.core import page
from cardedge.reports.core.plots import lines_svg
from cardedge.reports.core.render import Table

REPORT_FILES: tuple[str, ...] = ("report.html", "report.pdf", "report.json")
"""The files a report writes into its folder (the PDF unless ``pdf=False``)."""
BROWSERS: tuple[str, ...] = (
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
)
"""Executables ``print_pdf`` looks for, in this order (Debian's package is ``chromium``)."""
PDF_TIMEOUT_S = 180
"""How long printing the PDF may take before it counts as failed."""


@dataclass(frozen=True)
class TableView:
    """A table as the document shows it: some columns hidden (what the section's heading
    already says), chart cells coloured by their code (``colours``: code -> CSS colour)."""

    table: Table
    hide: tuple[str, ...] = ()
    colours: dict[str, str] = field(default_factory=dict)
    caption: str = ""
    """A line above the table saying what its numbers are (units, sign)."""
    limit: int | None = None
    """Show only this many rows (the JSON keeps them all), the largest ``order_by`` first."""
    order_by: str | None = None
    percent: tuple[str, ...] = ()
    """Columns in percentage points that their names do not say (an effects-of-removal
    table's ranks): shown to ``page.DECIMALS`` decimals like every percentage."""
    title: str | None = None
    """The table's title in the document when the command's would say less or other (None:
    the table's own)."""
    wrap: bool = False
    """Wrap each row on a phone, every figure under its column's name, though the table has
    fewer than ``page.WIDE_COLUMNS`` columns (its headers are long)."""
    on_page: bool = True
    """Shown on the page; False: in report.json only (the rules as option values, which the
    page gives as sentences)."""

    def shown_title(self) -> str:
        """The title the document gives the table."""
        return self.table.title if self.title is None else self.title


@dataclass(frozen=True)
class Figure:
    """A figure: an SVG drawing, its title, a caption saying units and sign, and the numbers
    it draws (``data``, in the JSON)."""

    title: str
    svg: str
    caption: str
    data: object


@dataclass(frozen=True)
class Section:
    """A numbered section: paragraphs, then tables, then figures."""

    key: str
    """Its name in the JSON (``headline``, ``strategy``, ...)."""
    title: str
    paragraphs: tuple[str, ...] = ()
    tables: tuple[TableView, ...] = ()
    figures: tuple[Figure, ...] = ()
    legend: tuple[tuple[str, str, str], ...] = ()
    """Chart legend: (code, colour, meaning) rows shown under the tables."""
    facts: dict[str, object] = field(default_factory=dict)
    """Named figures of the section (JSON only; the text states them)."""


@dataclass(frozen=True)
class Report:
    """A game's analysis document."""

    game: str
    title: str
    rules: str
    """The rules as played, in words (a title line)."""
    sections: tuple[Section, ...]
    provenance: dict[str, str]
    """``version``, ``commit``, ``command``: what made the document and how to make it again."""
    rule_sentences: tuple[str, ...] = ()
    """The rules as played in plain sentences (``analysis/<game>/sentences.py``): the rules
    page named, the numbered rules, each difference from the page."""


def provenance(version: str, command: str) -> dict[str, str]:
    """The version, the commit of the checkout the package runs from ('unknown' outside a git
    checkout, '+' marking uncommitted changes to a tracked file other than those ``cardedge
    tables`` writes, ``GENERATED``) and the command that reproduces the document."""
    return {"version": version, "commit": _commit(), "command": command}


GENERATED: tuple[str, ...] = (":(top,exclude)results/reports", ":(top,exclude,glob)results/*.*")
"""Pathspecs of the files ``cardedge tables`` writes (results/ but its sub-folders, and the
published reports): output, not code, so a report made while ``make tables`` rewrites them
names the commit without '+'. The shoe studies of ``results/study`` are a report's input."""


def _commit(here: Path | None = None) -> str:
    """The commit of the git checkout holding folder ``here`` (this package's by default; '+':
    a tracked file but the ``GENERATED`` ones differs from it), or 'unknown'."""
    here = Path(__file__).resolve().parent if here is None else here
    try:
        head = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no", "--"]
            + [":(top)", *GENERATED],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+" if dirty else "") if head else "unknown"


# -- JSON -----------------------------------------------------------------------------------


def _finite(value):
    """JSON has no NaN or infinity: None for them (the tables' own JSON does the same)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def table_json(view: TableView) -> dict:
    """One table: title, every column (hidden ones too), rows at full precision, notes, facts."""
    t = view.table
    return {
        "title": view.shown_title(),
        "columns": t.columns(),
        "rows": _finite(t.json_rows()),
        "notes": list(t.notes),
        "facts": _finite(dict(t.facts)),
    }


def report_json(report: Report) -> dict:
    """The document as data: every section's tables and figures' numbers, in order."""
    return {
        "game": report.game,
        "title": report.title,
        "rules": report.rules,
        "rule_sentences": list(report.rule_sentences),
        "provenance": dict(report.provenance),
        "sections": [
            {
                "number": i,
                "key": s.key,
                "title": s.title,
                "paragraphs": list(s.paragraphs),
                "facts": _finite(dict(s.facts)),
                "tables": [table_json(v) for v in s.tables],
                "figures": [
                    {"title": f.title, "caption": f.caption, "data": _finite(f.data)}
                    for f in s.figures
                ],
            }
            for i, s in enumerate(report.sections, start=1)
        ],
    }


# -- HTML -----------------------------------------------------------------------------------


def _view_cells(view: TableView, notes: page.NotesOnce) -> dict:
    """The table as the page shows it (``page``: plain headers with units, one precision
    policy): header and rows of (text, align, colour), and the notes the page has not shown
    yet (``notes``)."""
    table = view.table
    rows = table.rows()
    if view.order_by is not None:
        rows = sorted(rows, key=lambda r: -(r.get(view.order_by) or 0.0))
    if view.limit is not None:
        rows = rows[: view.limit]
    columns = [str(c) for c in table.data.columns if str(c) not in view.hide]
    texts, align = page.cells(rows, columns, view.percent)
    header = [page.header(c, view.percent) for c in columns]
    body = [
        [
            (text, a, view.colours.get(text, ""), name)
            for text, a, name in zip(row, align, header, strict=True)
        ]
        for row in texts
    ]
    empty = [table.empty_note()] if table.empty_note() else []
    return {
        "title": view.shown_title(),
        "caption": view.caption,
        "header": list(zip(header, align, strict=True)),
        "rows": body,
        "wide": (view.wrap or len(columns) >= page.WIDE_COLUMNS) and not view.colours,
        "long": len(rows) > page.PAGE_ROWS,
        "notes": page.plain_notes(
            notes.shown([*empty, *table.notes]), table.columns(), view.percent
        ),
    }


def svg_data_uri(svg: str) -> str:
    """An SVG as a data URI: the figure travels inside the HTML, and its ids cannot clash with
    another figure's."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def report_html(report: Report) -> str:
    """The document as one self-contained HTML page (Jinja2, autoescaped)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=PackageLoader("cardedge.reports.core", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    notes = page.NotesOnce()
    sections = []
    for i, s in enumerate(report.sections, start=1):
        notes.shown(s.paragraphs)  # a note a paragraph says is not said again under a table
        sections.append(
            {
                "number": i,
                "key": s.key,
                "title": s.title,
                "paragraphs": s.paragraphs,
                "tables": [_view_cells(v, notes) for v in s.tables if v.on_page],
                "figures": [
                    {"title": f.title, "caption": f.caption, "src": svg_data_uri(f.svg)}
                    for f in s.figures
                ],
                "legend": s.legend,
            }
        )
    return env.get_template("report.html.j2").render(
        report=report, sections=sections, provenance=report.provenance
    )


# -- files ----------------------------------------------------------------------------------


REPORT_LOCK = ".cardedge-report.lock"
"""The end of the name of the lock a report holds on its folder (beside it, or inside when its
parent cannot be written)."""
REPORT_WORK = ".cardedge-report-"
"""The start of the name of the temporary folder a report makes its files in."""
REPORT_RECORD = ".cardedge-report.json"
"""The record a report keeps in its folder: each file it wrote there, by name, with its
SHA-256. A file of a report's name is the report's own when the record lists it unchanged
(``own_file``); any other is the user's, and no report overwrites or deletes it."""


def check_out(out) -> Path:
    """``out`` as a report's folder, checked before any work: BadValue('out') for an empty
    name, a file, a folder holding anything but a report's own files (a file of a report's
    name that no report wrote there, or that changed since, is the user's), a report's file
    name taken by a folder, or a place where the folder cannot be made or written."""
    text = "" if out is None else str(out)
    if not text.strip():
        raise BadValue("out", "a report needs a folder to write into")
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise BadValue("out", f"{text!r} is a file, not a folder")
    if path.is_dir():
        kept = {*REPORT_FILES, REPORT_RECORD}
        foreign = sorted(
            p.name
            for p in path.iterdir()
            if p.name not in kept
            and not p.name.endswith(REPORT_LOCK)
            and not p.name.startswith(REPORT_WORK)
        )
        foreign += [n for n in REPORT_FILES if (path / n).exists() and not own_file(path, n)]
        if foreign:
            shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
            raise BadValue(
                "out",
                f"{text!r} holds files a report did not write ({shown}): give an empty or new "
                "folder, or one holding a report",
            )
        if not os.access(path, os.W_OK):
            raise BadValue("out", f"{text!r} is not writable")
        return path
    parent = _existing_parent(path)
    if not parent.is_dir():
        raise BadValue("out", f"{text!r} cannot be made: {str(parent)!r} is not a folder")
    if not os.access(parent, os.W_OK):
        raise BadValue("out", f"{text!r} cannot be made: {str(parent)!r} is not writable")
    return path


def _beside_or_inside(out: Path, make: Callable[[Path], Path]) -> Path:
    """``make(folder)`` in the folder beside ``out`` (its nearest existing parent), or, when
    that one cannot be written, in ``out`` itself: a report folder may be writable in a parent
    that is not."""
    try:
        return make(_existing_parent(out))
    except OSError:
        if not out.is_dir():
            raise
        return make(out)


def _touched(path: Path) -> Path:
    """``path``, created (empty) if missing: a file a lock can be taken on."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o644))
    return path


def own_file(folder: Path, name: str) -> bool:
    """Is ``folder/name`` a report's own file? Its record lists it unchanged
    (``REPORT_RECORD``), or it is a JSON or an HTML that carries a report's provenance (a
    folder made before reports kept a record, like the committed ``results/reports``, or a
    report's file restored by git over a newer record). A folder, a link, a PDF the record does
    not list, or a JSON or HTML that is not a report, is never a report's."""
    path = folder / name
    if path.is_symlink() or not path.is_file():
        return False
    owned = (_record(folder) or {}).get(name)
    if isinstance(owned, list) and _digest(path) in owned:
        return True
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if name == "report.json":
        try:
            made = json.loads(text)["provenance"]["command"]
        except (ValueError, KeyError, TypeError):
            return False
        return isinstance(made, str) and made.startswith("cardedge ")
    return name == "report.html" and '<code class="commit">' in text


def _record(folder: Path) -> dict | None:
    """The folder's ``REPORT_RECORD`` (name -> the SHA-256s it owns), or None when it has
    none."""
    try:
        record = json.loads((folder / REPORT_RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = record.get("files") if isinstance(record, dict) else None
    return files if isinstance(files, dict) else None


def _write_record(out: Path, work: Path, files: dict[str, list[str]]) -> None:
    """``REPORT_RECORD`` of ``out`` made ``files`` (atomically, through ``work``)."""
    made = work / REPORT_RECORD
    made.write_text(json.dumps({"files": files}, indent=1, sort_keys=True) + "\n")
    os.chmod(made, 0o666 & ~_umask())
    os.replace(made, out / REPORT_RECORD)


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


@contextlib.contextmanager
def claimed(out) -> Iterator[Path]:
    """Hold the report folder ``out`` for the block: checked (``check_out``) and locked against
    a second report writing there at once (an exclusive ``flock`` on a lock file beside the
    folder, taken at once or refused with BadValue('out'), and released, the lock file
    removed, however the block ends)."""
    import fcntl

    path = check_out(out)
    name = f".{path.name or 'report'}{REPORT_LOCK}"
    lock = _beside_or_inside(path, lambda where: _touched(where / name))
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise BadValue(
                "out",
                f"{str(out)!r}: another report is writing into this folder now; wait for it, "
                "or choose another --out",
            ) from None
        try:  # the lock file is still the one at the path (a finishing writer removes it)
            if os.stat(lock).st_ino == os.fstat(fd).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    try:
        yield path
    finally:
        Path(lock).unlink(missing_ok=True)
        os.close(fd)


def _existing_parent(path: Path) -> Path:
    """The nearest existing folder above ``path`` ('..' folded; a refusal of mkdir itself
    is translated when the folder is made)."""
    p = Path(os.path.abspath(path)).parent
    while not p.exists():
        p = p.parent
    return p


def find_browser() -> str | None:
    """The path of a Chromium-family browser (``BROWSERS``), or None."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def check_pdf(pdf: bool) -> None:
    """Before any work: BadValue('pdf') when a PDF is wanted and no browser prints one."""
    if pdf and find_browser() is None:
        raise BadValue(
            "pdf",
            "printing the PDF needs headless Chromium (apt-get install chromium); "
            "or leave the PDF out (--no-pdf, pdf=False)",
        )


def print_pdf(html_path: Path, pdf_path: Path) -> None:
    """Print ``html_path`` to ``pdf_path`` with headless Chromium (its own throwaway profile,
    no header or footer line: they would print the date and the file's path)."""
    browser = find_browser()
    if browser is None:
        check_pdf(True)
    with tempfile.TemporaryDirectory(prefix="cardedge-chromium-") as profile:
        args = [
            str(browser),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--no-default-browser-check",
            f"--user-data-dir={profile}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf_path}",
            html_path.resolve().as_uri(),
        ]
        try:
            done = subprocess.run(args, capture_output=True, timeout=PDF_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"Chromium did not print the PDF in {PDF_TIMEOUT_S} s") from None
    if not pdf_path.is_file() or pdf_path.stat().st_size == 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        raise RuntimeError(f"Chromium printed no PDF (exit {done.returncode}): {' '.join(tail)}")


def same_report(out: Path, made: Path, commit: str) -> bool:
    """The HTML and JSON of the report in folder ``out`` (and no PDF) agree with the ones just
    made in ``made`` (``cardedge.core.agree``: the same text, numbers within the
    reproducibility contract's tolerance), the new files' ``commit`` read as the one ``out``'s
    JSON names: the same document, made on an earlier commit or another machine."""
    if (out / "report.pdf").exists():
        return False
    try:
        old = json.loads((out / "report.json").read_text(encoding="utf-8"))["provenance"]["commit"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    for name in ("report.html", "report.json"):
        new = as_recorded((made / name).read_text(encoding="utf-8"), commit, old)
        if file_difference(out / name, new) is not None:
            return False
    return True


COMMIT = re.compile(r"[0-9a-f]{40}\+?")
"""A commit as ``provenance`` names it (``+``: with changes not yet committed)."""


def as_recorded(
    text: str,
    commit: str,
    recorded_commit: object,
    folder: Path | None = None,
    recorded_folder: str | None = None,
) -> str:
    """A report's file just made (``text``, made on ``commit``, into ``folder``) with what
    names where and when it was made read as a recorded report names them: its commit
    (when both are commits) and its folder, so that the two compare by their content."""
    if folder is not None and recorded_folder is not None:
        text = text.replace(str(folder), recorded_folder)
    if (
        isinstance(recorded_commit, str)
        and COMMIT.fullmatch(commit)
        and COMMIT.fullmatch(recorded_commit)
    ):
        text = text.replace(commit, recorded_commit)
    return text


def write_report(report: Report, out, pdf: bool = True) -> tuple[list[Path], bool]:
    """Write ``report.html``, ``report.json`` and (``pdf``) ``report.pdf`` into ``out``, all or
    nothing: the files are made in a temporary folder beside ``out`` and moved in once all
    three exist; on any failure or interruption the temporary folder goes, and so does ``out``
    when this call created it. Returns the report's paths and whether they were written: a
    report without a PDF whose HTML and JSON already in ``out`` agree with the new ones
    (``same_report``) is left as it is, naming the commit it was made on."""
    out = check_out(out)
    made = not out.exists()
    work = _beside_or_inside(
        out, lambda where: Path(tempfile.mkdtemp(prefix=REPORT_WORK, dir=where))
    )
    try:
        html_file = work / "report.html"
        html_file.write_text(report_html(report), encoding="utf-8")
        text = json.dumps(report_json(report), indent=2, ensure_ascii=False, allow_nan=False)
        (work / "report.json").write_text(text + "\n", encoding="utf-8")
        if pdf:
            print_pdf(html_file, work / "report.pdf")
        names = [n for n in REPORT_FILES if (work / n).exists()]
        if not pdf and same_report(out, work, report.provenance["commit"]):
            return [out / name for name in names], False
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise BadValue(
                "out", f"{str(out)!r}: cannot create the folder ({e.strerror})"
            ) from None
        mode = 0o666 & ~_umask()
        new = {name: [_digest(work / name)] for name in names}
        old = {n: [_digest(out / n)] for n in REPORT_FILES if own_file(out, n)}
        # while the files move in, the record owns the old and the new (an interruption
        # leaves a folder a later report still recognises as its own), then the new alone
        _write_record(out, work, {n: old.get(n, []) + new.get(n, []) for n in {*old, *new}})
        for name in names:
            os.chmod(work / name, mode)
            os.replace(work / name, out / name)
        if not pdf and "report.pdf" in old:
            # a PDF an earlier report wrote here would describe other numbers
            (out / "report.pdf").unlink()
        _write_record(out, work, new)
    except BaseException:
        if made and out.is_dir():
            shutil.rmtree(out, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return [out / n for n in names], True


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# -- pieces both games' documents use --------------------------------------------------------


def rules_table(rule_set, rules, page, page_name: str, title: str) -> Table:
    """Every declared rule (``rule_set``: a game's ``RULES``) as played in ``rules`` beside
    its value in ``page`` (the rules as the rules page states them, named ``page_name``), with
    its help: one row per rule, ``differs`` marking where the two part (a rule off on both
    sides that is listed only when on, ``Rule.quiet_off``, is left out)."""
    rows = []
    for rule in rule_set:
        if not (rule.shown(rules) or rule.shown(page)):
            continue
        played = rule.kind.text(getattr(rules, rule.name))
        stated = rule.kind.text(getattr(page, rule.name))
        rows.append(
            {
                "rule": rule.option,
                "as played": played,
                page_name: stated,
                "differs": "yes" if played != stated else "",
                "meaning": rule.help,
            }
        )
    return Table(title, rows)


def headline_section(
    head: Table, words: str, exact_tables: Sequence[Table], shoes: Sequence, edges: Sequence
) -> Section:
    """A game's headline section: its words, the headline table ``head`` (a row per shoe of
    ``shoes``) and ``exact_tables``, and each shoe's optimal edge as an exact fraction
    (``edges``, of the initial wager) in a sentence and in the facts (``optimal_fraction``)."""
    facts = {
        shoe.title(): {**row, "optimal_fraction": fraction_text(edge)}
        for shoe, row, edge in zip(shoes, head.rows(), edges, strict=True)
    }
    said = exact_sentence([(shoe.title(), e) for shoe, e in zip(shoes, edges, strict=True)])
    views = (TableView(head), *(TableView(t) for t in exact_tables))
    return Section("headline", "The house edge", (words, said), views, facts=facts)


def exact_sentence(edges: Sequence[tuple[str, object]]) -> str:
    """The headline's sentence on the exact house edges under optimal play (``edges``: each
    shoe's title and its edge as a ``Fraction`` of the initial wager)."""
    said = [
        f"with {title} it is {edge.numerator}/{edge.denominator} of the initial wager "
        f"({100 * float(edge):.4f}%)"
        for title, edge in edges
    ]
    return (
        "Exactly, as a fraction (the house edge under optimal play, counted in whole numbers: "
        "the one figure that is the same on every machine by construction): "
        + "; ".join(said)
        + ". The edges printed elsewhere are floating-point sums; they agree with these to "
        "about 1e-16 of the wager."
    )


def fraction_text(edge) -> str:
    """A ``Fraction`` as report.json writes it: ``"numerator/denominator"``."""
    return f"{edge.numerator}/{edge.denominator}"


def one_deck_count(shoes, what: str, commands: Sequence[str]) -> tuple[str, ...]:
    """The sentence a section computed at one deck count says when the report asks for
    several (``shoes``): which deck count, and why, and the commands (``commands``, each
    taking ``--decks``) that give it for the others; none for a report of one shoe. ``what``:
    the section's tables in words, plural ('The variants and the interaction grid')."""
    fresh = [s for s in shoes if s.is_fresh]
    if len(shoes) < 2 or not fresh:
        return ()
    first = fresh[0]
    others = [s.base_decks for s in fresh[1:] if s.base_decks != first.base_decks]
    if not others:
        return ()
    named = " and ".join(f"'{c}'" for c in commands)
    decks = [s.base_decks for s in fresh]
    asked = ", ".join(str(d) for d in decks[:-1]) + f" and {decks[-1]}"
    return (
        f"{what} are given for {first.title()} only, the first of the deck counts this report "
        f"asks for ({asked}): each of their figures is an exact analysis of its own, so the "
        f"report makes them at one deck count; {named} with --decks {others[0]} and this "
        f"report's rule options give{'s' if len(commands) == 1 else ''} them for another.",
    )


def fresh_only(what: str, shown: int, shoes) -> tuple[str, ...]:
    """The sentence a section of fresh shoes only says when some of the report's ``shoes``
    are not fresh (``shown``: how many tables it has): which shoes it leaves out, and why."""
    left = [s.title() for s in shoes if not s.is_fresh]
    if not left:
        return ()
    if not shown:
        return (f"{what} is computed for fresh shoes only; this report's shoe is not one.",)
    return (f"{what} is computed for fresh shoes only: none for {'; '.join(left)}.",)


def legend(colours: dict[str, str], meanings: dict[str, str]) -> tuple[tuple[str, str, str], ...]:
    """The chart legend rows (code, colour, meaning) for the codes ``meanings`` explains."""
    return tuple((code, colours.get(code, "#ffffff"), text) for code, text in meanings.items())


def witness_paragraph(row: dict) -> str:
    """What a simulation row (``simulate``'s first table) says about the exact edge."""
    return (
        f"{row['rounds']:,} simulated rounds (seed {row['seed']}) give a house edge of "
        f"{row['house_edge_percent']:.4f}% with a standard error of {row['stderr_percent']:.4f}%; "
        f"the exact {row['exact_house_edge_percent']:.4f}% lies "
        f"{abs(row['standard_errors']):.2f} standard errors away (beyond 4 would point to a fault "
        "in the engine or the exact analysis)."
    )


# -- a finished shoe study ------------------------------------------------------------------

STUDY_COLUMNS = ("true_count", "range", "frequency", "edge_strategy", "edge_optimal")
"""The columns of a study's edge-by-true-count table a report shows (report.json keeps all)."""


def study_section_of(folder, game: str, rules, shoes) -> Section:
    """The counting section's part from the finished shoe study in ``folder`` (``cardedge
    {game} study --out folder``): its edge by true count; BadValue('study_folder') when the
    folder holds no finished study of ``game``, or one of other rules or decks than a fresh
    shoe of ``shoes`` under ``rules``."""
    import pandas as pd

    path = Path(str(folder))
    manifest, table_file = path / "study.json", path / "edge_by_true_count.csv"
    if not manifest.is_file() or not table_file.is_file():
        raise BadValue("study_folder", f"{str(folder)!r} holds no finished shoe study")
    try:
        plan = json.loads(manifest.read_text())
        studied, decks = plan["game"], int(plan["plan"]["decks"])
        lines = table_file.read_text().splitlines()
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise BadValue("study_folder", f"{str(folder)!r}: its study.json is damaged") from None
    if studied.get("game") != game:
        raise BadValue("study_folder", f"{str(folder)!r} is a study of {studied.get('game')!r}")
    if not any(
        s.is_fresh and s.base_decks == decks and rules.describe(s) == studied["rules"]
        for s in shoes
    ):
        raise BadValue(
            "study_folder",
            f"{str(folder)!r} studied other rules or decks ({studied.get('rules')})",
        )
    head = [line[2:] for line in lines if line.startswith("# ")]
    import io

    frame = pd.read_csv(io.StringIO("\n".join(lines)), comment="#")
    title = head[0] if head else f"Shoe study, edge by true count: {path.name}"
    notes = [n for n in head[1:] if not n.startswith("generated by")]
    system = str(plan["plan"].get("system", "the count"))
    return study_section(Table(title, frame, notes, digits={"frequency": 4}), system)


def study_section(table: Table, label: str) -> Section:
    """The counting section's study part: the table and a plot of the edge by true count."""
    rows = table.rows()
    figure = Figure(
        "House edge by true count",
        lines_svg(
            [str(r["true_count"]) for r in rows],
            {
                "basic chart with index plays": [r["edge_strategy"] for r in rows],
                "optimal play": [r["edge_optimal"] for r in rows],
            },
            f"true count ({label})",
            "house edge (% of the initial wager)",
        ),
        "The exact house edge of the rounds dealt at each true count in the study (percent of "
        "the initial wager, positive for the house; negative: the player's advantage).",
        {
            "true_count": [r["true_count"] for r in rows],
            "edge_strategy": [r["edge_strategy"] for r in rows],
            "edge_optimal": [r["edge_optimal"] for r in rows],
        },
    )
    hide = tuple(c for c in table.columns() if c not in STUDY_COLUMNS)
    return Section(
        "study",
        "Counting: the published shoe study",
        (
            "A shoe study of these rules dealt shoes to the cut card, counting every card, and "
            "evaluated each round exactly: the house edge at each true count. Only some "
            "columns are shown; report.json has the table whole.",
        ),
        (TableView(table, hide=hide),),
        (figure,),
    )


def variants_section(
    views: list[TableView], interactions: Table | None, words: str, more: Sequence[str] = ()
) -> Section:
    """The rule-variants section: the single-rule table(s), then the interaction grid (issue
    30's ``grid``) with what its additive-estimate error means; ``more``: further sentences
    (``one_deck_count``'s)."""
    if interactions is not None:
        views = [
            *views,
            TableView(
                interactions,
                caption="The exact edge of each combination beside the additive estimate "
                "(base plus each single-rule effect): the error is what the rules' "
                "interaction adds.",
            ),
        ]
    return Section("variants", "Rule variants", (words, *more), tuple(views))


def witness_section(simulations: list[Table], played_by: str, hide: tuple[str, ...]) -> Section:
    """The Monte Carlo witness: each simulation's first table and what it says of the exact
    edge (``played_by``: the strategy in words)."""
    words = [witness_paragraph(t.rows()[0]) for t in simulations] or [
        "The simulator deals fresh shoes only: no witness for this shoe."
    ]
    return Section(
        "witness",
        "An independent witness: Monte Carlo",
        (
            "A seeded simulation of the rules engine (each round dealt from a freshly shuffled "
            f"shoe, played by {played_by}) beside the exact edge of the same play.",
            *words,
        ),
        tuple(TableView(t, hide=hide) for t in simulations),
    )
