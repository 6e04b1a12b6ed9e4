"""A shoe study's reports put together (both games): ``StudyRoom``, what a game hands them (how
a strategy's name becomes a chart, its index plays, its study object and the exact analysis of
a fresh shoe), with the process's memo of index plays and fresh shoes; a study's tables titled
and keyed by its game and plan (``study_report``); and its files, the tables as Markdown and CSV
beside the figures (``write_study_outputs``).

Its parts: the tables in ``study_tables``, from the statistics of ``study_stats`` and
``betting``; the figures in ``study_plots``; the fresh shoe's analysis kept on disk in
``study_cache``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress
from cardedge.reports.core.files import png_source
from cardedge.reports.core.ramp import Ramp
from cardedge.reports.core.render import Table
from cardedge.reports.core.study_cache import FreshShoe, read_fresh, write_fresh
from cardedge.reports.core.study_plots import FIGURES, _empty_png, figure_source
from cardedge.reports.core.study_tables import study_tables
from cardedge.strategy.core.departures import Departure, departures_from_rows


def index_decks_left(decks: int) -> int:
    """Decks left where a study's indices are computed: one deck dealt, at most 5 left."""
    return max(1, min(5, decks - 1))


def strategy_label(game) -> str:
    """'basic chart' or 'basic chart with 31 Hi-Opt II index plays'."""
    label = f"{game.strategy} chart"
    return label + (f" with {len(game.departures)} index plays" if game.departures else "")


def study_keys(game, plan, rules_text: str) -> dict:
    """What every row of a study's tables shares (the players and our seat only at a table
    with other players, so a study alone keeps its columns)."""
    keys = {
        "game": game.game,
        "rules": rules_text,
        "strategy": strategy_label(game),
        "decks": plan.decks,
        "penetration": plan.penetration,
        "system": plan.system.name,
        "seed": plan.seed,
        "shoes": plan.shoes,
    }
    if plan.players > 1:
        keys |= {"players": plan.players, "seat": plan.seat}
    return keys


MEMO_SIZE = 8
"""Index plays and fresh-shoe analyses a process keeps (``StudyRoom.departures``, ``fresh``)."""
_DEPARTURES: dict = {}
_FRESH: dict = {}


def _remember(memo: dict, key, value) -> None:
    """Keep ``value`` under ``key``, forgetting the oldest entries beyond ``MEMO_SIZE``."""
    memo[key] = value
    while len(memo) > MEMO_SIZE:
        del memo[next(iter(memo))]


@dataclass(frozen=True)
class StudyRoom:
    """A game's study hooks, what it hands the shared study reports: how a strategy's name
    becomes a chart, the game's indices table, its study object and the exact analysis of a
    fresh shoe; its ``study`` and ``tables`` are the game's study and its tables, written once
    here. Each game with a chart (``Game.has_chart``: a study plays the chart) has one,
    ``STUDIES`` of ``reports/<game>/study.py`` (found by ``study_room``). The hooks are typed
    fields of this frozen record, so a room lacking one cannot be made: the record is the
    interface (a Protocol would restate the same four fields)."""

    chart: Callable[[Any, Shoe, str], tuple[str, Any]]
    """``chart(rules, shoe, strategy)``: the strategy's label and chart for a fresh ``shoe``
    (ValueError: not a chart)."""
    indices_table: Callable[[Any, Shoe, int, CountSystem | None, Progress], Table]
    """``indices_table(rules, shoe, decks_left, system, progress)``: the game's index plays."""
    make_study: Callable[..., Any]
    """``make_study(rules, shoe, chart, label, departures)``: the game's study object."""
    fresh_shoe: Callable[[Any], FreshShoe]
    """``fresh_shoe(study)``: the exact analysis of a fresh shoe under the study's chart."""

    def study(
        self,
        rules,
        shoe: Shoe,
        strategy: str = "basic",
        indices: bool = False,
        system: CountSystem | None = None,
        progress: Progress = lambda items: items,
    ):
        """The study object: ``rules`` played by the chart ``strategy`` on fresh shoes like
        ``shoe`` (and, with ``indices``, the chart's departures for ``system`` (the game's
        default without one), computed ``index_decks_left`` decks from the end)."""
        decks = shoe.whole_decks("a study")
        label, chart = self.chart(rules, shoe, strategy)
        departures = ()
        if indices:
            left = index_decks_left(decks)
            departures = self.departures(rules, shoe, left, system, progress)
        return self.make_study(rules, shoe, chart, label, departures)

    def departures(
        self, rules, shoe: Shoe, left: int, system: CountSystem | None, progress: Progress
    ) -> tuple[Departure, ...]:
        """The index plays of ``rules`` for ``system``, ``left`` decks left, computed once
        per process (the last ``MEMO_SIZE``): a resumed study, a notebook or the web server
        asks again for the same ones."""
        key = (self.indices_table, rules, shoe, left, system)
        if key not in _DEPARTURES:
            table = self.indices_table(rules, shoe, left, system, progress)
            _remember(_DEPARTURES, key, tuple(departures_from_rows(table.rows())))
        return _DEPARTURES[key]

    def fresh(self, game, folder=None) -> FreshShoe:
        """``fresh_shoe(game)``, computed once per process for what the game plays (its
        identity: rules, chart, index plays), the last ``MEMO_SIZE``; with a study's
        ``folder``, also kept there (``FRESH_FILE``) for the next process that tabulates it."""
        import json

        key = (self.fresh_shoe, json.dumps(game.identity(), sort_keys=True))
        if key not in _FRESH:
            kept = read_fresh(folder, game) if folder is not None else None
            _remember(_FRESH, key, kept or self.fresh_shoe(game))
        if folder is not None:
            write_fresh(folder, game, _FRESH[key])
        return _FRESH[key]

    def tables(
        self,
        game,
        plan,
        records: pd.DataFrame,
        ramp: Ramp,
        bankrolls: Sequence[float] = (),
        folder=None,
    ) -> dict[str, Table]:
        """Every table of a study of the game (``study_report``); ``bankrolls`` (units) add
        the risk of ruin of every way of betting and size the optimal ramps; ``folder``, the
        study's, keeps the fresh shoe's analysis (``StudyRoom.fresh``)."""
        fresh = self.fresh(game, folder)
        second_moment = fresh.outcomes.std**2 + fresh.outcomes.ev**2
        edges = {"optimal play": fresh.optimal_edge, f"{game.strategy} chart": fresh.chart_edge}
        return study_report(
            records,
            plan,
            game,
            ramp,
            second_moment,
            edges,
            fresh.rules_title,
            fresh.rules_key,
            bankrolls,
        )


