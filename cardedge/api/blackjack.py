"""European blackjack's API: one function per ``cardedge blackjack`` command (the public
module ``cardedge.blackjack`` re-exports them), each returning the ``Table`` or ``Tables`` the
command prints as ``--format json``. Edges: percent of the initial wager, positive for the
house; EVs: the player's, per unit initial wager.

Every function takes ``decks`` and the rule keywords of ``RULE_KEYWORDS`` (``h17``, ``peek``,
``das``, ``split_hands``, ``rsa``, ``hit_split_aces``, ``natural``, ``surrender``, ...), with
``BlackjackRules``' defaults (the rules page). Adding a rule: its field on ``BlackjackRules``,
one line in ``RULE_KEYWORDS``, and its click option in ``cardedge/cli/blackjack/options.py``.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable

from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import BUILTIN
from cardedge.api import core
from cardedge.reports.core.render import Tables

GAME = "blackjack"
COMMANDS: tuple[str, ...] = (*core.SHARED_COMMANDS, "dealer")
"""The API functions of the command line's commands."""
CLASSES = core.game_classes(GAME, "BlackjackRules", "Chart")
"""The classes ``cardedge.blackjack`` exports (imported when first used)."""
__all__ = [*COMMANDS, *core.OBJECTS]
DEFAULT_DECKS = 6
RULE_KEYWORDS: dict[str, str] = {
    "h17": "hit_soft_17",
    "peek": "peek",
    "das": "double_after_split",
    "double": "double",
    "split_hands": "split_hands",
    "rsa": "resplit_aces",
    "hit_split_aces": "hit_split_aces",
    "natural": "natural_pays",
    "surrender": "surrender",
}
"""Each rule keyword (the command line's option) and the ``BlackjackRules`` field it sets:
the one place a rule is named for the API and the command line."""

_FIELD_DEFAULTS = {f.name: f.default for f in dataclasses.fields(BlackjackRules)}
RULE_DEFAULTS: dict[str, object] = {k: _FIELD_DEFAULTS[f] for k, f in RULE_KEYWORDS.items()}
"""The rule keywords' defaults: ``BlackjackRules``' own."""

DEFAULT_SYSTEM = "hilo"
"""The default count system of ``indices`` and ``study``."""
REMAINING_DECKS = 5
"""``indices``: decks left in the shoe where the true counts are taken, by default (at most
the shoe's decks less one)."""
EOR_STRATEGIES = ("optimal", "basic")
"""``eor``'s strategies: CDZ- optimal (re-optimised on each shoe), the shoe's chart held fixed."""


def rules_for(decks=DEFAULT_DECKS, **rules) -> list[BlackjackRules]:
    """One ``BlackjackRules`` per deck count of ``decks``, from the rule keywords (the others
    at their defaults); ValueError for an unknown keyword or a bad value."""
    unknown = sorted(set(rules) - set(RULE_KEYWORDS))
    if unknown:
        raise TypeError(f"unknown rule keyword(s): {', '.join(unknown)}")
    fields = {RULE_KEYWORDS[k]: v for k, v in rules.items()}
    return [BlackjackRules(decks=d, **fields) for d in core.deck_counts(decks)]


def with_rules(f: Callable) -> Callable:
    """The API function of ``f(rules, [shoes,] ...)``: it takes ``decks`` and the rule keywords
    (and ``shoe``/``remove`` when ``f`` takes ``dealt_shoes``) instead, and hands ``f`` one rules
    object per deck count (and one shoe each)."""
    inner = inspect.signature(f)
    takes_shoes = "dealt_shoes" in inner.parameters
    params = [
        inspect.Parameter("decks", inspect.Parameter.KEYWORD_ONLY, default=DEFAULT_DECKS),
        *(
            inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=v)
            for k, v in RULE_DEFAULTS.items()
        ),
    ]
    if takes_shoes:
        params += [
            inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=None)
            for k in ("shoe", "remove")
        ]
    rest = [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
        for name, p in inner.parameters.items()
        if name not in ("rules", "dealt_shoes")
    ]
    signature = inner.replace(parameters=[*params, *rest])

    @functools.wraps(f)
    def api(**kw):
        bound = signature.bind(**kw)
        bound.apply_defaults()
        given = dict(bound.arguments)
        rules = {k: given.pop(k) for k in RULE_KEYWORDS}
        decks = given.pop("decks")
        if takes_shoes:
            shoe, remove = given.pop("shoe"), given.pop("remove")
            counts, shoes = core.shoes_for(GAME, decks, shoe, remove, DEFAULT_DECKS)
            return f(rules_for(counts, **rules), shoes, **given)
        return f(rules_for(decks, **rules), **given)

    api.__signature__ = signature  # type: ignore[attr-defined]
    return api


