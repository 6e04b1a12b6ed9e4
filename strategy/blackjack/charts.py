"""Blackjack strategies as charts: the computed basic strategy, the generic chart, the AI levels.

A chart is keyed by hand kind and total (hard 4-21, soft 12-21, pairs A-T) and the dealer's up
card; each cell a code: H hit, S stand, Dh double else hit, Ds double else stand, P split,
Ph split if doubling after a split is allowed, else hit, Rh surrender else hit, Rs surrender
else stand, Rp surrender else split. Every chart becomes a ``BlackjackPolicy`` that the exact
evaluator plays for every hand, multi-card and split hands included (a split hand of the same
cards and total plays the same cell).

Surrender cells follow the classic charts' two letters because the fallback matters: a cell
applies to every hand of its total, and only an unsplit hand's first two cards may surrender,
so a hand of three or more cards, a split hand, or any hand under rules without surrender plays
the second letter (hit for Rh, stand for Rs, split for Rp; a pair that can no longer split
plays its total's row). Charts of rules without surrender (the generic chart among them) hold
no R cell.

A chart file is what ``blackjack chart --format csv`` (or ``json``) writes and ``Chart.save``
writes: a column ``hand`` (``hard 4`` .. ``hard 21``, ``soft 12`` .. ``soft 21``, ``2,2`` ..
``T,T``, ``A,A``; soft 12 may be left out, it is then H) and one column per up card ``2`` ..
``9``, ``T``, ``A``; other columns (the JSON rows' decks, rules, strategy) are ignored.
``load_chart`` reads it back and refuses, naming the row and column: an unknown code, an empty
or missing cell, a missing or repeated row, a split code (P, Ph, Rp) on a hard or soft row,
and a surrender code (Rh, Rs, Rp) when the rules have no surrender (the chart was made for
other rules; write the second letter instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from cardedge.analysis.blackjack.actions import Action
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, VALUE_LABELS, hand_table
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY, BlackjackPolicy
from cardedge.analysis.blackjack.round import RoundResult, ShoeAnalysis, deal_probabilities
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.sharing import unsplit_play_key
from cardedge.core.sums import dot
from cardedge.strategy.core.chartfiles import read_chart_table, save_chart

if TYPE_CHECKING:
    import pandas as pd

UP_ORDER: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, ACE)
"""Up cards (value indices) in the order charts print them: 2..9, T, A."""
UP_LABELS: tuple[str, ...] = tuple(VALUE_LABELS[u] for u in UP_ORDER)
CODES: tuple[str, ...] = ("H", "S", "Dh", "Ds", "P", "Ph", "Rh", "Rs", "Rp")
HARD_TOTALS = tuple(range(4, 22))
SOFT_TOTALS = tuple(range(12, 22))
SHOWN_SOFT_TOTALS = tuple(range(13, 22))
"""Soft 12 is kept in every chart but printed only where it is played (``plays_soft_12``): the
only soft 12 is A,A, which a chart almost always splits."""
STRATEGIES: tuple[str, ...] = ("optimal", "basic", "easy", "normal", "hard")
AI_LEVELS: dict[str, str] = {
    "easy": "hits below 17, stands otherwise; never doubles or splits",
    "normal": "the generic multi-deck S17 DAS peek chart of the rules page",
    "hard": "this variant's computed total-dependent basic strategy",
}

_CODE_TO_PLAYER = {
    "H": Action.HIT,
    "S": Action.STAND,
    "Dh": Action.DOUBLE_ELSE_HIT,
    "Ds": Action.DOUBLE_ELSE_STAND,
    "Rh": Action.SURRENDER_ELSE_HIT,
    "Rs": Action.SURRENDER_ELSE_STAND,
}


@dataclass(frozen=True)
class Chart:
    """A total-dependent strategy chart: rows of codes, one per up card in ``UP_ORDER``."""

    name: str
    hard: dict[int, tuple[str, ...]]
    soft: dict[int, tuple[str, ...]]
    pairs: dict[int, tuple[str, ...]]
    """Keyed by the pair's value index (0 aces .. 9 ten-value cards)."""

    def __post_init__(self) -> None:
        for kind, rows, keys in (
            ("hard", self.hard, HARD_TOTALS),
            ("soft", self.soft, SOFT_TOTALS),
            ("pairs", self.pairs, tuple(range(N_VALUES))),
        ):
            if sorted(rows) != sorted(keys):
                raise ValueError(f"{kind} rows must be {keys[0]}..{keys[-1]}, got {sorted(rows)}")
            for key, row in rows.items():
                if len(row) != len(UP_ORDER) or any(c not in CODES for c in row):
                    raise ValueError(f"bad {kind} row {key}: {row!r}")

    def cell(self, kind: str, key: int, up: int) -> str:
        """Code of a cell; ``up`` is a value index."""
        rows = {"hard": self.hard, "soft": self.soft, "pairs": self.pairs}[kind]
        return rows[key][_UP_COLUMN[up]]

    def rows(self, soft_12: bool = False) -> list[tuple[str, tuple[str, ...]]]:
        """(row label, codes) in print order: hard 4-21, soft 13-21 (12-21 with ``soft_12``),
        pairs 2,2 .. A,A."""
        out = [(f"hard {t}", self.hard[t]) for t in HARD_TOTALS]
        shown = SOFT_TOTALS if soft_12 else SHOWN_SOFT_TOTALS
        out += [(f"soft {t}", self.soft[t]) for t in shown]
        pair_order = list(range(1, N_VALUES)) + [ACE]
        out += [(f"{VALUE_LABELS[p]},{VALUE_LABELS[p]}", self.pairs[p]) for p in pair_order]
        return out

    def frame(self, soft_12: bool = True) -> pd.DataFrame:
        """The chart as a table: ``hand``, then one column per up card (2..9, T, A); every
        row, soft 12 included, unless ``soft_12`` is False."""
        import pandas as pd

        return pd.DataFrame(
            [
                {"hand": label, **dict(zip(UP_LABELS, codes, strict=True))}
                for label, codes in self.rows(soft_12)
            ],
            columns=["hand", *UP_LABELS],
        )

    def save(self, path: str | Path) -> None:
        """Write the chart file: CSV (``.csv``) or JSON (anything else), as ``load_chart``
        reads it, atomically (``strategy.core.chartfiles.save_chart``): a failed save leaves no
        partial chart behind."""
        save_chart(self.frame(), path)

    def differences(self, other: Chart) -> list[tuple[str, str, str, str]]:
        """Cells where the charts differ: (row, up, this chart's code, the other's)."""
        out = []
        for (label, mine), (_, theirs) in zip(self.rows(), other.rows(), strict=True):
            for up, a, b in zip(UP_LABELS, mine, theirs, strict=True):
                if a != b:
                    out.append((label, up, a, b))
        return out


