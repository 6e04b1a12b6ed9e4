"""``cardedge zero play`` / ``cardedge blackjack play``: an interactive training session.

The screen shows the cards; the player answers with the keys named on screen (one per line,
Enter to confirm). After each decision it says whether the choice matched the basic strategy
and exact optimal play, and what a mistake cost in EV. Points are virtual (no money value).
The session logic lives in ``engine/core/training.py``; this module only reads and prints, and
``cli/<game>/play.py`` adds each game's command and how its table looks.
"""

from __future__ import annotations

import sys

import click

from cardedge.api.options import PLAY
from cardedge.cli.core.declared import declared_options
from cardedge.engine.core.dealing import IllegalAction, card_label
from cardedge.engine.core.training import Judgement, SessionStats, TrainingSession

KEYS = {"s": "stand", "h": "hit", "d": "double", "p": "split", "r": "surrender"}
KEY_LABELS = {
    "stand": "[s]tand",
    "hit": "[h]it",
    "double": "[d]ouble",
    "split": "s[p]lit",
    "surrender": "su[r]render",
}
"""Surrender is offered (and its key shown) only where the game's rules make it legal."""
QUIT = ("q", "quit")
POINTS_NOTE = "Virtual points only: they have no money value and cannot be withdrawn."


def points_text(x: float) -> str:
    """Points as the trainer prints them: signed, '0' for nothing."""
    return f"{x:+g}" if x else "0"


def cards_text(kinds) -> str:
    """Cards as labels, e.g. 'A 7'."""
    return " ".join(card_label(k) for k in kinds)


def hand_lines(rnd, describe) -> list[str]:
    """The table as the player sees it before the dealer plays: the up card, then each hand
    (``describe(hand)``: its cards and total), the hand to play marked when there are several."""
    lines = [f"Dealer: {card_label(rnd.up)} ??"]
    many = len(rnd.hands) > 1
    for i, h in enumerate(rnd.hands):
        name = f"Hand {i + 1}" if many else "You"
        mark = "  <- your move" if many and i == rnd.current else ""
        lines.append(f"{name + ':':7} {describe(h)}{mark}")
    return lines


def _read(text: str) -> str | None:
    """One line from the player; None at the end of input. Input that does not come from a
    terminal (a script) is echoed, so the screen reads as the session went."""
    try:
        line = click.prompt(text, default="", show_default=False, prompt_suffix="> ")
    except (click.exceptions.Abort, EOFError, RuntimeError, OSError):
        # end of input, or no standard input at all (closed): the session ends
        return None
    if not sys.stdin.isatty():
        click.echo(line)
    return line


def session_options(f):
    """``--seed``, ``--bet`` and ``--balance``: the options every training session takes
    (``api/options.py`` ``PLAY``)."""
    return declared_options(PLAY)(f)


def ask_action(legal: tuple[str, ...]) -> str | None:
    """The action the player types (a key or the action's name); None to quit."""
    keys = "  ".join(KEY_LABELS[a] for a in legal) + "  [q]uit"
    while True:
        text = _read(keys + " ")
        if text is None:
            return None
        t = text.strip().lower()
        if t in QUIT:
            return None
        if t in KEYS.values():
            return t
        if t in KEYS:
            return KEYS[t]
        if t:
            click.echo(f"  Unknown key {text.strip()!r}: type one of the keys shown.")


def judgement_lines(j: Judgement, bet: float) -> list[str]:
    """What the coach says about one decision."""
    evs = ", ".join(f"{a} {v:+.4f}" for a, v in j.evs.items())
    lines = []
    if j.matches_basic and j.matches_optimal:
        lines.append(f"  Correct: {j.action} is the basic strategy and optimal play.")
    elif j.matches_optimal:
        lines.append(
            f"  Correct: {j.action} is optimal play here (the basic strategy says {j.basic}; "
            "a chart cannot see every card)."
        )
    else:
        basic = "matches the basic strategy" if j.matches_basic else f"basic strategy: {j.basic}"
        lines.append(f"  Mistake: you chose {j.action}; {basic}; optimal play: {j.optimal}.")
    if evs:
        lines.append(f"  EV per initial wager: {evs}")
    if not j.matches_optimal:
        if j.cost is None:
            lines.append("  (no exact EV for a resplit: the analysed strategies always resplit)")
        else:
            lines.append(f"  This cost {j.cost:.4f} wagers ({j.cost * bet:.2f} points) in EV.")
    return lines


def summary_lines(stats: SessionStats) -> list[str]:
    """The session summary shown when the player quits."""
    lines = [
        "",
        "Session summary",
        "===============",
        f"hands played:      {stats.hands}"
        + (f" (and {stats.abandoned} left unfinished, not settled)" if stats.abandoned else ""),
        f"decisions:         {stats.decisions}",
        f"errors:            {stats.basic_errors} against the basic strategy, "
        f"{stats.optimal_errors} against optimal play",
        f"EV lost:           {stats.ev_lost:.4f} wagers ({stats.ev_lost * stats.bet:.2f} points)"
        + (
            f"; {stats.uncosted_errors} resplit error(s) not valued"
            if stats.uncosted_errors
            else ""
        ),
        f"net result:        {points_text(stats.net * stats.bet)} points",
        f"balance:           {stats.balance:g} points",
        POINTS_NOTE,
    ]
    return lines


def run_session(session: TrainingSession, header: list[str], hand_text, show_outcome) -> None:
    """Deal, ask, judge and settle rounds until the player quits; then print the summary.
    ``hand_text(hand)``: a hand as shown (cards, total); ``show_outcome(rnd, points)``: the
    settled round's lines."""
    if sys.stdin is None or sys.stdin.closed:
        raise click.UsageError("play reads the player's keys from standard input, which is closed")
    for line in header:
        click.echo(line)
    stats = session.stats
    while True:
        rnd = session.new_round()
        click.echo("")
        click.echo(f"--- Hand {stats.hands + 1} --- balance {stats.balance:g} points")
        quitting = False
        while not rnd.finished:
            for line in hand_lines(rnd, hand_text):
                click.echo(line)
            action = ask_action(rnd.legal_actions())
            if action is None:
                session.abandon()
                quitting = True
                break
            try:
                judgement = session.act(action)
            except IllegalAction as e:
                click.echo(f"  Not allowed: {e}")
                continue
            for line in judgement_lines(judgement, stats.bet):
                click.echo(line)
        if quitting:
            break
        points = session.settle()
        for line in show_outcome(rnd, points):
            click.echo(line)
        click.echo(f"Round: {points_text(points)} points; balance {stats.balance:g} points.")
        answer = _read("[Enter] next hand  [q]uit ")
        if answer is None or answer.strip().lower() in QUIT:
            break
    for line in summary_lines(stats):
        click.echo(line)