def study_room(game: str) -> StudyRoom:
    """The study hooks of the game named ``game`` (``STUDIES`` of ``reports/<game>/study.py``);
    TypeError for a game whose room has none (a game without a chart has no studies)."""
    from cardedge.games import room_module

    room = getattr(room_module("cardedge.reports", game, "study"), "STUDIES", None)
    if not isinstance(room, StudyRoom):
        raise TypeError(f"the game {game!r} has no study hooks (STUDIES, a StudyRoom)")
    return room


def study_report(
    records: pd.DataFrame,
    plan,
    game,
    ramp: Ramp,
    second_moment: float,
    fresh: dict[str, float],
    rules_title: str,
    rules_key: str,
    bankrolls: Sequence[float] = (),
) -> dict[str, Table]:
    """Every table of a study of ``game`` (``study/<game>/game.py``) dealt by ``plan``: titled
    '<rules_title>, <strategy>, <dealing>, N shoes, seed S', each row keyed (``study_keys``)."""
    title = (
        f"{rules_title}, {strategy_label(game)}, {plan.describe()}, {plan.shoes} shoes, "
        f"seed {plan.seed}"
    )
    keys = study_keys(game, plan, rules_key)
    return study_tables(
        records,
        plan.shoe_cards,
        plan.system,
        ramp,
        second_moment,
        fresh,
        title,
        keys,
        bankrolls=bankrolls,
    )


def study_files(tables: dict[str, Table], command: str) -> dict[str, str]:
    """Markdown (titled) and CSV (title and notes as '#' lines) of every study table, by file
    name: what a study writes next to its records."""
    from cardedge.reports.core.render import render

    made = f"generated by: {command}"
    files = {}
    for stem, table in tables.items():
        files[f"{stem}.md"] = render(table, "markdown", header=[made])
        files[f"{stem}.csv"] = render(
            table, "csv", header=[table.title, made, *table.notes], csv_float="%.12g"
        )
    return files


def write_study_outputs(folder, tables: dict[str, Table], command: str, title: str) -> list:
    """Write the tables (``study_files``) and the figures into ``folder``."""
    from pathlib import Path

    from cardedge.core.files import write_text

    folder = Path(folder)
    paths = []
    for name, text in study_files(tables, command).items():
        paths.append(write_text(folder / name, text))
    for stem, (name, draw) in FIGURES.items():
        table = tables[stem]
        draw = draw if len(table.data) else _empty_png
        source = figure_source(table, title, draw)
        if png_source(folder / name) != source:
            draw(table, folder / name, title, source)
        paths.append(folder / name)
    return paths
