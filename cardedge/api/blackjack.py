"""European blackjack's API: one function per ``cardedge blackjack`` command (the public
module ``cardedge.blackjack`` re-exports them), each returning the ``Table`` or ``Tables`` the
command prints as ``--format json``. Edges: percent of the initial wager, positive for the
house; EVs: the player's, per unit initial wager.

Every function takes ``decks`` and a keyword per rule declared in
``cardedge.analysis.blackjack.rules.RULES`` (``h17``, ``peek``, ``das``, ``double``,
``split_hands``, ``rsa``, ``hit_split_aces``, ``surrender``, ``natural``), with
``BlackjackRules``' defaults (the rules page); ``python -m cardedge.api.keywords`` writes them
into the signatures. A refused value raises ``BadValue`` naming the keyword.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardedge.analysis.blackjack.game import GAME as BLACKJACK_GAME
from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
from cardedge.analysis.core.counts import BUILTIN
from cardedge.analysis.core.shoe import Shoe
from cardedge.api import core, options, params
from cardedge.reports.core.render import Table, Tables

GAME = BLACKJACK_GAME
"""The game's descriptor (``analysis/blackjack/game.py``)."""
COMMANDS: tuple[str, ...] = (*core.SHARED_COMMANDS, *core.CHART_COMMANDS, "dealer")
"""The API functions of the command line's commands."""
CLASSES = core.game_classes(GAME.name, "BlackjackRules", "Chart")
"""The classes ``cardedge.blackjack`` exports (imported when first used)."""
__all__ = [*COMMANDS, *core.OBJECTS, *core.CHART_OBJECTS]
DEFAULT_DECKS = 6
RULE_DEFAULTS: dict[str, object] = RULES.defaults(BlackjackRules)
"""Each rule keyword's default: ``BlackjackRules``' own (the rules page)."""
checked = params.checker(RULES)
"""The decorator that checks every keyword of a public function (``api/params.py``)."""

DEFAULT_SYSTEM = "hilo"
"""The default count system of ``indices`` and ``study``."""
REMAINING_DECKS = 5
"""``indices``: decks left in the shoe where the true counts are taken, by default (at most
the shoe's decks less one)."""
EOR_STRATEGIES = ("optimal", "basic")
"""``eor``'s strategies: CDZ- optimal (re-optimised on each shoe), the shoe's chart held fixed."""


def _strategies() -> tuple[str, ...]:
    from cardedge.strategy.blackjack.charts import STRATEGIES

    return STRATEGIES


def _charts() -> tuple[str, ...]:
    """The strategies a departure from optimal play is measured against: the charts."""
    return tuple(s for s in _strategies() if s != "optimal")


def _pays() -> tuple[str, ...]:
    from cardedge.reports.blackjack.solve import PAYS

    return PAYS


STRATEGY_HELP = (
    "{choices} (optimal: CDZ-; basic = hard, the computed chart; normal: the rules page's "
    "generic chart; easy: hit below 17), or a chart file (CSV or JSON as `blackjack chart "
    "--format csv` writes it)"
)


def _strategy(default: str = "optimal", charts: bool = False, multiple: bool = False):
    """``--strategy``: a named strategy (``charts``: a chart, not optimal play) or a chart
    file; ``multiple``: repeatable, one row each."""
    return options.Keyword(
        "strategy",
        (default,) if multiple else default,
        STRATEGY_HELP + ("; repeatable." if multiple else "."),
        kind=params.STRATEGIES if multiple else None,
        multiple=multiple,
        choices=_charts if charts else _strategies,
        reader="chart",
        parsed=False,
    )


