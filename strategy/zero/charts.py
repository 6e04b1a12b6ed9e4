"""Zero basic strategy: total-dependent charts as data, derived from exact EVs.

A chart has three blocks, each by dealer up card (point values; columns printed A, 2..9, 0):
two-card totals (S stand / H hit), split pairs by their exact point values (P split / N no
split), three-card totals (S stand / D double). Every hand follows it, split hands included.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.records import KernelRules
from cardedge.analysis.zero.round import (
    RoundResult,
    ShoeStates,
    all_but_splitting,
    deal_probabilities,
    evaluate_round,
    shoe_states,
)
from cardedge.analysis.zero.rules import PlayRules, ZeroRules
from cardedge.strategy.core.chartfiles import read_chart_table, save_chart
from cardedge.strategy.zero.cells import (
    CellSums,
    cell_values_by_total,
    empty_cell_sums,
    empty_total_sums,
)
from cardedge.strategy.zero.legend import LEGEND  # noqa: F401 (the chart's codes, re-exported)

if TYPE_CHECKING:
    import pandas as pd

UP_ORDER: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
"""Up card values in column order."""
UP_LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "0")
BLOCKS = ("two-card", "split", "three-card")
LETTERS = {
    "two-card": {"S": Action.STAND, "H": Action.HIT},
    "three-card": {"S": Action.STAND, "D": Action.DOUBLE},
}
PUBLISHED_SEVEN_DOUBLES = (4, 5, 6, 7)
"""Up cards against which the published chart doubles a three-card 7 (the best chart adds 9)."""


def split_pairs(split_totals) -> list[tuple[int, int]]:
    """Pairs of point values (a <= b) whose total may be split, in chart order."""
    return sorted((a, b) for a in range(10) for b in range(a, 10) if (a + b) % 10 in split_totals)


@dataclass(frozen=True, eq=False)
class ZeroChart:
    """A total-dependent Zero strategy chart (see the module doc for its blocks)."""

    name: str
    two_card: np.ndarray
    """``[total, up]``: STAND or HIT."""
    three_card: np.ndarray
    """``[total, up]``: STAND or DOUBLE."""
    split: np.ndarray
    """``[a, b, up]``: SPLIT or NO_SPLIT (symmetric in a, b)."""
    split_totals: frozenset[int]

    def policy(self) -> ZeroPolicy:
        """The chart as a policy the evaluator follows for every hand."""
        return ZeroPolicy(
            self.name, self.two_card.copy(), self.three_card.copy(), self.split.copy()
        )

    def rows(self) -> list[tuple[str, str, list[str]]]:
        """(block, hand, letters by up card in ``UP_ORDER``) for every row of the chart."""
        out = []
        for t in range(10):
            out.append(
                ("two-card", str(t), [_letter("two-card", self.two_card[t, u]) for u in UP_ORDER])
            )
        for a, b in split_pairs(self.split_totals):
            cells = ["P" if self.split[a, b, u] == Action.SPLIT else "N" for u in UP_ORDER]
            out.append(("split", f"{a}-{b}", cells))
        for t in range(10):
            out.append(
                (
                    "three-card",
                    str(t),
                    [_letter("three-card", self.three_card[t, u]) for u in UP_ORDER],
                )
            )
        return out

    def frame(self) -> pd.DataFrame:
        """The chart as a table: block, hand, then one column per up card (A, 2..9, 0)."""
        import pandas as pd

        rows = [
            dict(block=b, hand=h, **dict(zip(UP_LABELS, c, strict=True))) for b, h, c in self.rows()
        ]
        return pd.DataFrame(rows)

    def differences(self, other: ZeroChart) -> list[tuple[str, str, str, str, str]]:
        """Cells where the charts differ: (block, hand, up label, this letter, other letter),
        over the rows both have (charts for other split totals have other split rows)."""
        out = []
        theirs_by_row = {(b, h): cells for b, h, cells in other.rows()}
        for b, h, mine in self.rows():
            theirs = theirs_by_row.get((b, h))
            if theirs is None:
                continue
            for label, x, y in zip(UP_LABELS, mine, theirs, strict=True):
                if x != y:
                    out.append((b, h, label, x, y))
        return out

    def save(self, path: str | Path) -> None:
        """Write the chart as CSV (``.csv``) or JSON (anything else), atomically
        (``strategy.core.chartfiles.save_chart``)."""
        save_chart(self.frame(), path)


def _letter(block: str, code: int) -> str:
    for letter, c in LETTERS[block].items():
        if c == code:
            return letter
    raise ValueError(f"no letter for code {code} in block {block}")


def chart_from_frame(frame: pd.DataFrame, name: str, rules: ZeroRules) -> ZeroChart:
    """Read a chart table (``ZeroChart.frame`` layout); errors name the row and column."""
    import pandas as pd

    missing = [c for c in ("block", "hand", *UP_LABELS) if c not in frame.columns]
    if missing:
        raise ValueError(f"chart {name}: missing column(s) {', '.join(missing)}")
    two = np.full((10, 10), -1, dtype=np.int8)
    three = np.full((10, 10), -1, dtype=np.int8)
    split = np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8)
    seen_pairs = set()
    first_row: dict[tuple, int] = {}
    for i, row in frame.iterrows():
        block = str(row["block"]).strip()
        hand = str(row["hand"]).strip()
        where = f"chart {name}, row {i + 1} ({block} {hand})"
        if block not in BLOCKS:
            raise ValueError(f"{where}: unknown block {block!r} (use {', '.join(BLOCKS)})")
        if block == "split":
            a, b = _pair(hand, where)
            if (a + b) % 10 not in rules.split_totals:
                raise ValueError(
                    f"{where}: {a}-{b} totals {(a + b) % 10}, which may not be split "
                    f"(split totals: {sorted(rules.split_totals)})"
                )
            key = (block, min(a, b), max(a, b))
            seen_pairs.add(key[1:])
        else:
            t = _total(hand, where)
            key = (block, t)
        if key in first_row:
            # a second row for the same cells would silently override the first
            raise ValueError(f"{where}: repeats row {first_row[key]}; give each hand once")
        first_row[key] = i + 1
        for label, u in zip(UP_LABELS, UP_ORDER, strict=True):
            letter = "" if pd.isna(row[label]) else str(row[label]).strip().upper()
            cell = f"{where}, column {label}"
            if not letter:
                raise ValueError(f"{cell}: empty cell")
            if block == "split":
                if letter not in ("P", "N"):
                    raise ValueError(f"{cell}: unknown action {letter!r} (split cells take P or N)")
                split[a, b, u] = split[b, a, u] = Action.SPLIT if letter == "P" else Action.NO_SPLIT
            else:
                codes = LETTERS[block]
                if letter not in codes:
                    raise ValueError(
                        f"{cell}: unknown action {letter!r} ({block} cells take {'/'.join(codes)})"
                    )
                (two if block == "two-card" else three)[t, u] = codes[letter]
    for block, arr in (("two-card", two), ("three-card", three)):
        for t in range(10):
            for label, u in zip(UP_LABELS, UP_ORDER, strict=True):
                if arr[t, u] < 0:
                    raise ValueError(f"chart {name}: missing cell {block} {t}, column {label}")
    for a, b in split_pairs(rules.split_totals):
        if (a, b) not in seen_pairs:
            raise ValueError(f"chart {name}: missing row split {a}-{b}")
    return ZeroChart(name, two, three, split, frozenset(rules.split_totals))


def _total(hand: str, where: str) -> int:
    if hand.isdigit() and 0 <= int(hand) <= 9:
        return int(hand)
    raise ValueError(f"{where}: hand {hand!r} is not a total 0..9")


def _pair(hand: str, where: str) -> tuple[int, int]:
    parts = hand.replace(",", "-").split("-")
    if len(parts) == 2 and all(p.strip().isdigit() and int(p) <= 9 for p in parts):
        return int(parts[0]), int(parts[1])
    raise ValueError(f"{where}: split hand {hand!r} is not a pair of point values like 4-4")


def load_chart(path: str | Path, rules: ZeroRules) -> ZeroChart:
    """Read a chart file written by ``ZeroChart.save`` (CSV or JSON, ``read_chart_table``)."""
    return chart_from_frame(read_chart_table(path), Path(path).name, rules)


def _cell_sums(
    chart: ZeroChart, rules: ZeroRules | PlayRules, states: ShoeStates, weights: np.ndarray
):
    """Reach-weighted cell sums ``(two, three, split)`` of ``chart`` under ``rules`` (a split
    cell's sums cover both deal orders of its pair)."""
    split_totals = splitting_totals(rules)
    parts = _total_sums(chart, [split_totals], states, weights, rules.kernel_record())
    return _rule_sums(parts, split_totals)


def _total_sums(
    chart: ZeroChart,
    split_rules: list[frozenset[int]],
    states: ShoeStates,
    weights: np.ndarray,
    record: KernelRules,
) -> tuple[CellSums, CellSums, CellSums]:
    """One kernel run's sums by the deal's total (``cell_values_by_total``) for the split
    rules ``split_rules``, whose charts agree with ``chart`` on every cell they consult;
    ``record``: the rules record all of them share but for ``split_ok``."""
    union = frozenset().union(*split_rules)
    common = frozenset.intersection(*split_rules)
    eligible = np.array([t in union for t in range(10)])
    need_all = np.array([t not in common for t in range(10)])
    parts = (empty_total_sums(), empty_total_sums(), empty_total_sums())
    cell_values_by_total(
        states.record, chart.policy().charts, eligible, need_all, record, weights, *parts
    )
    return parts


def _rule_sums(parts: tuple[CellSums, CellSums, CellSums], split_totals: frozenset[int]):
    """A split rule's cell sums from ``_total_sums``: total by total, the split part and the
    unsplit deals' visits where the rule splits the total, every deal's visits where not
    (added in the order of the totals, so a rule's sums are the same bits whichever run made
    them)."""
    split_part, kept, plain = parts
    c2, c3, cs = empty_cell_sums()
    for t in range(10):
        if t in split_totals:
            c2 += split_part.two[t] + kept.two[t]
            c3 += split_part.three[t] + kept.three[t]
            cs += split_part.split[t] + kept.split[t]
        else:
            c2 += plain.two[t]
            c3 += plain.three[t]
            cs += plain.split[t]
    # A split cell is an unordered pair: it decides both deal orders a-b and b-a.
    pair_sums = cs + cs.transpose(1, 0, 2, 3)
    for a in range(10):
        pair_sums[a, a] = cs[a, a]
    return c2, c3, pair_sums


def _better(current: np.ndarray, sums: np.ndarray, codes: tuple[int, int]) -> np.ndarray:
    """Per cell, the action with the larger reach-weighted EV; ties keep the current action."""
    out = current.copy()
    out[sums[..., 1] > sums[..., 0]] = codes[1]
    out[sums[..., 0] > sums[..., 1]] = codes[0]
    return out


def derive_best_chart(
    rules: ZeroRules | PlayRules, shoe: Shoe, max_iterations: int = 50
) -> tuple[ZeroChart, int]:
    """The best total-dependent chart and the iterations it took.

    Starting from "stand, never split", every cell takes the action whose reach-weighted EV
    (``cells``) is larger, and this repeats until the chart is a fixed point: no
    single cell can then be changed to raise the round EV.
    """
    return derive_best_charts([rules.play_rules()], shoe, max_iterations)[rules.play_rules()]


def derive_best_charts(
    plays: list[PlayRules], shoe: Shoe, max_iterations: int = 50
) -> dict[PlayRules, tuple[ZeroChart, int]]:
    """``derive_best_chart`` of each of ``plays``, the same charts bit for bit, with fewer
    kernel runs: at each step the rules whose records differ in ``split_ok`` only
    (``all_but_splitting``) and whose charts agree on the cells each consults (the same two-
    and three-card cells; the same split cells of every total two of them split) share one
    run (``_total_sums``): split rules differ in their
    split cells only until their two-card cells part, usually after the last step."""
    out: dict[PlayRules, tuple[ZeroChart, int]] = {}
    charts = {play: _start_chart(play) for play in dict.fromkeys(plays)}
    weights = deal_probabilities(shoe).nonpair
    for it in range(1, max_iterations + 1):
        if not charts:
            return out
        for group in _sharing_groups(charts):
            states = shoe_states(shoe, group[0])
            merged = _merged_chart([charts[p] for p in group])
            splits = [splitting_totals(p) for p in group]
            record = group[0].kernel_record()
            parts = _total_sums(merged, splits, states, weights, record)
            for play in group:
                chart = charts[play]
                c2, c3, cs = _rule_sums(parts, splitting_totals(play))
                new = ZeroChart(
                    "basic",
                    _better(chart.two_card, c2, (Action.STAND, Action.HIT)),
                    _better(chart.three_card, c3, (Action.STAND, Action.DOUBLE)),
                    _better(chart.split, cs, (Action.NO_SPLIT, Action.SPLIT)),
                    chart.split_totals,
                )
                if _same_cells(new, chart):
                    out[play] = (new, it)
                    del charts[play]
                else:
                    charts[play] = new
    if charts:
        raise RuntimeError(
            f"chart derivation did not reach a fixed point in {max_iterations} steps"
        )
    return out


def _sharing_groups(charts: dict[PlayRules, ZeroChart]) -> list[list[PlayRules]]:
    """The rules whose current charts one kernel run can serve: kernel records alike but for
    which totals split (``all_but_splitting``: a new rule parts them by construction), the
    same two- and three-card cells, and the same split cells of every total two of them split
    (a greedy grouping, in the given order)."""
    groups: list[list[PlayRules]] = []
    keys = {play: all_but_splitting(play) for play in charts}
    for play, chart in charts.items():
        for group in groups:
            first = group[0]
            if (
                keys[first] == keys[play]
                and np.array_equal(charts[first].two_card, chart.two_card)
                and np.array_equal(charts[first].three_card, chart.three_card)
                and all(_same_splits(charts[other], chart) for other in group)
            ):
                group.append(play)
                break
        else:
            groups.append([play])
    return groups


def _same_splits(a: ZeroChart, b: ZeroChart) -> bool:
    """Do ``a`` and ``b`` split alike every pair of a total both split?"""
    both = a.split_totals & b.split_totals
    return all(
        np.array_equal(a.split[x, y], b.split[x, y])
        for x in range(10)
        for y in range(10)
        if (x + y) % 10 in both
    )


def _merged_chart(charts: list[ZeroChart]) -> ZeroChart:
    """One chart holding each chart's split cells of the totals it splits (they agree where
    two split the same total) and their common two- and three-card cells."""
    split = np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8)
    for chart in charts:
        for x in range(10):
            for y in range(10):
                if (x + y) % 10 in chart.split_totals:
                    split[x, y] = chart.split[x, y]
    first = charts[0]
    union = frozenset().union(*(c.split_totals for c in charts))
    return ZeroChart("basic", first.two_card, first.three_card, split, union)


