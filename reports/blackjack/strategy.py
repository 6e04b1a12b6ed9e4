"""Blackjack tables: house edges by strategy, decks and rules; charts; hand EVs; departures.

Every title names the rules (``BlackjackRules.describe``); every table notes the split
convention (CDZ-, resplits exact).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

import numpy as np

from cardedge.analysis.blackjack.actions import PLAYER_ACTIONS, Action
from cardedge.analysis.blackjack.dealer import (
    OUTCOME_LABELS,
    conditioned_on_no_natural,
    outcome_table,
)
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, VALUE_LABELS, hand_table
from cardedge.analysis.blackjack.outcomes import distribution_of
from cardedge.analysis.blackjack.round import RoundResult, ShoeAnalysis, shoe_analysis
from cardedge.analysis.blackjack.rules import (
    DEFAULT_RULES,
    DEFAULT_SHOE,
    PUBLISHED_OPTIMAL_EDGE_PERCENT,
    PUBLISHED_RULES,
    PUBLISHED_SHOE,
    SPLIT_CONVENTION,
    BlackjackRules,
)
from cardedge.analysis.blackjack.shoes import check_shoe
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress
from cardedge.reports.blackjack.colours import CHART_COLOURS
from cardedge.reports.core.exact import NOTE as EXACT_NOTE
from cardedge.reports.core.exact import with_exact
from cardedge.reports.core.files import save_figure
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import DERIVED_CHART_NOTE, shoe_led
from cardedge.strategy.blackjack.charts import (
    AI_LEVELS,
    UP_LABELS,
    UP_ORDER,
    Chart,
    basic_strategy,
    mark_das,
    plays_soft_12,
    strategy_policy,
)

EV_NOTE = "EVs per unit of the initial wager, dealer naturals included (not conditioned away)."
ACTION_NAMES = {a: a.label for a in PLAYER_ACTIONS}


def _identity(items: Iterable) -> Iterable:
    return items


def row_keys(rules: BlackjackRules, shoe: Shoe, strategy: str | None = None) -> dict:
    """What every row of a table about one shoe shares: decks (None for a shoe given by
    counts), the rules (a fresh shoe's rows: the setup's ``describe``, '6 decks, S17, ...', as
    they always read; any other shoe's: the rules' words, the shoe named once, by its own
    key), the strategy; then the shoe's name when it is not a fresh one (``Shoe.row_keys``)."""
    text = rules.describe(shoe) if shoe.is_fresh else rules.words()
    keys: dict[str, object] = {"rules": text}
    if strategy is not None:
        keys["strategy"] = strategy
    return shoe_led(shoe, keys)


def analysis_for(rules: BlackjackRules, shoe: Shoe) -> ShoeAnalysis:
    """The analysis of ``shoe`` under ``rules``: a fresh shoe's is cached; any other shoe is
    checked big enough for the rules' deepest round (ValueError if not)."""
    if shoe.is_fresh:
        return shoe_analysis(rules, shoe)
    return ShoeAnalysis(rules, check_shoe(shoe, rules))


def edge_results(
    setups: Iterable[tuple[BlackjackRules, Shoe]],
    strategies: Iterable[str] = ("optimal",),
    progress: Progress = _identity,
) -> list[RoundResult]:
    """Exact round results for every setup (rules, shoe) and strategy, setup by setup: each
    round is dealt from its setup's shoe (``RoundResult.shoe``)."""
    strategies = list(strategies)
    out = []
    for rules, shoe in progress(list(setups)):
        a = analysis_for(rules, shoe)
        out += [a.evaluate(strategy_policy(s, a)) for s in strategies]
    return out


def _published(res: RoundResult) -> float | None:
    fresh = res.shoe.fresh_decks == PUBLISHED_SHOE.base_decks
    if res.rules == PUBLISHED_RULES and res.policy == "optimal" and fresh:
        return PUBLISHED_OPTIMAL_EDGE_PERCENT
    return None