# -- the generic chart of the rules page -------------------------------------------------------
GENERIC_CHART_TEXT = """\
Hard   2   3   4   5   6   7   8   9   T   A
 4-8   H   H   H   H   H   H   H   H   H   H
   9   H   Dh  Dh  Dh  Dh  H   H   H   H   H
  10   Dh  Dh  Dh  Dh  Dh  Dh  Dh  Dh  H   H
  11   Dh  Dh  Dh  Dh  Dh  Dh  Dh  Dh  Dh  H
  12   H   H   S   S   S   H   H   H   H   H
13-16  S   S   S   S   S   H   H   H   H   H
17-21  S   S   S   S   S   S   S   S   S   S
Soft
13-14  H   H   H   Dh  Dh  H   H   H   H   H
15-16  H   H   Dh  Dh  Dh  H   H   H   H   H
  17   H   Dh  Dh  Dh  Dh  H   H   H   H   H
  18   S   Ds  Ds  Ds  Ds  S   S   H   H   H
19-21  S   S   S   S   S   S   S   S   S   S
Pairs
 2,2   P   P   P   P   P   P   H   H   H   H
 3,3   P   P   P   P   P   P   H   H   H   H
 4,4   H   H   H   P   P   H   H   H   H   H
 5,5   Dh  Dh  Dh  Dh  Dh  Dh  Dh  Dh  H   H
 6,6   P   P   P   P   P   H   H   H   H   H
 7,7   P   P   P   P   P   P   H   H   H   H
 8,8   P   P   P   P   P   P   P   P   P   P
 9,9   P   P   P   P   P   S   P   P   S   S
 T,T   S   S   S   S   S   S   S   S   S   S
 A,A   P   P   P   P   P   P   P   P   P   P
"""
"""The rules page's generic multi-deck chart (S17, DAS, peek), verbatim."""