def _start_chart(rules: ZeroRules | PlayRules) -> ZeroChart:
    """Where a derivation starts: stand on everything, never split."""
    return ZeroChart(
        "basic",
        np.full((10, 10), Action.STAND, dtype=np.int8),
        np.full((10, 10), Action.STAND, dtype=np.int8),
        np.full((10, 10, 10), Action.NO_SPLIT, dtype=np.int8),
        splitting_totals(rules),
    )


def splitting_totals(rules: ZeroRules | PlayRules) -> frozenset[int]:
    """The two-card totals ``rules`` let split, as the kernels read them (``split_ok``)."""
    return frozenset(int(t) for t in np.flatnonzero(rules.kernel_record().split_ok))


def _same_cells(a: ZeroChart, b: ZeroChart) -> bool:
    """True when two charts of one derivation take the same action in every cell (a split
    cell of a total the rules do not split never leaves NO_SPLIT: its sums are both 0)."""
    return (
        np.array_equal(a.two_card, b.two_card)
        and np.array_equal(a.three_card, b.three_card)
        and np.array_equal(a.split, b.split)
    )


PUBLISHED_CHART_RULES = PlayRules(dealer_draws=5, das=True, split_totals=frozenset({8, 9}))
"""The play rules the published chart was made for: the preset play rules."""
PUBLISHED_CHART_SHOE = Shoe.decks(6)
"""The shoe the published chart was made for: 6 decks (its 8-deck chart is the same)."""


