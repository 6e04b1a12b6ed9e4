"""Blackjack's analysis document: the sections of ``cardedge blackjack report`` arranged from the
tables the API computed (``reports/core/document.py`` renders them).

The API (``cardedge.blackjack.report``) calls its own functions (``edge``, ``chart``,
``returns``, ...) with the report's rules and shoes and hands the tables here, so every number
in the document is the number those functions return; this module only arranges them, draws
the figures from them and adds the few figures that are exact fractions of the shoe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from cardedge.analysis.blackjack.exact import exact_edge
from cardedge.analysis.blackjack.rules import RULES, BlackjackRules
from cardedge.analysis.blackjack.sentences import options_line, rule_sentences
from cardedge.analysis.core.shoe import Shoe
from cardedge.reports.blackjack.colours import CHART_COLOURS
from cardedge.reports.core import certify, page
from cardedge.reports.core import document as doc
from cardedge.reports.core.plots import bars_svg, lines_svg
from cardedge.reports.core.render import Table
from cardedge.strategy.blackjack.charts import AI_LEVELS

PAGE = "rules page"
"""How the document names the rules as the rules page states them (the rules' defaults)."""
CHART_MEANINGS = {
    "H": "hit",
    "S": "stand",
    "Dh": "double, else hit",
    "Ds": "double, else stand",
    "P": "split",
    "Ph": "split if DAS, else hit",
    "Rh": "surrender, else hit",
    "Rs": "surrender, else stand",
    "Rp": "surrender, else split",
}
"""The chart's codes, for its legend."""
HIDE = ("decks", "rules", "strategy", "shoe", "base_rules", "rules_text")
"""Columns the section's heading already says."""
EOR_HIDE = tuple(c for c in HIDE if c != "strategy")
"""The effects of removal keep their strategy column: a row each for optimal and basic play."""
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
METHOD = (
    "Every figure is exact unless marked: it sums the probability of every way a round can be "
    "dealt from the shoe, card by card without replacement, times its result (composition-"
    "dependent recursive evaluation, the shoe states memoized). Optimal play is the best action "
    "for the exact cards of the hand and the up card; basic strategy is the best total-"
    "dependent chart derived for these rules and this shoe.",
    "Splits: each post-split hand plays the optimal strategy of an unsplit hand of the same "
    "cards (CDZ-), resplits valued exactly; this is the convention of Farmer's and Nairn's "
    "analysers, against which the edges are tested to 1e-14.",
    "Approximated, and by how much: the return table's split rounds spread over the nets with "
    "the split hands taken as independent given the dealer's result (their mean, hence the "
    "edge, exact; the SD overstated by about 2.5e-5); the count systems' betting correlation "
    "and playing efficiency are Griffin's linear approximations from exact effects of "
    "removal; the simulation is a witness with a standard error, never the source of a number.",
)


@dataclass(frozen=True)
class ShoeTables:
    """The API's tables for one shoe of the report."""

    shoe: Shoe
    edge: Table
    """``edge(strategy=['optimal', 'basic'])``: a row per strategy."""
    returns: Table | None
    """``returns()`` under optimal play (its ``facts``: SD, element of risk; fresh shoes
    only)."""
    chart: Table
    exceptions: Table
    dealer: Table | None
    """``dealer()`` (fresh shoes only)."""
    count: Table
    eor: Table
    simulation: Table | None
    """``simulate``'s first table (fresh shoes only)."""
    strategies: tuple[tuple[str, Table], ...] = ()
    """(strategy, ``returns(strategy=...)``) of each strategy the report certifies
    (``CERTIFIED``; fresh shoes only)."""


CERTIFIED: dict[str, str] = {
    "optimal": "optimal",
    "basic": "basic",
    "easy": "AI easy",
    "normal": "AI normal",
    "hard": "AI hard",
}
"""The strategies the certification figures are given for (``strategy_policy``'s names) and
how the document names them: optimal play, the basic chart and the rules page's AI levels."""


def exact_naturals(shoe: Shoe) -> Table:
    """P(a natural) and P(both naturals, a push) as exact fractions of the shoe's counts."""
    n = shoe.size
    aces = shoe.counts[0]
    tens = sum(shoe.counts[9:])
    player = Fraction(2 * aces * tens, n * (n - 1))
    both = player * Fraction(2 * (aces - 1) * (tens - 1), (n - 2) * (n - 3))
    rows = [
        {
            "event": "the player's first two cards are a natural",
            "fraction": str(player),
            "probability": float(player),
        },
        {
            "event": "player and dealer both have a natural (a push)",
            "fraction": str(both),
            "probability": float(both),
        },
    ]
    return Table(f"Exact probabilities of naturals, {shoe.title()}", rows, default_digits=8)


def _headline(parts: Sequence[ShoeTables]) -> Table:
    rows = []
    for p in parts:
        by = {r["strategy"]: r for r in p.edge.rows()}
        facts = p.returns.facts if p.returns is not None else {}
        rows.append(
            {
                "shoe": p.shoe.title(),
                "optimal_percent": by["optimal"]["house_edge_percent"],
                "basic_percent": by["basic"]["house_edge_percent"],
                "sd": facts.get("sd"),
                "element_of_risk_percent": facts.get("element_of_risk_percent"),
                "split_probability": facts.get("split_probability"),
            }
        )
    notes = [
        "House edges in percent of the initial wager, positive for the house (negative: a "
        "player advantage); sd: standard deviation of a round's net result per initial wager "
        "(optimal play); element of risk: the optimal edge per unit of the total amount "
        "wagered (doubles and split hands included).",
    ]
    return Table("Blackjack house edge", rows, notes, digits={"sd": 6, "split_probability": 6})


def build(
    rules: BlackjackRules,
    parts: Sequence[ShoeTables],
    compare: Table | None,
    variants: Table | None,
    interactions: Table | None,
    study: doc.Section | None,
    provenance: dict[str, str],
) -> doc.Report:
    """The document: rules, headline, strategy, exceptions, returns, dealer outcomes,
    certification figures, decks,
    variants, effects of removal, counting, the witness, method, reproduction."""
    shoes = "; ".join(p.shoe.title() for p in parts)
    table = doc.rules_table(RULES, rules, BlackjackRules(), PAGE, "Blackjack rules as played")
    sentences = tuple(rule_sentences(rules, [p.shoe for p in parts]))
    sections = [
        doc.Section(
            "rules",
            "The rules as played",
            (*sentences, options_line(rules)),
            (doc.TableView(table, on_page=False),),
        ),
        _headline_section(rules, parts),
        doc.Section(
            "strategy",
            "The basic strategy chart",
            (
                "The best chart by hand total (hard, soft, pairs) and up card for these rules and "
                "this shoe. Up card across.",
            ),
            tuple(doc.TableView(p.chart, hide=HIDE, colours=CHART_COLOURS) for p in parts),
            legend=doc.legend(CHART_COLOURS, CHART_MEANINGS),
        ),
        doc.Section(
            "exceptions",
            "Exceptions: optimal play against the chart",
            (
                f"Hands of {_hand_sizes(parts)} where composition-dependent optimal play "
                "departs from the chart, with what it gains (per initial wager of the hand).",
            ),
            tuple(doc.TableView(p.exceptions, hide=HIDE) for p in parts),
        ),
        _fresh_section(
            "returns",
            "The return table",
            "Every net result of a round (per initial wager, the player's side) with its "
            "probability, under optimal play.",
            parts,
            [p.returns for p in parts],
            "The return table",
        ),
        _fresh_section(
            "dealer",
            "Dealer outcomes by up card",
            "The dealer's final result given the up card, exact probabilities.",
            parts,
            [p.dealer for p in parts],
            "The dealer's outcome table",
        ),
        _certification_section(parts),
    ]
    sections += _rule_sections(compare, variants, interactions, [p.shoe for p in parts])
    sections.append(_eor_section(parts))
    sections.append(
        doc.Section(
            "counting",
            "Counting",
            (
                "Betting correlation and playing efficiency of the common count systems "
                "(Griffin, from exact effects of removal). Win rates by true count come from "
                "shoe studies ('cardedge blackjack study'; results/study holds the published "
                "ones; --study-folder adds one here).",
            ),
            tuple(doc.TableView(p.count, hide=HIDE) for p in parts),
        )
    )
    if study is not None:
        sections.append(study)
    sections.append(_witness_section(parts))
    sections.append(doc.Section("method", "Method notes", (*METHOD, page.POLICY)))
    sections.append(
        doc.Section(
            "reproduce",
            "Reproducing this document",
            (
                f"cardedge {provenance['version']}, commit {provenance['commit']}.",
                f"Command: {provenance['command']}",
            ),
        )
    )
    return doc.Report(
        "blackjack",
        f"Blackjack: analysis of {rules.words()}, {shoes}",
        rules.describe(parts[0].shoe),
        tuple(sections),
        provenance,
        sentences,
    )


def _headline_section(rules: BlackjackRules, parts: Sequence[ShoeTables]) -> doc.Section:
    head = _headline(parts)
    first = head.rows()[0]
    edge = first["optimal_percent"]
    side = "house edge" if edge >= 0 else "player advantage"
    words = (
        f"With {first['shoe']} the {side} is {abs(edge):.4f}% under optimal play and "
        f"the house edge {first['basic_percent']:.4f}% with the basic chart"
    )
    words += f"; a round's SD is {first['sd']:.4f} initial wagers." if first["sd"] else "."
    shoes = [p.shoe for p in parts]
    exact = [exact_naturals(shoe) for shoe in shoes]
    edges = [exact_edge(rules, shoe) for shoe in shoes]
    return doc.headline_section(head, words, exact, shoes, edges)


def _hand_sizes(parts: Sequence[ShoeTables]) -> str:
    """The sizes of the hands the exceptions tables list, in words ('two or three cards')."""
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    sizes = sorted(
        {len(str(r["hand"]).split(",")) for p in parts for r in p.exceptions.rows()} or {2}
    )
    named = [words.get(n, str(n)) for n in sizes]
    text = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    return f"{text} cards"


def _fresh_section(key, title, words, parts, tables, what) -> doc.Section:
    """A section of one table per fresh shoe (``tables``: None for a shoe that is not),
    saying which shoes it leaves out (``what``: the table in words)."""
    shown = tuple(doc.TableView(t, hide=HIDE) for t in tables if t is not None)
    return doc.Section(
        key, title, (words, *doc.fresh_only(what, len(shown), [p.shoe for p in parts])), shown
    )


def _rule_sections(compare, variants, interactions, shoes) -> list[doc.Section]:
    out = []
    if compare is not None:
        rows = compare.rows()
        series = {
            "optimal": [r["optimal_percent"] for r in rows],
            "basic": [r["basic_percent"] for r in rows],
        }
        figure = doc.Figure(
            "House edge by number of decks",
            lines_svg(
                [str(r["decks"]) for r in rows],
                series,
                "decks",
                "house edge (% of the initial wager)",
                False,
            ),
            "Percent of the initial wager, positive for the house.",
            {"decks": [r["decks"] for r in rows], **series},
        )
        out.append(
            doc.Section(
                "decks",
                "Deck-count comparison",
                ("Fresh shoes of 1 to 8 decks (and every deck count of the report).",),
                (doc.TableView(compare),),
                (figure,),
            )
        )
    if variants is not None:
        out.append(
            doc.variants_section(
                [doc.TableView(variants, hide=HIDE)],
                interactions,
                "Each rule changed alone from these rules, then a grid of three rules where "
                "effects need not add.",
                doc.one_deck_count(
                    shoes,
                    "The variants and the interaction grid",
                    ("cardedge blackjack variants", "cardedge blackjack grid"),
                ),
            )
        )
    if not out:
        out.append(
            doc.Section(
                "fresh-shoes",
                "Deck counts and variants",
                ("These sections are computed for fresh shoes; this report's shoe is not one.",),
            )
        )
    return out


def _eor_section(parts: Sequence[ShoeTables]) -> doc.Section:
    figures = []
    for p in parts:
        row = next(r for r in p.eor.rows() if r["strategy"] == "optimal")
        values = [row[r] for r in RANKS]
        absent = [r for r, v in zip(RANKS, values, strict=True) if v is None]
        lacks = f" The shoe holds no {', '.join(absent)}: no bar." if absent else ""
        figures.append(
            doc.Figure(
                f"Effect of removal by rank, {p.shoe.title()}",
                bars_svg(
                    list(RANKS),
                    values,
                    "rank removed (T: any ten-valued card)",
                    "change in house edge (points)",
                ),
                "Change in the optimal house edge, percentage points, when one card of the "
                f"rank leaves the shoe; positive: good for the house.{lacks}",
                dict(zip(RANKS, values, strict=True)),
            )
        )
    return doc.Section(
        "eor",
        "Effects of removal",
        ("How the edge moves as each rank leaves the shoe: the basis of card counting.",),
        tuple(doc.TableView(p.eor, hide=EOR_HIDE, percent=(*RANKS, "weighted_sum")) for p in parts),
        tuple(figures),
    )


def _certification_section(parts: Sequence[ShoeTables]) -> doc.Section:
    """RTP, hit frequency, volatility index, confidence bands and the largest win of each
    strategy's return table, for each fresh shoe."""
    shoes = [
        (
            p.shoe.title(),
            {
                CERTIFIED.get(name, name): certify.certification(certify.outcomes(t))
                for name, t in p.strategies
            },
        )
        for p in parts
        if p.strategies
    ]
    split = max(
        (t.facts.get("split_probability", 0.0) for p in parts for _, t in p.strategies),
        default=0.0,
    )
    levels = "; ".join(f"AI {name}: {what}" for name, what in AI_LEVELS.items())
    words = (
        "The figures a certification sheet asks, for optimal play, the basic chart and the "
        f"rules page's AI levels ({levels}), from each one's return table (every net result "
        "of a round with its probability).",
        "The RTP is exact. Rounds with a split spread over the net results with the split "
        "hands taken as independent given the dealer's result (the method notes): the hit "
        "frequencies, the SD (hence the volatility index and the bands) and the probability "
        "of a max win reached only by splitting carry that approximation, which moves "
        f"probability only among split rounds (P(split) at most {split:.4f} here).",
        *doc.fresh_only("The certification", len(shoes), [p.shoe for p in parts]),
    )
    return certify.certification_section(shoes, words)


def _witness_section(parts: Sequence[ShoeTables]) -> doc.Section:
    sims = [p.simulation for p in parts if p.simulation is not None]
    hide = ("game", "rules", "rules_description")
    section = doc.witness_section(sims, "the basic chart", hide)
    # the simulation names its rules 'default' or 'custom' (the command's words): the
    # document names them by what they are
    views = tuple(
        replace(
            v, title=f"Blackjack simulation, {row['strategy']} play: {row['rules_description']}"
        )
        for v, row in ((v, v.table.rows()[0]) for v in section.tables)
    )
    return replace(section, tables=views)
