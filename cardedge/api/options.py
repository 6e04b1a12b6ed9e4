"""Every non-rule option a command takes, declared once: its keyword, default and help (its
kind of value is ``params.KEYWORDS``'s, or the one given here), and how the command line reads
it (its words, its own type: ``Keyword``, in ``api/declaration.py``).

The rules are declared in each game's ``RULES``; what else a command takes is declared here,
in ``Keyword`` rows grouped by the commands that take them (``SHOE``: where the cards come
from; ``SHOWN``: how a table is shown; ``GRID``, ``STUDY``, ``REPORT``, ``SIMULATE``,
``COUNT``, ``SOLVE``, ``PLAY``: a family of commands), in each game's API module (``OPTIONS``:
its commands' own options, and their defaults where a command differs: ``zero compare``'s
decks are 1..8) and, for the ``cardedge`` command's own commands, in ``declaration.TOP``.
From these rows come:

- the command line's options (``cli/core/declared.py``: name, default, help, and the click
  type reading the text: by the kind, by the words, or the type the row names); no option is
  written by hand, the rules' aside (``cli/core/rules.py``, from ``RULES``);
- the API's defaults: a study's keywords (``core.STUDY_KEYWORDS``) are these rows'; every other
  function's signature writes its default, and ``tests/test_api_binding.py`` checks it
  against the row (and each option's help, default, words and flags against its row);
- the documentation's option tables (``python -m cardedge.api.options`` writes them between
  the ``<!-- options: GROUP -->`` markers of ``docs/``, GROUP a family or a game's command,
  ``zero solve``; a test compares).

A help may name a word of its command (``{rules}``: the rules ``--vary`` takes, ``{charts}``:
the game's charts, ``{what}``: what a seed deals, ``{spec}``: the game's shoe), filled in where
the option is made, or its own words (``{choices}``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from cardedge.analysis.core.counts import BUILTIN
from cardedge.analysis.core.rules import Choice
from cardedge.api import params
from cardedge.api.declaration import FORMAT, Keyword, by_name


def _max_rounds() -> int:
    from cardedge.engine.core.simulation import MAX_ROUNDS

    return MAX_ROUNDS


def _batch_shoes() -> int:
    from cardedge.study.core.plan import DEFAULT_BATCH_SHOES

    return DEFAULT_BATCH_SHOES


REPORT_ROUNDS = 10_000_000
"""Rounds of a report's Monte Carlo witness, by default."""
REPORT_SEED = 1
"""The witness's seed, by default: a report is the same document every time it is made."""
SIMULATED_ROUNDS = 1_000_000
"""Rounds of a simulation, by default."""

WORKERS = "workers"
SCHEDULER = "scheduler"

MAX_POINTS = 10**9
"""The most points a training session stakes or starts with (``--bet``, ``--balance``,
``--side-bet``): far beyond any table limit, and every payout stays exact in a float."""


def png(help: str) -> Keyword:
    """``--png FILE.png``: also draw a figure to FILE (``help``: which; the command line
    checks the name and the ``plots`` extra before any work)."""
    return Keyword("png", None, help, metavar="FILE.png", parsed=False, reader="png")


SHOE = by_name(
    Keyword(
        "decks",
        ("6",),
        "Number of decks; repeat, or give 1..8 or 6,8.",
        multiple=True,
        parsed=False,
        reader="decks",
    ),
    Keyword(
        "shoe",
        None,
        "The shoe by rank counts instead of --decks: {spec}.",
        metavar="SPEC",
        parsed=False,
    ),
    Keyword(
        "remove",
        None,
        "Cards taken out of the shoe, e.g. 5,5,T,A (on top of --decks or --shoe).",
        metavar="CARDS",
        parsed=False,
    ),
)
"""Where the cards come from (``cli/core/shoe.py``): deck counts (a command may default
otherwise: ``zero compare`` 1..8), or a shoe by rank counts (``{spec}``: the game's example),
less some cards."""