def edge_table(
    results: list[RoundResult], digits: int = 4, exact: list[Fraction] | None = None
) -> Table:
    """House edge per rule set and strategy, in percent of the initial wager; ``exact``: each
    result's exact house edge (``exact.exact_edges``), given beside it and rounded for the
    percent and the EV (``reports.core.exact``)."""
    rows = []
    on_shoes = any(not res.shoe.is_fresh for res in results)
    for k, res in enumerate(results):
        pub = _published(res)
        row = {
            "decks": res.shoe.base_decks,
            **({"shoe": res.shoe.describe()} if on_shoes else {}),
            "strategy": res.policy,
            "house_edge_percent": res.house_edge_percent,
            "player_ev": res.ev,
            "published_percent": pub,
            "rules_text": res.rules.describe(res.shoe),
        }
        rows.append(row if exact is None else with_exact(row, exact[k]))
    rules_seen = sorted({r["rules_text"] for r in rows})
    title = "Blackjack house edge (%)" + (f": {rules_seen[0]}" if len(rules_seen) == 1 else "")
    notes = [SPLIT_CONVENTION + ".", EV_NOTE]
    if on_shoes and any(res.policy in ("basic", "hard") for res in results):
        notes.append("basic: t" + DERIVED_CHART_NOTE[1:])
    if any(r["published_percent"] is not None for r in rows):
        notes.append(
            "published: 6D S17 DAS peek split to 4 no RSA, CDZ- optimal (Farmer, bjstrat, "
            "Wizard of Odds agree to 4 decimals)."
        )
    if exact is not None:
        notes.append(EXACT_NOTE)
    return Table(title, rows, notes, digits={"house_edge_percent": digits, "player_ev": 6})


def edge_records(results: list[RoundResult], exact: list[Fraction] | None = None) -> list[dict]:
    """The JSON form of ``edge``: decks, strategy, house edge at full precision, the rules;
    ``shoe`` (its name) when a result was dealt from any other shoe than a fresh one;
    ``exact`` as in ``edge_table``."""
    rows = [
        {
            "decks": r.shoe.base_decks,
            **r.shoe.row_keys(),
            "strategy": r.policy,
            "house_edge_percent": r.house_edge_percent,
            "player_ev": r.ev,
            "split_convention": SPLIT_CONVENTION,
            "rules": r.rules.as_dict(),  # the rules alone: the row's decks and shoe say the rest
        }
        for r in results
    ]
    if exact is None:
        return rows
    return [with_exact(row, edge) for row, edge in zip(rows, exact, strict=True)]


def basic_chart(rules: BlackjackRules, shoe: Shoe, das_marks: bool = False) -> Chart:
    """The computed basic strategy chart (derived for ``shoe``); with
    ``das_marks`` (DAS rules) Ph where the split pays only thanks to DAS."""
    a = analysis_for(rules, shoe)
    chart = basic_strategy(a)
    if das_marks and rules.das:
        chart = mark_das(chart, basic_strategy(a.variant(das=False)))
    return chart


def chart_table(chart: Chart, rules: BlackjackRules, shoe: Shoe) -> Table:
    """The chart as rows (hard 4-21, soft 13-21, pairs) by up card; ``shoe``: the shoe it was
    derived for (named in the title, rows and notes when not a fresh one)."""
    frame = chart.frame(soft_12=plays_soft_12(chart, rules))
    title = f"Blackjack basic strategy ({chart.name}): {rules.describe(shoe)}"
    notes = [
        "H hit, S stand, Dh double else hit, Ds double else stand, P split, "
        "Ph split if DAS else hit. Up card across.",
        "Total-dependent: each row decided from exact EVs of the two-card hands of that "
        "total (weighted by deal probability), later play following the chart; pairs split "
        "where splitting (all split hands playing the chart) beats the pair's best play.",
        SPLIT_CONVENTION + ".",
    ]
    if rules.surrender:
        notes.insert(1, SURRENDER_NOTE)
    if not shoe.is_fresh:
        notes.append(DERIVED_CHART_NOTE)
    return Table(title, frame, notes, keys=row_keys(rules, shoe, chart.name))


SURRENDER_NOTE = (
    "Rh surrender else hit, Rs surrender else stand, Rp surrender else split: only an unsplit "
    "hand's first two cards may surrender, every other hand of the row plays the second letter."
)


def ai_levels_table(rules: BlackjackRules, shoe: Shoe) -> Table:
    """House edge of the three AI levels next to optimal and basic strategy."""
    a = analysis_for(rules, shoe)
    opt = a.evaluate(strategy_policy("optimal", a))
    rows = []
    for name, what in (
        ("optimal", "composition-dependent optimal play (CDZ-)"),
        ("hard", AI_LEVELS["hard"]),
        ("normal", AI_LEVELS["normal"]),
        ("easy", AI_LEVELS["easy"]),
    ):
        res = opt if name == "optimal" else a.evaluate(strategy_policy(name, a))
        rows.append(
            {
                "strategy": name,
                "house_edge_percent": res.house_edge_percent,
                "cost_vs_optimal_percent": res.house_edge_percent - opt.house_edge_percent,
                "plays": what,
            }
        )
    title = f"Blackjack AI levels vs optimal play: {rules.describe(shoe)}"
    notes = [SPLIT_CONVENTION + ".", EV_NOTE, "hard is the basic strategy of these rules."]
    return Table(title, rows, notes, default_digits=4, keys=row_keys(rules, shoe))


