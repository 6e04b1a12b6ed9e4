"""The plumbing every game's API shares (written once): keyword values, deck lists, shoes,
progress, errors, and the runs of the ``simulate`` and ``study`` commands.

An API function is ``cardedge GAME CMD`` called from Python: its keywords are the command's
options (``--split-hands 3`` is ``split_hands=3``), with the same defaults; a repeatable option
takes one value or a list (``decks=6``, ``decks=[6, 8]``, ``decks="1..8"``). Bad input raises
``ValueError`` with one line (``BadValue`` names the keyword; the command line shows it as
``Invalid value for '--decks': ...``).

Progress: every function takes ``progress=None`` (silent) or a callable
``progress(label, total)`` returning a context manager that yields ``advance(n)``; the command
line passes a terminal bar (``cardedge.cli.core.common.terminal_bar``). Functions that write
files (``png=``, a study's ``out``) take ``log`` too: ``log(line)`` gets each line the command
prints on standard error (a file written, a damaged batch, where a study ran).

Shoes: ``shoe`` is a spec (``"A=24,2=24,...,T=96"``, as ``--shoe``) or a ``Shoe``;
``remove`` a card list (``"5,5,T"``, as ``--remove``).

Package-level twins of the top commands: ``tables(out=...)`` is ``cardedge tables``;
``cardedge studies`` has no twin (it runs the study command lines listed in
``cardedge.reports.study_results.ALL_STUDIES``, resuming them; call ``zero.study`` /
``blackjack.study`` for one study). ``play`` (both games) is the interactive trainer and has no
API function: its session objects are ``reports.zero.simulation.zero_training`` and
``reports.blackjack.simulation.blackjack_training``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager as ContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from cardedge.analysis.core.rules import RuleSet
from cardedge.analysis.core.shoe import Shoe, ShoeFormat, check_decks, parse_shoe, remove_cards
from cardedge.api.options import REPORT_ROUNDS, REPORT_SEED, STUDY
from cardedge.core.errors import BadValue, shown
from cardedge.reports.core.render import Table, Tables

if TYPE_CHECKING:
    from cardedge.analysis.core.counts import CountSystem

Progress = Callable[[str, int], ContextManager[Callable[[int], None]]]
"""``progress(label, total)``: a context manager yielding ``advance(n)`` (n more done)."""

Log = Callable[[str], None]
"""``log(line)``: a line about the work (a file written, where a study ran)."""

NO_API = ("play", "studies", "serve")
"""Commands without an API function: ``play`` is interactive (its session objects are
``zero_training`` / ``blackjack_training`` in ``cardedge.reports.*.simulation``); ``studies``
runs the published study command lines (``cardedge.reports.study_results.ALL_STUDIES``); ``serve``
is the web server (``cardedge.web.app.create_app()`` builds its app)."""


# ---- progress ---------------------------------------------------------------------------------
def tracker(progress: Progress | None, label: str) -> Callable[[Iterable], Iterable]:
    """The loop wrapper the report functions take: ``wrap(items)`` yields the items, advancing
    ``progress`` (under ``label``) after each; a loop of fewer than two items shows none."""

    def wrap(items: Iterable) -> Iterable:
        items = list(items)
        if progress is None or len(items) < 2:
            return items
        return _tracked(items)

    def _tracked(items: list) -> Iterator:
        with progress(label, len(items)) as advance:
            for item in items:
                yield item
                advance(1)

    return wrap


@contextlib.contextmanager
def counter(progress: Progress | None, label: str, total: int) -> Iterator[Any]:
    """``advance(n)`` for a count of ``total`` steps (simulated rounds, study batches); None
    when silent (the simulators then skip their callbacks)."""
    if progress is None or total < 1:
        yield None
        return
    with progress(label, total) as advance:
        yield advance


# ---- keyword values ----------------------------------------------------------------------------
def listed(value) -> list:
    """A repeatable keyword's values: one value or a list/tuple of them."""
    if isinstance(value, list | tuple | range):
        return list(value)
    return [value]


def shoe_game_words(penetration: float | None, words: dict[str, Any]) -> dict[str, Any]:
    """A ``simulate`` call's shoe-game keywords (``options.SHOE_GAME`` but ``penetration``):
    ``words``, with ``bankroll`` as a list of floats, ``count`` as a ``CountSystem`` (None:
    the game's default), ``index_file`` as its departures (``index_file``) and the trip's
    rounds (``trip_rounds``). ``BadValue``
    for one given away from its default without ``penetration`` (a fresh-shoe simulation has
    no count, seats or ramp)."""
    from cardedge.api.options import SHOE_GAME

    if penetration is None:
        given = [k for k, v in words.items() if listed(v) != listed(SHOE_GAME[k].default)]
        if given:
            raise BadValue(given[0], "is a shoe game's: give --penetration", quoted=False)
    count = words["count"]
    bankrolls = [float(b) for b in listed(words["bankroll"])]
    return {
        **words,
        "count": None if count is None else count_system(count),
        "bankroll": bankrolls,
        "index_file": index_file(words),
        "trip_rounds": trip_rounds(words),
    }