DEALT = Keyword("decks", 6, "Decks.", parsed=False, reader="deck")
"""``--decks`` of a command that deals one fresh shoe (a simulation, a study, a session)."""

SHOWN = by_name(
    Keyword(
        "digits",
        4,
        "Decimals shown in tables for a person; CSV and JSON keep full precision.",
    ),
    FORMAT,
    Keyword(
        "color",
        None,
        "Colour the chart letters (default: when printing to a terminal).",
        switch="pair",
        aliases=("--colour/--no-colour",),
        api=False,
    ),
)
"""How a table is shown (``digits``: a command may default otherwise, ``pays`` 6)."""

COUNT = by_name(
    Keyword(
        "system",
        tuple(BUILTIN),
        f"A count system ({'|'.join(BUILTIN)}) or a TOML/JSON file with one tag per rank A, "
        "2..9, T; repeatable.",
        multiple=True,
        parsed=False,
        reader="system",
    ),
)
"""The ``count`` commands' options (both games)."""


def index_system(default: str, why: str = "") -> Keyword:
    """``--system`` of an ``indices`` command: one count system, the game's ``default``
    (``why``: the help's reason for it)."""
    return Keyword(
        "system",
        default,
        "A count system (built-in key or TOML/JSON file of tags A, 2..9, T), balanced or not "
        "(an unbalanced count's true count is its balanced twin's: the notes say how)."
        + (f" {why}" if why else ""),
        kind=params.SYSTEM,
        parsed=False,
        reader="system",
    )


SOLVE = by_name(
    Keyword(
        "target",
        None,
        "The house edge to reach, in percent (positive for the house).",
        metavar="PERCENT",
        required=True,
        parsed=False,
    ),
    Keyword(
        "ladder",
        None,
        "The payouts a casino prints, comma-separated (like 6:5,7:5,3:2): the table gives the "
        "nearest on each side of the target, with their edges (default: 1:1, 6:5, 7:5, 3:2, "
        "8:5, 2:1, 5:2, then whole numbers to 1: 3:1, 4:1, 5:1, ... 1000:1 and beyond for a "
        "side bet).",
        metavar="P1,P2,...",
    ),
)
"""The ``solve`` commands' shared options (the API checks the target's text as written:
``api.core.target``; a side bet solves exactly from the decimal as written)."""

PLAY = by_name(
    Keyword("seed", None, "Seed for the cards.", kind=params.NEW_SEED, api=False),
    Keyword(
        "bet",
        10,
        "Points staked on each hand (virtual points).",
        kind=params.Number(0, MAX_POINTS, open_low=True),
        reader="points",
        api=False,
    ),
    Keyword(
        "balance",
        1000,
        "Starting points.",
        kind=params.Number(-MAX_POINTS, MAX_POINTS),
        reader="points",
        api=False,
    ),
)
"""The options every training session (``play``) takes: the command line's alone."""

EDGE = by_name(
    Keyword(
        "exact",
        False,
        "Also give each house edge as an exact fraction of the initial wager "
        "(house_edge_fraction), the same on every machine; house_edge_percent is then 100 "
        "times it, correctly rounded. Slower: seconds to a minute at 6 decks.",
        switch="flag",
    ),
)
"""What ``edge`` takes in both games beyond the game's own options."""

GRID = by_name(
    Keyword(
        "vary",
        (),
        "A rule to vary: RULE alone takes every value of a switch or a choice (the given value "
        "first); RULE=V1,V2 these values. Repeatable: one row per combination. Rules: {rules}.",
        multiple=True,
        metavar="RULE[=V1,V2,...]",
        parsed=False,
    ),
    Keyword(
        "basic",
        True,
        "Give the house edge of the basic strategy derived for each combination (a chart "
        "derivation per set of play rules).",
        switch="pair",
    ),
    Keyword(
        "sd",
        True,
        "Give the SD of a round under optimal play (an outcome distribution per set of play "
        "rules: the slowest column).",
        switch="pair",
    ),
    png("Also draw a heatmap of the optimal edge over the first two varied rules."),
    Keyword(
        "out",
        None,
        "Also write the rows to a Parquet file; finished tasks are kept beside it (FILE.parts) "
        "until the grid is done.",
        kind=params.OPTIONAL_PATH,
        metavar="FILE.parquet",
        parsed=False,
        reader="parquet",
    ),
    Keyword(
        "resume",
        False,
        "Finish an interrupted grid of the same --out: tasks kept beside it are not recomputed.",
        switch="flag",
    ),
    Keyword(
        WORKERS,
        None,
        "Run the tasks on a local Dask cluster of this many worker processes (default: in this "
        "process).",
    ),
    Keyword(
        SCHEDULER,
        None,
        "Run the tasks on a running Dask cluster at this address (tcp://host:8786).",
        parsed=False,
        reader="scheduler",
    ),
)
"""The ``grid`` commands' options (both games)."""