def published_chart() -> ZeroChart:
    """The published chart, the same at every deck count (a player learns one chart).

    The original chart did not survive; the rules page describes it as the best 6/8-deck chart
    (they are equal) but for the three-card 7, doubled only against 4-7, and the exact edges of
    this chart reproduce the published basic-strategy edges. It is not re-derived per deck count:
    with 1 deck the best chart differs elsewhere, and the published chart is played as published.
    """
    return with_published_sevens(best_chart(PUBLISHED_CHART_RULES, PUBLISHED_CHART_SHOE))


def with_published_sevens(chart: ZeroChart) -> ZeroChart:
    """``chart`` with the published three-card 7 row: double only against 4-7, named published.

    Applied to the best 6- or 8-deck chart this is the published chart (``published_chart``).
    """
    three = chart.three_card.copy()
    three[7, :] = Action.STAND
    for u in PUBLISHED_SEVEN_DOUBLES:
        three[7, u] = Action.DOUBLE
    return ZeroChart("published", chart.two_card, three, chart.split, chart.split_totals)


def chart_edge(rules: ZeroRules, shoe: Shoe, chart: ZeroChart) -> RoundResult:
    """Exact round result when every hand dealt from ``shoe`` follows ``chart``."""
    return evaluate_round(rules, shoe, chart.policy())