def shoe_room_words(words: dict[str, Any]) -> dict[str, Any]:
    """A shoe game's words (``shoe_game_words``' answer) as a game's
    ``reports/<game>/shoe_game.simulate_shoe`` takes them."""
    return {
        "players": words["players"],
        "system": words["count"],
        "indices": words["indices"],
        "departures": words["index_file"],
        "ramp": words["ramp"],
        "wong_out": words["wong_out"],
        "convention": words["tc_convention"],
        "divisor": words["tc_divisor"],
        "burn": words["burn"],
        "bankrolls": words["bankroll"],
        "risk": words["risk"],
        "trip_rounds": words["trip_rounds"],
    }


def trip_rounds(words: dict[str, Any]) -> float | None:
    """A trip's rounds, ``trip_hours`` x ``rounds_per_hour`` (None without a trip)."""
    hours = words.get("trip_hours")
    return None if hours is None else float(hours) * float(words["rounds_per_hour"])


def index_file(words: dict[str, Any]):
    """The departures of a shoe game's ``index_file`` (None without one), read and checked
    before any work; ``BadValue`` naming ``index_file``."""
    name = words.get("index_file")
    if name is None:
        return None
    if words.get("indices"):
        why = "give --indices (the computed table) or --index-file, not both"
        raise BadValue("index_file", why)
    from cardedge.strategy.core.chartfiles import read_chart_table
    from cardedge.strategy.core.departures import departures_from_table

    try:
        rows = read_chart_table(name, "index file").to_dict("records")
        return departures_from_table(rows)
    except ValueError as e:
        raise BadValue("index_file", str(e)) from None


def deck_counts(value) -> list[int]:
    """Deck counts of ``decks``: a count, a range ``"1..8"``, a list ``"6,8"``, or a list of
    these; in order, without repeats. BadValue as the command line words it."""
    out: list[int] = []
    for item in listed(value):
        nested = isinstance(item, list | tuple | range)
        for d in deck_counts(item) if nested else _one_deck_value(item):
            if d not in out:
                out.append(d)
    if not out:
        raise BadValue("decks", f"{shown(value)}: no deck count")
    return out


def _one_deck_value(value) -> list[int]:
    if isinstance(value, bool):
        raise BadValue("decks", f"{shown(value)} is not a deck count")
    if isinstance(value, int):
        return [_checked_decks(value, value)]
    out: list[int] = []
    try:
        for part in str(value).split(","):
            part = part.strip()
            if ".." in part:
                lo, hi = (int(x) for x in part.split(".."))
                # both ends are checked before the range is expanded
                out.extend(range(_checked_decks(lo, value), _checked_decks(hi, value) + 1))
            else:
                out.append(_checked_decks(int(part), value))
    except BadValue:
        raise
    except ValueError:
        raise BadValue(
            "decks", f"{shown(value)} is not a deck count, a range like 1..8 or a list like 6,8"
        ) from None
    if not out:
        raise BadValue("decks", f"{shown(value)}: an empty range of decks")
    return out


def _checked_decks(d: int, value) -> int:
    try:
        return check_decks(d)
    except ValueError as e:
        raise BadValue("decks", f"{shown(value)}: {e}") from None


def one_deck_count(value, what: str) -> int:
    """The one deck count of a command that deals one shoe (``what`` names it)."""
    counts = deck_counts(value)
    if len(counts) != 1:
        raise BadValue("decks", f"{what} takes one deck count")
    return counts[0]


def target(value, exact: bool = False):
    """A target house edge in percent: a finite number, or its text (``"2.0"``); with ``exact``
    a number's text is kept (a side bet solves exactly from the decimal as written)."""
    import math

    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BadValue("target", f"{shown(value)} is not a number (a house edge in percent)")
    try:
        number = float(value)
    except (ValueError, OverflowError):
        raise BadValue(
            "target", f"{shown(value)} is not a number (a house edge in percent)"
        ) from None
    if not math.isfinite(number) or abs(number) > 100:
        raise BadValue("target", f"{shown(value)} is not a house edge in percent (-100..100)")
    return str(value).strip() if exact and isinstance(value, str) else number


def choice(keyword: str, value, options: Iterable[str]) -> str:
    """``value`` when it is one of ``options``, else BadValue naming them."""
    options = list(options)
    if value not in options:
        raise BadValue(keyword, f"{shown(value)} is not one of {', '.join(map(str, options))}")
    return value


def count_system(value) -> CountSystem:
    """A count system: a ``CountSystem``, a built-in key or a TOML/JSON file of tags."""
    from cardedge.analysis.core.counts import CountSystem, resolve_system

    if isinstance(value, CountSystem):
        return value
    try:
        return resolve_system(str(value))
    except ValueError as e:
        raise BadValue("system", str(e)) from None