STUDY = by_name(
    Keyword(
        "strategy",
        "basic",
        "The chart played: {charts} (optimal play is evaluated for every round beside it).",
        parsed=False,
    ),
    Keyword(
        "penetration",
        0.75,
        "Share of the shoe dealt before the cut card (no round starts past it).",
    ),
    Keyword("shoes", 200, "Shoes to shuffle and deal."),
    Keyword(
        "seed",
        1,
        "Seed: shoe i is shuffled by the i-th child stream of this seed, so the same seed deals "
        "the same shoes on any workers, in any order.",
    ),
    Keyword(
        "players",
        1,
        "Players at the table: the others play the chart without index plays and take their "
        "cards from the same shoe in table order (a card to each seat, the second to each, the "
        "dealer's; seats act in order, the dealer plays once); the count sees every card and "
        "the study records our seat only.",
    ),
    Keyword(
        "seat",
        1,
        "Our seat, 1..--players, in dealing order (seat 1 is dealt and acts first).",
    ),
    Keyword(
        "system",
        None,
        "The count kept (a built-in system or a TOML/JSON file of tags A, 2..9, T): running "
        "count of the cards dealt, true count per deck left; an unbalanced count starts at its "
        "IRC and takes its balanced twin's true count (README).",
        kind=params.SYSTEM,
        parsed=False,
        reader="system",
    ),
    Keyword(
        "spread",
        "1-8",
        "Bet ramp: LOW-HIGH bets LOW below --ramp-start, then one unit more per whole true "
        "count from it, up to HIGH; or a CSV ramp file 'true_count,units'.",
        parsed=False,
    ),
    Keyword(
        "ramp_start",
        1,
        "The whole true count at which a LOW-HIGH ramp first raises the bet.",
    ),
    Keyword(
        "bankroll",
        (),
        "A bankroll in betting units (repeatable): adds each way of betting's risk of ruin "
        "with it (exp(-2 w B / s^2), from the exact win and SD per round); the first sizes the "
        "optimal (Kelly) ramps (default 10,000 units).",
        multiple=True,
        metavar="UNITS",
    ),
    Keyword(
        "indices",
        False,
        "Play the chart with its true-count index plays (the game's `indices` table).",
        switch="flag",
    ),
    Keyword(
        WORKERS,
        None,
        "Worker processes of the local Dask cluster (default and most: one per core).",
    ),
    Keyword(
        SCHEDULER,
        None,
        "Run on a running Dask cluster at this address (tcp://host:8786) instead of a local "
        "one; 'synchronous' runs in this process.",
        parsed=False,
        reader="scheduler",
    ),
    Keyword("batch_shoes", _batch_shoes(), "Shoes per Dask task and Parquet file."),
    Keyword(
        "out",
        None,
        "Folder for the records (one Parquet file per batch), tables and plots.",
        metavar="DIR",
        required=True,
        parsed=False,
    ),
    Keyword(
        "resume",
        False,
        "Finish the study in --out: batches already written are not recomputed.",
        switch="flag",
    ),
)
"""The ``study`` commands' options (both games; ``system``'s default is the game's)."""

