"""The ``study`` commands' shared options and run (``cli/<game>/study.py``).

The command translates words into objects (rules, the game's study object, the plan, the
ramp), then hands them to ``cardedge.study`` (the run on Dask) and ``cardedge.reports`` (the
tables); it computes nothing itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import contextmanager

import click

from cardedge.cli.core.common import FiniteFloat, emit, format_option
from cardedge.cli.core.counts import SystemParam
from cardedge.engine.core.table import MAX_SEATS, check_seats
from cardedge.extras import require
from cardedge.reports.core.ramp import MAX_BANKROLL, resolve_ramp
from cardedge.study.core.plan import DEFAULT_BATCH_SHOES, MAX_SHOES, StudyPlan
from cardedge.study.core.run import check_scheduler, check_workers, run_study
from cardedge.study.core.store import StudyStore, manifest_of, study_folder


class Scheduler(click.ParamType):
    """A Dask scheduler address (tcp://host:8786) or 'synchronous'."""

    name = "address"

    def convert(self, value, param, ctx):
        try:
            return check_scheduler(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)


def study_options(default_system: str):
    """The options every ``study`` command shares (dealing, counting, betting, where it runs,
    where it writes)."""
    options = [
        click.option(
            "--penetration",
            type=FiniteFloat(0, 1, min_open=True, max_open=True),
            default=0.75,
            show_default=True,
            help="Share of the shoe dealt before the cut card (no round starts past it).",
        ),
        click.option(
            "--shoes",
            type=click.IntRange(1, MAX_SHOES),
            default=200,
            show_default=True,
            help="Shoes to shuffle and deal.",
        ),
        click.option(
            "--seed",
            type=click.IntRange(0, 2**63 - 1),
            default=1,
            show_default=True,
            help="Seed: shoe i is shuffled by the i-th child stream of this seed, so the same "
            "seed deals the same shoes on any workers, in any order.",
        ),
        click.option(
            "--players",
            type=click.IntRange(1, MAX_SEATS),
            default=1,
            show_default=True,
            help="Players at the table: the others play the chart without index plays and "
            "take their cards from the same shoe in table order (a card to each seat, the "
            "second to each, the dealer's; seats act in order, the dealer plays once); the "
            "count sees every card and the study records our seat only.",
        ),
        click.option(
            "--seat",
            type=click.IntRange(1, MAX_SEATS),
            default=1,
            show_default=True,
            help="Our seat, 1..--players, in dealing order (seat 1 is dealt and acts first).",
        ),
        click.option(
            "--system",
            type=SystemParam(),
            default=default_system,
            show_default=True,
            help="The count kept (a built-in system or a TOML/JSON file of tags A, 2..9, T): "
            "running count of the cards dealt, true count per deck left; an unbalanced count "
            "starts at its IRC and takes its balanced twin's true count (README).",
        ),
        click.option(
            "--spread",
            default="1-8",
            show_default=True,
            help="Bet ramp: LOW-HIGH bets LOW below --ramp-start, then one unit more per whole "
            "true count from it, up to HIGH; or a CSV ramp file 'true_count,units'.",
        ),
        click.option(
            "--ramp-start",
            type=click.IntRange(-20, 20),
            default=1,
            show_default=True,
            help="The whole true count at which a LOW-HIGH ramp first raises the bet.",
        ),
        click.option(
            "--bankroll",
            "bankrolls",
            type=FiniteFloat(0, MAX_BANKROLL, min_open=True),
            multiple=True,
            metavar="UNITS",
            help="A bankroll in betting units (repeatable): adds each way of betting's risk of "
            "ruin with it (exp(-2 w B / s^2), from the exact win and SD per round); the first "
            "sizes the optimal (Kelly) ramps (default 10,000 units).",
        ),
        click.option(
            "--indices",
            is_flag=True,
            help="Play the chart with its true-count index plays (the game's `indices` table).",
        ),
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            default=None,
            help="Worker processes of the local Dask cluster (default and most: one per core).",
        ),
        click.option(
            "--scheduler",
            type=Scheduler(),
            default=None,
            help="Run on a running Dask cluster at this address (tcp://host:8786) instead of "
            "a local one; 'synchronous' runs in this process.",
        ),
        click.option(
            "--batch-shoes",
            type=click.IntRange(1, MAX_SHOES),
            default=DEFAULT_BATCH_SHOES,
            show_default=True,
            help="Shoes per Dask task and Parquet file.",
        ),
        click.option(
            "--out",
            required=True,
            metavar="DIR",
            help="Folder for the records (one Parquet file per batch), tables and plots.",
        ),
        click.option(
            "--resume",
            is_flag=True,
            help="Finish the study in --out: batches already written are not recomputed.",
        ),
        format_option(),
    ]

    def wrap(f):
        for option in reversed(options):
            f = option(f)
        return f

    return wrap


@contextmanager
def batch_progress(total: int, label: str):
    """A callback that advances a bar (with ETA) per finished batch, on a terminal only."""
    if not sys.stderr.isatty() or total < 1:
        yield lambda batch: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) as bar:
        yield lambda batch: bar.update(1)


def run_and_report(
    make_game: Callable,
    options: dict,
    tables_of: Callable,
    label: str,
) -> None:
    """Check the options, build the game's study object (``make_game()``), deal and evaluate
    the study on Dask into ``--out``, then print its tables and write them (CSV, Markdown) and
    its plots (PNG) beside the records."""
    from cardedge.reports.core.study import write_study_outputs

    require("study")
    if options["workers"] is not None and options["scheduler"] is not None:
        raise click.UsageError("give --workers (a local cluster) or --scheduler, not both")
    check_workers(options["workers"])
    try:
        check_seats(options["players"], options["seat"])
    except ValueError as e:
        raise click.UsageError(f"--seat {options['seat']}: {e}") from None
    ramp = resolve_ramp(options["spread"], options["ramp_start"])
    study_folder(options["out"])
    game = make_game()
    plan = StudyPlan(
        game.decks,
        options["penetration"],
        options["shoes"],
        options["seed"],
        options["system"],
        options["batch_shoes"],
        players=options["players"],
        seat=options["seat"],
    )
    store = StudyStore(
        options["out"], manifest_of(plan.identity(), game.identity()), options["resume"]
    )
    todo = plan.batches - len(store.done(plan.batches))
    for reason in store.damaged.values():
        click.echo(f"{reason}: recomputing it", err=True)
    with batch_progress(todo, label) as on_batch:
        summary = run_study(game, plan, store, options["workers"], options["scheduler"], on_batch)
    click.echo(
        f"{label}: {len(summary.computed)} batch(es) computed on {summary.where}, "
        f"{len(summary.reused)} found in {store.folder}",
        err=True,
    )
    records = store.read(plan.batches)
    tables = tables_of(game, plan, records, ramp, options["bankrolls"])
    command = f"cardedge {game.game} study"
    title = tables["summary"].title.removeprefix("Shoe study: ")
    write_study_outputs(store.folder, tables, command, title)
    emit(list(tables.values()), options["fmt"])