def count_systems(value) -> list[CountSystem]:
    """The count systems of a repeatable ``system`` keyword."""
    return [count_system(v) for v in listed(value)]


def shoes_for(form: ShoeFormat, decks, shoe: str | Shoe | None, remove) -> list[Shoe]:
    """The shoes of a call, read here and nowhere else: one fresh shoe per deck count of
    ``decks`` (``deck_counts``), or the one ``shoe`` (a ``Shoe`` or a spec like
    ``"A=24,2=24,..."``, in the game's ``form``: ``Game.shoe``), each less the cards of
    ``remove`` (a call giving both a shoe and deck counts is refused at the surface,
    ``params.check_one_shoe``). ``BadValue`` names the keyword whose text is refused."""
    if shoe is None:
        made = [Shoe.decks(d) for d in deck_counts(decks)]
    elif isinstance(shoe, Shoe):
        made = [shoe]
    else:
        made = [_parsed("shoe", lambda: parse_shoe(shoe, form))]
    if remove is None:
        return made
    return [_parsed("remove", lambda one=one: remove_cards(one, remove, form)) for one in made]


@dataclass(frozen=True)
class Bound:
    """The keywords of one API call bound once, at the surface, into what it computes on: the
    shoes dealt from (a game's subclass adds its rules: ``api.zero.ZeroCall``,
    ``api.blackjack.BlackjackCall``). Made by the game's ``bind`` and handed down to the
    table builders; nothing below reads a keyword again."""

    shoes: tuple[Shoe, ...]
    """One per deck count of ``decks``, or the one ``shoe`` (``shoes_for``); empty for a call
    that deals from no shoe of its own (``indices``)."""

    def one_shoe(self, what: str) -> Shoe:
        """The shoe of a command that deals one (``what`` names it)."""
        return one_shoe(list(self.shoes), what)

    def deck_counts(self) -> list[int]:
        """The deck count of each shoe (a call by deck count deals fresh shoes only)."""
        return [s.base_decks for s in self.shoes if s.base_decks is not None]

    def dealing(self, *shoes: Shoe) -> Bound:
        """The same call dealt from ``shoes`` instead (a report's table of one shoe)."""
        return replace(self, shoes=tuple(shoes))


def one_shoe(shoes: list[Shoe], what: str) -> Shoe:
    """The shoe of a command that deals one shoe (``what`` names it)."""
    if len(shoes) != 1:
        raise BadValue("decks", f"{what} takes one deck count")
    return shoes[0]


def shoe_tags(shoes: list[Shoe]) -> list[str]:
    """A file-name tag per shoe (``png_files``): ``6d`` for a shoe of 6 decks."""
    return [f"{s.base_decks}d" if s.base_decks is not None else "shoe" for s in shoes]


def _parsed(keyword: str, make: Callable[[], Shoe]) -> Shoe:
    try:
        return make()
    except ValueError as e:
        raise BadValue(keyword, str(e), quoted=False) from None


def result(tables: Iterable[Table], for_programs=None) -> Table | Tables:
    """A command's result: its one ``Table``, or a ``Tables`` when it made several (or when a
    program's formats print other tables, ``for_programs``)."""
    tables = list(tables)
    if len(tables) == 1 and not for_programs:
        return tables[0]
    return Tables(tables, for_programs)


def png_files(png: str | None, tags: list[str]) -> list[str | None]:
    """One PNG file per figure: ``png`` itself for one figure, else ``png`` with ``_tag`` before
    its suffix (``chart_6d.png``); None each without ``png``."""
    from pathlib import Path

    if png is None:
        return [None] * len(tags)
    if len(tags) == 1:
        return [png]
    p = Path(png)
    return [str(p.with_name(f"{p.stem}_{tag}{p.suffix}")) for tag in tags]


def checked_png(png: str | None) -> str | None:
    """``png`` checked before any work (a .png file whose folder is writable; the ``plots``
    extra installed), or None."""
    if png is None:
        return None
    from cardedge.extras import require
    from cardedge.reports.core.files import output_file

    try:
        path = str(output_file(png, ".png"))
    except ValueError as e:
        raise BadValue("png", str(e)) from None
    require("plots")
    return path


def _say(log: Log | None, line: str) -> None:
    if log is not None:
        log(line)


# ---- simulate ----------------------------------------------------------------------------------
def simulation_result(report) -> Tables:
    """A simulation's tables: the summary's main figures for a person, every figure for a
    program (JSON, CSV)."""
    every = {fmt: (lambda: report.tables(every_figure=True)) for fmt in ("json", "csv")}
    return Tables(report.tables(every_figure=False), every)