REPORT = by_name(
    Keyword(
        "out",
        None,
        "Folder to write report.html, report.pdf and report.json into: new, empty, or an "
        "earlier report's (nothing else in it is touched: a folder holding other files is "
        "refused).",
        metavar="DIR",
        required=True,
        parsed=False,
    ),
    Keyword("rounds", REPORT_ROUNDS, "Rounds of the Monte Carlo witness."),
    Keyword(
        "seed",
        REPORT_SEED,
        "Seed of the witness (fixed: the same command gives the same document).",
    ),
    Keyword(
        "study_folder",
        None,
        "A finished shoe study of these rules (cardedge GAME study --out DIR; results/study "
        "holds the published ones): its house edge by true count joins the counting section.",
        metavar="DIR",
        parsed=False,
    ),
    Keyword(
        "pdf",
        True,
        "Print report.pdf from the HTML with headless Chromium.",
        switch="pair",
    ),
)
"""The ``report`` commands' options (both games)."""

SIMULATE = by_name(
    Keyword(
        "rounds",
        SIMULATED_ROUNDS,
        f"Rounds to simulate (each from a freshly shuffled shoe), at most {_max_rounds():.0e}.",
    ),
    Keyword(
        "threads",
        None,
        "Simulation threads (default: every core); the same seed gives the same counts on any "
        "number of threads.",
    ),
    Keyword(
        "seed",
        None,
        "Random seed; the same seed gives the same {what} (default: a new one, printed).",
        kind=params.NEW_SEED,
    ),
)
"""The ``simulate`` commands' options (both games)."""


def shoe_game(count: str) -> dict[str, Keyword]:
    """The shoe game's options (``<game> simulate --penetration``), kept together: one
    declaration for both games, ``count`` the name of the game's default count."""
    return by_name(
        Keyword(
            "penetration",
            None,
            "Deal a shoe game: shoes dealt to a cut card at this share of the shoe (burn card, "
            "shuffle, --players seats), counted, tallied by true count (default: every round from "
            "a fresh shoe, no count).",
            kind=params.Maybe(params.Number(0, 1, open_low=True, open_high=True), "a fresh shoe"),
        ),
        Keyword(
            "players",
            1,
            "Seats at the shoe game's table: the counter sits first (dealt and acting first), the "
            "others play the chart without index plays; the count sees every card.",
        ),
        Keyword(
            "count",
            None,
            "The shoe game's count (a built-in system or a TOML/JSON file of tags A, 2..9, T; "
            f"default {count}): running count of every card dealt, true count per deck left.",
            kind=params.Maybe(params.SYSTEM, count),
            parsed=False,
        ),
        Keyword(
            "indices",
            False,
            "The counter plays the chart's index plays for the count (the `indices` table, "
            "decks - 1 decks left, at most 5), decided on the true count at the start of the "
            "round.",
            switch="flag",
        ),
        Keyword(
            "index_file",
            None,
            "The counter's index plays from a file instead of the computed table: an `indices` "
            "table or an index card (`indices --top 18`), CSV or JSON as `--format` writes it "
            "(a card's classic indices read as published with --tc-convention floor).",
            kind=params.OPTIONAL_PATH,
            metavar="FILE",
            parsed=False,
        ),
        Keyword(
            "ramp",
            "1-8",
            "The counter's bets by true count: UNITS:TC pairs (1:-1,2:1,4:2,8:3: 1 unit below +1, "
            "2 from +1, ...), LOW-HIGH (one unit more per true count from +1) or a ramp file; "
            "priced after the run from the tallies.",
            kind=params.Text("a ramp: UNITS:TC pairs, LOW-HIGH or a ramp file"),
            parsed=False,
        ),
        Keyword(
            "wong_out",
            None,
            "Bet 0 below this whole true count (the rounds still dealt and counted).",
            kind=params.Maybe(params.Number(-50, 50), "never"),
        ),
        Keyword(
            "tc_convention",
            "exact",
            "How the true count is made whole for bets, bins and index plays: exact (index plays "
            "against the true count itself, bins and bets floored: the shoe study's), floor, "
            "truncate (toward 0) or round (halves away from 0).",
            kind=Choice(("exact", "floor", "truncate", "round")),
        ),
        Keyword(
            "tc_divisor",
            "exact",
            "Decks left that divide the running count: exact (cards left / 52), half (to the "
            "nearest half deck) or whole (rounded up to whole decks).",
            kind=Choice(("exact", "half", "whole")),
        ),
        Keyword("burn", 1, "Cards burned unseen after each shuffle.", kind=params.Whole(0, 52)),
        Keyword(
            "bankroll",
            (),
            "A bankroll in betting units (repeatable): each way of betting's risk of ruin with it; "
            "the first sizes the optimal ramp (default 10,000 units).",
            multiple=True,
            metavar="UNITS",
        ),
        Keyword(
            "risk",
            0.05,
            "The risk of ruin the optimal ramp may run with the first --bankroll.",
            kind=params.Number(0, 1, open_low=True, open_high=True),
        ),
        Keyword(
            "trip_hours",
            None,
            "A trip's hours: each --bankroll's risk of ruin within the trip too (the win's "
            "diffusion over hours x --rounds-per-hour rounds).",
            kind=params.Maybe(params.Number(0, 1e6, open_low=True), "no trip"),
        ),
        Keyword(
            "rounds_per_hour",
            100,
            "Rounds dealt an hour at the counter's seat (a trip's rounds: --trip-hours).",
            kind=params.Number(1, 1000),
        ),
        Keyword(
            WORKERS,
            None,
            "Deal the shoe game's batches on a local Dask cluster of this many worker processes "
            "(default: --threads in this process); the same seed gives the same tallies.",
        ),
        Keyword(
            SCHEDULER,
            None,
            "Deal the shoe game's batches on a running Dask cluster at this address "
            "(tcp://host:8786); 'synchronous' deals them in this process.",
            parsed=False,
            reader="scheduler",
        ),
        Keyword(
            "out",
            None,
            "Keep the shoe game's batches in this folder (one Parquet file per task of 8 streams, "
            "study.json naming the run) and write its tables there as Parquet.",
            kind=params.OPTIONAL_PATH,
            metavar="DIR",
            parsed=False,
        ),
        Keyword(
            "resume",
            False,
            "Finish the shoe game kept in --out: batches already there are read, not dealt (a "
            "folder of another run is refused).",
            switch="flag",
        ),
    )


