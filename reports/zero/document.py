"""Zero's analysis document: the sections of ``cardedge zero report`` arranged from the tables
the API computed (``reports/core/document.py`` renders them).

The API (``cardedge.zero.report``) calls its own functions (``edge``, ``chart``, ``returns``,
...) with the report's rules and shoes and hands the tables here, so every number in the
document is the number those functions return; this module only arranges them, draws the
figures from them and adds the few figures that are exact fractions of the shoe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardedge.analysis.core.cards import BACCARAT_VALUES, TEN_RANKS
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.exact import exact_edge
from cardedge.analysis.zero.rules import RULES, ZERO_PAIR, ZeroRules, preset, rules_note
from cardedge.analysis.zero.sentences import options_line, rule_sentences
from cardedge.reports.core import certify, page
from cardedge.reports.core import document as doc
from cardedge.reports.core.plots import bars_svg, lines_svg
from cardedge.reports.core.render import Table
from cardedge.reports.zero.colours import CHART_COLOURS

PAGE = "rules page"
"""How the document names the rules as the rules page states them (the 'stated' preset)."""
CHART_MEANINGS = {
    "S": "stand",
    "H": "hit (a two-card hand)",
    "D": "double (a three-card hand; else stand)",
    "P": "split the pair",
    "N": "do not split",
}
"""The chart's codes, for its legend."""
NO_PUBLISHED_CHART = (
    "published_chart_percent: none here; the published chart splits totals 8 and 9 only, and "
    "these rules split others."
)
CHART_HIDE = ("decks", "rules", "strategy", "rules_note", "shoe")
"""Chart columns the section's heading already says."""
EXCEPTIONS_SHOWN = 40
"""The exceptions the page shows for a shoe, the largest first (report.json has them all)."""
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""The ranks of an effects-of-removal table (T: any ten-valued card)."""
METHOD = (
    "Every figure is exact unless marked: it sums the probability of every way a round can be "
    "dealt from the shoe, card by card without replacement, times its result (composition-"
    "dependent recursive evaluation, the shoe states memoized). Optimal play is the best action "
    "for the exact cards seen; basic strategy is the best chart by total and up card, derived "
    "for these rules and this shoe; the published chart is the chart behind the published "
    "basic-strategy edges.",
    "Splits follow the standard convention: each split hand is played by the chart or optimally "
    "for its own cards, seeing the other split card but not the other hand's draws "
    "(split='optimal', where the second hand also sees the first hand's cards, is offered by "
    "'cardedge zero edge --split optimal' and changes the edge by less than 0.0001 points).",
    "Nothing is approximated except where a table says so: the simulation is a witness with a "
    "standard error, never the source of a number; the count systems' betting correlations "
    "are Griffin's linear approximation from exact effects of removal.",
)


@dataclass(frozen=True)
class ShoeTables:
    """The API's tables for one shoe of the report."""

    shoe: Shoe
    optimal: Table
    """``edge(strategy='optimal')``: one row."""
    basic: Table
    published: Table | None
    """``edge(strategy='published')``: the published chart (None: it cannot play these rules,
    which split other totals than 8 and 9)."""
    returns: Table
    """``returns()`` under optimal play (its ``facts``: SD, element of risk)."""
    chart: Table
    exceptions: Table
    by_upcard: Table
    count: Table
    pays: Table | None
    """The Zero Pays table (fresh shoes only)."""
    simulation: Table | None
    """``simulate``'s first table (fresh shoes only)."""
    strategies: tuple[tuple[str, Table], ...] = ()
    """(strategy, ``returns(strategy=...)``) of each strategy the report certifies: optimal
    play, the basic chart, the published chart where it plays these rules."""


STRATEGY_WORDS = {
    "optimal": "optimal play",
    "basic": "the basic chart",
    "published": "the published chart",
}
"""The strategies the certification figures are given for, in words."""