# ---- the shoe game's batches ---------------------------------------------------------------------
def shoe_game_tables(
    deal: Callable,
    label: tuple[str, str],
    rounds: int,
    threads: int | None,
    words: dict,
    progress: Progress | None,
    log: Log | None,
    more: Callable | None = None,
) -> Tables:
    """A game's shoe game (``simulate`` with a penetration): where it deals and keeps its
    batches checked (``shoe_game_where``), ``deal(where, advance)`` (the game's
    ``reports/<game>/shoe_game.py``, returning a ``ShoeGameRun``) run under a progress count
    of ``rounds``, its tables (``label``: the game's name and its rules in words; ``more(run,
    tables)``: the game's own tables after them, by file name) made, and written as Parquet
    into ``out``; refusals as ``BadValue`` naming their keyword."""
    from cardedge.reports.core.shoe_game import TABLE_FILES
    from cardedge.reports.core.shoe_game import shoe_game_tables as tables_of

    where = shoe_game_where(threads, words)
    name, rules_text = label
    try:
        with shoe_game_folder(where), counter(progress, f"{name} shoe game", rounds) as advance:
            run = deal(where, advance)
            named = dict(zip(TABLE_FILES, tables_of(run, rules_text, name), strict=True))
            if more is not None:
                named |= more(run, list(named.values()))
            tables = list(named.values())
            write_shoe_tables(where, named, log)
    except ValueError as e:
        raise shoe_game_error(e) from None
    return Tables(tables)


def shoe_game_where(threads: int | None, words: dict):
    """Where a shoe game deals and keeps its batches (``reports.core.shoe_game.Where``), from
    ``threads`` and the ``workers``, ``scheduler``, ``out`` and ``resume`` of ``words``, each
    checked before any work (``BadValue`` with one line)."""
    from cardedge.reports.core.shoe_game import Where

    workers, scheduler = _cluster(words["workers"], words["scheduler"])
    out, resume = words["out"], bool(words["resume"])
    if resume and out is None:
        raise BadValue("resume", "a shoe game resumes from the batches kept in its --out folder")
    if workers is not None or scheduler is not None or out is not None:
        from cardedge.extras import require

        require("study")
    if out is not None:
        from cardedge.study.core.store import study_folder

        try:
            study_folder(out)
        except ValueError as e:
            raise BadValue("out", str(e).replace("a study", "a shoe game run")) from None
    return Where(threads, workers, scheduler, None if out is None else str(out), resume)


def shoe_game_folder(where) -> ContextManager:
    """The block writing a shoe game's ``where.out``: a folder it created is removed again
    when the run fails, unless it holds finished batches (to resume)."""
    if where.out is None:
        return contextlib.nullcontext()
    from cardedge.core.files import undone_if_failed
    from cardedge.study.core.store import has_batches

    return undone_if_failed(where.out, keep=has_batches)


def write_shoe_tables(where, tables: dict[str, Table], log: Log | None) -> None:
    """The shoe game's tables, by file name, as Parquet into ``where.out`` (when given)."""
    if where.out is None:
        return
    from cardedge.reports.core.shoe_game import write_parquet_tables

    for path in write_parquet_tables(where.out, tables):
        _say(log, f"wrote {path}")


def shoe_game_error(error: ValueError) -> BadValue:
    """A shoe game's refusal as the keyword it is about: its folder (``out``), its cluster
    (``scheduler`` or ``workers``), else its game (``penetration``)."""
    from cardedge.reports.core.shoe_batches import ClusterRefused, FolderRefused
    from cardedge.study.core.store import ForeignFile

    if isinstance(error, BadValue):
        return error
    if isinstance(error, FolderRefused | ForeignFile):
        return BadValue("out", str(error))
    if isinstance(error, ClusterRefused):
        return BadValue("scheduler", str(error))
    if str(error).startswith("index file: "):
        return BadValue("index_file", str(error).removeprefix("index file: "))
    return BadValue("penetration", str(error), quoted=False)


# ---- study -------------------------------------------------------------------------------------
STUDY_KEYWORDS: dict[str, object] = {
    **{
        name: STUDY[name].default
        for name in (
            "penetration",
            "shoes",
            "seed",
            "system",
            "spread",
            "ramp_start",
            "bankroll",
            "indices",
            "workers",
            "scheduler",
            "batch_shoes",
            "players",
            "seat",
            "resume",
        )
    },
    "progress": None,
    "log": None,
}
"""The keywords every game's ``study`` takes, with their defaults (``system``: the game's):
share of the shoe dealt before the cut card, shoes to deal, the seed, the count system kept,
the bet ramp (``"LOW-HIGH"`` from ``ramp_start``, or a CSV file), bankrolls in betting units
(one or a list: each way of betting's risk of ruin), ``indices`` (play the chart with its
index plays), local ``workers`` or a Dask ``scheduler`` address (``"synchronous"``: in this
process), shoes per Dask task, ``players`` at the table (1-7: the others play the chart
without index plays from the same shoe) and our ``seat`` (1..players: the rounds recorded),
``resume`` (keep the batches already in ``out``)."""