SHOE_GAME = shoe_game("Hi-Lo")
"""The shoe game's options (``blackjack simulate --penetration``; Zero's differ only in the
default count's name: ``shoe_game``)."""

GROUPS: dict[str, dict[str, Keyword]] = {
    "shoe": SHOE,
    "shown": SHOWN,
    "edge": EDGE,
    "grid": GRID,
    "study": STUDY,
    "report": REPORT,
    "simulate": SIMULATE,
    "count": COUNT,
    "solve": SOLVE,
    "play": PLAY,
    "shoe_game": SHOE_GAME,
}
"""Every family of declarations, by the name the docs' markers use (each game's own
commands' are ``GAME COMMAND``: ``all_groups``)."""


def all_groups() -> dict[str, dict[str, Keyword]]:
    """The families (``GROUPS``) and each game's own commands' declarations (its API module's
    ``OPTIONS``), as ``zero edge``."""
    from cardedge.api.keywords import game_modules

    groups = dict(GROUPS)
    for module in game_modules():
        game = module.__name__.rsplit(".", 1)[-1]
        groups.update({f"{game} {command}": rows for command, rows in module.OPTIONS.items()})
    return groups


# ---- the documentation's option tables ---------------------------------------------------------
DOCS = Path(__file__).resolve().parents[2] / "docs"
BEGIN = "<!-- options: {group} (python -m cardedge.api.options) -->"
RULES_BEGIN = "<!-- rules: {game} (python -m cardedge.api.options) -->"
END = "<!-- end of options -->"