def parse_chart(text: str, name: str) -> Chart:
    """A chart from the rules page's layout (row ranges like '4-8' and '13-16' allowed).

    Soft 12, absent from printed charts, is H.
    """
    hard: dict[int, tuple[str, ...]] = {}
    soft: dict[int, tuple[str, ...]] = {12: ("H",) * len(UP_ORDER)}
    pairs: dict[int, tuple[str, ...]] = {}
    section = None
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] in ("Hard", "Soft", "Pairs"):
            section = words[0]
            continue
        label, codes = words[0], tuple(words[1:])
        if section == "Pairs":
            first = label.split(",")[0]
            pairs[VALUE_LABELS.index(first)] = codes
            continue
        lo, _, hi = label.partition("-")
        for t in range(int(lo), int(hi or lo) + 1):
            (hard if section == "Hard" else soft)[t] = codes
    return Chart(name, hard, soft, pairs)


GENERIC_CHART = parse_chart(GENERIC_CHART_TEXT, "generic")


def plays_soft_12(chart: Chart, rules: BlackjackRules) -> bool:
    """True when the soft 12 row can decide a play. The only soft 12 is A,A, which plays its
    pair cell unless that cell splits (P, Ph, Rp); it plays soft 12 when Ph cannot split (no
    DAS) or when a split ace draws another ace and plays on (hit split aces)."""
    if rules.hit_split_aces:
        return True
    return not rules.das and "Ph" in chart.pairs[ACE]


# -- chart files --------------------------------------------------------------------------------
SPLIT_CODES = ("P", "Ph", "Rp")
"""Codes that split: allowed on pair rows only."""
SURRENDER_CODES = ("Rh", "Rs", "Rp")
_CANONICAL = {c.upper(): c for c in CODES}


def _row_of(label: str, where: str) -> tuple[str, int]:
    """(kind, key) of a chart row label: ('hard', 4..21), ('soft', 12..21), ('pairs', value)."""
    words = label.split()
    if len(words) == 2 and words[0].lower() in ("hard", "soft") and words[1].isdigit():
        kind, total = words[0].lower(), int(words[1])
        if total in (HARD_TOTALS if kind == "hard" else SOFT_TOTALS):
            return kind, total
    cards = [_value_index(c) for c in label.replace(" ", "").split(",")]
    if len(cards) == 2 and cards[0] is not None and cards[0] == cards[1]:
        return "pairs", cards[0]
    raise ValueError(
        f"{where}: {label!r} is not a chart row (hard 4..21, soft 12..21, or a pair like 8,8)"
    )


def _value_index(card: str) -> int | None:
    card = card.upper()
    if card in ("10", "J", "Q", "K"):
        card = "T"
    return VALUE_LABELS.index(card) if card in VALUE_LABELS else None


def _cell_code(raw, kind: str, rules: BlackjackRules, where: str) -> str:
    """The chart code of one cell, or ValueError saying what is wrong with it."""
    text = "" if raw is None or (isinstance(raw, float) and np.isnan(raw)) else str(raw).strip()
    if not text:
        raise ValueError(f"{where}: empty cell")
    code = _CANONICAL.get(text.upper())
    if code is None:
        raise ValueError(f"{where}: unknown code {text!r} (codes: {' '.join(CODES)})")
    if code in SPLIT_CODES and kind != "pairs":
        raise ValueError(f"{where}: {code} splits, but a {kind} row is no pair")
    if code in SURRENDER_CODES and not rules.surrender:
        raise ValueError(
            f"{where}: {code} surrenders, but these rules have no surrender "
            f"(give --surrender, or write {'P' if code == 'Rp' else code[1].upper()})"
        )
    return code