def study_keywords(system: str) -> Callable[[Callable], Callable]:
    """A game's ``study`` function taking the ``STUDY_KEYWORDS`` (``system`` defaulting to the
    game's count) besides its own; they reach it as one dict, ``study``."""
    defaults = {**STUDY_KEYWORDS, "system": system}

    def decorate(f: Callable) -> Callable:
        own = [p for p in inspect.signature(f).parameters.values() if p.name != "study"]
        extra = [
            inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=v)
            for k, v in defaults.items()
        ]
        signature = inspect.signature(f).replace(parameters=[*own, *extra])

        @functools.wraps(f)
        def api(*args, **kw):
            unknown = sorted(set(kw) - set(signature.parameters))
            if unknown:
                raise TypeError(f"unknown keyword(s): {', '.join(unknown)}")
            study = {k: kw.pop(k, v) for k, v in defaults.items()}
            return f(*args, study=study, **kw)

        api.__signature__ = signature  # type: ignore[attr-defined]
        return api

    return decorate


def run_study(
    make_game: Callable,
    tables_of: Callable,
    label: str,
    out: str,
    *,
    penetration: float,
    shoes: int,
    seed: int,
    system,
    spread: str,
    ramp_start: int,
    bankroll,
    indices: bool,
    workers: int | None,
    scheduler: str | None,
    batch_shoes: int,
    players: int,
    seat: int,
    resume: bool,
    progress: Progress | None,
    log: Log | None,
) -> Tables:
    """Check the options, build the game's study object (``make_game()``), deal and evaluate
    the study on Dask into ``out``, write its tables (CSV, Markdown) and plots (PNG) beside the
    records, and return the tables (the keywords: ``STUDY_KEYWORDS``; ``indices`` is
    ``make_game``'s)."""
    from cardedge.extras import require

    require("study")
    from cardedge.engine.core.table import check_seats
    from cardedge.reports.core.ramp import resolve_ramp
    from cardedge.reports.core.study import write_study_outputs
    from cardedge.study.core.plan import StudyPlan
    from cardedge.study.core.run import check_scheduler, check_workers
    from cardedge.study.core.run import run_study as run_on_dask
    from cardedge.study.core.store import StudyStore, has_batches, manifest_of, study_folder

    if scheduler is not None:
        try:
            scheduler = check_scheduler(str(scheduler))
        except ValueError as e:
            raise BadValue("scheduler", str(e)) from None
    if workers is not None and scheduler is not None:
        raise ValueError("give --workers (a local cluster) or --scheduler, not both")
    check_workers(workers)
    try:
        check_seats(players, seat)
    except ValueError as e:
        keyword = "players" if str(e).startswith("players") else "seat"
        raise BadValue(keyword, str(e)) from None
    ramp = resolve_ramp(spread, ramp_start)
    from cardedge.core.files import undone_if_failed

    with undone_if_failed(out, keep=has_batches), contextlib.ExitStack() as stack:
        study_folder(out)
        game = make_game()
        plan = StudyPlan(
            game.decks,
            penetration,
            shoes,
            seed,
            count_system(system),
            batch_shoes,
            players=players,
            seat=seat,
        )
        manifest = manifest_of(plan.identity(), game.identity())
        store = stack.enter_context(StudyStore(out, manifest, resume))
        todo = plan.batches - len(store.done(plan.batches))
        for reason in store.damaged.values():
            _say(log, f"{reason}: recomputing it")
        with counter(progress, label, todo) as advance:
            on_batch = (lambda batch: None) if advance is None else (lambda batch: advance(1))
            summary = run_on_dask(game, plan, store, workers, scheduler, on_batch)
        _say(
            log,
            f"{label}: {len(summary.computed)} batch(es) computed on {summary.where}, "
            f"{len(summary.reused)} found in {store.folder}",
        )
        records = store.read(plan.batches)
        banks = list(listed(bankroll)) if bankroll else []
        tables = tables_of(game, plan, records, ramp, banks, folder=store.folder)
        command = f"cardedge {game.game} study"
        title = tables["summary"].title.removeprefix("Shoe study: ")
        write_study_outputs(store.folder, tables, command, title)
        return Tables(tables.values())


# ---- package-level commands --------------------------------------------------------------------
def tables(out: str = "results", progress: Progress | None = None, log: Log | None = None) -> list:
    """Write every published table of both games to ``out`` (Markdown and CSV, created), and
    the reports of the published rule sets to ``out/reports`` (``published_reports``), as
    ``cardedge tables`` does; returns the paths written.

    Examples:
        >>> from cardedge.api.core import tables
        >>> paths = tables(out="/tmp/cardedge-results")  # doctest: +SKIP
    """
    from cardedge.core.files import undone_if_failed
    from cardedge.reports.results import write_results

    paths = []
    with undone_if_failed(out):  # a new folder interrupted half-written is removed
        for path, written in write_results(out, tracker(progress, "Computing every game's tables")):
            _say(log, f"{'wrote' if written else 'unchanged'} {path}")
            paths.append(path)
        for folder, report in tracker(progress, "Writing the published reports")(
            published_reports(out)
        ):
            written = all(row["written"] for row in report().rows())
            for name in ("report.html", "report.json"):
                _say(log, f"{'wrote' if written else 'unchanged'} {folder / name}")
                paths.append(folder / name)
    return paths