def exact_deal_probabilities(shoe: Shoe) -> Table:
    """P(a Zero Pair) and P(ten-valued trips) as exact fractions of the shoe's counts."""
    n = shoe.size
    pair_ranks = [r for r, v in enumerate(BACCARAT_VALUES) if (2 * v) % 10 == 0]
    pair = sum(
        Fraction(c * (c - 1), n * (n - 1)) for r, c in enumerate(shoe.counts) if r in pair_ranks
    )
    trips = sum(
        Fraction(
            shoe.counts[r] * (shoe.counts[r] - 1) * (shoe.counts[r] - 2), n * (n - 1) * (n - 2)
        )
        for r in TEN_RANKS
    )
    rows = [
        {
            "event": f"Zero Pair ({ZERO_PAIR})",
            "fraction": str(pair),
            "probability": float(pair),
        },
        {
            "event": "ten-valued trips (a ten-valued Zero Pair and an up card of its rank)",
            "fraction": str(trips),
            "probability": float(trips),
        },
    ]
    return Table(f"Exact probabilities of the initial deal, {shoe.title()}", rows, default_digits=8)


def _headline(parts: Sequence[ShoeTables], preset_name: str, rules: ZeroRules) -> Table:
    rows = []
    for p in parts:
        facts = p.returns.facts
        rows.append(
            {
                "shoe": p.shoe.title(),
                "optimal_percent": p.optimal.rows()[0]["house_edge_percent"],
                "basic_percent": p.basic.rows()[0]["house_edge_percent"],
                "published_chart_percent": (
                    p.published.rows()[0]["house_edge_percent"] if p.published else None
                ),
                "sd": facts["sd"],
                "element_of_risk_percent": facts["element_of_risk_percent"],
            }
        )
    notes = [
        "House edges in percent of the initial wager, positive for the house; sd: standard "
        "deviation of a round's net result per initial wager (optimal play); element of risk: "
        "the optimal edge per unit of the total amount wagered (doubles included).",
        rules_note({preset_name: rules}),
    ]
    if any(p.published is None for p in parts):
        notes.append(NO_PUBLISHED_CHART)
    title = f"Zero house edge, {preset_name} rules"
    return Table(title, rows, notes, digits={"sd": 6})


def build(
    preset_name: str,
    rules: ZeroRules,
    parts: Sequence[ShoeTables],
    compare: Table | None,
    variants: Table | None,
    interactions: Table | None,
    eor: Table | None,
    study: doc.Section | None,
    provenance: dict[str, str],
    paytable: dict | None = None,
) -> doc.Report:
    """The document: rules, headline, strategy, exceptions, returns, up cards, certification
    figures, decks, variants, effects of removal, counting, Zero Pays (``paytable``: the pay
    table's record, ``PayTable.record``), the witness, method, reproduction."""
    shoes = "; ".join(p.shoe.title() for p in parts)
    rules_words = f"{preset_name} rules: {rules.describe(parts[0].shoe)}"
    table = doc.rules_table(RULES, rules, preset("stated"), PAGE, "Zero rules as played")
    sentences = tuple(rule_sentences(rules, [p.shoe for p in parts]))
    sections = [
        doc.Section(
            "rules",
            "The rules as played",
            (*sentences, rules_note({preset_name: rules}), options_line(rules)),
            (doc.TableView(table, on_page=False),),
        ),
        _headline_section(parts, preset_name, rules),
        _strategy_section(parts),
        doc.Section(
            "exceptions",
            "Exceptions: optimal play against the chart",
            (
                "Where composition-dependent optimal play departs from the basic chart: the "
                f"{EXCEPTIONS_SHOWN} largest by their share of the gap between the chart's edge "
                "and optimal play's (P x cost, in initial wagers: the probability of the "
                "decision times what the chart loses there; all the rows sum to the gap); "
                "report.json lists them all.",
            ),
            tuple(
                doc.TableView(
                    p.exceptions, hide=CHART_HIDE, limit=EXCEPTIONS_SHOWN, order_by="P x cost"
                )
                for p in parts
            ),
        ),
        doc.Section(
            "returns",
            "The return table",
            (
                "Every net result of a round (per initial wager, the player's side) with its "
                "probability, under optimal play.",
            ),
            tuple(doc.TableView(p.returns, hide=CHART_HIDE + ("split",)) for p in parts),
        ),
        doc.Section(
            "dealer",
            "By dealer up card",
            (
                "The player's EV (per initial wager) and the first decision's probabilities given "
                "the dealer's up card (0: any ten-valued card).",
            ),
            tuple(doc.TableView(p.by_upcard, hide=CHART_HIDE + ("split",)) for p in parts),
        ),
        _certification_section(parts),
    ]
    shoes_asked = [p.shoe for p in parts]
    sections += _fresh_shoe_sections(preset_name, compare, variants, interactions, eor, shoes_asked)
    sections.append(
        doc.Section(
            "counting",
            "Counting",
            (
                "Betting correlation of the common count systems (Griffin: the correlation of a "
                "system's tags with the exact effects of removal). The house edge by true "
                "count comes from a shoe study of these rules ('cardedge zero study'; "
                "results/study holds the published ones; --study-folder adds one here).",
            ),
            tuple(doc.TableView(p.count, hide=CHART_HIDE) for p in parts),
        )
    )
    if study is not None:
        sections.append(study)
    sections.append(_pays_section(parts, paytable))
    sections.append(_witness_section(parts))
    sections.append(doc.Section("method", "Method notes", (*METHOD, page.POLICY)))
    sections.append(_reproduce_section(provenance))
    return doc.Report(
        "zero",
        f"Zero: analysis of the {preset_name} rules, {shoes}",
        rules_words,
        tuple(sections),
        provenance,
        sentences,
    )


