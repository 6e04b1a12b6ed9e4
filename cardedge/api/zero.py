"""Zero's API (re-exported by ``cardedge.zero``): ``cardedge zero edge --decks 6 --rules
published`` is ``edge(decks=6, rules="published")``, which returns the table that command
prints. Edges are percent of the initial Zero wager, positive for the house; EVs are the
player's, per unit initial wager. Keywords, progress and errors: ``cardedge.api.core``.

Every function taking ``rules`` (the preset: stated or published) also takes a keyword per rule
declared in ``cardedge.analysis.zero.rules.RULES`` (``zero_pair_pays``, ``trips_pays``,
``dealer_draws``, ``split_totals``, ``das``), each changing that one rule over the preset
(None: the preset's); ``python -m cardedge.api.keywords`` writes them into the signatures.
``edge(rules="stated", das=False, zero_pair_pays="2:1")`` is ``cardedge zero edge --rules
stated --no-das --zero-pair-pays 2:1``. A refused value raises ``BadValue`` naming the keyword.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cardedge.analysis.core.counts import BUILTIN
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.game import GAME as ZERO_GAME
from cardedge.analysis.zero.paytable import DEFAULT_PAYTABLE
from cardedge.analysis.zero.rules import PRESETS, RULES, ZeroRules
from cardedge.api import core, options, params
from cardedge.core.errors import BadValue
from cardedge.reports.core.render import Table, Tables

GAME = ZERO_GAME
"""The game's descriptor (``analysis/zero/game.py``)."""
COMMANDS: tuple[str, ...] = (*core.SHARED_COMMANDS, *core.CHART_COMMANDS, "pays")
"""The API functions of the command line's commands."""
CLASSES = core.game_classes(GAME.name, "ZeroRules", "ZeroChart")
"""The classes ``cardedge.zero`` exports (imported when first used)."""
__all__ = [*COMMANDS, *core.OBJECTS, *core.CHART_OBJECTS]
DEFAULT_DECKS = 6
RULES_BOTH = ("stated", "published", "both")
STUDY_SYSTEM = "hiopt2"
"""The default count system of ``indices`` and ``study`` (Hi-Opt II: of the standard systems
it tracks Zero best, betting correlation 0.957)."""
REMAINING_DECKS = 5
"""``indices``: decks left in the shoe where the true counts are taken, by default."""


def _split_modes() -> tuple[str, ...]:
    from cardedge.analysis.zero.round import SPLIT_MODES

    return SPLIT_MODES


PRESET = options.Keyword(
    "rules",
    "published",
    "Rule preset: stated (the rules as written), published (the published figures' rules). "
    "Each rule option below changes one rule of it.",
    choices=PRESETS,
)
"""``--rules``: the preset the rule options change (``edge`` takes both too: ``BOTH``)."""
BOTH = options.Keyword(
    "rules",
    "both",
    "Rule preset: stated (the rules as written), published (the published figures' rules), or "
    "both side by side. Each rule option below changes one rule of it.",
    choices=RULES_BOTH,
)
STRATEGY = options.Keyword(
    "strategy",
    "optimal",
    "optimal, basic (best total-dependent chart), published (the published chart) or a chart "
    "file (CSV/JSON, as written by `zero chart --format csv`).",
    parsed=False,
)
"""``--strategy``: how the hands are played (``chart`` and ``exceptions``: basic)."""
CHART_STRATEGY = STRATEGY.but(default="basic")
SHOE_GAME = options.shoe_game("Hi-Opt II")
"""``simulate``'s shoe-game options: blackjack's declaration, the default count Zero's own
(``STUDY_SYSTEM``)."""


def _paytable(help: str, metavar: str | None = "FILE") -> options.Keyword:
    return options.Keyword("paytable", None, help, metavar=metavar, parsed=False)