def verify(path: str, log: Log | None = None) -> Table:
    """Make again every figure the document at ``path`` gives and compare it by the
    reproducibility contract (docs/exactness.md): a report (its folder or its
    ``report.json``: the command it records, run again), or a results folder (every table
    and every report under it). The table lists each figure that differs beyond the
    tolerance (file, where, what); its facts say how many figures were compared.

    Examples:
        >>> from cardedge.api.core import verify
        >>> verify("results/reports/blackjack-peek").facts  # doctest: +SKIP
        {'figures': 9958, 'differences': 0}
    """
    from cardedge.reports.core.verify import verify as check
    from cardedge.reports.results import expected_files

    if not isinstance(path, str | Path) or not str(path).strip():
        raise BadValue("path", f"{shown(path)} is not a path")
    found = check(path, expected_files)
    rows = [{"file": file, "difference": what} for file, what in found.differences]
    for file, what in found.differences:
        _say(log, f"differs: {file}: {what}")
    summary = (
        f"all {found.figures:,} figures agree"
        if not rows
        else f"{len(rows):,} difference{'s' if len(rows) > 1 else ''} among "
        f"{found.figures:,} figures"
    )
    return Table(
        f"Verification of {path}: {summary}",
        rows,
        notes=[
            "Each figure made again from what the document records and compared by the "
            "reproducibility contract (text exactly, numbers within 1e-13: docs/exactness.md)."
        ],
        facts={"figures": found.figures, "differences": len(rows)},
        empty=summary,
    )


REPORTS_FOLDER = "reports"
"""Where ``tables`` writes the published rule sets' reports, inside its ``out``."""


def published_reports(out) -> list[tuple[Path, Callable[[], object]]]:
    """Each game's published reports (its API module's ``PUBLISHED_REPORTS``: folder name ->
    ``report`` keywords) as (folder, the call writing it) under ``out/reports``; HTML and JSON
    only, the files that are the same bytes every time (a PDF carries its creation date)."""
    from cardedge.games import games

    calls = []
    for game in games():
        api = api_room(game.name)
        for name, keywords in api.PUBLISHED_REPORTS.items():
            folder = Path(out) / REPORTS_FOLDER / name
            calls.append(
                (folder, lambda api=api, f=folder, k=keywords: api.report(out=str(f), **k))
            )
    return calls


# ---- the public game modules -------------------------------------------------------------------
@runtime_checkable
class ApiRoom(Protocol):
    """What a game's API module (``cardedge/api/<game>.py``, found by ``api_room``) supplies to
    the shared code (``published_reports``, the web's calls, the tests): its rules, its
    commands (each a function of that name, ``SHARED_COMMANDS`` among them, and
    ``CHART_COMMANDS`` for a game with a chart), the reports ``cardedge tables`` writes and the
    function writing one. ``tests/test_game_contract.py`` checks each registered game's
    against it."""

    RULES: RuleSet
    """The game's rules, declared once (the API keywords of its rules)."""
    COMMANDS: tuple[str, ...]
    """Its commands: ``SHARED_COMMANDS``, ``CHART_COMMANDS`` with a chart, and its own, each an
    API function."""
    PUBLISHED_REPORTS: dict[str, dict]
    """The reports ``cardedge tables`` writes: folder name -> ``report`` keywords."""
    report: Callable[..., Table]
    """Write the game's analysis document (``report(out=..., **keywords)``)."""


def api_room(game: str) -> ApiRoom:
    """The API module of the game named ``game`` (``cardedge/api/<game>.py``)."""
    from cardedge.games import room_module

    return room_module("cardedge.api", game, kind=ApiRoom)


SHARED_COMMANDS: tuple[str, ...] = (
    "edge",
    "grid",
    "solve",
    "hands",
    "returns",
    "eor",
    "count",
    "compare",
    "variants",
    "simulate",
    "report",
)
"""The commands every game has, with the same API function names."""

CHART_COMMANDS: tuple[str, ...] = ("chart", "exceptions", "indices", "study")
"""The commands of a game with a strategy chart (``Game.has_chart``): the chart, its
composition-dependent exceptions, its index plays, and the shoe study that plays it."""

OBJECTS: tuple[str, ...] = ("rules", "shoe", "evaluate", "policy")
"""The functions on the objects underneath, the same names in every game."""
CHART_OBJECTS: tuple[str, ...] = ("basic_chart", "evaluate_chart", "load_chart")
"""The functions on a game's chart (``Game.has_chart``), the same names in every game with
one."""