def _headline_section(
    parts: Sequence[ShoeTables], preset_name: str, rules: ZeroRules
) -> doc.Section:
    head = _headline(parts, preset_name, rules)
    first = head.rows()[0]
    published = first["published_chart_percent"]
    words = (
        f"With {first['shoe']} the house edge is {first['optimal_percent']:.4f}% under optimal "
        f"play, {first['basic_percent']:.4f}% with the basic chart"
        + (f" and {published:.4f}% with the published chart" if published is not None else "")
        + f"; a round's SD is {first['sd']:.4f} initial wagers."
    )
    shoes = [p.shoe for p in parts]
    exact = [exact_deal_probabilities(shoe) for shoe in shoes]
    edges = [exact_edge(rules, shoe) for shoe in shoes]
    return doc.headline_section(head, words, exact, shoes, edges)


def _strategy_section(parts: Sequence[ShoeTables]) -> doc.Section:
    return doc.Section(
        "strategy",
        "The basic strategy chart",
        (
            "The best chart by total and up card for these rules and this shoe: two-card "
            "totals (stand or hit), split pairs (split or not), three-card totals (stand or "
            "double). Up card across; 0 is any ten-valued card.",
        ),
        tuple(doc.TableView(p.chart, hide=CHART_HIDE, colours=CHART_COLOURS) for p in parts),
        legend=doc.legend(CHART_COLOURS, CHART_MEANINGS),
    )


def _fresh_shoe_sections(
    preset_name, compare, variants, interactions, eor, shoes
) -> list[doc.Section]:
    out = []
    if compare is not None:
        mine = [r for r in compare.rows() if r["rules"] == preset_name]
        series = {
            "optimal": [r["optimal_percent"] for r in mine],
            "basic": [r["basic_percent"] for r in mine],
            "published chart": [r["published_chart_percent"] for r in mine],
        }
        decks = [str(r["decks"]) for r in mine]
        figure = doc.Figure(
            f"House edge by number of decks, {preset_name} rules",
            lines_svg(decks, series, "decks", "house edge (% of the initial wager)", False),
            "Percent of the initial wager, positive for the house.",
            {"decks": [r["decks"] for r in mine], **series},
        )
        out.append(
            doc.Section(
                "decks",
                "Deck-count comparison",
                (
                    "Fresh shoes of 1 to 8 decks (and every deck count of the report), both "
                    "presets.",
                ),
                (doc.TableView(compare, hide=("split", "rules_note")),),
                (figure,),
            )
        )
    if variants is not None:
        out.append(
            doc.variants_section(
                [doc.TableView(variants, hide=("split", "rules_note", "strategy"))],
                interactions,
                "Each rule changed alone from the preset (optimal play), then a grid of two "
                "rules where effects do not add.",
                doc.one_deck_count(
                    shoes,
                    "The variants and the interaction grid",
                    ("cardedge zero variants", "cardedge zero grid"),
                ),
            )
        )
    if eor is not None:
        row = next(r for r in eor.rows() if r["rules"] == preset_name)
        ranks = list(RANKS)
        values = [row[r] for r in ranks]
        figure = doc.Figure(
            "Effect of removal by rank",
            bars_svg(
                ranks,
                values,
                "rank removed (T: any ten-valued card)",
                "change in house edge (points)",
            ),
            "Change in the optimal house edge, percentage points, when one card of the rank "
            "leaves a fresh shoe; positive: good for the house.",
            dict(zip(ranks, values, strict=True)),
        )
        out.append(
            doc.Section(
                "eor",
                "Effects of removal",
                (
                    "How the edge moves as each rank leaves the shoe: the basis of card counting.",
                    *doc.one_deck_count(shoes, "The effects of removal", ("cardedge zero eor",)),
                ),
                (doc.TableView(eor, hide=("split", "rules_note", "J", "Q", "K"), percent=RANKS),),
                (figure,),
            )
        )
    if not out:
        out.append(
            doc.Section(
                "fresh-shoes",
                "Deck counts, variants and effects of removal",
                ("These sections are computed for fresh shoes; this report's shoe is not one.",),
            )
        )
    return out