OPTIONS: dict[str, dict[str, options.Keyword]] = {
    "edge": options.by_name(
        BOTH,
        options.Keyword(
            "split",
            "standard",
            "standard: each split hand sees only its own cards; optimal: the second sees the "
            "first.",
            choices=_split_modes,
        ),
        STRATEGY,
        options.Keyword(
            "by_upcard", False, "Add EV and decisions by dealer up card.", switch="flag"
        ),
    ),
    "chart": options.by_name(
        PRESET,
        CHART_STRATEGY,
        options.png("Also draw the chart as a colour image (several decks: FILE_6d.png, ...)."),
    ),
    "exceptions": options.by_name(PRESET, CHART_STRATEGY),
    "returns": options.by_name(PRESET, STRATEGY),
    "hands": options.by_name(PRESET),
    "compare": options.by_name(
        options.SHOE["decks"].but(default=("1..8",)),
        options.png("Also plot the edges against the number of decks."),
    ),
    "eor": options.by_name(options.SHOE["decks"].but(default=("6,8",))),
    "count": options.by_name(
        PRESET,
        options.Keyword(
            "best",
            True,
            "Also find the best linear count and the best level-1 and level-2 integer tags.",
            switch="pair",
        ),
    ),
    "indices": options.by_name(
        PRESET,
        options.index_system(
            STUDY_SYSTEM,
            "Default Hi-Opt II: of the standard systems it tracks Zero best (betting "
            "correlation 0.957, `zero count`).",
        ),
        options.Keyword(
            "decks_left",
            REMAINING_DECKS,
            "Decks left in the shoe where the true counts are taken (true counts in steps of "
            "10/decks-left from -10 to +10).",
        ),
        options.Keyword(
            "top",
            None,
            "The index card instead of the full table: the N index plays of largest gain, in "
            "the classic convention (the floored true count of the cards seen, the table's "
            "classic_index).",
            kind=params.CARD_PLAYS_OR_NONE,
            metavar="N",
        ),
    ),
    "pays": options.by_name(
        _paytable(
            f"Pay table: a .toml/.json file or a shipped name [default: {DEFAULT_PAYTABLE}, "
            "a reconstruction]."
        ),
        options.Keyword("eor", False, "Add the effect of removal of each rank.", switch="flag"),
        options.Keyword(
            "side_bet_size",
            (),
            "Add the combined edge of Zero plus a side bet of S per unit Zero wager (at most "
            f"{params.MAX_SIDE_BET_SIZE}); repeatable.",
            multiple=True,
            metavar="S",
        ),
        options.SHOWN["digits"].but(default=6),
    ),
    "simulate": options.by_name(
        PRESET,
        STRATEGY,
        _paytable(f"Zero Pays pay table for the side bet's figures [default: {DEFAULT_PAYTABLE}]."),
        *SHOE_GAME.values(),
    ),
    "solve": options.by_name(
        PRESET,
        options.Keyword(
            "pay",
            "zero_pair_pays",
            "The payout to solve for: zero_pair_pays, trips_pays (of the Zero wager; hyphens "
            "or underscores), or zero-pays:ROW (a row of the side bet's pay table, by number "
            "or hand; of the side bet).",
            metavar="PAYOUT",
            parsed=False,
        ),
        STRATEGY,
        _paytable(
            "The Zero Pays pay table (zero-pays:ROW): a shipped name or a TOML/JSON file.",
            metavar=None,
        ),
    ),
    "grid": options.by_name(PRESET),
    "report": options.by_name(
        PRESET,
        _paytable(
            f"The Zero Pays pay table to certify: a .toml/.json file or a shipped name "
            f"[default: {DEFAULT_PAYTABLE}, a reconstruction]; report.json records it."
        ),
    ),
    "study": options.by_name(PRESET, options.STUDY["system"].but(default=STUDY_SYSTEM)),
    "play": options.by_name(
        PRESET,
        options.Keyword(
            "basic",
            "basic",
            "The chart to check decisions against: basic (best chart), published, or a chart file.",
            kind=params.STRATEGY,
            parsed=False,
            api=False,
        ),
        options.Keyword(
            "side_bet",
            0,
            "Points on the Zero Pays side bet each hand (reconstructed pay table).",
            kind=params.Number(0, options.MAX_POINTS),
            reader="points",
            api=False,
        ),
    ),
}
"""The options of Zero's commands declared for this game (``api/options.py``: the families
every game's commands share), by command: its own, and its defaults where they differ."""

RULE_DEFAULTS: dict[str, object] = dict.fromkeys(RULES.names)
"""Each rule keyword's default: None, 'as the preset' (``rules=``) has it."""
checked = params.checker(RULES)
"""The decorator that checks every keyword of a public function (``api/params.py``)."""


@dataclass(frozen=True)
class ZeroCall(core.Bound):
    """A Zero API call's keywords bound once (``bind``): the shoes, the preset named by
    ``rules`` and the rules played under each preset it stands for."""

    preset: str
    """The ``rules`` keyword: stated, published, or both (where a function takes both)."""
    changes: Mapping[str, object]
    """The rule keywords given a value, checked: the changes over the preset."""
    played: Mapping[str, ZeroRules]
    """Preset name -> the rules played under it (the preset with ``changes``), in order."""

    @property
    def rules(self) -> ZeroRules:
        """The rules of the one preset played (a call of one preset)."""
        (one,) = self.played.values()
        return one


def bind(
    rules: str = "published",
    decks=None,
    shoe=None,
    remove=None,
    *,
    presets: tuple[str, ...] = PRESETS,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
) -> ZeroCall:
    """The ``ZeroCall`` of an API call's keywords, each checked (``BadValue`` naming it): the
    rule keywords first, then the preset ``rules`` (one of ``presets``), then the shoes
    (``core.shoes_for``; none when neither ``decks`` nor ``shoe`` is given).

    Examples:
        >>> from cardedge.api.zero import bind
        >>> bind("published", 6, das=False).rules.das
        False
    """
    changes = RULES.changes(
        dict(
            # rule values (python -m cardedge.api.keywords)
            zero_pair_pays=zero_pair_pays,
            trips_pays=trips_pays,
            dealer_draws=dealer_draws,
            split_totals=split_totals,
            double_totals=double_totals,
            das=das,
            # end of rule values
        )
    )
    name = core.choice("rules", rules, presets)
    played = {n: _preset(n, changes) for n in (PRESETS if name == "both" else (name,))}
    dealt = decks is not None or shoe is not None
    shoes = core.shoes_for(GAME.shoe, decks, shoe, remove) if dealt else []
    return ZeroCall(tuple(shoes), name, changes, played)