def chart_from_frame(frame: pd.DataFrame, name: str, rules: BlackjackRules) -> Chart:
    """Read a chart table (``Chart.frame`` layout) for ``rules``; errors name row and column.

    Rows are numbered from 1 (the first row after the CSV header).
    """
    missing = [c for c in ("hand", *UP_LABELS) if c not in frame.columns]
    if missing:
        raise ValueError(f"chart {name}: missing column(s) {', '.join(missing)}")
    rows: dict[str, dict[int, tuple[str, ...]]] = {"hard": {}, "soft": {}, "pairs": {}}
    first_row: dict[tuple[str, int], tuple[int, str]] = {}
    for i, row in enumerate(frame.to_dict(orient="records"), start=1):
        label = str(row["hand"]).strip()
        where = f"chart {name}, row {i} ({label})"
        kind, key = _row_of(label, where)
        if (kind, key) in first_row:
            j, other = first_row[(kind, key)]
            raise ValueError(f"{where}: repeats row {j} ({other}); give each row once")
        first_row[(kind, key)] = (i, label)
        rows[kind][key] = tuple(
            _cell_code(row[up], kind, rules, f"{where}, column {up}") for up in UP_LABELS
        )
    soft_12_given = 12 in rows["soft"]
    rows["soft"].setdefault(12, ("H",) * len(UP_ORDER))
    for kind, keys in (("hard", HARD_TOTALS), ("soft", SOFT_TOTALS), ("pairs", range(N_VALUES))):
        for key in keys:
            if key not in rows[kind]:
                label = (
                    f"{VALUE_LABELS[key]},{VALUE_LABELS[key]}"
                    if kind == "pairs"
                    else f"{kind} {key}"
                )
                raise ValueError(f"chart {name}: missing row {label}")
    chart = Chart(name, rows["hard"], rows["soft"], rows["pairs"])
    if not soft_12_given and plays_soft_12(chart, rules):
        raise ValueError(
            f"chart {name}: missing row soft 12 (played here: A,A is not always split, or split "
            "aces play on)"
        )
    return chart


def load_chart(path: str | Path, rules: BlackjackRules) -> Chart:
    """Read a chart file (CSV, or JSON rows: ``read_chart_table``) for ``rules``; ValueError
    naming what is wrong."""
    return chart_from_frame(read_chart_table(path), Path(path).name, rules)


# -- charts as policies -------------------------------------------------------------------------
def policy_from_chart(chart: Chart, rules: BlackjackRules, name: str | None = None):
    """The chart as a policy the evaluator plays: every hand, split hands included, by cell.

    A two-card pair whose pair cell is not a split plays that cell's code; other hands play
    their total's row. Ph splits only with DAS; Rp surrenders the pair when the rules allow,
    else splits it.
    """
    h = hand_table()
    codes = np.full((len(h.n_cards), N_VALUES), Action.OPTIMAL, dtype=np.int8)
    pairs = np.full((N_VALUES, N_VALUES), Action.NO_SPLIT, dtype=np.int8)
    for (kind, total, pair), hands in _cell_groups().items():
        for u in range(N_VALUES):
            code = chart.cell(kind, total, u)
            if pair >= 0:
                pc = chart.cell("pairs", pair, u)
                if pc == "Rp":
                    code = _surrender_else(code)
                elif pc not in ("P", "Ph"):
                    code = pc
            codes[hands, u] = _CODE_TO_PLAYER[code] if code in _CODE_TO_PLAYER else Action.HIT
    for p in range(N_VALUES):
        for u in range(N_VALUES):
            pc = chart.cell("pairs", p, u)
            if pc == "P" or (pc == "Ph" and rules.das):
                pairs[p, u] = Action.SPLIT
            elif pc == "Rp" and not rules.surrender:
                pairs[p, u] = Action.SPLIT
    return BlackjackPolicy(name or chart.name, codes, pairs)


