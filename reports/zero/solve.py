"""Zero's payouts for a target house edge (``reports/core/solve.py``): what a Zero Pair pays,
what ten-valued trips pay, and a row of the Zero Pays side bet's pay table."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.paytable import MAX_PAYS, PayTable, load_paytable
from cardedge.analysis.zero.round import evaluate_play
from cardedge.analysis.zero.rules import RULES, ZeroRules, rules_note
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.core.errors import BadValue
from cardedge.reports.core.render import Table
from cardedge.reports.core.solve import ladder_payouts, solution_table, solve_payout
from cardedge.reports.zero.edge import setup_keys
from cardedge.reports.zero.pays import side_bet
from cardedge.strategy.zero.charts import resolve

PAYS: tuple[str, ...] = ("zero_pair_pays", "trips_pays", "zero_pays")
"""The payouts ``solve`` finds: a Zero Pair's, ten-valued trips', and a Zero Pays row's
(``zero_pays:ROW``, the row by number or hand)."""
SIDE_BET = "zero_pays"


def pay_name(pay: str) -> str:
    """``pay`` as written with hyphens or underscores (``zero-pair-pays``), checked."""
    name, colon, row = pay.strip().partition(":")
    name = name.replace("-", "_")
    if name not in PAYS or (name == SIDE_BET) != bool(colon):
        raise BadValue(
            "pay",
            f"{pay!r} is not a payout solve finds (zero_pair_pays, trips_pays, or "
            "zero_pays:ROW with a pay-table row's number or hand)",
        )
    return name + (f":{row.strip()}" if colon else "")


def solve_table(
    rules: ZeroRules,
    preset: str,
    shoe: Shoe,
    strategy: str,
    pay: str,
    target: float | str,
    paytable: PayTable | str | None = None,
    ladder=None,
) -> Table:
    """The payout ``pay`` at which the house edge is ``target`` percent: of the Zero wager
    under ``strategy`` for a Zero Pair's or ten-valued trips' payout, of the side bet for a
    Zero Pays row (exactly, a Fraction); and the nearest ``ladder`` payouts on each side."""
    pay = pay_name(pay)
    rungs = ladder_payouts(ladder)
    if pay.startswith(SIDE_BET):
        return _side_bet_table(shoe, pay.partition(":")[2], target, paytable, rungs)
    shoe = check_shoe(shoe, rules)
    label, policy, _ = resolve(strategy, rules, shoe)
    played = evaluate_play(rules.play_rules(), shoe, policy)

    def edge_at(payout: Fraction) -> float:
        return played.price(rules.with_(**{pay: float(payout)})).house_edge_percent

    solution = solve_payout(edge_at, float(target), ladder=rungs)
    others = [w for r in RULES if r.name != pay and (w := r.title(rules)) is not None]
    what = "a Zero Pair's" if pay == "zero_pair_pays" else "ten-valued trips'"
    title = (
        f"Zero: {what} payout for a {float(target):g}% house edge, {label} play, {preset} "
        f"rules: {', '.join([shoe.title(), *others])}"
    )
    notes = [
        "house_edge_percent: percent of the Zero wager, positive for the house.",
        rules_note({preset: rules}),
    ]
    if pay == "zero_pair_pays" and rules.trips_pays is None:
        notes.insert(1, "Ten-valued trips are paid as a Zero Pair here: they move with it.")
    keys = setup_keys(shoe, preset, label, edge=True, played={preset: rules})
    return solution_table(solution, pay, title, keys, notes)


def _row_index(table: PayTable, row: str) -> int:
    hands = [r.hand for r in table.rows]
    if row.isdigit() and 1 <= int(row) <= len(hands):
        return int(row) - 1
    for i, hand in enumerate(hands):
        if hand.lower() == row.lower():
            return i
    listed = ", ".join(f"{i} {h!r}" for i, h in enumerate(hands, 1))
    raise BadValue("pay", f"zero_pays:{row}: no such row of the pay table (rows: {listed})")


def _side_bet_table(shoe: Shoe, row: str, target, paytable, rungs) -> Table:
    table = load_paytable(paytable)
    i = _row_index(table, row)
    result = side_bet(shoe, table)

    def edge_at(payout: Fraction) -> Fraction:
        rows = list(table.rows)
        rows[i] = replace(rows[i], pays=payout)
        priced = replace(result, paytable=replace(table, rows=tuple(rows)))
        return 100 * priced.house_edge

    try:
        exact_target = Fraction(str(target))
    except ValueError:
        raise BadValue("target", f"{target!r} is not a number") from None
    solution = solve_payout(edge_at, exact_target, MAX_PAYS, rungs)
    hand = table.rows[i].hand
    title = (
        f"Zero Pays: row {i + 1} ({hand!r}) payout for a {float(exact_target):g}% side-bet "
        f"edge, pay table {table.label}, {shoe.title()}"
    )
    notes = [
        "house_edge_percent: percent of the side bet, positive for the house; exact: the "
        "payout as a fraction (every probability of the side bet is exact).",
        *table.notes(),
    ]
    keys = {"decks": shoe.base_decks, **shoe.row_keys(), "paytable": table.name}
    return solution_table(solution, f"zero_pays row {i + 1} ({hand})", title, keys, notes)