def game_classes(game: str, rules: str, chart: str) -> dict[str, str]:
    """The classes a public game module exports under the shared names (``Rules``, ``Chart``,
    ``RoundResult``, ``OPTIMAL``), as ``name -> "module:attribute"`` for ``lazy_exports``."""
    return {
        "Rules": f"cardedge.analysis.{game}.rules:{rules}",
        "Chart": f"cardedge.strategy.{game}.charts:{chart}",
        "RoundResult": f"cardedge.analysis.{game}.round:RoundResult",
        "OPTIMAL": f"cardedge.analysis.{game}.policy:OPTIMAL_POLICY",
    }


SHARED_LAZY: dict[str, str] = {
    "Shoe": "cardedge.analysis.core.shoe:Shoe",
    "Table": "cardedge.reports.core.render:Table",
    "Tables": "cardedge.reports.core.render:Tables",
    "render_many": "cardedge.reports.core.render:render_many",
}
"""Classes both public game modules export, imported when first used."""


def lazy_exports(module: str, lazy: dict[str, str]):
    """``__getattr__`` and ``__dir__`` for a public game module whose classes (``lazy``:
    name -> ``"module:attribute"``, with ``SHARED_LAZY``) are imported when first used, so that
    ``import cardedge.zero`` loads no kernels."""
    names = {**SHARED_LAZY, **lazy}
    namespace = importlib.import_module(module).__dict__

    def __getattr__(name: str):
        if name in names:
            where, attr = names[name].split(":")
            value = getattr(importlib.import_module(where), attr)
            namespace[name] = value
            return value
        raise AttributeError(f"module {shown(module)} has no attribute {shown(name)}")

    def __dir__() -> list[str]:
        return sorted({*namespace, *names})

    return __getattr__, __dir__, list(names)


# ---- the rule space ----------------------------------------------------------------------------
def run_grid(
    room,
    base,
    plan,
    *,
    basic: bool,
    sd: bool,
    digits: int,
    png: str | None,
    out: str | None,
    resume: bool,
    workers: int | None,
    scheduler: str | None,
    label: str,
    progress: Progress | None,
    log: Log | None,
) -> Table:
    """Compute a grid (``reports/core/grid.py``) with the game's grid room ``room``
    (``reports/<game>/grid.py``: ``grid_tasks``, ``compute_task``, ``grid_table``,
    ``identity``): its tasks here one by one, or on Dask with ``workers`` (a local cluster)
    or ``scheduler``; draw ``png`` (the heatmap) and write ``out`` (Parquet) when given, both
    checked before any work. With ``out`` each finished task is kept in a parts folder beside
    it (``g.parts``) until the grid is written, and ``resume`` picks them up after an
    interruption."""
    from cardedge.reports.core import grid as core_grid

    png = checked_png(png)
    out = _checked_parquet(out)
    workers, scheduler = _cluster(workers, scheduler)
    if resume and out is None:
        raise BadValue("resume", "a grid resumes from the parts kept beside its --out file")
    from cardedge.reports.core.grid import GridColumns

    columns = GridColumns(basic, sd)
    tasks = room.grid_tasks(base, plan, columns)
    store = None
    if out is not None:
        from cardedge.study.core.store import StudyStore

        manifest = core_grid.grid_manifest(label, room.identity(base), plan, columns)
        parts = core_grid.parts_folder(out)
        try:
            store = StudyStore(parts, manifest, resume, core_grid.RECORD_TYPES)
        except ValueError as e:
            raise BadValue("out", str(e).replace("a study", "a grid's parts")) from None
    try:
        with counter(progress, label, len(tasks)) as advance:
            results = core_grid.compute_tasks(
                tasks, room.compute_task, store, workers, scheduler, advance
            )
    finally:
        if store is not None:
            store.release()
    table, values = core_grid.grid_table(room, base, plan, columns, results, tasks)
    table.default_digits = digits
    if png is not None:
        optimal = [v.optimal_percent for v in values]
        core_grid.heatmap_png(plan, optimal, png, table.title)
        _say(log, f"wrote {png}")
    if out is not None:
        import shutil

        from cardedge.core.files import write_with

        frame = core_grid.grid_frame(table.rows())
        write_with(out, lambda tmp: frame.to_parquet(tmp, index=False))
        shutil.rmtree(core_grid.parts_folder(out), ignore_errors=True)
        _say(log, f"wrote {out}")
    return table


def _cluster(workers, scheduler) -> tuple[int | None, str | None]:
    """``workers`` and ``scheduler`` checked as a study checks them (one, not both)."""
    from cardedge.study.core.run import check_scheduler, check_workers

    if scheduler is not None:
        try:
            scheduler = check_scheduler(str(scheduler))
        except ValueError as e:
            raise BadValue("scheduler", str(e)) from None
    if workers is not None:  # a whole number (``params.KEYWORDS``); here: not both, cores
        if scheduler is not None:
            raise BadValue("workers", "give workers (a local cluster) or scheduler, not both")
        try:
            check_workers(workers)
        except ValueError as e:
            raise BadValue("workers", str(e)) from None
    return workers, scheduler


