"""Zero Pays side bet tables: the pay table's probabilities and return, decks, EOR, combined edge.

Every title names the pay table, flagged "(reconstruction)" for the default table, whose notes
say what that means.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

import pandas as pd

from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.paytable import PayTable, format_pays, load_paytable
from cardedge.analysis.zero.round import PlayResult, evaluate_play
from cardedge.analysis.zero.rules import PRESETS, TRIPS_NOTE, PlayRules, preset
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.analysis.zero.sidebet import (
    SideBetResult,
    SuitedShoe,
    combined_edge,
    effect_of_removal,
    evaluate_side_bet,
)
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import shoe_led
from cardedge.reports.zero.edge import table_keys

LOSS_LABEL = "anything else (loses)"
TOTAL_LABEL = "total return"
PUBLISHED_SIDE_EDGES: dict[int, float] = {6: 7.75, 8: 7.43}
"""Published Zero Pays house edges in percent, to the 2 decimals published, by decks."""

COMBINATIONS_NOTE = (
    "combinations: ordered deals (player's two cards, then the dealer's up card) from a fresh "
    "shoe; they total N(N-1)(N-2) for N cards. return: probability x pays, per unit side bet."
)


def _decks_label(d: int) -> str:
    return f"{d} deck{'s' if d != 1 else ''}"


def _frame(rows: list[dict], table: PayTable) -> pd.DataFrame:
    """The rows with a last ``paytable`` column, so CSV output also names the table."""
    tag = table.name + (" (reconstruction)" if table.reconstruction else "")
    return pd.DataFrame(rows).assign(paytable=tag)


def _pays_digits(table: PayTable) -> int:
    return 0 if all(row.pays.denominator == 1 for row in table.rows) else 4


def side_bet(shoe: Shoe, paytable: PayTable | str | None = None) -> SideBetResult:
    """The exact side-bet result for ``shoe``."""
    return evaluate_side_bet(suited(shoe), paytable)


SUITS_NOTE = (
    "The shoe is given by rank; its suits are taken as even as possible (a card removed comes "
    "from a suit holding the most of its rank)."
)
"""Said under a side-bet table of a shoe other than a fresh one."""


def suited(shoe: Shoe) -> SuitedShoe:
    """The suited shoe the side bet is dealt from: a fresh shoe's decks, or any other shoe
    with each rank spread evenly over the suits (``SuitedShoe.spread``)."""
    decks = shoe.fresh_decks
    return SuitedShoe.decks(decks) if decks is not None else SuitedShoe.spread(shoe.counts)


def published_side_edge(res: SideBetResult) -> float | None:
    """The published edge (percent) that belongs beside this result, or None.

    Only the default pay table (or one paying as it does) at 6 or 8 decks reproduces a
    published figure; any other table's edge has none.
    """
    if res.decks is None or not res.paytable.is_default():
        return None
    return PUBLISHED_SIDE_EDGES.get(res.decks)


def _edge_note(res: SideBetResult) -> str:
    d = res.decks
    published = published_side_edge(res)
    line = (
        f"house edge {res.house_edge_percent:.6f}% = {res.house_edge} of the side bet, "
        f"{_decks_label(d) if d else 'this shoe'}"
    )
    if published is not None:
        line += f" (published: {published:.2f}%)"
    return line


def outcome_rows(res: SideBetResult) -> list[dict]:
    """One dict per outcome (each pay row, then the loss): hand, pays, combinations, ..."""
    table = res.paytable
    hands = [row.hand for row in table.rows] + [LOSS_LABEL]
    out = []
    for i, hand in enumerate(hands):
        out.append(
            {
                "hand": hand,
                "pays": float(res.net(i)),
                "combinations": res.combinations[i],
                "probability": float(res.probability(i)),
                "return": float(res.contribution(i)),
            }
        )
    return out


def pays_table(
    shoe: Shoe,
    paytable: PayTable | str | None = None,
    digits: int = 6,
    exact: bool = False,
) -> Table:
    """Wizard of Odds style table: hand, pays (net, X to 1), combinations, probability, return.

    The last row is the total return (expected net result per unit side bet); the house edge,
    exact, is in the notes and in the keys every JSON/CSV row carries. ``exact`` adds the
    columns ``pays_text`` ('60 to 1'), ``probability_exact`` and ``return_exact`` (fractions as
    text) for programs. ``shoe`` deals the bet (other than a fresh one: suits spread evenly).
    """
    res = side_bet(shoe, paytable)
    rows = outcome_rows(res)
    rows.append(
        {
            "hand": TOTAL_LABEL,
            "pays": None,
            "combinations": res.total,
            "probability": 1.0,
            "return": float(res.ev),
        }
    )
    table = res.paytable
    if exact:
        for i, row in enumerate(rows[:-1]):
            row["pays_text"] = format_pays(table.net(i)) if i < len(table.rows) else "loses"
            row["probability_exact"] = str(res.probability(i))
            row["return_exact"] = str(res.contribution(i))
        rows[-1].update(pays_text=None, probability_exact="1", return_exact=str(res.ev))
    title = f"Zero Pays side bet, {shoe.title()}, pay table {table.label}"
    notes = table.notes() + [_edge_note(res), COMBINATIONS_NOTE]
    if not shoe.is_fresh:
        notes[-1] = COMBINATIONS_NOTE.replace("a fresh shoe", "the shoe")
        notes.append(SUITS_NOTE)
    keys = _paytable_keys(table, **shoe_led(shoe, {}))
    keys["house_edge_percent"] = res.house_edge_percent
    keys["house_edge_exact"] = str(res.house_edge)
    published = published_side_edge(res)
    if published is not None:
        keys["published_house_edge_percent"] = published
    return Table(
        title,
        _frame(rows, table),
        notes,
        digits={"pays": _pays_digits(table)},
        default_digits=digits,
        keys=keys,
    )


def _paytable_keys(table: PayTable, **more) -> dict[str, object]:
    """Keys of a side-bet table: the deal it is for, the pay table and whether it is a
    reconstruction (its ``paytable`` column says the same in words)."""
    return {**more, "paytable_name": table.name, "paytable_is_reconstruction": table.reconstruction}


def deck_comparison_table(
    shoes: Iterable[Shoe], paytable: PayTable | str | None = None, digits: int = 6
) -> Table:
    """Return of each hand per shoe (one column per shoe, named by it: '6 decks'), total
    return last."""
    table = load_paytable(paytable)
    shoes = list(shoes)
    results = [side_bet(s, table) for s in shoes]
    hands = [row.hand for row in table.rows] + [LOSS_LABEL]
    rows = []
    for i, hand in enumerate(hands):
        row = {"hand": hand, "pays": float(table.net(i))}
        for s, res in zip(shoes, results, strict=True):
            row[s.describe()] = float(res.contribution(i))
        rows.append(row)
    total = {"hand": TOTAL_LABEL, "pays": None}
    for s, res in zip(shoes, results, strict=True):
        total[s.describe()] = float(res.ev)
    rows.append(total)
    title = (
        f"Zero Pays side bet: return by number of decks, pay table {table.label} "
        f"(per unit side bet)"
    )
    notes = table.notes() + [_edge_note(res) for res in results]
    return Table(
        title,
        _frame(rows, table),
        notes,
        digits={"pays": _pays_digits(table)},
        default_digits=digits,
        keys=_paytable_keys(table),
    )


def eor_table(
    shoes: Iterable[Shoe],
    paytable: PayTable | str | None = None,
    digits: int = 6,
) -> Table:
    """Effect of removal of each rank on the side bet's house edge, in percentage points, one
    column per shoe, named by the shoe."""
    table = load_paytable(paytable)
    shoes = list(shoes)
    columns = [s.describe() for s in shoes]
    eors = [effect_of_removal(suited(s), table) for s in shoes]
    rows = []
    for rank in RANKS:
        row: dict = {"rank": rank}
        for column, eor in zip(columns, eors, strict=True):
            row[column] = None if eor[rank] is None else float(100 * eor[rank])
        rows.append(row)
    title = (
        f"Zero Pays side bet: effect of removal on the house edge (percentage points), "
        f"pay table {table.label}"
    )
    notes = table.notes() + [
        "Change in the side bet's house edge when one card of the rank is removed from a fresh "
        "shoe (a positive value: the edge rises, the bet gets worse for the player).",
        "Exact check: the sum over ranks of (cards of the rank) x EOR is 0.",
    ]
    if any(not s.is_fresh for s in shoes):
        notes[-2] = notes[-2].replace("a fresh shoe", "the shoe of the column")
        notes.append(SUITS_NOTE)
    return Table(
        title, _frame(rows, table), notes, default_digits=digits, keys=_paytable_keys(table)
    )


def zero_ev(rules_preset: str, shoe: Shoe) -> float:
    """EV per initial Zero wager under optimal play (standard split) for a preset, dealt from
    ``shoe``."""
    rules = preset(rules_preset)
    return _optimal_play(rules.play_rules(), check_shoe(shoe, rules)).price(rules).ev


@lru_cache(maxsize=32)
def _optimal_play(play: PlayRules, shoe: Shoe) -> PlayResult:
    """Optimal play under ``play`` on ``shoe``, evaluated once for every preset played alike."""
    return evaluate_play(play, shoe)


def combined_rows(
    shoes: Iterable[Shoe],
    sizes: Iterable[float],
    paytable: PayTable | str | None = None,
    presets: Iterable[str] = PRESETS,
) -> list[dict]:
    """House edge of Zero (optimal play) + the side bet, per unit wagered, for each combination
    of shoe (both bets dealt from it), preset and side-bet size."""
    table = load_paytable(paytable)
    out = []
    for shoe in shoes:
        side = side_bet(shoe, table)
        for name in presets:
            z = zero_ev(name, shoe)
            for s in sizes:
                out.append(
                    {
                        "decks": shoe.base_decks,
                        **shoe.row_keys(),
                        "rules": name,
                        "side_bet_size": float(s),
                        "zero_edge_percent": -100.0 * z,
                        "side_edge_percent": side.house_edge_percent,
                        "combined_edge_percent": 100.0 * combined_edge(z, side.ev, s),
                    }
                )
    return out


def combined_table(
    shoes: Iterable[Shoe],
    sizes: Iterable[float],
    paytable: PayTable | str | None = None,
    digits: int = 4,
) -> Table:
    """Combined house edge of a 1-unit Zero wager plus a side bet of each size, in percent,
    for each shoe (``combined_rows``)."""
    table = load_paytable(paytable)
    rows = combined_rows(shoes, sizes, table)
    title = f"Zero + Zero Pays combined house edge (%), optimal play, pay table {table.label}"
    notes = table.notes() + [
        "combined edge = -(Zero EV + s x side bet EV) / (1 + s) for a Zero wager of 1 and a side "
        "bet of s; both EVs per unit of their own initial wager.",
        TRIPS_NOTE,
    ]
    keys = {**table_keys(strategy="optimal", split="standard", edge=True), **_paytable_keys(table)}
    return Table(
        title,
        _frame(rows, table),
        notes,
        digits={"side_bet_size": 3},
        default_digits=digits,
        keys=keys,
    )


def exact_edge(shoe: Shoe, paytable: PayTable | str | None = None) -> Fraction:
    """The side bet's exact house edge (fraction of the bet) for ``shoe``."""
    return side_bet(shoe, paytable).house_edge
