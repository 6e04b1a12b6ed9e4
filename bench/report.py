"""Time a report for one deck count against computing its tables, in one warm process.

    .venv/bin/python bench/report.py [--game zero|blackjack|both] [--decks 6] [--rounds N]
                                     [--no-pdf] [--repeat 3]

For each game, after one report made to compile and load every kernel (and start Chromium
once), each repeat times, every result cache of the package emptied before each phase:

- tables: the API calls the report makes (its ``steps``), the document neither built nor
  written (``build`` and ``write_report`` replaced by no-ops for this phase);
- report: the whole ``report(...)`` call: the same tables, the figures drawn (matplotlib SVG),
  the HTML rendered (Jinja2), the JSON written and the PDF printed (headless Chromium).

Prints the medians and the ratio report / tables (issue 31 asks at most 3).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from timing import clear_result_caches


def one_report(game: str, decks: int, rounds: int, pdf: bool, out: Path) -> None:
    import importlib

    module = importlib.import_module(f"cardedge.{game}")
    module.report(out=str(out), decks=decks, rounds=rounds, pdf=pdf)


def tables_only(game: str, decks: int, rounds: int, out: Path) -> None:
    """The report's API calls alone: its document builder and writer made no-ops."""
    import importlib

    from cardedge.api import core

    room = importlib.import_module(f"cardedge.reports.{game}.document")
    build, write = room.build, core.write_report
    room.build = lambda *a, **k: None
    core.write_report = lambda *a, **k: None
    try:
        one_report(game, decks, rounds, False, out)
    finally:
        room.build, core.write_report = build, write


def run(game: str, decks: int, rounds: int, pdf: bool, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report"
        t = time.perf_counter()
        one_report(game, decks, rounds, pdf, out)
        first = time.perf_counter() - t
        tables, reports = [], []
        for _ in range(repeat):
            clear_result_caches()
            t = time.perf_counter()
            tables_only(game, decks, rounds, out)
            tables.append(time.perf_counter() - t)
            clear_result_caches()
            t = time.perf_counter()
            one_report(game, decks, rounds, pdf, out)
            reports.append(time.perf_counter() - t)
        sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
    tm, rm = statistics.median(tables), statistics.median(reports)
    print(
        f"{game}, {decks} decks, {rounds:,} witness rounds, PDF {'on' if pdf else 'off'}: "
        f"first report in this process {first:.2f} s (kernels loaded, Chromium's first start); "
        f"tables {tm:.2f} s, report {rm:.2f} s (medians of {repeat}); ratio report/tables "
        f"{rm / tm:.2f}; files {sizes}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["zero", "blackjack", "both"], default="both")
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=10_000_000)
    ap.add_argument("--no-pdf", dest="pdf", action="store_false")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for game in ["zero", "blackjack"] if args.game == "both" else [args.game]:
        run(game, args.decks, args.rounds, args.pdf, args.repeat)


if __name__ == "__main__":
    main()