OPTIONS: dict[str, dict[str, options.Keyword]] = {
    "edge": options.by_name(_strategy(multiple=True)),
    "returns": options.by_name(_strategy(multiple=True)),
    "chart": options.by_name(
        options.Keyword(
            "das_marks",
            True,
            "With DAS, mark Ph the splits that pay only thanks to DAS.",
            switch="pair",
        ),
        options.png("Also draw the chart as a colour image."),
    ),
    "hands": options.by_name(
        options.Keyword("up", None, "Only this up card (A, 2..9, T).", parsed=False),
    ),
    "exceptions": options.by_name(
        options.Keyword(
            "max_cards",
            3,
            "Largest hand (in cards) whose departures from basic strategy are listed.",
        ),
        _strategy("basic", charts=True),
    ),
    "eor": options.by_name(
        options.Keyword(
            "strategy",
            EOR_STRATEGIES,
            "optimal (CDZ-, re-optimised on each shoe) or basic (the shoe's chart, held "
            "fixed); repeatable.",
            kind=params.STRATEGIES,
            multiple=True,
            choices=EOR_STRATEGIES,
        ),
        options.png("Also plot the effects of removal by rank."),
    ),
    "indices": options.by_name(
        options.index_system(DEFAULT_SYSTEM),
        options.Keyword(
            "decks_left",
            None,
            "Decks left in the shoe where the true counts are taken [default: "
            f"{REMAINING_DECKS}, or --decks - 1 for a smaller shoe] (at most --decks; Hi-Lo "
            "with 5 makes every even true count an exact composition, others use true counts "
            "in steps of 10/decks-left).",
            kind=params.DECKS_LEFT_OR_NONE,
        ),
        options.Keyword(
            "top",
            None,
            "The index card instead of the full table: the N index plays of largest gain "
            "(insurance's too with --insurance), in the classic convention (the floored true "
            "count of the cards seen, the table's classic_index).",
            kind=params.CARD_PLAYS_OR_NONE,
            metavar="N",
        ),
    ),
    "simulate": options.by_name(_strategy("basic"), *options.SHOE_GAME.values()),
    "solve": options.by_name(
        options.Keyword("pay", "natural", "The payout to solve for.", choices=_pays),
        _strategy(),
    ),
    "study": options.by_name(options.STUDY["system"].but(default=DEFAULT_SYSTEM)),
    "play": options.by_name(
        options.Keyword(
            "basic",
            "basic",
            "The strategy to check decisions against: basic, an AI level's chart, or a chart "
            "file (as `blackjack chart --format csv` writes it).",
            kind=params.STRATEGY,
            choices=_charts,
            reader="chart",
            parsed=False,
            api=False,
        ),
    ),
}
"""The options of blackjack's commands declared for this game (``api/options.py``: the
families every game's commands share), by command: its own, and its defaults where they
differ."""


def rules_for(**rules) -> BlackjackRules:
    """The ``BlackjackRules`` of the rule keywords (the others at their defaults);
    ``BadValue`` for a bad value, TypeError for an unknown keyword."""
    unknown = sorted(set(rules) - set(RULES.names))
    if unknown:
        raise TypeError(f"unknown rule keyword(s): {', '.join(unknown)}")
    # BlackjackRules checks (and parses) each value by its declaration
    return BlackjackRules(**rules)


def RULE_SETS() -> dict[str, BlackjackRules]:  # noqa: N802 (a constant, made when first needed)
    """The named rule sets the docs' rule table gives each rule's value in: the rules page."""
    return {"the rules page": BlackjackRules()}


@dataclass(frozen=True)
class BlackjackCall(core.Bound):
    """A blackjack API call's keywords bound once (``bind``): the rules and the shoes."""

    rules: BlackjackRules


