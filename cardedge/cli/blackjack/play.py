"""``cardedge blackjack play``: an interactive blackjack training session (``cli/core/play.py``)."""

from __future__ import annotations

import click

from cardedge.api.blackjack import OPTIONS, RULES, rules_for
from cardedge.api.blackjack import shoe as dealt_shoe
from cardedge.api.core import one_deck_count
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.play import (
    POINTS_NOTE,
    cards_text,
    run_session,
    session_options,
)
from cardedge.engine.blackjack import game as bj
from cardedge.reports.blackjack import simulation as sim_reports


def _hand_text(h) -> str:
    """A hand as the player sees it: cards, total, whether doubled."""
    soft = " soft" if bj.is_soft(h.cards) else ""
    state = " bust" if h.busted else ""
    doubled = " (doubled)" if h.wager == 2 else ""
    return f"{cards_text(h.cards)}  ={soft} {h.total}{state}{doubled}"


def blackjack_outcome(rnd: bj.BlackjackRound, points: float) -> list[str]:
    """The lines saying how a finished round ended and the balance of points after it."""
    out = rnd.outcome
    dealer = f"Dealer: {cards_text(out.dealer)}  = {out.dealer_total}"
    if out.dealer_natural:
        dealer += " (natural)"
    elif out.dealer_total > 21:
        dealer += " bust"
    lines = [dealer]
    if out.player_natural:
        lines.append(f"You:    {cards_text(out.hands[0].cards)}  natural!")
        return lines
    for i, h in enumerate(out.hands):
        name = f"Hand {i + 1}" if len(out.hands) > 1 else "You"
        word = "wins" if h.net > 0 else "loses" if h.net < 0 else "pushes"
        if h.surrendered:
            word = "surrendered, half the bet lost"
        elif h.five_card:
            word = "five cards, wins at once"
        bust = " bust" if h.busted else ""
        doubled = " (doubled)" if h.wager == 2 else ""
        lines.append(f"{name + ':':7} {cards_text(h.cards)}  = {h.total}{bust}{doubled}: {word}")
    return lines


def _surrender_text(peek: bool) -> str:
    when = (
        "after the dealer has checked for a natural (late surrender)"
        if peek
        else "before the dealer draws; half is lost even to a dealer natural"
    )
    return f"Surrender (r) gives up half the bet on your first two cards, {when}."


@click.command("play")
@rule_options
@declared_option(OPTIONS["play"]["basic"])
@session_options
def play(basic, seed, bet, balance, decks, **rules) -> None:
    """Practise blackjack: play hands, see what each decision cost against optimal play."""
    r = rules_for(**{k: rules[k] for k in RULES.names})
    shoe = dealt_shoe(one_deck_count(decks, "play"))
    seed = sim_reports.new_seed() if seed is None else seed
    session = sim_reports.blackjack_training(r, shoe, basic, seed, bet, balance)
    header = [
        f"Blackjack training session: {r.describe(shoe)}; seed {seed}.",
        f"Bet {bet:g} points a hand; balance {balance:g} points. {POINTS_NOTE}",
        f"Decisions are checked against the {basic} strategy and exact optimal play "
        "(EVs for a fresh shoe).",
        "Type a key and Enter; q quits.",
    ]
    if r.surrender:
        header.insert(3, _surrender_text(r.peek))
    run_session(session, header, _hand_text, blackjack_outcome)