def _checked_parquet(out: str | None) -> str | None:
    """``out`` checked before any work (a .parquet file whose folder is writable; pyarrow
    installed), or None."""
    if out is None:
        return None
    from cardedge.core.files import output_file

    try:
        path = str(output_file(out, ".parquet"))
    except ValueError as e:
        raise BadValue("out", str(e)) from None
    from cardedge.extras import require

    require("study")
    return path


def grid_plan(shoes: list[Shoe], vary, kinds: dict, base_values: dict):
    """The ``GridPlan`` of a call: its shoes and the axes of ``vary`` (one ``--vary`` text or a
    list of them), refused as one line (``BadValue``) when bad or too large."""
    from cardedge.reports.core.grid import GridPlan, parse_axes

    specs = [vary] if isinstance(vary, str) else listed(vary) if vary is not None else []
    return GridPlan(tuple(shoes), parse_axes(specs, kinds, base_values))


# ---- the analysis document ---------------------------------------------------------------------
def start_report(out, rounds: int, seed: int, pdf: bool, study_folder) -> list[str]:
    """Check what a report needs before any work (the ``report`` extra, the folder ``out``, a
    browser when ``pdf``; its keywords' values were checked by ``params.checked``): the
    command-line options that give rounds, seed, pdf and the study when not the defaults."""
    from cardedge.extras import require

    require("report")
    from cardedge.reports.core import document

    document.check_out(out)
    document.check_pdf(pdf)
    options = []
    if rounds != REPORT_ROUNDS:
        options.append(f"--rounds {rounds}")
    if seed != REPORT_SEED:
        options.append(f"--seed {seed}")
    if not pdf:
        options.append("--no-pdf")
    if study_folder is not None:
        options.append(f"--study-folder {shlex_quote(study_folder)}")
    return options


def rule_options(rule_set, changes: dict[str, object]) -> list[str]:
    """The command-line options that set ``changes`` (rule name -> checked value): a switch as
    ``--das`` / ``--no-das`` (or its own off option), any other rule as ``--name value``."""
    from cardedge.analysis.core.rules import Switch

    out = []
    for name, value in changes.items():
        rule = rule_set[name]
        if isinstance(rule.kind, Switch):
            off = f"--{rule.off}" if rule.off else f"--no-{rule.option[2:]}"
            out.append(rule.option if value else off)
        else:
            out.append(f"{rule.option} {shlex_quote(rule.kind.text(value))}")
    return out


def shlex_quote(text: str) -> str:
    """``text`` as one shell word."""
    import shlex

    return shlex.quote(str(text))


def report_command(game: str, options: list[str], out) -> str:
    """The command line that makes the same document again."""
    return " ".join(["cardedge", game, "report", *options, "--out", shlex_quote(str(out))])


def shoe_options(decks, shoe, remove, default_decks) -> list[str]:
    """``--decks``/``--shoe``/``--remove`` as a report's call gave them."""
    out = []
    if shoe is not None:
        out.append(f"--shoe {shlex_quote(shoe if isinstance(shoe, str) else shoe.spec())}")
    else:
        out += [f"--decks {d}" for d in deck_counts(decks)]
    if remove is not None:
        out.append(f"--remove {shlex_quote(remove)}")
    return out


def where(one: Shoe) -> dict:
    """The keywords that deal from ``one`` in an API call: its deck count for a fresh shoe (so
    tables key it as every other call does), else the shoe itself."""
    return {"decks": one.base_decks} if one.is_fresh else {"shoe": one}


def write_report(report, out, pdf: bool, log: Log | None) -> Table:
    """Write the document's files (``reports.core.document.write_report``) and the table the
    command prints: one row per file written, by name (``log`` says where each went)."""
    from cardedge.reports.core.document import write_report as write

    paths, written = write(report, out, pdf)
    what = {
        "report.html": "the document, self-contained (open it in a browser, print it)",
        "report.pdf": "the document printed by headless Chromium",
        "report.json": "every table and figure's numbers at full precision",
    }
    rows = [{"file": p.name, "written": written, "holds": what[p.name]} for p in paths]
    if log is not None:
        for p in paths:
            log(f"{'wrote' if written else 'unchanged'} {p}")
    notes = [] if written else [UNCHANGED_REPORT]
    return Table(f"{report.title}: the files written", rows, notes=notes)


UNCHANGED_REPORT = (
    "The folder already held this report (the same text, every number within the "
    "reproducibility contract's tolerance: docs/exactness.md), so its files were left as "
    "they are, naming the commit they were made on."
)