def bind(
    decks=None,
    shoe=None,
    remove=None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
) -> BlackjackCall:
    """The ``BlackjackCall`` of an API call's keywords, each checked (``BadValue`` naming it):
    the rules first, then the shoes (``core.shoes_for``: one per deck count, or the one
    ``shoe``; none when neither ``decks`` nor ``shoe`` is given).

    Examples:
        >>> from cardedge.api.blackjack import bind
        >>> bind(6, peek=True).rules.peek
        True
    """
    # BlackjackRules checks (and parses) each value by its declaration
    rules = BlackjackRules(
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    dealt = decks is not None or shoe is not None
    shoes = core.shoes_for(GAME.shoe, decks, shoe, remove) if dealt else []
    return BlackjackCall(tuple(shoes), rules)


@checked(strategy=params.STRATEGIES)
def edge(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    strategy="optimal",
    digits: int = 4,
    exact: bool = False,
    progress: core.Progress | None = None,
):
    """House edge of a round, one row per deck count (or shoe) and strategy (one or a list:
    optimal = CDZ-, basic, easy, normal, hard, or a chart file).

    ``house_edge_percent``: percent of the initial wager, positive for the house;
    ``player_ev``: the player's expected net result per unit initial wager. As JSON each row
    carries the rules as an object (``Table.records``). With ``exact`` each row also gives
    ``house_edge_fraction``, the house edge as an exact fraction of the initial wager
    (``analysis.blackjack.exact``: about 10 s of CPU at 6 decks), and the two figures are its
    correctly rounded values.

    Examples:
        >>> from cardedge.blackjack import edge
        >>> edge(decks=6, peek=True).rows()[0]["house_edge_percent"]
        0.40287023611541156
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _edge(call, strategy, digits, progress, exact)


def _edge(
    call: BlackjackCall,
    strategy="optimal",
    digits: int = 4,
    progress: core.Progress | None = None,
    exact: bool = False,
) -> Table:
    """``edge``'s table of a bound call."""
    from cardedge.reports.blackjack import strategy as bj_reports

    setups = [(call.rules, one) for one in call.shoes]
    results = bj_reports.edge_results(
        setups, core.listed(strategy), core.tracker(progress, "Blackjack edge")
    )
    fractions = None
    if exact:
        from cardedge.reports.blackjack.exact import exact_edges

        wrap = core.tracker(progress, "Blackjack exact edge")
        fractions = exact_edges(setups, core.listed(strategy), wrap)
    table = bj_reports.edge_table(results, digits, fractions)
    table.records = bj_reports.edge_records(results, fractions)
    return table


@checked()
def chart(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    das_marks: bool = True,
    png: str | None = None,
    log: core.Log | None = None,
):
    """The basic strategy chart computed for these rules (H hit, S stand, Dh/Ds double else
    hit/stand, P split, Ph split with DAS, R surrender), one deck count; on a depleted shoe,
    derived for it. ``das_marks``: with DAS, Ph marks the splits that pay only thanks to DAS;
    ``png`` also draws it.

    Examples:
        >>> from cardedge.blackjack import chart
        >>> chart(decks=6).title.startswith("Blackjack basic strategy (basic): 6 decks")
        True
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _chart(call, das_marks, png, log)


def _chart(
    call: BlackjackCall,
    das_marks: bool = True,
    png: str | None = None,
    log: core.Log | None = None,
) -> Table:
    """``chart``'s table of a bound call (its one shoe)."""
    from cardedge.reports.blackjack import strategy as bj_reports

    rules = call.rules
    png = core.checked_png(png)
    one = call.one_shoe("chart")
    ch = bj_reports.basic_chart(rules, one, das_marks)
    table = bj_reports.chart_table(ch, rules, one)
    if png:
        bj_reports.chart_png(ch, rules, one, png)
        if log is not None:
            log(f"wrote {png}")
    return table


@checked()
def hands(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    up: str | None = None,
):
    """EV of every two-card hand against every up card (``up``: only that one, A, 2..9, T),
    for each action: the player's expected net result per unit initial wager.

    Examples:
        >>> from cardedge.blackjack import hands
        >>> table = hands(decks=1, up="T")  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    from cardedge.analysis.blackjack.hands import VALUE_LABELS
    from cardedge.reports.blackjack import strategy as bj_reports

    u = None
    if up is not None:
        key = "T" if str(up).upper() in ("10", "J", "Q", "K") else str(up).upper()
        if key not in VALUE_LABELS:
            raise core.BadValue("up", f"{up!r} is not an up card (A, 2..9, T)", quoted=False)
        u = VALUE_LABELS.index(key)
    return bj_reports.hands_table(call.rules, call.one_shoe("hands"), u)


@checked()
def exceptions(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    max_cards: int = 3,
    strategy: str = "basic",
):
    """Composition-dependent departures from a strategy (default: the basic chart) in hands
    of up to ``max_cards`` cards, with the EV each gains (player's, per unit initial wager).

    Examples:
        >>> from cardedge.blackjack import exceptions
        >>> table = exceptions(decks=1, max_cards=2)  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _exceptions(call, max_cards, strategy)


def _exceptions(call: BlackjackCall, max_cards: int = 3, strategy: str = "basic") -> Table:
    """``exceptions``' table of a bound call (its one shoe)."""
    from cardedge.reports.blackjack import strategy as bj_reports

    if isinstance(max_cards, bool) or max_cards not in (2, 3, 4):
        raise core.BadValue("max_cards", f"{max_cards!r} is not in the range 2<=x<=4")
    one = call.one_shoe("exceptions")
    return bj_reports.exceptions_table(call.rules, one, max_cards, strategy)


@checked()
def compare(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    progress: core.Progress | None = None,
):
    """House edge (percent of the initial wager, house's side) of optimal and basic strategy
    by deck count (e.g. ``decks="1..8"``).

    Examples:
        >>> from cardedge.blackjack import compare
        >>> table = compare(decks=[1, 2])  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _compare(call, progress)


def _compare(call: BlackjackCall, progress: core.Progress | None = None) -> Table:
    """``compare``'s table of a bound call (its shoes' deck counts)."""
    from cardedge.reports.blackjack import strategy as bj_reports

    trace = core.tracker(progress, "Blackjack decks")
    return bj_reports.compare_table(call.deck_counts(), call.rules, trace)


@checked()
def variants(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    progress: core.Progress | None = None,
):
    """House edge (percent of the initial wager) of each single rule change (S17/H17, DAS,
    peek, 6:5, surrender...) from the given rules.

    Examples:
        >>> from cardedge.blackjack import variants
        >>> table = variants(decks=1)  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _variants(call, progress)


def _variants(call: BlackjackCall, progress: core.Progress | None = None) -> Table:
    """``variants``' table of a bound call (its one shoe)."""
    from cardedge.reports.blackjack import strategy as bj_reports

    one = call.one_shoe("variants")
    trace = core.tracker(progress, "Blackjack variants")
    return bj_reports.variants_table(call.rules, one, trace)


@checked(out=params.OPTIONAL_PATH)
def grid(
    *,
    vary=(),
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    basic: bool = True,
    sd: bool = True,
    digits: int = 4,
    png: str | None = None,
    out: str | None = None,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: core.Progress | None = None,
    log: core.Log | None = None,
):
    """The rule space: one row per combination of the ``vary`` rules' values (``"h17"``: both
    values of a switch, every choice; ``"natural=3:2,6:5"``: these) and deck count, the other
    rules as given. Each row: the varied values, the house edge (percent of the initial wager)
    under optimal play and the basic strategy derived for it (``basic=False`` skips it), the
    SD of a round (optimal play, per initial wager; ``sd=False`` skips it) and the additive
    estimate (the base combination plus each single-rule effect) with its error. ``png``: a
    heatmap over the first two varied rules; ``out``: the rows as a Parquet file (``resume``:
    reuse the tasks an interrupted run finished, kept beside it); ``workers`` or
    ``scheduler``: run the tasks on Dask (a local cluster of that many processes, or the
    cluster at that address).

    Examples:
        >>> from cardedge.blackjack import grid
        >>> table = grid(vary=["h17", "das"], decks=1)  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _grid(
        call,
        vary,
        basic=basic,
        sd=sd,
        digits=digits,
        png=png,
        out=out,
        resume=resume,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        log=log,
    )


def _grid(
    call: BlackjackCall,
    vary,
    *,
    basic: bool = True,
    sd: bool = True,
    digits: int = 4,
    png: str | None = None,
    out: str | None = None,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: core.Progress | None = None,
    log: core.Log | None = None,
) -> Table:
    """``grid``'s table of a bound call."""
    from cardedge.reports.blackjack import grid as room

    plan = core.grid_plan(list(call.shoes), vary, room.kinds(), room.base_values(call.rules))
    return core.run_grid(
        room,
        call.rules,
        plan,
        basic=basic,
        sd=sd,
        digits=digits,
        png=png,
        out=out,
        resume=resume,
        workers=workers,
        scheduler=scheduler,
        label="Blackjack grid",
        progress=progress,
        log=log,
    )


@checked()
def solve(
    *,
    target,
    pay: str = "natural",
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    strategy: str = "optimal",
    ladder=None,
):
    """The natural's payout (``pay``) at which the house edge is ``target`` percent of the
    initial wager, for optimal play (CDZ-) or a strategy (basic, a chart file...): exact, as a
    decimal (feed it back as ``natural=``), and the nearest payouts of ``ladder`` on each side
    of the target with their own edges (``ladder``: the payouts casinos print, 1:1, 6:5, 7:5,
    3:2, 8:5, 2:1, 5:2, 3:1...; or a list like ``["6:5", "3:2"]`` or ``"6:5,3:2"``). A natural
    is settled at once, so its payout changes no decision: the edge is affine in it.

    Examples:
        >>> from cardedge.blackjack import solve
        >>> solve(target=1.0, decks=6).rows()[0]["pays_decimal"]  # doctest: +SKIP
        1.3...
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    from cardedge.reports.blackjack import solve as room

    one = call.one_shoe("solve")
    return room.solve_table(
        call.rules,
        one,
        strategy,
        core.choice("pay", pay, room.PAYS),
        core.target(target),
        ladder,
    )


@checked(strategy=params.STRATEGIES)
def returns(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    strategy="optimal",
    progress: core.Progress | None = None,
):
    """Return table: every net result of a round (per unit initial wager, player's side) with
    its probability and return, the standard deviation and the element of risk, per deck count
    and strategy (one or a list).

    Examples:
        >>> from cardedge.blackjack import returns
        >>> table = returns(decks=1)  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _returns(call, strategy, progress)


def _returns(
    call: BlackjackCall, strategy="optimal", progress: core.Progress | None = None
) -> Table | Tables:
    """``returns``' tables of a bound call: one per shoe and strategy."""
    from cardedge.reports.blackjack import strategy as bj_reports

    jobs = [(one, s) for one in call.shoes for s in core.listed(strategy)]
    trace = core.tracker(progress, "Blackjack returns")
    return core.result(bj_reports.returns_table(call.rules, one, s) for one, s in trace(jobs))


@checked()
def dealer(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
):
    """The dealer's final result (17..21, bust, natural) by up card, probabilities from a
    fresh shoe (with peek: given no natural), one table per deck count.

    Examples:
        >>> from cardedge.blackjack import dealer
        >>> dealer(decks=1).rows()[0]["up"]
        '2'
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _dealer(call)


def _dealer(call: BlackjackCall) -> Table | Tables:
    """``dealer``'s tables of a bound call: one per shoe."""
    from cardedge.reports.blackjack import strategy as bj_reports

    return core.result(bj_reports.dealer_table(call.rules, one) for one in call.shoes)


@checked(strategy=params.STRATEGIES)
def eor(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    strategy=EOR_STRATEGIES,
    png: str | None = None,
    progress=None,
):
    """Effect of removing one card of each rank on the house edge (percentage points of the
    initial wager), per shoe and strategy (optimal, basic; one or a list); ``png`` plots them.

    Examples:
        >>> from cardedge.blackjack import eor
        >>> table = eor(decks=1, strategy="optimal")  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _eor(call, strategy, png, progress)


def _eor(
    call: BlackjackCall,
    strategy=EOR_STRATEGIES,
    png: str | None = None,
    progress: core.Progress | None = None,
) -> Table:
    """``eor``'s table of a bound call: one row per shoe and strategy."""
    from cardedge.reports.blackjack.eor import eor_results, eor_table

    png = core.checked_png(png)
    strategies = core.listed(strategy)
    for s in strategies:
        if s not in EOR_STRATEGIES:
            raise core.BadValue("strategy", f"{s!r} is not one of {', '.join(EOR_STRATEGIES)}")
    results = eor_results(
        [(call.rules, one) for one in call.shoes],
        strategies,
        core.tracker(progress, "Blackjack EOR"),
    )
    table = eor_table(results)
    if png:
        from cardedge.reports.core.plots import eor_png

        label = "blackjack {}, {}".format
        eor_png({label(r.shoe.describe(), r.strategy): r.row() for r in results}, png, table.title)
    return table


@checked()
def count(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    system=BUILTIN,
    progress: core.Progress | None = None,
):
    """Betting correlation and playing efficiency of count systems (Griffin) from exact
    effects of removal (default: every built-in system; one or a list).

    Examples:
        >>> from cardedge.blackjack import count
        >>> table = count(decks=1, system="hilo")  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    return _count(call, system, progress)


def _count(call: BlackjackCall, system=BUILTIN, progress: core.Progress | None = None) -> Table:
    """``count``'s table of a bound call."""
    from cardedge.reports.blackjack.count import count_table

    jobs = [(call.rules, one) for one in call.shoes]
    return count_table(jobs, core.count_systems(system), core.tracker(progress, "Blackjack count"))


@checked(system=params.SYSTEM, decks_left=params.DECKS_LEFT_OR_NONE, top=params.CARD_PLAYS_OR_NONE)
def indices(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    system=DEFAULT_SYSTEM,
    decks_left: int | None = None,
    top: int | None = None,
    progress: core.Progress | None = None,
):
    """True-count indices of every hard, soft and pair two-card cell for ``system`` (exact
    EVs of the composition each true count stands for), and insurance's when the rules offer
    it; ``gain``: edge gained per round (percentage points of the initial wager) by playing the
    index at 75% of the ``decks`` shoe. ``decks_left`` None: 5, or ``decks`` - 1 for a smaller
    shoe. ``top``: the index card instead, the ``top`` plays of largest gain in the classic
    convention (``reports.blackjack.indices.index_card``).

    Examples:
        >>> from cardedge.blackjack import indices
        >>> table = indices(decks=2, decks_left=1)  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    from cardedge.reports.blackjack.indices import index_card, indices_table

    one = call.one_shoe("indices")
    d = one.whole_decks("indices")
    if decks_left is None:
        decks_left = max(1, min(REMAINING_DECKS, d - 1))
    if decks_left > d:
        raise core.BadValue(
            "decks_left",
            f"{decks_left} decks left cannot come from a {d}-deck shoe (--decks)",
            quoted=False,
        )
    trace = core.tracker(progress, "Blackjack indices")
    full = indices_table(call.rules, one, decks_left, trace, core.count_system(system))
    return full if top is None else index_card(full, top, d)


@checked(seed=params.NEW_SEED, **{k.name: k.value_kind for k in options.SHOE_GAME.values()})
def simulate(
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    strategy: str = "basic",
    rounds: int = 1_000_000,
    threads: int | None = None,
    seed: int | None = None,
    penetration: float | None = None,
    players: int = 1,
    count=None,
    indices: bool = False,
    index_file: str | None = None,
    ramp: str = "1-8",
    wong_out: float | None = None,
    tc_convention: str = "exact",
    tc_divisor: str = "exact",
    burn: int = 1,
    bankroll=(),
    risk: float = 0.05,
    trip_hours: float | None = None,
    rounds_per_hour: float = 100,
    workers: int | None = None,
    scheduler: str | None = None,
    out: str | None = None,
    resume: bool = False,
    progress: core.Progress | None = None,
    log: core.Log | None = None,
) -> Tables:
    """Monte Carlo house edge of blackjack beside the exact figure, with frequencies (every
    round from a freshly shuffled shoe, settled by the rules engine). Edges: percent of the
    initial wager, house's side; ``seed`` None: a new one (in the tables).

    With ``penetration``, a shoe game instead (``engine/blackjack/shoe_game.py``): shoes dealt
    to the cut card at ``players`` seats, counted with ``count`` (default Hi-Lo), the counter
    playing the chart with its ``indices``; tables by true count (``tc_convention``,
    ``tc_divisor``), the ``ramp``'s win, SD, N0, SCORE, DI and risk of ruin (``bankroll``,
    ``wong_out``) and the optimal ramp for that spread at risk ``risk``. Its batches (streams
    of whole shoes) give the SEs by batch means; they are dealt on ``threads``, or on Dask
    (``workers``: a local cluster; ``scheduler``: a running one), and kept in the folder
    ``out`` with the tables as Parquet (``resume``: finish the run kept there).

    Examples:
        >>> from cardedge.blackjack import simulate
        >>> tables = simulate(decks=1, rounds=2000, seed=1)  # doctest: +SKIP
        >>> game = simulate(penetration=0.75, indices=True, rounds=10**6)  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    shoe_game = dict(
        players=players,
        count=count,
        indices=indices,
        index_file=index_file,
        ramp=ramp,
        wong_out=wong_out,
        tc_convention=tc_convention,
        tc_divisor=tc_divisor,
        burn=burn,
        bankroll=bankroll,
        risk=risk,
        trip_hours=trip_hours,
        rounds_per_hour=rounds_per_hour,
        workers=workers,
        scheduler=scheduler,
        out=out,
        resume=resume,
    )
    shoe_game = core.shoe_game_words(penetration, shoe_game)
    if penetration is None:
        return _simulate(call, strategy, rounds, threads, seed, progress)
    run = (call, strategy, rounds, threads, seed, progress, log)
    return _simulate_shoe(run, penetration, shoe_game)


def _simulate_shoe(run, penetration, words) -> Tables:
    """``simulate``'s shoe game (``reports/blackjack/shoe_game.py``), dealt and written by
    ``core.shoe_game_tables``."""
    from cardedge.reports.blackjack import shoe_game as room

    call, strategy, rounds, threads, seed, progress, log = run
    one = call.one_shoe("simulate")

    def deal(where, advance):
        return room.simulate_shoe(
            call.rules,
            one,
            strategy,
            rounds,
            seed,
            advance,
            threads,
            penetration=penetration,
            **core.shoe_room_words(words),
            where=where,
            log=log,
        )

    label = ("Blackjack", call.rules.describe(one))
    return core.shoe_game_tables(deal, label, rounds, threads, words, progress, log)


def _simulate(
    call: BlackjackCall,
    strategy: str = "basic",
    rounds: int = 1_000_000,
    threads: int | None = None,
    seed: int | None = None,
    progress: core.Progress | None = None,
) -> Tables:
    """``simulate``'s tables of a bound call (its one shoe)."""
    from cardedge.reports.blackjack import simulation as sim_reports

    rules = call.rules
    one = call.one_shoe("simulate")
    name = "default" if rules == type(rules)() else "custom"
    with core.counter(progress, "Blackjack simulation", rounds) as advance:
        report = sim_reports.blackjack_simulation(
            rules, one, name, strategy, rounds, seed, advance, threads=threads
        )
    return core.simulation_result(report)


@checked()
@core.study_keywords(DEFAULT_SYSTEM)
def study(
    out: str,
    *,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    strategy: str = "basic",
    study: dict,
) -> Tables:
    """Deal seeded shoes to the cut card; before every round record the count and the exact
    house edge of the cards left (CDZ- optimal play and the chart ``strategy``), then play it;
    on Dask, records and tables written into ``out``; the other keywords are
    ``cardedge.api.core.STUDY_KEYWORDS`` (``system`` default Hi-Lo). Returns the tables:
    summary, edge by true count, advantage by depth, ramps' win and SD per 100 rounds (units of
    the initial bet), SCORE and N0, Kelly bets, spreads.

    Examples:
        >>> from cardedge.blackjack import study
        >>> tables = study(out="bs", decks=1, shoes=2, scheduler="synchronous")  # doctest: +SKIP
    """
    call = bind(
        decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    from cardedge.reports.blackjack.study import blackjack_study, blackjack_study_tables

    rules = call.rules
    one = call.one_shoe("study")

    def make_game():
        indices, system = study["indices"], core.count_system(study["system"])
        trace = core.tracker(study["progress"], "Blackjack indices")
        return blackjack_study(rules, one, strategy, indices, system, trace)

    return core.run_study(make_game, blackjack_study_tables, "Blackjack study", out, **study)


# ---- the objects underneath, named as in cardedge.zero -------------------------------------
PUBLISHED_REPORTS: dict[str, dict] = {
    "blackjack": {"decks": 6, "pdf": False, "study_folder": "results/study/blackjack_6d_75"},
    "blackjack-peek": {"decks": 6, "peek": True, "pdf": False},
}
"""The reports ``cardedge tables`` writes into ``results/reports``: the rules as the rules page
states them (with the published 6-deck, 75% shoe study), and with the dealer peeking (the
published 0.4029% game)."""


@checked()
def report(
    *,
    out: str,
    decks=DEFAULT_DECKS,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
    shoe=None,
    remove=None,
    rounds: int = core.REPORT_ROUNDS,
    seed: int = core.REPORT_SEED,
    pdf: bool = True,
    study_folder: str | None = None,
    progress: core.Progress | None = None,
    log: core.Log | None = None,
) -> Table:
    """The analysis document of these rules for each deck count (or the one ``shoe``), written
    into the folder ``out``: ``report.html`` (self-contained), ``report.pdf`` (printed from it
    by headless Chromium; ``pdf=False`` leaves it out) and ``report.json`` (every table at full
    precision).

    Sections: the rules as played, the house edge (optimal, basic; SD, element of risk), the
    chart, exceptions, the return table, dealer outcomes, the certification figures (RTP, hit
    frequency, volatility index, confidence bands, the largest win: optimal play, the basic
    chart, the AI levels easy, normal and hard), deck counts, variants and a grid of
    interactions, effects of removal, counting (with ``study_folder``, a finished shoe study of
    these rules, its edge by true count), a Monte Carlo witness (``rounds`` rounds, ``seed``),
    method notes and the command that makes it again. Every number is the one this
    module's functions return for the same rules. ``out`` must be new, empty or an earlier
    report's folder; the files appear together or not at all. Returns the table of files
    written.

    Examples:
        >>> from cardedge.blackjack import report
        >>> report(out="blackjack-report", peek=True)  # doctest: +SKIP
    """
    call = bind(
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    )
    tail = core.start_report(out, rounds, seed, pdf, study_folder)
    from cardedge.reports.blackjack import document as bj_doc
    from cardedge.reports.core import document as doc

    rules, shoes = call.rules, list(call.shoes)
    studied = (
        None
        if study_folder is None
        else doc.study_section_of(study_folder, GAME.name, rules, shoes)
    )
    page = BlackjackRules()
    changes = {n: getattr(rules, n) for n in RULES.names if getattr(rules, n) != getattr(page, n)}
    options = [
        *core.shoe_options(decks, shoe, remove, DEFAULT_DECKS),
        *core.rule_options(RULES, changes),
        *tail,
    ]

    def shoe_tables(one: Shoe) -> bj_doc.ShoeTables:
        at = call.dealing(one)
        fresh = one.is_fresh
        returns = {s: _returns(at, s) for s in bj_doc.CERTIFIED} if fresh else {}
        return bj_doc.ShoeTables(
            one,
            _edge(at, ["optimal", "basic"]),
            returns.get("optimal"),
            _chart(at),
            _exceptions(at),
            _dealer(at) if fresh else None,
            _count(at),
            _eor(at),
            _simulate(at, rounds=rounds, seed=seed)[0] if fresh else None,
            tuple(returns.items()),
        )

    fresh = [s for s in shoes if s.is_fresh]
    steps: list = [lambda one=one: shoe_tables(one) for one in shoes]
    if fresh:
        first = call.dealing(fresh[0])
        compared = sorted({*range(1, 9), *(s.base_decks for s in fresh)})
        steps += [
            lambda: _compare(call.dealing(*(Shoe.decks(d) for d in compared))),
            lambda: _variants(first),
            lambda: _grid(first, ["h17", "das", "peek"], basic=False, sd=False),
        ]
    # the folder held from here to the last file: a second report into it is refused
    with doc.claimed(out):
        done = [step() for step in core.tracker(progress, "Blackjack report")(steps)]
        parts = done[: len(shoes)]
        rest = done[len(shoes) :] or [None] * 3
        document = bj_doc.build(
            rules,
            parts,
            *rest,
            studied,
            doc.provenance(_version(), core.report_command("blackjack", options, out)),
        )
        return core.write_report(document, out, pdf, log)


def _version() -> str:
    from cardedge import __version__

    return __version__


@checked()
def rules(
    *,
    # rule keywords (python -m cardedge.api.keywords)
    h17: bool = False,
    peek: bool = False,
    das: bool = True,
    double: str = "any",
    split_hands: int | str = 4,
    rsa: bool = False,
    hit_split_aces: bool = False,
    surrender: bool = False,
    natural: str | float = "3:2",
    five_card: bool = False,
    insurance: bool = False,
    # end of rule keywords
) -> BlackjackRules:
    """The blackjack rules (``Rules``) of the rule keywords (``RULES``); the shoe is not a rule
    (``shoe``).

    Examples:
        >>> from cardedge.blackjack import rules
        >>> rules(peek=True).peek
        True
    """
    return bind(
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        peek=peek,
        das=das,
        double=double,
        split_hands=split_hands,
        rsa=rsa,
        hit_split_aces=hit_split_aces,
        surrender=surrender,
        natural=natural,
        five_card=five_card,
        insurance=insurance,
        # end of rule values
    ).rules


@checked()
def shoe(decks: int = DEFAULT_DECKS, shoe=None, remove=None) -> Shoe:
    """The ``Shoe`` dealt from: a fresh shoe of ``decks`` decks, or ``shoe`` (a spec like
    ``"A=24,2=24,...,T=96"``), less the cards ``remove`` (like ``"5,5,T"``).

    Examples:
        >>> from cardedge.blackjack import shoe
        >>> shoe(6, remove="5,5").describe()
        '6 decks minus 5,5'
    """
    return bind(decks, shoe, remove).one_shoe("shoe")


def evaluate(rules: BlackjackRules, shoe: Shoe, policy=None):
    """The exact ``RoundResult`` of a round under ``rules`` dealt from ``shoe``, played by
    ``policy`` (default: CDZ- optimal); ``.ev`` is the player's expected net result per unit
    initial wager, ``.house_edge_percent`` the house's edge.

    Examples:
        >>> from cardedge.blackjack import evaluate, rules, shoe
        >>> evaluate(rules(peek=True), shoe(6)).house_edge_percent
        0.40287023611541156
    """
    from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY
    from cardedge.analysis.blackjack.round import evaluate_round

    return evaluate_round(rules, shoe, OPTIMAL_POLICY if policy is None else policy)


def basic_chart(rules: BlackjackRules, shoe: Shoe):
    """The basic strategy ``Chart`` computed for ``rules``, derived for ``shoe`` when it is
    not a fresh one.

    Examples:
        >>> from cardedge.blackjack import basic_chart, rules, shoe
        >>> basic_chart(rules(), shoe(6)).name
        'basic'
    """
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.strategy.blackjack.charts import basic_strategy

    return basic_strategy(ShoeAnalysis(rules, shoe))


def policy(chart, rules: BlackjackRules):
    """The policy that plays ``chart`` under ``rules`` (what ``evaluate`` takes).

    Examples:
        >>> from cardedge.blackjack import basic_chart, evaluate, policy, rules, shoe
        >>> r, s = rules(), shoe(6)
        >>> evaluate(r, s, policy(basic_chart(r, s), r)).house_edge_percent
        0.5176367945605158
    """
    from cardedge.strategy.blackjack.charts import policy_from_chart

    return policy_from_chart(chart, rules)


def evaluate_chart(rules: BlackjackRules, shoe: Shoe, chart):
    """The exact ``RoundResult`` when every hand dealt from ``shoe`` follows ``chart``
    (``evaluate`` of its ``policy``).

    Examples:
        >>> from cardedge.blackjack import basic_chart, evaluate_chart, rules, shoe
        >>> r, s = rules(), shoe(6)
        >>> evaluate_chart(r, s, basic_chart(r, s)).house_edge_percent
        0.5176367945605158
    """
    return evaluate(rules, shoe, policy(chart, rules))


def load_chart(path, rules: BlackjackRules):
    """A ``Chart`` read from a CSV/JSON file (as ``chart --format csv`` writes it) for
    ``rules``.

    Examples:
        >>> from cardedge.blackjack import load_chart, rules
        >>> chart = load_chart("my_chart.csv", rules())  # doctest: +SKIP
    """
    from cardedge.strategy.blackjack.charts import load_chart as load

    return load(path, rules)