@lru_cache(maxsize=1)
def _cell_groups() -> dict[tuple[str, int, int], np.ndarray]:
    """Hands of two cards or more grouped by the chart cells they play: (kind, total, the
    pair's value index for a two-card pair, else -1)."""
    h = hand_table()
    groups: dict[tuple[str, int, int], list[int]] = {}
    for i in range(len(h.n_cards)):
        if h.n_cards[i] < 2:
            continue
        kind = "soft" if h.soft[i] else "hard"
        pair = int(np.argmax(h.counts[i])) if h.n_cards[i] == 2 and h.counts[i].max() == 2 else -1
        groups.setdefault((kind, int(h.total[i]), pair), []).append(i)
    return {key: np.array(hands) for key, hands in groups.items()}


def _surrender_else(code: str) -> str:
    """Surrender, else what the row ``code`` does when it cannot double or surrender."""
    return "Rs" if code in ("S", "Ds", "Rs") else "Rh"


def easy_policy() -> BlackjackPolicy:
    """The easy AI: hit below 17 (hard or soft), else stand; never double or split."""
    h = hand_table()
    codes = np.where(h.total < 17, Action.HIT, Action.STAND).astype(np.int8)
    codes = np.repeat(codes[:, None], N_VALUES, axis=1)
    return BlackjackPolicy(
        "easy", codes, np.full((N_VALUES, N_VALUES), Action.NO_SPLIT, dtype=np.int8)
    )


_UP_COLUMN = {u: UP_ORDER.index(u) for u in range(N_VALUES)}
"""Column of each up card's value index in a chart row."""


# -- the computed basic strategy -----------------------------------------------------------------
def _row_hands(kind: str, total: int) -> list[int]:
    """Hands that decide a row: the two-card non-pair hands of that total (a natural is no
    playable hand), else the pairs, else the three-card hands."""
    return list(_row_hand_indices(kind, total))


@lru_cache(maxsize=64)
def _row_hand_indices(kind: str, total: int) -> tuple[int, ...]:
    h = hand_table()
    row = (h.soft == (kind == "soft")) & (h.total == total)
    row[h.two_card(ACE, TEN)] = False
    pair = h.counts.max(axis=1) == 2
    for n, want_pair in ((2, False), (2, True), (3, None)):
        found = row & (h.n_cards == n) & (True if want_pair is None else pair == want_pair)
        if found.any():
            return tuple(np.flatnonzero(found).tolist())
    raise ValueError(f"no hand makes {kind} {total}")


def _deal_weights(base: np.ndarray, hands: list[int]) -> np.ndarray:
    """``[k, up]``: probability of being dealt hand ``hands[k]`` (its cards first) and up."""
    h = hand_table()
    two = deal_probabilities(base)
    out = np.zeros((len(hands), N_VALUES))
    n = float(base.sum())
    for k, i in enumerate(hands):
        if h.n_cards[i] == 2:
            out[k] = two[i]
            continue
        for u in range(N_VALUES):
            s = base.astype(float).copy()
            s[u] -= 1
            if s[u] < 0:
                continue
            # ordered draws of the multiset, all orders alike
            p, left = 1.0, n - 1
            orders = 1.0
            seen = 0
            for v in range(N_VALUES):
                for j in range(int(h.counts[i, v])):
                    p *= max(s[v] - j, 0) / left
                    left -= 1
                    seen += 1
                    orders *= seen / (j + 1)
            out[k, u] = p * orders * (base[u] / n)
    return out


def _choose_code(stand: float, hit: float, dbl: float | None, sur: float | None = None) -> str:
    """The chart code of the best EV (None: the action is not allowed). Ties go to stand, then
    hit; a double or a surrender must be strictly better. The letter after D or R is the better
    of stand and hit, played where doubling or surrendering is not allowed."""
    fallback = "S" if stand >= hit else "H"
    best, value = fallback, max(stand, hit)
    if dbl is not None and dbl > value:
        best, value = ("Dh" if fallback == "H" else "Ds"), dbl
    if sur is not None and sur > value:
        best = "Rh" if fallback == "H" else "Rs"
    return best