def _certification_section(parts: Sequence[ShoeTables]) -> doc.Section:
    """RTP, hit frequency, volatility index, confidence bands and the largest win of each
    strategy's exact return table, for each shoe."""
    shoes = [
        (
            p.shoe.title(),
            {name: certify.certification(certify.outcomes(t)) for name, t in p.strategies},
        )
        for p in parts
    ]
    order = list(STRATEGY_WORDS)
    named = sorted({name for p in parts for name, _ in p.strategies}, key=order.index)
    words = ", ".join(STRATEGY_WORDS[n] for n in named)
    lacks = (
        []
        if "published" in named
        else [
            "The published chart is not certified here: it splits totals 8 and 9 only, and "
            "these rules split others."
        ]
    )
    return certify.certification_section(
        shoes,
        (
            f"The figures a certification sheet asks, for each strategy ({words}), from its "
            "exact return table (every net result of a round with its probability, as the "
            "return table gives it for optimal play).",
            *lacks,
        ),
    )


def _pays_section(parts: Sequence[ShoeTables], paytable: dict | None) -> doc.Section:
    """The Zero Pays side bet of the pay table the report was asked for (``paytable``: its
    record, in report.json, so that the report can be made again without its file): each
    winning hand, and the side bet's certification figures per unit side bet."""
    pays = [(p.shoe.title(), p.pays) for p in parts if p.pays is not None]
    if not pays:
        return doc.Section(
            "zero-pays",
            "The Zero Pays side bet",
            ("The side bet is tabled for fresh shoes only.",),
            facts={"paytable": paytable} if paytable else {},
        )
    figures = {title: certify.certification(certify.outcomes(t, "pays")) for title, t in pays}
    name = pays[0][1].rows()[0]["paytable_name"]
    table = certify.figures_table(
        f"Zero Pays side bet, pay table '{name}': certification figures per unit side bet",
        figures,
        first="shoe",
    )
    return doc.Section(
        "zero-pays",
        "The Zero Pays side bet",
        (
            "Each winning hand of the side bet with its probability and return per unit "
            "side bet; the house edge is an exact fraction. Below, the pay table's "
            "certification figures (as defined in the certification section, per unit side "
            "bet: a hand pays its 'X to 1', anything else loses the bet); report.json records "
            "the pay table itself.",
        ),
        (
            *(doc.TableView(t, hide=("decks", "paytable_name", "paytable")) for _, t in pays),
            doc.TableView(table),
        ),
        facts={"paytable": paytable, "certification": figures},
    )


def _witness_section(parts: Sequence[ShoeTables]) -> doc.Section:
    sims = [p.simulation for p in parts if p.simulation is not None]
    hide = ("game", "rules", "rules_description", "rules_note", "split")
    return doc.witness_section(sims, "the optimal strategy", hide)


def _reproduce_section(provenance: dict[str, str]) -> doc.Section:
    return doc.Section(
        "reproduce",
        "Reproducing this document",
        (
            f"cardedge {provenance['version']}, commit {provenance['commit']}.",
            f"Command: {provenance['command']}",
        ),
    )
