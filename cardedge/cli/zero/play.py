"""``cardedge zero play``: an interactive Zero training session (see ``cli/core/play.py``)."""

from __future__ import annotations

from fractions import Fraction

import click

from cardedge.analysis.zero.rules import RULES, preset
from cardedge.api.zero import OPTIONS
from cardedge.api.zero import shoe as dealt_shoe
from cardedge.cli.core.common import deck_option
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.play import (
    POINTS_NOTE,
    cards_text,
    run_session,
    session_options,
)
from cardedge.cli.zero.options import rules_option
from cardedge.engine.core.dealing import card_label
from cardedge.engine.zero import game as zr
from cardedge.reports.zero import simulation as sim_reports


def _hand_text(h) -> str:
    """A hand as the player sees it: cards, total, whether doubled."""
    doubled = " (doubled)" if h.doubled else ""
    return f"{cards_text(h.cards)}  = {h.total}{doubled}"


def zero_outcome(rnd: zr.ZeroRound, points: float) -> list[str]:
    """The lines saying how a finished round ended and the balance of points after it."""
    out = rnd.outcome
    lines = []
    if out.decision == "zero pair":
        pays = Fraction(out.net).limit_denominator(1000)
        kind = "a Zero Pair of the up card's rank (trips)" if out.trips else "a Zero Pair"
        lines.append(
            f"You: {cards_text(out.hands[0].cards)} with {card_label(rnd.up)} up: {kind}, "
            f"paid {pays.numerator} to {pays.denominator} at once."
        )
    else:
        lines.append(f"Dealer: {cards_text(out.dealer)}  = {out.dealer_total}")
        for i, h in enumerate(out.hands):
            name = f"Hand {i + 1}" if len(out.hands) > 1 else "You"
            word = "wins" if h.net > 0 else "loses" if h.net < 0 else "pushes"
            doubled = " (doubled)" if h.wager == 2 else ""
            lines.append(f"{name + ':':7} {cards_text(h.cards)}  = {h.total}{doubled}: {word}")
    if rnd.side_bet:
        row = rnd.paytable.rows[out.side_row].hand if out.side_row < len(rnd.paytable.rows) else ""
        lines.append(f"Zero Pays side bet: {row or 'loses'}")
    return lines


@click.command("play")
@rules_option(OPTIONS["play"]["rules"])
@deck_option()
@declared_option(OPTIONS["play"]["basic"])
@session_options
@declared_option(OPTIONS["play"]["side_bet"])
def play(rules, decks, basic, seed, bet, balance, side_bet, **changes) -> None:
    """Practise Zero: play hands, see after each decision what it cost against optimal play."""
    seed = sim_reports.new_seed() if seed is None else seed
    the_rules = preset(rules, RULES.changes(changes))
    shoe = dealt_shoe(decks)
    session = sim_reports.zero_training(the_rules, shoe, basic, seed, bet, balance, side_bet)
    header = [
        f"Zero training session: {rules} rules ({the_rules.describe(shoe)}); seed {seed}.",
        f"Bet {bet:g} points a hand"
        + (f" plus {side_bet:g} on Zero Pays" if side_bet else "")
        + f"; balance {balance:g} points. {POINTS_NOTE}",
        f"Decisions are checked against the {session.coach.basic.name} chart and exact optimal "
        "play (EVs for a fresh shoe).",
        "Lower total wins; 10/J/Q/K count 0. Type a key and Enter; q quits.",
    ]
    run_session(session, header, _hand_text, zero_outcome)