def RULE_SETS() -> dict[str, ZeroRules]:  # noqa: N802 (a constant, made when first needed)
    """The named rule sets the docs' rule table gives each rule's value in: the presets."""
    return {name: _preset(name, {}) for name in PRESETS}


def _preset(name: str, changes: Mapping[str, object]) -> ZeroRules:
    from cardedge.analysis.zero.rules import preset

    return preset(name, dict(changes))


@checked()
def edge(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "both",
    split: str = "standard",
    strategy: str = "optimal",
    digits: int = 4,
    by_upcard: bool = False,
    exact: bool = False,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table | Tables:
    """House edge of the Zero wager (optimal play unless ``strategy``), one row per deck count
    (or shoe) and rule preset.

    ``house_edge_percent``: percent of the initial wager, positive for the house; ``player_ev``:
    the player's expected net result per unit initial wager. ``rules``: stated, published or
    both; ``split``: standard or optimal; ``shoe`` (a spec like ``"A=24,...,K=24"``) or
    ``remove`` (cards like ``"5,5,T"``) deal from another shoe than a fresh one. With
    ``by_upcard`` a ``Tables`` adds one table per row, by dealer up card. With ``exact`` each
    row also gives ``house_edge_fraction``, the house edge as an exact fraction of the
    initial wager (``analysis.zero.exact``, either split), and ``house_edge_percent`` is 100
    times it, correctly rounded.

    Examples:
        >>> from cardedge.zero import edge
        >>> edge(decks=6, rules="published").rows()[0]["house_edge_percent"]
        2.2637009546182045
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        presets=RULES_BOTH,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _edge(call, split, strategy, digits, by_upcard, progress, exact)


def _edge(
    call: ZeroCall,
    split: str = "standard",
    strategy: str = "optimal",
    digits: int = 4,
    by_upcard: bool = False,
    progress: core.Progress | None = None,
    exact: bool = False,
) -> Table | Tables:
    """``edge``'s tables of a bound call."""
    from cardedge.analysis.zero.round import SPLIT_MODES
    from cardedge.reports.zero import edge as zero_reports

    core.choice("split", split, SPLIT_MODES)
    results = zero_reports.edge_results(
        list(call.shoes),
        call.preset,
        split,
        core.tracker(progress, "Zero edge"),
        strategy=strategy,
        changes=dict(call.changes),
    )
    fractions = None
    if exact:
        from cardedge.reports.zero.exact import exact_edges

        fractions = exact_edges(results, strategy, core.tracker(progress, "Zero exact edge"))
    table = zero_reports.edge_table(results, digits, fractions)
    if not by_upcard:
        return table
    ups = [zero_reports.upcard_table(name, res, digits) for name, res in results]
    return Tables([table, *ups])


@checked()
def chart(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    strategy: str = "basic",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    png: str | None = None,
    log: core.Log | None = None,
) -> Table | Tables:
    """The chart (rows: two-card totals, split pairs, three-card totals; H hit, S stand,
    D double, P split, N no split) of ``strategy`` (basic: the best total-dependent chart,
    published, or a chart file); on a depleted shoe, the chart derived for that shoe. One
    table per deck count; ``png`` also draws each (several decks: ``FILE_6d.png``, ...).

    Examples:
        >>> from cardedge.zero import chart
        >>> chart(decks=6).title.startswith("Zero basic strategy chart, 6 decks")
        True
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _chart(call, strategy, png, log)


def _chart(
    call: ZeroCall, strategy: str = "basic", png: str | None = None, log: core.Log | None = None
) -> Table | Tables:
    """``chart``'s tables of a bound call."""
    from cardedge.reports.zero import strategy as zs

    png = core.checked_png(png)
    tables = []
    files = core.png_files(png, core.shoe_tags(list(call.shoes)))
    for one, path in zip(call.shoes, files, strict=True):
        table, the_chart = zs.strategy_chart(call.rules, one, strategy)
        tables.append(table)
        if path is not None:
            from cardedge.reports.zero.plots import chart_png

            chart_png(the_chart, table.title, path)
            if log is not None:
                log(f"wrote {path}")
    return core.result(tables)


@checked()
def exceptions(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    strategy: str = "basic",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
) -> Table | Tables:
    """Hands where composition-dependent optimal play departs from the chart ``strategy``,
    with the EV each gains (per unit initial wager, player's side).

    Examples:
        >>> from cardedge.zero import exceptions
        >>> table = exceptions(decks=1)  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _exceptions(call, strategy)


def _exceptions(call: ZeroCall, strategy: str = "basic") -> Table | Tables:
    """``exceptions``' tables of a bound call."""
    from cardedge.reports.zero import strategy as zs

    return core.result(zs.exceptions_table(call.rules, s, strategy) for s in call.shoes)


@checked()
def returns(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    strategy: str = "optimal",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table | Tables:
    """Return table: every net outcome of a round (per unit initial wager, player's side) with
    its probability and return, the standard deviation and the element of risk.

    Examples:
        >>> from cardedge.zero import returns
        >>> table = returns(decks=1)  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _returns(call, strategy, progress)


def _returns(
    call: ZeroCall, strategy: str = "optimal", progress: core.Progress | None = None
) -> Table | Tables:
    """``returns``' tables of a bound call: one per shoe and preset played."""
    from cardedge.reports.zero import strategy as zs

    jobs = [(s, name, played) for s in call.shoes for name, played in call.played.items()]
    return core.result(
        zs.returns_table(played, s, strategy, name)
        for s, name, played in core.tracker(progress, "Zero returns")(jobs)
    )


@checked()
def hands(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
) -> Table | Tables:
    """EV of every action (player's, per unit initial wager) for every two-card hand and up
    card, one table per deck count.

    Examples:
        >>> from cardedge.zero import hands
        >>> table = hands(decks=1)  # doctest: +SKIP
    """
    from cardedge.reports.zero import strategy as zs

    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return core.result(zs.hands_table(call.rules, s) for s in call.shoes)


@checked()
def compare(
    decks="1..8",
    png: str | None = None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table:
    """House edges (percent of the initial wager, house's side) by number of decks: optimal
    play, the best chart, the published chart, both presets; ``png`` also plots them.

    Examples:
        >>> from cardedge.zero import compare
        >>> table = compare(decks=[1, 2])  # doctest: +SKIP
    """
    call = bind(
        "both",
        decks,
        presets=RULES_BOTH,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _compare(call, png, progress)


def _compare(
    call: ZeroCall, png: str | None = None, progress: core.Progress | None = None
) -> Table:
    """``compare``'s table of a bound call (its shoes' deck counts)."""
    from cardedge.reports.zero import strategy as zs

    png = core.checked_png(png)
    trace = core.tracker(progress, "Zero decks")
    table = zs.compare_table(call.deck_counts(), trace, dict(call.changes))
    if png:
        from cardedge.reports.zero.plots import decks_png

        decks_png(table, png)
    return table


@checked()
def eor(
    decks=(6, 8),
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table:
    """Effect of removing one card of each rank on the optimal house edge (percentage points
    of the initial wager; positive: the removal helps the house).

    Examples:
        >>> from cardedge.zero import eor
        >>> table = eor(decks=1)  # doctest: +SKIP
    """
    call = bind(
        "both",
        decks,
        presets=RULES_BOTH,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _eor(call, progress)


def _eor(call: ZeroCall, progress: core.Progress | None = None) -> Table:
    """``eor``'s table of a bound call (its shoes' deck counts)."""
    from cardedge.reports.zero import strategy as zs

    trace = core.tracker(progress, "Zero EOR")
    return zs.eor_table(call.deck_counts(), trace, dict(call.changes))


@checked()
def variants(
    decks=DEFAULT_DECKS,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table | Tables:
    """Optimal house edge (percent of the initial wager) under common rule variations, one
    table per deck count.

    Examples:
        >>> from cardedge.zero import variants
        >>> table = variants(decks=1)  # doctest: +SKIP
    """
    call = bind(
        "both",
        decks,
        presets=RULES_BOTH,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _variants(call, progress)


def _variants(call: ZeroCall, progress: core.Progress | None = None) -> Table | Tables:
    """``variants``' tables of a bound call: one per shoe."""
    from cardedge.reports.zero import strategy as zs

    return core.result(
        zs.variants_table(
            one,
            core.tracker(progress, f"Zero variants, {one.base_decks} decks"),
            dict(call.changes),
        )
        for one in call.shoes
    )


@checked(out=params.OPTIONAL_PATH)
def grid(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    vary=(),
    basic: bool = True,
    sd: bool = True,
    digits: int = 4,
    png: str | None = None,
    out: str | None = None,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
    log: core.Log | None = None,
) -> Table:
    """The rule space: one row per combination of the ``vary`` rules' values (``"das"``: both
    values of a switch; ``"rules"``: both presets; ``"dealer_draws"``: 0..10;
    ``"split_totals=none,9,8-9"``: these) and deck count, the other rules as given over the
    preset ``rules``. Each row: the varied values, the house edge (percent of the initial
    wager) under optimal play and the best total-dependent chart derived for it
    (``basic=False`` skips it), the SD of a round (optimal play, per initial wager;
    ``sd=False`` skips it) and the additive estimate (the base combination plus each
    single-rule effect) with its error. ``png``: a heatmap
    over the first two varied rules; ``out``: the rows as a Parquet file (``resume``: reuse
    the tasks an interrupted run finished, kept beside it); ``workers`` or ``scheduler``: run
    the tasks on Dask (a local cluster of that many processes, or the cluster at that
    address).

    Examples:
        >>> from cardedge.zero import grid
        >>> table = grid(vary=["das", "dealer_draws=4,5,6"])  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
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
    call: ZeroCall,
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
    from cardedge.reports.zero import grid as room

    base = room.ZeroBase(call.preset, dict(call.changes))
    plan = core.grid_plan(list(call.shoes), vary, room.kinds(), base.values())
    return core.run_grid(
        room,
        base,
        plan,
        basic=basic,
        sd=sd,
        digits=digits,
        png=png,
        out=out,
        resume=resume,
        workers=workers,
        scheduler=scheduler,
        label="Zero grid",
        progress=progress,
        log=log,
    )


@checked()
def solve(
    target,
    pay: str = "zero_pair_pays",
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    strategy: str = "optimal",
    paytable: str | None = None,
    ladder=None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
) -> Table:
    """The payout ``pay`` at which the house edge is ``target`` percent: ``zero_pair_pays`` or
    ``trips_pays`` (of the Zero wager, for optimal play or ``strategy``), or
    ``zero_pays:ROW`` (a row of the side bet's pay table, by number or hand, of the side bet:
    exact). Each is paid at once and changes no decision, so the edge is affine in it. Given
    as a decimal (feed it back as that rule's keyword) and with the nearest payouts of
    ``ladder`` on each side of the target, each with its own edge (``ladder``: the payouts
    casinos print, 1:1, 6:5, 7:5, 3:2, 8:5, 2:1, 5:2, 3:1...; or a list like
    ``["6:5", "3:2"]`` or ``"6:5,3:2"``).

    Examples:
        >>> from cardedge.zero import solve
        >>> solve(2.0, pay="zero_pair_pays").rows()[0]["pays_decimal"]  # doctest: +SKIP
        1.5...
    """
    from cardedge.reports.zero import solve as room

    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    one = call.one_shoe("solve")
    return room.solve_table(
        call.rules,
        call.preset,
        one,
        strategy,
        pay,
        core.target(target, exact=True),
        paytable,
        ladder,
    )


@checked()
def count(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    system=BUILTIN,
    best: bool = True,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
) -> Table:
    """Betting correlation of count systems (Griffin) for Zero from exact effects of removal
    (default: every built-in system); with ``best``, the best linear count and the best
    level-1 and level-2 integer tags.

    Examples:
        >>> from cardedge.zero import count
        >>> table = count(decks=1, system="hilo", best=False)  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    return _count(call, system, best, progress)


def _count(
    call: ZeroCall, system=BUILTIN, best: bool = True, progress: core.Progress | None = None
) -> Table:
    """``count``'s table of a bound call."""
    from cardedge.reports.zero.count import count_table

    systems = core.count_systems(system)
    jobs = [(call.rules, call.preset, s) for s in call.shoes]
    return count_table(jobs, systems, best, core.tracker(progress, "Zero count"))


@checked(system=params.SYSTEM, top=params.CARD_PLAYS_OR_NONE)
def indices(
    rules: str = "published",
    system: str = STUDY_SYSTEM,
    decks_left: int = REMAINING_DECKS,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    top: int | None = None,
    progress: core.Progress | None = None,
) -> Table:
    """True-count indices of every Zero chart cell for ``system`` (``decks_left`` decks left
    where the true counts are taken); ``gain``: edge gained per round in percentage points of
    the initial wager by playing the index at 75% of a 6-deck shoe. ``top``: the index card
    instead, the ``top`` plays of largest gain in the classic convention
    (``reports.core.indices.index_card``).

    Examples:
        >>> from cardedge.zero import indices
        >>> table = indices(decks_left=1)  # doctest: +SKIP
    """
    from cardedge.reports.zero.indices import index_card, zero_indices_table

    call = bind(
        rules,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    if isinstance(decks_left, bool) or decks_left not in range(1, 9):
        raise core.BadValue("decks_left", f"{decks_left!r} is not in the range 1<=x<=8")
    full = zero_indices_table(
        call.rules,
        core.count_system(system),
        decks_left,
        core.tracker(progress, "Zero indices"),
    )
    return full if top is None else index_card(full, top)


@checked()
def pays(
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    paytable: str | None = None,
    eor: bool = False,
    side_bet_size=(),
    digits: int = 6,
) -> Table | Tables:
    """The Zero Pays side bet: probability and return of each winning hand per unit side bet
    and the house edge (percent of the side bet); several deck counts compare the hands by
    decks. ``eor`` adds the effect of removal of each rank; ``side_bet_size`` (one or a list)
    adds the combined edge of Zero plus a side bet of that size per unit Zero wager. As JSON,
    each shoe's own table with exact fractions (``Tables.for_format``).

    Examples:
        >>> from cardedge.zero import pays
        >>> pays(decks=6)[0].title.startswith("Zero Pays side bet, 6 decks")
        True
    """
    shoes = core.shoes_for(GAME.shoe, decks, shoe, remove)
    return _pays(shoes, paytable, eor, side_bet_size, digits)


def _pays(
    shoes: list[Shoe], paytable: str | None = None, eor: bool = False, side_bet_size=(), digits=6
) -> Tables:
    """``pays``' tables of the shoes dealt from."""
    from cardedge.analysis.zero.paytable import load_paytable
    from cardedge.reports.zero import pays as pays_reports

    sizes = core.listed(side_bet_size) if side_bet_size is not None else []
    table = load_paytable(paytable)
    depleted = any(not s.is_fresh for s in shoes)

    def per_shoe(exact: bool) -> list[Table]:
        return [pays_reports.pays_table(s, table, digits, exact=exact) for s in shoes]

    if depleted or len(shoes) == 1:
        tables = per_shoe(False)
    else:
        tables = [pays_reports.deck_comparison_table(shoes, table, digits)]
    more = []
    if eor:
        more.append(pays_reports.eor_table(shoes, table, digits))
    if sizes:
        more.append(pays_reports.combined_table(shoes, sizes, table, min(digits, 4)))
    return Tables([*tables, *more], {"json": lambda: [*per_shoe(True), *more]})


@checked(seed=params.NEW_SEED, **{k.name: k.value_kind for k in SHOE_GAME.values()})
def simulate(
    rules: str = "published",
    decks: int = DEFAULT_DECKS,
    strategy: str = "optimal",
    rounds: int = 1_000_000,
    threads: int | None = None,
    seed: int | None = None,
    paytable: str | None = None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
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
    """Monte Carlo house edge of Zero beside the exact figure, with outcome frequencies (every
    round from a freshly shuffled shoe, settled by the rules engine; the Zero Pays side bet
    settled too). Edges: percent of the initial wager, house's side; ``seed`` None: a new one
    (in the tables).

    With ``penetration``, a shoe game instead (``engine/zero/shoe_game.py``): shoes dealt to
    the cut card at ``players`` seats, counted with ``count`` (default Hi-Opt II, the Zero
    study's), the counter playing the chart ``strategy`` (a study's: basic, published or a
    chart file; optimal becomes basic) with its ``indices``; tables by true count
    (``tc_convention``, ``tc_divisor``), the ``ramp``'s win, SD, N0, SCORE, DI and risk of
    ruin (``bankroll``, ``wong_out``), the optimal ramp for that spread at risk ``risk``, and
    the Zero Pays side bet's edge by true count. Its batches (streams of whole shoes: the SE by
    batch means) are dealt on ``threads`` threads or on Dask (``workers``: a local cluster;
    ``scheduler``: a running one), and kept in the folder ``out`` with the tables as Parquet
    (``resume``: finish the run kept there).

    Examples:
        >>> from cardedge.zero import simulate
        >>> tables = simulate(decks=1, rounds=2000, seed=1)  # doctest: +SKIP
        >>> game = simulate(penetration=0.75, indices=True, rounds=10**6)  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    shoe_game = core.shoe_game_words(
        penetration,
        dict(
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
        ),
    )
    if penetration is None:
        return _simulate(call, strategy, rounds, threads, seed, paytable, progress)
    strategy = "basic" if strategy == "optimal" else strategy
    run = (call, strategy, rounds, threads, seed, paytable, progress, log)
    return _simulate_shoe(run, penetration, shoe_game)


def _simulate_shoe(run, penetration, words) -> Tables:
    """``simulate``'s shoe game (``reports/zero/shoe_game.py``), dealt and written by
    ``core.shoe_game_tables``, with the Zero Pays side bet's edge by true count."""
    from cardedge.analysis.zero.paytable import load_paytable
    from cardedge.reports.zero import shoe_game as room

    call, strategy, rounds, threads, seed, paytable, progress, log = run
    one = call.one_shoe("simulate")
    table = load_paytable(paytable)

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
            paytable=table,
            where=where,
            log=log,
        )

    def side_bet(shoe_run, tables):
        head = tables[0].title
        return {"side_bet_by_true_count": room.side_bet_by_true_count(shoe_run, head, table)}

    label = ("Zero", call.rules.describe(one))
    return core.shoe_game_tables(deal, label, rounds, threads, words, progress, log, side_bet)


def _simulate(
    call: ZeroCall,
    strategy: str = "optimal",
    rounds: int = 1_000_000,
    threads: int | None = None,
    seed: int | None = None,
    paytable: str | None = None,
    progress: core.Progress | None = None,
) -> Tables:
    """``simulate``'s tables of a bound call (its one shoe)."""
    from cardedge.reports.zero import simulation as sim_reports

    one = call.one_shoe("simulate")
    with core.counter(progress, "Zero simulation", rounds) as advance:
        report = sim_reports.zero_simulation(
            call.rules,
            one,
            call.preset,
            strategy,
            rounds,
            seed,
            paytable,
            advance,
            threads=threads,
        )
    return core.simulation_result(report)


@checked()
@core.study_keywords(STUDY_SYSTEM)
def study(
    out: str,
    rules: str = "published",
    decks: int = DEFAULT_DECKS,
    strategy: str = "basic",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    study: dict,
) -> Tables:
    """Deal seeded shoes to the cut card; before every round record the count and the exact
    house edge of the cards left (optimal play and the chart ``strategy``), then play it; on
    Dask, records and tables written into ``out``; the other keywords are
    ``cardedge.api.core.STUDY_KEYWORDS`` (``system`` default Hi-Opt II). Returns the tables:
    summary, edge by true count, advantage by depth, ramps' win and SD per 100 rounds (units of
    the initial bet), SCORE and N0, Kelly bets, spreads.

    Examples:
        >>> from cardedge.zero import study
        >>> tables = study("zs", decks=1, shoes=2, scheduler="synchronous")  # doctest: +SKIP
    """
    from cardedge.reports.zero.study import zero_study, zero_study_tables

    call = bind(
        rules,
        decks,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    one = call.one_shoe("study")

    def make_game():
        indices, system = study["indices"], core.count_system(study["system"])
        trace = core.tracker(study["progress"], "Zero indices")
        return zero_study(call.rules, one, strategy, indices, system, trace)

    return core.run_study(make_game, zero_study_tables, "Zero study", out, **study)


PUBLISHED_REPORTS: dict[str, dict] = {
    "zero-published": {
        "rules": "published",
        "decks": [6, 8],
        "pdf": False,
        "study_folder": "results/study/zero_6d_75",
    },
    "zero-stated": {"rules": "stated", "decks": [6, 8], "pdf": False},
}
"""The reports ``cardedge tables`` writes into ``results/reports``: both presets, 6 and 8 decks
(the published rules with the published 6-deck, 75% shoe study; paths from the repository's
root, where ``make tables`` runs)."""


@checked()
def report(
    out: str,
    decks=DEFAULT_DECKS,
    shoe=None,
    remove=None,
    rules: str = "published",
    rounds: int = core.REPORT_ROUNDS,
    seed: int = core.REPORT_SEED,
    pdf: bool = True,
    study_folder: str | None = None,
    paytable: str | None = None,
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
    progress: core.Progress | None = None,
    log: core.Log | None = None,
) -> Table:
    """The analysis document of these rules (the preset ``rules`` with the rule keywords over
    it) for each deck count (or the one ``shoe``), written into the folder ``out``:
    ``report.html`` (self-contained), ``report.pdf`` (printed from it by headless Chromium;
    ``pdf=False`` leaves it out) and ``report.json`` (every table at full precision).

    Sections: the rules as played, the house edge (optimal, basic, published chart; SD,
    element of risk), the chart, exceptions, the return table, the certification figures (RTP,
    hit frequency, volatility index, confidence bands, the largest win: optimal play, the basic
    chart, the published chart), up cards, deck counts, variants and a grid of interactions,
    effects of removal, counting (with ``study_folder``, a finished shoe study of these rules,
    its edge by true count), Zero Pays (of the pay table ``paytable``, a file or a shipped
    name, as ``pays`` takes it; report.json records it), a Monte Carlo witness
    (``rounds`` rounds, ``seed``), method notes and the command that makes it again. Every
    number is the one this module's functions return for the same rules. ``out`` must be new,
    empty or an earlier report's folder; the files appear together or not at all. Returns the
    table of files written.

    Examples:
        >>> from cardedge.zero import report
        >>> report(out="zero-report", decks=6)  # doctest: +SKIP
    """
    call = bind(
        rules,
        decks,
        shoe,
        remove,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    )
    tail = core.start_report(out, rounds, seed, pdf, study_folder)
    from cardedge.analysis.zero.paytable import load_paytable
    from cardedge.reports.core import document as doc
    from cardedge.reports.zero import document as zero_doc

    try:
        pay_table = load_paytable(paytable)
    except (OSError, ValueError) as e:
        raise BadValue("paytable", str(e)) from None
    if paytable is not None:
        tail.append(f"--paytable {core.shlex_quote(paytable)}")

    shoes = list(call.shoes)
    studied = (
        None
        if study_folder is None
        else doc.study_section_of(study_folder, GAME.name, call.rules, shoes)
    )
    options = [
        f"--rules {call.preset}",
        *core.shoe_options(decks, shoe, remove, DEFAULT_DECKS),
        *core.rule_options(RULES, dict(call.changes)),
        *tail,
    ]
    from cardedge.strategy.zero.charts import published_chart_applies

    published = published_chart_applies(call.rules)

    certified = ("optimal", "basic", *(("published",) if published else ()))

    def shoe_tables(one: Shoe) -> zero_doc.ShoeTables:
        at = call.dealing(one)
        optimal = _edge(at, strategy="optimal", by_upcard=True)
        returns = {s: _returns(at, s) for s in certified}
        return zero_doc.ShoeTables(
            one,
            optimal[0],
            _edge(at, strategy="basic"),
            _edge(at, strategy="published") if published else None,
            returns["optimal"],
            _chart(at),
            _exceptions(at),
            optimal[1],
            _count(at),
            _pays([one], pay_table)[0] if one.is_fresh else None,
            _simulate(at, rounds=rounds, seed=seed)[0] if one.is_fresh else None,
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
            lambda: _grid(first, ["dealer_draws=4,5,6", "das"], basic=False, sd=False),
            lambda: _eor(first),
        ]
    # the folder held from here to the last file: a second report into it is refused
    with doc.claimed(out):
        done = [step() for step in core.tracker(progress, "Zero report")(steps)]
        parts = done[: len(shoes)]
        rest = done[len(shoes) :] or [None] * 4
        document = zero_doc.build(
            call.preset,
            call.rules,
            parts,
            *rest,
            studied,
            doc.provenance(_version(), core.report_command("zero", options, out)),
            pay_table.record(),
        )
        return core.write_report(document, out, pdf, log)


def _version() -> str:
    from cardedge import __version__

    return __version__


# ---- the objects underneath, named as in cardedge.blackjack --------------------------------
@checked()
def rules(
    rules: str = "published",
    *,
    # rule keywords (python -m cardedge.api.keywords)
    zero_pair_pays: float | str | None = None,
    trips_pays: float | str | None = None,
    dealer_draws: int | str | None = None,
    split_totals: str | Iterable[int] | None = None,
    double_totals: str | Iterable[int] | None = None,
    das: bool | None = None,
    # end of rule keywords
):
    """The Zero rules (``Rules``) of the preset ``rules`` (stated or published), with the rule
    keywords over it; the shoe is not a rule (``shoe``).

    Examples:
        >>> from cardedge.zero import rules
        >>> rules("published", das=False).das
        False
    """
    return bind(
        rules,
        # rule values (python -m cardedge.api.keywords)
        zero_pair_pays=zero_pair_pays,
        trips_pays=trips_pays,
        dealer_draws=dealer_draws,
        split_totals=split_totals,
        double_totals=double_totals,
        das=das,
        # end of rule values
    ).rules


@checked()
def shoe(decks: int = DEFAULT_DECKS, shoe=None, remove=None) -> Shoe:
    """The ``Shoe`` dealt from: a fresh shoe of ``decks`` decks, or ``shoe`` (a spec like
    ``"A=24,2=24,...,K=24"``), less the cards ``remove`` (like ``"5,5,T"``).

    Examples:
        >>> from cardedge.zero import shoe
        >>> shoe(6, remove="5,5").describe()
        '6 decks minus 5,5'
    """
    return core.one_shoe(core.shoes_for(GAME.shoe, decks, shoe, remove), "shoe")


def evaluate(rules, shoe: Shoe, policy=None, split: str = "standard"):
    """The exact ``RoundResult`` of a round under ``rules`` dealt from ``shoe``, played by
    ``policy`` (default: optimal play); ``.ev`` is the player's expected net result per unit
    initial wager, ``.house_edge_percent`` the house's edge.

    Examples:
        >>> from cardedge.zero import evaluate, rules, shoe
        >>> float(evaluate(rules("published"), shoe(6)).house_edge_percent)
        2.2637009546182045
    """
    from cardedge.analysis.zero.policy import OPTIMAL_POLICY
    from cardedge.analysis.zero.round import evaluate_round

    return evaluate_round(rules, shoe, OPTIMAL_POLICY if policy is None else policy, split)


def basic_chart(rules, shoe: Shoe):
    """The basic strategy ``Chart`` for ``rules`` dealt from ``shoe`` (the best
    total-dependent chart; derived for ``shoe`` when it is not a fresh one).

    Examples:
        >>> from cardedge.zero import basic_chart, rules, shoe
        >>> basic_chart(rules("published"), shoe(6)).name
        'basic'
    """
    from cardedge.strategy.zero.charts import best_chart

    return best_chart(rules, shoe)


def policy(chart, rules=None):
    """The policy that plays ``chart`` (what ``evaluate`` takes); Zero's chart plays alike
    under any rules, so ``rules`` is only there to match ``cardedge.blackjack.policy``.

    Examples:
        >>> from cardedge.zero import basic_chart, evaluate, policy, rules, shoe
        >>> r, s = rules("published"), shoe(6)
        >>> float(evaluate(r, s, policy(basic_chart(r, s), r)).house_edge_percent)
        2.268322925498806
    """
    return chart.policy()


def evaluate_chart(rules, shoe: Shoe, chart):
    """The exact ``RoundResult`` when every hand dealt from ``shoe`` follows ``chart``
    (``evaluate`` of its ``policy``).

    Examples:
        >>> from cardedge.zero import basic_chart, evaluate_chart, rules, shoe
        >>> r, s = rules("published"), shoe(6)
        >>> float(evaluate_chart(r, s, basic_chart(r, s)).house_edge_percent)
        2.268322925498806
    """
    return evaluate(rules, shoe, policy(chart, rules))


def load_chart(path, rules):
    """A ``Chart`` read from a CSV/JSON file (as ``chart --format csv`` writes it) for
    ``rules``.

    Examples:
        >>> from cardedge.zero import load_chart, rules
        >>> chart = load_chart("my_chart.csv", rules("published"))  # doctest: +SKIP
    """
    from cardedge.strategy.zero.charts import load_chart as load

    return load(path, rules)