def basic_strategy(
    analysis: ShoeAnalysis, name: str = "basic", totals: TotalRows | None = None
) -> Chart:
    """The total-dependent basic strategy of the analysis' rules, from exact EVs: its hard and
    soft rows (``total_rows``; ``totals``: those rows already derived on the same shoe under
    rules that play unsplit hands alike, ``TotalRows.key``), then its pairs: P where splitting
    (every split hand playing the chart, resplitting when allowed) beats playing the pair as
    its best unsplit action."""
    if totals is None or totals.key != TotalRows.key_of(analysis):
        totals = total_rows(analysis)
    pairs = _pair_rows(analysis, totals.codes)
    return Chart(name, totals.hard, totals.soft, pairs)


@dataclass(frozen=True, eq=False)
class TotalRows:
    """The hard and soft rows of a basic strategy chart, and the policy codes they give every
    hand (``basic_strategy``'s first part)."""

    key: tuple
    """The shoe and rules they depend on (``key_of``)."""
    codes: np.ndarray
    """Read by every chart made from them: never written."""
    hard: dict[int, tuple[str, ...]]
    soft: dict[int, tuple[str, ...]]

    @staticmethod
    def key_of(analysis: ShoeAnalysis) -> tuple:
        """What the rows depend on: the shoe, and what an unsplit hand's play reads of the
        rules record (``sharing.unsplit_play_key``: all of it but what split hands alone
        read, so a new rule parts the key by construction). The rows never see a split hand,
        and the natural's payout (no kernel reads it) settles a hand no row holds."""
        return (tuple(int(c) for c in analysis.base), unsplit_play_key(analysis.kernel_rules))

    @staticmethod
    def rule_key(rules: BlackjackRules) -> tuple:
        """The rules part of ``key_of``."""
        return unsplit_play_key(rules.kernel_record())


def total_rows(analysis: ShoeAnalysis) -> TotalRows:
    """The hard and soft rows of the analysis' basic strategy, from exact EVs.

    Rows are decided from the highest totals down (hard 21-11, soft 21-12, hard 10-4), each
    row once every row its hits can reach is known: per up card, the action of highest EV
    summed over the row's deciding hands (``_row_hands``) weighted by the chance of being
    dealt them, later play following the rows already decided. With surrender rules a row is
    Rh/Rs where surrender beats every other action on its two-card hands.
    """
    h = hand_table()
    codes = np.full((len(h.n_cards), N_VALUES), Action.OPTIMAL, dtype=np.int8)
    rows: dict[tuple[str, int], list[str]] = {}
    order = [("hard", t) for t in range(21, 10, -1)]
    order += [("soft", t) for t in range(21, 11, -1)]
    order += [("hard", t) for t in range(10, 3, -1)]
    base = analysis.base
    options = _unsplit_options(analysis)
    for kind, total in order:
        ctx = analysis.play(BlackjackPolicy("partial", codes, OPTIMAL_POLICY.pairs))
        deciders = _row_hands(kind, total)
        w = _deal_weights(base, deciders)
        row = []
        for u in range(N_VALUES):
            ws = w[:, u]
            if ws.sum() <= 0:
                row.append("S" if total >= 17 else "H")
                continue
            stand = dot(ws, ctx.stand[deciders, u])
            hit = dot(ws, ctx.hit[deciders, u])
            n_cards = int(h.n_cards[deciders[0]])
            may_double, may_surrender = options(n_cards, total, kind == "soft")
            dbl = dot(ws, ctx.double[deciders, u]) if may_double else None
            sur = dot(ws, ctx.surrender[deciders, u]) if may_surrender else None
            row.append(_choose_code(stand, hit, dbl, sur))
        rows[(kind, total)] = row
        mask = (h.total == total) & (h.soft == (kind == "soft")) & (h.n_cards >= 2)
        for u in range(N_VALUES):
            codes[mask, u] = _CODE_TO_PLAYER[row[u]]
    hard = {t: tuple(rows[("hard", t)][u] for u in UP_ORDER) for t in HARD_TOTALS}
    soft = {t: tuple(rows[("soft", t)][u] for u in UP_ORDER) for t in SOFT_TOTALS}
    return TotalRows(TotalRows.key_of(analysis), codes, hard, soft)