def compare_table(decks: Iterable[int], base: BlackjackRules = DEFAULT_RULES, progress=_identity):
    """House edge of optimal and basic strategy by number of decks."""
    rows = []
    for d in progress(list(decks)):
        a = analysis_for(base, Shoe.decks(d))
        opt = a.evaluate(strategy_policy("optimal", a))
        basic = a.evaluate(strategy_policy("basic", a))
        rows.append(
            {
                "decks": d,
                "optimal_percent": opt.house_edge_percent,
                "basic_percent": basic.house_edge_percent,
                "basic_cost_percent": basic.house_edge_percent - opt.house_edge_percent,
            }
        )
    title = f"Blackjack house edge (%) by decks: {base.words()}"
    notes = [SPLIT_CONVENTION + ".", EV_NOTE]
    keys: dict[str, object] = {"rules": base.words()}
    return Table(title, rows, notes, default_digits=4, keys=keys)


VARIANTS: tuple[tuple[str, dict], ...] = (
    ("dealer hits soft 17 (H17)", {"h17": True}),
    ("dealer stands on soft 17 (S17)", {"h17": False}),
    ("no double after split", {"das": False}),
    ("double after split", {"das": True}),
    ("dealer peeks (US hole card)", {"peek": True}),
    ("no peek (European no-hole-card)", {"peek": False}),
    ("natural pays 3:2", {"natural": "3:2"}),
    ("natural pays 6:5", {"natural": "6:5"}),
    ("natural pays 1:1", {"natural": "1:1"}),
    ("split to 2 hands only", {"split_hands": 2}),
    ("split to 4 hands", {"split_hands": 4}),
    ("resplit aces", {"rsa": True}),
    ("hit split aces", {"hit_split_aces": True}),
    ("surrender allowed", {"surrender": True}),
    ("no surrender", {"surrender": False}),
)
"""Single rule changes; those that leave the base rules as they are are skipped."""

DOUBLE_VARIANTS: tuple[tuple[str, dict], ...] = (
    ("double on any two cards", {"double": "any"}),
    ("double on hard 9-11 only", {"double": "9-11"}),
    ("double on hard 10-11 only", {"double": "10-11"}),
)
"""The doubling rule's changes, listed only when the base rules restrict doubling
(``--double``): the default table, published in ``results/``, stays as it was."""

FIVE_CARD_VARIANTS: tuple[tuple[str, dict], ...] = (
    ("five-card charlie", {"five_card": True}),
    ("no five-card rule", {"five_card": False}),
)
"""The five-card rule's changes, listed only when the base rules have it (``--five-card``), as
``DOUBLE_VARIANTS``."""


def variants_table(base: BlackjackRules, shoe: Shoe, progress=_identity) -> Table:
    """House edge (optimal and basic) of the base rules and of each single-rule change, all
    dealt from ``shoe``."""
    a0 = analysis_for(base, shoe)
    changes = VARIANTS + (DOUBLE_VARIANTS if base.double != "any" else ())
    changes += FIVE_CARD_VARIANTS if base.five_card else ()
    jobs = [("base rules", {})] + [(k, c) for k, c in changes if base.with_(**c) != base]
    rows = []
    ref = None
    for label, change in progress(jobs):
        a = a0.variant(**change) if change else a0
        opt = a.evaluate(strategy_policy("optimal", a))
        basic = a.evaluate(strategy_policy("basic", a))
        if ref is None:
            ref = opt.house_edge_percent
        rows.append(
            {
                "variant": label,
                "optimal_percent": opt.house_edge_percent,
                "change_percent": opt.house_edge_percent - ref,
                "basic_percent": basic.house_edge_percent,
                "rules": a.rules.describe(shoe),
            }
        )
    title = f"Blackjack rule variations, one at a time from: {base.describe(shoe)}"
    notes = [SPLIT_CONVENTION + ".", "change: house edge minus the base rules' (optimal play)."]
    keys = shoe_led(shoe, {"base_rules": base.describe(shoe)})
    return Table(title, rows, notes, default_digits=4, keys=keys)