def default_text(k: Keyword) -> str:
    """A declaration's default as the docs' tables give it."""
    if k.required:
        return "required"
    if k.default is None or (k.multiple and not k.default):
        return "none"
    if isinstance(k.default, bool):
        return "on" if k.default else "off"
    if k.multiple:
        return f"`{','.join(str(v) for v in k.default)}`"
    return f"`{k.default}`"


def table_lines(group: str, groups: dict[str, dict[str, Keyword]] | None = None) -> list[str]:
    """The Markdown table of a family's options: option, API keyword, default, help (an
    option of the command line alone has no keyword; one taking given words lists them)."""
    rows = (groups or GROUPS)[group]
    lines = ["| option (API keyword) | default | what it does |", "| --- | --- | --- |"]
    for k in rows.values():
        option = f"{k.option}/--no-{k.option[2:]}" if k.switch == "pair" else k.option
        option = " ".join(f"`{o}`" for o in (option, *k.aliases))
        keyword = f" (`{k.name}`)" if k.api else ""
        # a word its command fills in, in italics: *charts*
        words = k.help
        if "{choices}" in words:
            words = words.replace("{choices}", ", ".join(k.words))
        elif k.choices and k.reader == "":
            words += f" One of: {', '.join(k.words)}."
        words = re.sub(r"\{(\w+)\}", r"*\1*", words).replace("|", "\\|")
        lines.append(f"| {option}{keyword} | {default_text(k)} | {words} |")
    return lines


def rule_lines(game: str) -> list[str]:
    """The Markdown table of a game's rule options, from its declarations (its API module's
    ``RULES``) and its named rule sets (``RULE_SETS()``: a preset, the rules page), each rule's
    value in each."""
    import importlib

    from cardedge.analysis.core.rules import Switch

    api = importlib.import_module(f"cardedge.api.{game}")
    named = api.RULE_SETS()
    lines = [
        f"| option (API keyword) | takes | {' / '.join(named)} |",
        "| --- | --- | --- |",
    ]
    for rule in api.RULES:
        option = rule.option
        if isinstance(rule.kind, Switch):
            option += f"/--{rule.off}" if rule.off else f"/--no-{rule.option[2:]}"
        values = {name: rule.kind.text(getattr(rules, rule.name)) for name, rules in named.items()}
        shown = (
            next(iter(values.values()))
            if len(set(values.values())) == 1
            else "; ".join(f"{name}: {v}" for name, v in values.items())
        )
        words = rule.help.replace("|", "\\|")
        lines.append(f"| `{option}` (`{rule.name}`) | {words} | {shown} |")
    return lines


def _blocks() -> dict[str, Callable[[], list[str]]]:
    """Each marker line -> the table it opens."""
    groups = all_groups()
    blocks: dict[str, Callable[[], list[str]]] = {
        BEGIN.format(group=g): (lambda g=g: table_lines(g, groups)) for g in groups
    }
    from cardedge.api.keywords import game_modules

    for module in game_modules():
        game = module.__name__.rsplit(".", 1)[-1]
        blocks[RULES_BEGIN.format(game=game)] = lambda game=game: rule_lines(game)
    return blocks


def rewritten(text: str) -> str:
    """``text`` (a docs page) with every marked block holding its table."""
    blocks = _blocks()
    out: list[str] = []
    inside = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if not inside:
            out.append(line)
            if stripped in blocks:
                inside = True
                out.extend(f"{x}\n" for x in blocks[stripped]())
            continue
        if stripped == END:
            out.append(line)
            inside = False
    if inside:
        raise ValueError(f"an options block is never closed ({END!r} missing)")
    return "".join(out)


def stale_pages() -> list[Path]:
    """The docs pages whose option tables differ from what the declarations give."""
    pages = sorted(DOCS.glob("*.md"))
    return [p for p in pages if rewritten(_read(p)) != _read(p)]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def main() -> int:
    """Rewrite every docs page's option tables; print the pages changed."""
    for page in sorted(DOCS.glob("*.md")):
        new = rewritten(_read(page))
        if new != _read(page):
            page.write_text(new, encoding="utf-8")
            print(f"rewrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
