"""``cardedge zero simulate`` / ``cardedge blackjack simulate``: Monte Carlo beside the exact edge.

The commands are added to the game groups by ``add_zero_commands`` / ``add_blackjack_commands``
(called at the end of ``zero_cmd`` / ``blackjack_cmd``, so this module imports neither).
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager

import click

from cardedge.analysis.zero.paytable import DEFAULT_PAYTABLE
from cardedge.analysis.zero.rules import preset
from cardedge.cli.common import emit, format_option
from cardedge.cli.zero.options import rules_option, strategy_option
from cardedge.reports.core import engine as engine_reports

DEFAULT_ROUNDS = 1_000_000


def rounds_option():
    return click.option(
        "--rounds",
        type=click.IntRange(min=2),
        default=DEFAULT_ROUNDS,
        show_default=True,
        help="Rounds to simulate (each from a freshly shuffled shoe).",
    )


def seed_option(what: str):
    return click.option(
        "--seed",
        type=click.IntRange(min=0),
        default=None,
        help=f"Random seed; the same seed gives the same {what} (default: a new one, printed).",
    )


@contextmanager
def _progress(rounds: int, label: str):
    """A callback adding simulated rounds to a progress bar (on a terminal only)."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=rounds, label=label, file=sys.stderr) as bar:
        yield bar.update


def _emit_report(report, fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps(report.record(), indent=2))
        return
    emit(report.tables(), fmt)


def add_zero_commands(group: click.Group) -> None:
    """Add ``simulate`` and ``play`` to the ``zero`` group."""
    from cardedge.cli.play import zero_play

    group.add_command(zero_simulate)
    group.add_command(zero_play)


def add_blackjack_commands(group: click.Group, rule_options) -> None:
    """Add ``simulate`` and ``play`` to the ``blackjack`` group (``rule_options``: its rule
    options decorator, giving a list of ``BlackjackRules``, one per deck count)."""
    from cardedge.cli.play import blackjack_play_command

    group.add_command(blackjack_simulate_command(rule_options))
    group.add_command(blackjack_play_command(rule_options))


@click.command("simulate")
@rules_option("published")
@click.option("--decks", type=click.IntRange(1, 8), default=6, show_default=True)
@strategy_option()
@rounds_option()
@seed_option("rounds")
@click.option(
    "--paytable",
    metavar="FILE",
    default=None,
    help=f"Zero Pays pay table for the side bet's figures [default: {DEFAULT_PAYTABLE}].",
)
@format_option()
def zero_simulate(rules, decks, strategy, rounds, seed, paytable, fmt) -> None:
    """Monte Carlo house edge of Zero beside the exact figure, with outcome frequencies.

    Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
    exact evaluator only chooses optimal play. The Zero Pays side bet is settled on every
    round too.
    """
    with _progress(rounds, "Zero simulation") as bar:
        report = engine_reports.zero_simulation(
            preset(rules, decks), rules, strategy, rounds, seed, paytable, bar
        )
    _emit_report(report, fmt)


def blackjack_simulate_command(rule_options) -> click.Command:
    """``blackjack simulate`` built on the blackjack group's rule options."""
    from cardedge.strategy.blackjack.charts import STRATEGIES

    @click.command("simulate")
    @rule_options
    @click.option(
        "--strategy",
        type=click.Choice(STRATEGIES),
        default="basic",
        show_default=True,
        help="optimal (CDZ-), basic, or an AI level (easy, normal, hard).",
    )
    @rounds_option()
    @seed_option("rounds")
    @format_option()
    def simulate(rules, strategy, rounds, seed, fmt) -> None:
        """Monte Carlo house edge of blackjack beside the exact figure, with frequencies.

        Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
        strategy's decisions are read off the exact evaluator's tables.
        """
        if len(rules) != 1:
            raise click.BadParameter("simulate takes one deck count", param_hint="--decks")
        (r,) = rules
        name = "default" if r == type(r)() else "custom"
        with _progress(rounds, "Blackjack simulation") as bar:
            report = engine_reports.blackjack_simulation(r, name, strategy, rounds, seed, bar)
        _emit_report(report, fmt)

    return simulate