def chart_figure(chart: Chart, rules: BlackjackRules, shoe: Shoe):
    """The chart (derived for ``shoe``) as a coloured matplotlib figure (needs matplotlib)."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot(files_only=False)
    colours = CHART_COLOURS
    rows = chart.rows()
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(rows) + 1.2))
    for r, (_label, codes) in enumerate(rows):
        for c, code in enumerate(codes):
            ax.add_patch(plt.Rectangle((c, r), 1, 1, facecolor=colours[code], edgecolor="white"))
            ax.text(c + 0.5, r + 0.5, code, ha="center", va="center", fontsize=8)
    ax.set_xlim(0, len(UP_LABELS))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks([c + 0.5 for c in range(len(UP_LABELS))], UP_LABELS)
    ax.set_yticks([r + 0.5 for r in range(len(rows))], [label for label, _ in rows], fontsize=7)
    ax.xaxis.tick_top()
    ax.set_title(f"Basic strategy: {rules.describe(shoe)}", fontsize=9, pad=22)
    for side in ax.spines.values():
        side.set_visible(False)
    fig.tight_layout()
    return fig


def chart_png(chart: Chart, rules: BlackjackRules, shoe: Shoe, path: str) -> None:
    """Draw the chart as a coloured grid to a PNG file (needs matplotlib)."""
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()
    fig = chart_figure(chart, rules, shoe)
    try:
        save_figure(fig, path, dpi=120)
    finally:
        plt.close(fig)


def hands_table(rules: BlackjackRules, shoe: Shoe, up_filter: int | None = None) -> Table:
    """EV of every two-card hand against every up card, for each action (optimal later play);
    a surrender column when the rules allow it. ``shoe`` deals the round."""
    a = analysis_for(rules, shoe)
    res = a.evaluate()
    u0 = res.unsplit
    h = hand_table()
    natural = h.two_card(ACE, TEN)
    rows = []
    for x in range(N_VALUES):
        for y in range(x, N_VALUES):
            i = h.two_card(x, y)
            for u in UP_ORDER:
                if up_filter is not None and u != up_filter:
                    continue
                if res.deal_probability[i, u] == 0:
                    continue
                nat = i == natural
                split = res.split_ev[x, u] if x == y else np.nan
                rows.append(
                    {
                        "hand": h.label(i),
                        "up": VALUE_LABELS[u],
                        "stand": res.deal_ev[i, u] if nat else u0.stand[i, u],
                        "hit": np.nan if nat else u0.hit[i, u],
                        "double": np.nan if nat else u0.double[i, u],
                        "split": split,
                        **({"surrender": _surrender_ev(res, i, u)} if rules.surrender else {}),
                        "best": "natural" if nat else ACTION_NAMES[int(res.deal_action[i, u])],
                        "probability": res.deal_probability[i, u],
                    }
                )
    title = f"Blackjack two-card hand EVs by action: {rules.describe(shoe)}"
    notes = [
        EV_NOTE,
        "Later play optimal for the exact shoe; split: all hands, " + SPLIT_CONVENTION + ".",
        "probability: of being dealt that hand and up card.",
    ]
    if rules.surrender:
        notes.insert(1, _surrender_ev_note(rules))
    import pandas as pd  # the columns stay when no hand can be dealt (a CSV header)

    keys = row_keys(rules, shoe, "optimal")
    columns = ["hand", "up", "stand", "hit", "double", "split"]
    columns += ["surrender"] if rules.surrender else []
    empty = "no two-card hand can be dealt from this shoe"
    if up_filter is not None:
        empty = f"no hand can be dealt against an up card {VALUE_LABELS[up_filter]} from this shoe"
    return Table(
        title,
        pd.DataFrame(rows, columns=[*columns, "best", "probability"]),
        notes,
        digits={"probability": 6},
        keys=keys,
        empty=empty,
    )


def _surrender_ev(res: RoundResult, i: int, u: int) -> float:
    """Surrender EV of two-card hand i against u (NaN for a natural, which is paid)."""
    return np.nan if i == hand_table().two_card(ACE, TEN) else float(res.unsplit.surrender[i, u])


def _surrender_ev_note(rules: BlackjackRules) -> str:
    if rules.peek:
        return (
            "surrender: late (after the peek), -0.5 given no dealer natural, so -0.5 - 0.5 "
            "P(natural) unconditionally."
        )
    return "surrender: -0.5 whatever the hole card, a dealer natural included."


def exceptions_table(
    rules: BlackjackRules, shoe: Shoe, max_cards: int = 3, strategy: str = "basic"
) -> Table:
    """Composition-dependent departures from a strategy (default: the basic strategy chart).

    Two-card hands (every action, splits included) and hands of up to ``max_cards`` cards
    (stand or hit) whose exact-shoe best action differs from what the strategy (a name or a
    chart file) plays; gain is the EV the departure adds per initial wager, given the hand.
    ``shoe`` deals the round; the basic chart is the one derived for it.
    """
    import pandas as pd

    a = analysis_for(rules, shoe)
    if strategy == "optimal":
        raise ValueError("exceptions compare a strategy with optimal play: give a chart")
    policy = strategy_policy(strategy, a)
    chart_res = a.evaluate(policy)
    opt = a.evaluate()
    h = hand_table()
    natural = h.two_card(ACE, TEN)
    cu = chart_res.unsplit
    ou = opt.unsplit
    rows = []
    for i in range(len(h.n_cards)):
        n = int(h.n_cards[i])
        if n < 2 or n > max_cards or i == natural:
            continue
        pair = n == 2 and h.counts[i].max() == 2
        for u in UP_ORDER:
            if n == 2:
                if chart_res.deal_probability[i, u] == 0:
                    continue
                chart_act, best_act = int(chart_res.deal_action[i, u]), int(opt.deal_action[i, u])
                chart_ev = _action_ev(ou, opt, i, u, chart_act, pair)
                best_ev = opt.deal_ev[i, u]
            else:
                if not _possible(a.base, h.counts[i], u):
                    continue
                chart_act = int(cu.action[i, u])
                best_act = Action.HIT if ou.hit[i, u] > ou.stand[i, u] else 0
                chart_ev = ou.hit[i, u] if chart_act == Action.HIT else ou.stand[i, u]
                best_ev = max(ou.hit[i, u], ou.stand[i, u])
            if chart_act == best_act:
                continue
            rows.append(
                {
                    "hand": h.label(i),
                    "total": f"{'soft' if h.soft[i] else 'hard'} {int(h.total[i])}",
                    "up": VALUE_LABELS[u],
                    "chart": ACTION_NAMES[chart_act],
                    "best": ACTION_NAMES[best_act],
                    "gain": best_ev - chart_ev,
                }
            )
    label = "basic strategy" if policy.name in ("basic", "hard") else f"strategy {policy.name}"
    title = f"Blackjack composition-dependent departures from {label}: {rules.describe(shoe)}"
    notes = [
        f"Hands of 2 to {max_cards} cards; three-card hands compare stand and hit only.",
        "gain: EV added by the departure (later play optimal), per initial wager.",
        SPLIT_CONVENTION + ".",
    ]
    if not shoe.is_fresh and policy.name in ("basic", "hard"):
        notes.append(DERIVED_CHART_NOTE)
    return Table(
        title,
        pd.DataFrame(rows, columns=["hand", "total", "up", "chart", "best", "gain"]),
        notes,
        digits={"gain": 5},
        keys=row_keys(rules, shoe, policy.name),
        empty=f"{label} plays every hand as optimal play does",
    )


def _possible(base, counts, u) -> bool:
    need = counts.copy()
    need[u] += 1
    return bool((base >= need).all())


def _action_ev(ctx, res: RoundResult, i: int, u: int, action: int, pair: bool) -> float:
    """EV of a first action on two-card hand i (later play optimal)."""
    if action == Action.SPLIT:
        h = hand_table()
        return float(res.split_ev[int(np.argmax(h.counts[i])), u])
    by_action = {
        Action.STAND: ctx.stand,
        Action.HIT: ctx.hit,
        Action.DOUBLE: ctx.double,
        Action.SURRENDER: ctx.surrender,
    }
    return float(by_action[action][i, u])


def dealer_table(rules: BlackjackRules, shoe: Shoe) -> Table:
    """P(dealer's final result) by up card from ``shoe``; with peek, given no natural."""
    a = analysis_for(rules, shoe)
    table = outcome_table(a.base, rules.h17)
    rows = []
    for u in UP_ORDER:
        probs = conditioned_on_no_natural(table[u]) if rules.peek else table[u]
        row = {"up": VALUE_LABELS[u]}
        for name, p in zip(OUTCOME_LABELS, probs, strict=True):
            if rules.peek and name == "natural":
                continue
            row[name] = p
        rows.append(row)
    title = f"Blackjack dealer's final result by up card: {rules.describe(shoe)}"
    notes = [
        "Probabilities from a fresh shoe less the up card"
        + (", given the dealer has no natural (peek)." if rules.peek else ".")
    ]
    return Table(title, rows, notes, default_digits=6, keys=row_keys(rules, shoe))


RETURNS_NOTE = (
    "Exact for every round not split. Split rounds: the probability of each way a split ends "
    "(resplits included) and each hand's result jointly with the dealer's are exact "
    "(Farmer-Nairn); the hands are combined as independent given the dealer's result, so only "
    "how split rounds spread over the nets is approximate (their mean, and the edge, is exact). "
    "Measured against the exact joint distribution where it is affordable (6 decks, split to 2 "
    "or 3 hands: bench/exact_split_returns.py), the SD is overstated by about 2.5e-5 and no bin "
    "moves by more than 1e-5; with split to 4 the exact table would take 1-2 hours per strategy."
)


def returns_table(rules: BlackjackRules, shoe: Shoe, strategy: str = "optimal") -> Table:
    """Every net result of a round with its probability and return; the last row the total.

    Net and return per initial wager (player's sign); notes: house edge, standard deviation,
    element of risk (edge per unit of the total amount wagered).
    """
    a = analysis_for(rules, shoe)
    policy = strategy_policy(strategy, a)
    out = distribution_of(a, policy, a.evaluate(policy))
    rows = [
        {"outcome": label, "net": net, "probability": p, "return": net * p}
        for label, net, p in out.rows()
    ]
    rows.append(
        {
            "outcome": "total",
            "net": None,
            "probability": sum(out.probability.values()),
            "return": out.ev,
        }
    )
    title = f"Blackjack return table, {policy.name} play: {rules.describe(shoe)}"
    notes = [
        f"house edge {-100 * out.ev:.6f}%; standard deviation {out.std:.6f} per initial wager; "
        f"element of risk {out.element_of_risk_percent:.6f}% (edge per total amount wagered, "
        f"{out.expected_wager:.6f} initial wagers per round, doubles and split hands included).",
        "net: the round's result per initial wager (all hands); natural wins pays "
        f"{rules.natural}; P(split) {out.split_probability:.6f}.",
        RETURNS_NOTE,
        SPLIT_CONVENTION + ".",
    ]
    if rules.surrender:
        notes.insert(2, _surrender_return_note(rules))
    table = Table(title, rows, notes, digits={"net": 1}, default_digits=8)
    table.keys = row_keys(rules, shoe, policy.name)
    table.facts = {
        "house_edge_percent": -100.0 * out.ev,
        "sd": out.std,
        "element_of_risk_percent": out.element_of_risk_percent,
        "expected_wager": out.expected_wager,
        "split_probability": out.split_probability,
    }
    return table


def _surrender_return_note(rules: BlackjackRules) -> str:
    if rules.peek:
        return "surrender: -0.5, rounds with no dealer natural (a peeked natural is in -1)."
    return "surrender: -0.5, a dealer natural included (no hole card)."


@lru_cache(maxsize=1)
def default_tables() -> dict[str, Table]:
    """The blackjack tables of ``results/`` (6 decks unless said); computed once per process
    (treat the tables as read-only)."""
    tables: dict[str, Table] = {}
    rules, shoe = DEFAULT_RULES, DEFAULT_SHOE
    setups = [(rules, shoe), (PUBLISHED_RULES, PUBLISHED_SHOE)]
    edges = edge_results(setups, ("optimal", "basic"))
    tables["blackjack_edge_6d"] = edge_table(edges, 6)
    tables["blackjack_ai_levels_6d"] = ai_levels_table(rules, shoe)
    tables["blackjack_chart_6d"] = chart_table(basic_chart(rules, shoe, True), rules, shoe)
    tables["blackjack_chart_6d_peek"] = chart_table(
        basic_chart(PUBLISHED_RULES, PUBLISHED_SHOE, True), PUBLISHED_RULES, PUBLISHED_SHOE
    )
    tables["blackjack_variants_6d"] = variants_table(rules, shoe)
    tables["blackjack_decks"] = compare_table([1, 2, 4, 6, 8])
    tables["blackjack_exceptions_6d"] = exceptions_table(rules, shoe, 3)
    tables["blackjack_dealer_6d"] = dealer_table(rules, shoe)
    for strategy in ("optimal", "basic"):
        tables[f"blackjack_returns_{strategy}_6d"] = returns_table(rules, shoe, strategy)
    return tables