def _unsplit_options(analysis: ShoeAnalysis):
    """``options(n_cards, total, soft)``: (may double, may surrender) an unsplit hand of
    ``n_cards`` cards and that best total, as the kernels read them (the rules record's
    context 0: what ``TotalRows.key_of`` keys)."""
    record = analysis.kernel_rules

    def options(n_cards: int, total: int, soft: bool) -> tuple[bool, bool]:
        two = n_cards == 2
        may_double = two and bool(record.double[0, total, int(soft)])
        return may_double, two and bool(record.surrender[0])

    return options


def _pair_rows(analysis: ShoeAnalysis, codes: np.ndarray) -> dict[int, tuple[str, ...]]:
    """Pair rows: P where the split (played by ``codes``) beats the pair's own best play; Rp
    where surrender is best and splitting the next best."""
    h = hand_table()
    unsplit_options = _unsplit_options(analysis)
    always = BlackjackPolicy("split", codes, np.full((N_VALUES, N_VALUES), Action.SPLIT, np.int8))
    unsplit = analysis.play(always)
    split_ev = analysis.split_values(always, unsplit)
    pairs = {}
    for p in range(N_VALUES):
        i = h.two_card(p, p)
        may_double, may_surrender = unsplit_options(2, int(h.total[i]), bool(h.soft[i]))
        row = []
        for u in UP_ORDER:
            dbl = unsplit.double[i, u] if may_double else None
            sur = unsplit.surrender[i, u] if may_surrender else None
            own = _choose_code(unsplit.stand[i, u], unsplit.hit[i, u], dbl, sur)
            value = {
                "S": unsplit.stand[i, u],
                "H": unsplit.hit[i, u],
                "Dh": unsplit.double[i, u],
                "Ds": unsplit.double[i, u],
                "Rh": unsplit.surrender[i, u],
                "Rs": unsplit.surrender[i, u],
            }[own]
            sv = split_ev[p, u]
            can_split = not np.isnan(sv)
            if can_split and sv > value:
                own = "P"
            elif can_split and own in ("Rh", "Rs"):
                other = _choose_code(unsplit.stand[i, u], unsplit.hit[i, u], dbl)
                other_value = (
                    unsplit.double[i, u]
                    if other[0] == "D"
                    else max(unsplit.stand[i, u], unsplit.hit[i, u])
                )
                if sv > other_value:
                    own = "Rp"
            row.append(own)
        pairs[p] = tuple(row)
    return pairs


def mark_das(with_das: Chart, without_das: Chart) -> Chart:
    """The DAS chart with Ph where splitting pays only thanks to DAS (hitting otherwise)."""
    pairs = {
        p: tuple(
            "Ph" if a == "P" and b == "H" else a
            for a, b in zip(with_das.pairs[p], without_das.pairs[p], strict=True)
        )
        for p in with_das.pairs
    }
    return Chart(with_das.name, with_das.hard, with_das.soft, pairs)


# -- strategies by name --------------------------------------------------------------------------
def strategy_policy(name: str, analysis: ShoeAnalysis) -> BlackjackPolicy:
    """The policy of a named strategy (``STRATEGIES``) or of a chart file (``load_chart``) for
    the analysis' rules; a chart file's policy is named after the file."""
    if name == "optimal":
        return OPTIMAL_POLICY
    if name in ("basic", "hard"):
        return policy_from_chart(basic_strategy(analysis), analysis.rules, name)
    if name == "normal":
        return policy_from_chart(GENERIC_CHART, analysis.rules, "normal")
    if name == "easy":
        return easy_policy()
    if is_chart_file(name):
        chart = load_chart(name, analysis.rules)
        return policy_from_chart(chart, analysis.rules, chart.name)
    raise ValueError(
        f"unknown strategy {name!r} (choose from {', '.join(STRATEGIES)}, or a chart file)"
    )


def is_chart_file(name: str) -> bool:
    """True when ``name`` is no strategy name but an existing file (read as a chart)."""
    return name not in STRATEGIES and Path(name).is_file()


def evaluate_strategy(name: str, analysis: ShoeAnalysis) -> RoundResult:
    """Exact round result of a named strategy on the analysis' shoe and rules."""
    return analysis.evaluate(strategy_policy(name, analysis))