def one_rules(rules: list[BlackjackRules], what: str) -> BlackjackRules:
    """The rules of a command that deals one shoe (one deck count)."""
    core.one_deck_count([r.decks for r in rules], what)
    return rules[0]


@with_rules
def edge(
    rules, dealt_shoes, strategy="optimal", digits: int = 4, progress: core.Progress | None = None
):
    """House edge of a round, one row per deck count (or shoe) and strategy (one or a list:
    optimal = CDZ-, basic, easy, normal, hard, or a chart file).

    ``house_edge_percent``: percent of the initial wager, positive for the house;
    ``player_ev``: the player's expected net result per unit initial wager. As JSON each row
    carries the rules as an object (``Table.records``).

    Examples:
        >>> from cardedge.blackjack import edge
        >>> edge(decks=6, peek=True).rows()[0]["house_edge_percent"]
        0.40287023611541156
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    results = bj_reports.edge_results(
        rules, core.listed(strategy), core.tracker(progress, "Blackjack edge"), dealt_shoes
    )
    table = bj_reports.edge_table(results, digits)
    table.records = bj_reports.edge_records(results)
    return table


@with_rules
def chart(
    rules, dealt_shoes, das_marks: bool = True, png: str | None = None, log: core.Log | None = None
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
    from cardedge.reports.blackjack import strategy as bj_reports

    png = core.checked_png(png)
    r = one_rules(rules, "chart")
    ch = bj_reports.basic_chart(r, das_marks, dealt_shoes[0])
    table = bj_reports.chart_table(ch, r, dealt_shoes[0])
    if png:
        bj_reports.chart_png(ch, r, png)
        if log is not None:
            log(f"wrote {png}")
    return table


@with_rules
def hands(rules, dealt_shoes, up: str | None = None):
    """EV of every two-card hand against every up card (``up``: only that one, A, 2..9, T),
    for each action: the player's expected net result per unit initial wager.

    Examples:
        >>> from cardedge.blackjack import hands
        >>> table = hands(decks=1, up="T")  # doctest: +SKIP
    """
    from cardedge.analysis.blackjack.hands import VALUE_LABELS
    from cardedge.reports.blackjack import strategy as bj_reports

    u = None
    if up is not None:
        key = "T" if str(up).upper() in ("10", "J", "Q", "K") else str(up).upper()
        if key not in VALUE_LABELS:
            raise core.BadValue("up", f"{up!r} is not an up card (A, 2..9, T)", quoted=False)
        u = VALUE_LABELS.index(key)
    return bj_reports.hands_table(one_rules(rules, "hands"), u, dealt_shoes[0])


@with_rules
def exceptions(rules, dealt_shoes, max_cards: int = 3, strategy: str = "basic"):
    """Composition-dependent departures from a strategy (default: the basic chart) in hands
    of up to ``max_cards`` cards, with the EV each gains (player's, per unit initial wager).

    Examples:
        >>> from cardedge.blackjack import exceptions
        >>> table = exceptions(decks=1, max_cards=2)  # doctest: +SKIP
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    if isinstance(max_cards, bool) or max_cards not in (2, 3, 4):
        raise core.BadValue("max_cards", f"{max_cards!r} is not in the range 2<=x<=4")
    r = one_rules(rules, "exceptions")
    return bj_reports.exceptions_table(r, max_cards, strategy, dealt_shoes[0])


@with_rules
def compare(rules, progress: core.Progress | None = None):
    """House edge (percent of the initial wager, house's side) of optimal and basic strategy
    by deck count (e.g. ``decks="1..8"``).

    Examples:
        >>> from cardedge.blackjack import compare
        >>> table = compare(decks=[1, 2])  # doctest: +SKIP
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    decks = [r.decks for r in rules]
    return bj_reports.compare_table(decks, rules[0], core.tracker(progress, "Blackjack decks"))


@with_rules
def variants(rules, progress: core.Progress | None = None):
    """House edge (percent of the initial wager) of each single rule change (S17/H17, DAS,
    peek, 6:5, surrender...) from the given rules.

    Examples:
        >>> from cardedge.blackjack import variants
        >>> table = variants(decks=1)  # doctest: +SKIP
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    r = one_rules(rules, "variants")
    return bj_reports.variants_table(r, core.tracker(progress, "Blackjack variants"))


@with_rules
def returns(rules, strategy="optimal", progress: core.Progress | None = None):
    """Return table: every net result of a round (per unit initial wager, player's side) with
    its probability and return, the standard deviation and the element of risk, per deck count
    and strategy (one or a list).

    Examples:
        >>> from cardedge.blackjack import returns
        >>> table = returns(decks=1)  # doctest: +SKIP
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    jobs = [(r, s) for r in rules for s in core.listed(strategy)]
    return core.result(
        bj_reports.returns_table(r, s) for r, s in core.tracker(progress, "Blackjack returns")(jobs)
    )


@with_rules
def dealer(rules):
    """The dealer's final result (17..21, bust, natural) by up card, probabilities from a
    fresh shoe (with peek: given no natural), one table per deck count.

    Examples:
        >>> from cardedge.blackjack import dealer
        >>> dealer(decks=1).rows()[0]["up"]
        '2'
    """
    from cardedge.reports.blackjack import strategy as bj_reports

    return core.result(bj_reports.dealer_table(r) for r in rules)


@with_rules
def eor(rules, dealt_shoes, strategy=EOR_STRATEGIES, png: str | None = None, progress=None):
    """Effect of removing one card of each rank on the house edge (percentage points of the
    initial wager), per shoe and strategy (optimal, basic; one or a list); ``png`` plots them.

    Examples:
        >>> from cardedge.blackjack import eor
        >>> table = eor(decks=1, strategy="optimal")  # doctest: +SKIP
    """
    from cardedge.reports.blackjack.eor import eor_results, eor_table

    png = core.checked_png(png)
    strategies = core.listed(strategy)
    for s in strategies:
        if s not in EOR_STRATEGIES:
            raise core.BadValue("strategy", f"{s!r} is not one of {', '.join(EOR_STRATEGIES)}")
    results = eor_results(
        zip(rules, dealt_shoes, strict=True), strategies, core.tracker(progress, "Blackjack EOR")
    )
    table = eor_table(results)
    if png:
        from cardedge.reports.core.plots import eor_png

        label = "blackjack {}, {}".format
        eor_png({label(r.shoe.describe(), r.strategy): r.row() for r in results}, png, table.title)
    return table


@with_rules
def count(rules, dealt_shoes, system=BUILTIN, progress: core.Progress | None = None):
    """Betting correlation and playing efficiency of count systems (Griffin) from exact
    effects of removal (default: every built-in system; one or a list).

    Examples:
        >>> from cardedge.blackjack import count
        >>> table = count(decks=1, system="hilo")  # doctest: +SKIP
    """
    from cardedge.reports.blackjack.count import count_table

    jobs = list(zip(rules, dealt_shoes, strict=True))
    return count_table(jobs, core.count_systems(system), core.tracker(progress, "Blackjack count"))


@with_rules
def indices(
    rules,
    system=DEFAULT_SYSTEM,
    decks_left: int | None = None,
    progress: core.Progress | None = None,
):
    """True-count indices of every hard, soft and pair two-card cell for ``system`` (exact
    EVs of the composition each true count stands for); ``gain``: edge gained per round
    (percentage points of the initial wager) by playing the index at 75% of the ``decks``
    shoe. ``decks_left`` None: 5, or ``decks`` - 1 for a smaller shoe.

    Examples:
        >>> from cardedge.blackjack import indices
        >>> table = indices(decks=2, decks_left=1)  # doctest: +SKIP
    """
    from cardedge.reports.blackjack.indices import indices_table

    r = one_rules(rules, "indices")
    if decks_left is None:
        decks_left = max(1, min(REMAINING_DECKS, r.decks - 1))
    if isinstance(decks_left, bool) or decks_left not in range(1, 9):
        raise core.BadValue("decks_left", f"{decks_left!r} is not in the range 1<=x<=8")
    if decks_left > r.decks:
        raise core.BadValue(
            "decks_left",
            f"{decks_left} decks left cannot come from a {r.decks}-deck shoe (--decks)",
            quoted=False,
        )
    return indices_table(
        r, decks_left, core.tracker(progress, "Blackjack indices"), core.count_system(system)
    )


@with_rules
def simulate(
    rules,
    strategy: str = "basic",
    rounds: int = 1_000_000,
    threads: int | None = None,
    seed: int | None = None,
    progress: core.Progress | None = None,
) -> Tables:
    """Monte Carlo house edge of blackjack beside the exact figure, with frequencies (every
    round from a freshly shuffled shoe, settled by the rules engine). Edges: percent of the
    initial wager, house's side; ``seed`` None: a new one (in the tables).

    Examples:
        >>> from cardedge.blackjack import simulate
        >>> tables = simulate(decks=1, rounds=2000, seed=1)  # doctest: +SKIP
    """
    from cardedge.reports.blackjack import simulation as sim_reports

    r = one_rules(rules, "simulate")
    name = "default" if r == type(r)() else "custom"
    rounds = core.simulation_rounds(rounds)
    with core.counter(progress, "Blackjack simulation", rounds) as advance:
        report = sim_reports.blackjack_simulation(
            r, name, strategy, rounds, seed, advance, threads=threads
        )
    return core.simulation_result(report)


@with_rules
@core.study_keywords(DEFAULT_SYSTEM)
def study(rules, out: str, strategy: str = "basic", *, study: dict) -> Tables:
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
    from cardedge.reports.blackjack.study import blackjack_study, blackjack_study_tables

    def make_game():
        indices, system = study["indices"], core.count_system(study["system"])
        trace = core.tracker(study["progress"], "Blackjack indices")
        return blackjack_study(one_rules(rules, "study"), strategy, indices, system, trace)

    return core.run_study(make_game, blackjack_study_tables, "Blackjack study", out, **study)


# ---- the objects underneath, named as in cardedge.zero -------------------------------------
def rules(decks: int = DEFAULT_DECKS, **keywords) -> BlackjackRules:
    """The blackjack rules (``Rules``) for ``decks`` and the rule keywords (``RULE_KEYWORDS``).

    Examples:
        >>> from cardedge.blackjack import rules
        >>> rules(6, peek=True).peek
        True
    """
    return rules_for(core.one_deck_count(decks, "rules"), **keywords)[0]


def evaluate(rules: BlackjackRules, policy=None, shoe=None):
    """The exact ``RoundResult`` of a round under ``rules`` played by ``policy`` (default: CDZ-
    optimal), dealt from ``shoe`` (default: a fresh shoe); ``.ev`` is the player's expected
    net result per unit initial wager, ``.house_edge_percent`` the house's edge.

    Examples:
        >>> from cardedge.blackjack import evaluate, rules
        >>> evaluate(rules(6, peek=True)).house_edge_percent
        0.40287023611541156
    """
    from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY
    from cardedge.analysis.blackjack.round import evaluate_round

    return evaluate_round(rules, OPTIMAL_POLICY if policy is None else policy, shoe)


def basic_chart(rules: BlackjackRules, shoe=None):
    """The basic strategy ``Chart`` computed for ``rules``, derived for ``shoe`` when it is
    not a fresh one.

    Examples:
        >>> from cardedge.blackjack import basic_chart, rules
        >>> basic_chart(rules(6)).name
        'basic'
    """
    from cardedge.analysis.blackjack.round import ShoeAnalysis
    from cardedge.strategy.blackjack.charts import basic_strategy

    return basic_strategy(ShoeAnalysis(rules, shoe))


def policy(chart, rules: BlackjackRules):
    """The policy that plays ``chart`` under ``rules`` (what ``evaluate`` takes).

    Examples:
        >>> from cardedge.blackjack import basic_chart, evaluate, policy, rules
        >>> r = rules(6)
        >>> evaluate(r, policy(basic_chart(r), r)).house_edge_percent
        0.5176367945605158
    """
    from cardedge.strategy.blackjack.charts import policy_from_chart

    return policy_from_chart(chart, rules)


def evaluate_chart(rules: BlackjackRules, chart, shoe=None):
    """The exact ``RoundResult`` when every hand follows ``chart`` (``evaluate`` of its
    ``policy``).

    Examples:
        >>> from cardedge.blackjack import basic_chart, evaluate_chart, rules
        >>> r = rules(6)
        >>> evaluate_chart(r, basic_chart(r)).house_edge_percent
        0.5176367945605158
    """
    return evaluate(rules, policy(chart, rules), shoe)


def load_chart(path, rules: BlackjackRules):
    """A ``Chart`` read from a CSV/JSON file (as ``chart --format csv`` writes it) for
    ``rules``.

    Examples:
        >>> from cardedge.blackjack import load_chart, rules
        >>> chart = load_chart("my_chart.csv", rules(6))  # doctest: +SKIP
    """
    from cardedge.strategy.blackjack.charts import load_chart as load

    return load(path, rules)