STRATEGIES: tuple[str, ...] = ("optimal", "basic", "published")
"""Named strategies; anything else given where a strategy is expected is a chart file."""


def best_chart(rules: ZeroRules | PlayRules, shoe: Shoe) -> ZeroChart:
    """The best total-dependent chart for ``rules`` dealt from ``shoe`` (a fresh shoe's is its
    basic strategy; any other shoe gets the chart derived the same way for it).

    Derived once per set of play rules and shoe: what a Zero Pair pays never changes play, so
    both presets share one chart.
    """
    return _best_chart(rules.play_rules(), shoe)


@lru_cache(maxsize=32)
def _best_chart(play: PlayRules, shoe: Shoe) -> ZeroChart:
    return derive_best_chart(play, shoe)[0]


def published_chart_applies(rules: ZeroRules | PlayRules) -> bool:
    """Can the published chart play these rules? It splits totals 8 and 9: rules splitting
    other totals have split cells it does not fill."""
    return published_chart().split_totals == frozenset(rules.split_totals)


def resolve(
    strategy: str, rules: ZeroRules, shoe: Shoe
) -> tuple[str, ZeroPolicy, ZeroChart | None]:
    """(label, policy, chart or None) for 'optimal', 'basic', 'published' or a chart file.

    The label is the strategy's name as the user gave it ('basic' is the best total-dependent
    chart for these rules, derived for ``shoe`` when it is not a fresh shoe; 'published' the
    published chart at any deck count and shoe), or the chart file's name; the policy and the
    chart carry the same name.
    """
    if strategy == "optimal":
        return "optimal", OPTIMAL_POLICY, None
    if strategy == "basic":
        chart = best_chart(rules, shoe)
    elif strategy == "published":
        chart = published_chart()
        if not published_chart_applies(rules):
            raise ValueError(
                "the published chart splits totals 8/9 only; these rules split "
                + ("/".join(str(t) for t in sorted(rules.split_totals)) or "nothing")
            )
    else:
        chart = load_chart(strategy, rules)
        return chart.name, chart.policy(), chart
    return strategy, chart.policy(), chart
