"""``cardedge zero play`` / ``cardedge blackjack play``: an interactive training session.

The screen shows the cards; the player answers with the keys named on screen (one per line,
Enter to confirm). After each decision it says whether the choice matched the basic strategy
and exact optimal play, and what a mistake cost in EV. Points are virtual (no money value).
The session logic lives in ``analysis.engine.training``; this module only reads and prints.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import click

from cardedge.analysis.zero.rules import preset
from cardedge.cli.zero.options import rules_option
from cardedge.engine.blackjack import game as bj
from cardedge.engine.core.dealing import IllegalAction, card_label
from cardedge.engine.core.training import Judgement, SessionStats, TrainingSession
from cardedge.engine.zero import game as zr
from cardedge.reports.core import engine as engine_reports

KEYS = {"s": "stand", "h": "hit", "d": "double", "p": "split"}
KEY_LABELS = {"stand": "[s]tand", "hit": "[h]it", "double": "[d]ouble", "split": "s[p]lit"}
QUIT = ("q", "quit")
POINTS_NOTE = "Virtual points only: they have no money value and cannot be withdrawn."


def _points(x: float) -> str:
    return f"{x:+g}" if x else "0"


def _cards(kinds) -> str:
    return " ".join(card_label(k) for k in kinds)


def _read(text: str) -> str | None:
    """One line from the player; None at the end of input. Input that does not come from a
    terminal (a script) is echoed, so the screen reads as the session went."""
    try:
        line = click.prompt(text, default="", show_default=False, prompt_suffix="> ")
    except click.exceptions.Abort:
        return None
    if not sys.stdin.isatty():
        click.echo(line)
    return line


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
        f"net result:        {_points(stats.net * stats.bet)} points",
        f"balance:           {stats.balance:g} points",
        POINTS_NOTE,
    ]
    return lines


def run_session(session: TrainingSession, header: list[str], show_state, show_outcome) -> None:
    """Deal, ask, judge and settle rounds until the player quits; then print the summary."""
    for line in header:
        click.echo(line)
    stats = session.stats
    while True:
        rnd = session.new_round()
        click.echo("")
        click.echo(f"--- Hand {stats.hands + 1} --- balance {stats.balance:g} points")
        quitting = False
        while not rnd.finished:
            for line in show_state(rnd):
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
        click.echo(f"Round: {_points(points)} points; balance {stats.balance:g} points.")
        answer = _read("[Enter] next hand  [q]uit ")
        if answer is None or answer.strip().lower() in QUIT:
            break
    for line in summary_lines(stats):
        click.echo(line)


# ---- Zero ------------------------------------------------------------------------------------
def zero_state(rnd: zr.ZeroRound) -> list[str]:
    lines = [f"Dealer: {card_label(rnd.up)} ??"]
    many = len(rnd.hands) > 1
    for i, h in enumerate(rnd.hands):
        name = f"Hand {i + 1}" if many else "You"
        mark = "  <- your move" if many and i == rnd.current else ""
        doubled = " (doubled)" if h.doubled else ""
        lines.append(f"{name + ':':7} {_cards(h.cards)}  = {h.total}{doubled}{mark}")
    return lines


def zero_outcome(rnd: zr.ZeroRound, points: float) -> list[str]:
    out = rnd.outcome
    lines = []
    if out.decision == "zero pair":
        pays = Fraction(out.net).limit_denominator(1000)
        kind = "a Zero Pair of the up card's rank (trips)" if out.trips else "a Zero Pair"
        lines.append(
            f"You: {_cards(out.hands[0].cards)} with {card_label(rnd.up)} up: {kind}, "
            f"paid {pays.numerator} to {pays.denominator} at once."
        )
    else:
        lines.append(f"Dealer: {_cards(out.dealer)}  = {out.dealer_total}")
        for i, h in enumerate(out.hands):
            name = f"Hand {i + 1}" if len(out.hands) > 1 else "You"
            word = "wins" if h.net > 0 else "loses" if h.net < 0 else "pushes"
            doubled = " (doubled)" if h.wager == 2 else ""
            lines.append(f"{name + ':':7} {_cards(h.cards)}  = {h.total}{doubled}: {word}")
    if rnd.side_bet:
        row = rnd.paytable.rows[out.side_row].hand if out.side_row < len(rnd.paytable.rows) else ""
        lines.append(f"Zero Pays side bet: {row or 'loses'}")
    return lines


@click.command("play")
@rules_option("published")
@click.option("--decks", type=click.IntRange(1, 8), default=6, show_default=True)
@click.option(
    "--basic",
    default="basic",
    show_default=True,
    help="The chart to check decisions against: basic (best chart), published, or a chart file.",
)
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed for the cards.")
@click.option("--bet", type=click.FloatRange(min=0, min_open=True), default=10, show_default=True)
@click.option("--balance", type=float, default=1000, show_default=True, help="Starting points.")
@click.option(
    "--side-bet",
    type=click.FloatRange(min=0),
    default=0,
    show_default=True,
    help="Points on the Zero Pays side bet each hand (reconstructed pay table).",
)
def zero_play(rules, decks, basic, seed, bet, balance, side_bet) -> None:
    """Practise Zero: play hands, see after each decision what it cost against optimal play."""
    seed = engine_reports.new_seed() if seed is None else seed
    the_rules = preset(rules, decks)
    session = engine_reports.zero_training(the_rules, basic, seed, bet, balance, side_bet)
    header = [
        f"Zero training session: {rules} rules ({the_rules.describe()}); seed {seed}.",
        f"Bet {bet:g} points a hand"
        + (f" plus {side_bet:g} on Zero Pays" if side_bet else "")
        + f"; balance {balance:g} points. {POINTS_NOTE}",
        f"Decisions are checked against the {session.coach.basic.name} chart and exact optimal "
        "play (EVs for a fresh shoe).",
        "Lower total wins; 10/J/Q/K count 0. Type a key and Enter; q quits.",
    ]
    run_session(session, header, zero_state, zero_outcome)


# ---- blackjack -------------------------------------------------------------------------------
def blackjack_state(rnd: bj.BlackjackRound) -> list[str]:
    lines = [f"Dealer: {card_label(rnd.up)} ??"]
    many = len(rnd.hands) > 1
    for i, h in enumerate(rnd.hands):
        name = f"Hand {i + 1}" if many else "You"
        mark = "  <- your move" if many and i == rnd.current else ""
        soft = " soft" if bj.is_soft(h.cards) else ""
        state = " bust" if h.busted else ""
        doubled = " (doubled)" if h.wager == 2 else ""
        lines.append(f"{name + ':':7} {_cards(h.cards)}  ={soft} {h.total}{state}{doubled}{mark}")
    return lines


def blackjack_outcome(rnd: bj.BlackjackRound, points: float) -> list[str]:
    out = rnd.outcome
    dealer = f"Dealer: {_cards(out.dealer)}  = {out.dealer_total}"
    if out.dealer_natural:
        dealer += " (natural)"
    elif out.dealer_total > 21:
        dealer += " bust"
    lines = [dealer]
    if out.player_natural:
        lines.append(f"You:    {_cards(out.hands[0].cards)}  natural!")
        return lines
    for i, h in enumerate(out.hands):
        name = f"Hand {i + 1}" if len(out.hands) > 1 else "You"
        word = "wins" if h.net > 0 else "loses" if h.net < 0 else "pushes"
        bust = " bust" if h.busted else ""
        doubled = " (doubled)" if h.wager == 2 else ""
        lines.append(f"{name + ':':7} {_cards(h.cards)}  = {h.total}{bust}{doubled}: {word}")
    return lines


def blackjack_play_command(rule_options) -> click.Command:
    """``blackjack play`` built on the blackjack group's rule options."""
    from cardedge.strategy.blackjack.charts import STRATEGIES

    @click.command("play")
    @rule_options
    @click.option(
        "--basic",
        type=click.Choice([s for s in STRATEGIES if s != "optimal"]),
        default="basic",
        show_default=True,
        help="The strategy to check decisions against (basic, or an AI level's chart).",
    )
    @click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed for the cards.")
    @click.option(
        "--bet", type=click.FloatRange(min=0, min_open=True), default=10, show_default=True
    )
    @click.option("--balance", type=float, default=1000, show_default=True)
    def play(rules, basic, seed, bet, balance) -> None:
        """Practise blackjack: play hands, see what each decision cost against optimal play."""
        if len(rules) != 1:
            raise click.BadParameter("play takes one deck count", param_hint="--decks")
        (r,) = rules
        seed = engine_reports.new_seed() if seed is None else seed
        session = engine_reports.blackjack_training(r, basic, seed, bet, balance)
        header = [
            f"Blackjack training session: {r.describe()}; seed {seed}.",
            f"Bet {bet:g} points a hand; balance {balance:g} points. {POINTS_NOTE}",
            f"Decisions are checked against the {basic} strategy and exact optimal play "
            "(EVs for a fresh shoe).",
            "Type a key and Enter; q quits.",
        ]
        run_session(session, header, blackjack_state, blackjack_outcome)

    return play
