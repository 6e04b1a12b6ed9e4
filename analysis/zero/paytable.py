"""Zero Pays pay tables as data: ordered rows of predicates over the first three cards.

A pay table is a list of winning hands tried in order; the first row whose predicates *all* hold
pays its "X to 1" (net win per unit side bet); a deal matching no row loses the side bet.

The cards a predicate sees, in deal order: ``P1`` and ``P2`` (the player's first two cards) and
``U`` (the dealer's up card). Point values are baccarat values (A = 1, 2-9 face value, T/J/Q/K
= 0); a total is the sum of point values mod 10. "Ten-valued" means rank T, J, Q or K.
"Identical" means same rank *and* same suit (possible only with two or more decks).

Predicates (``two_card_*`` look at P1 and P2 only, ``three_card_*`` at P1, P2 and U):

- ``two_card_zero``: (value(P1) + value(P2)) mod 10 == 0.
- ``two_card_same_rank``: rank(P1) == rank(P2) (10-K is *not* the same rank).
- ``two_card_suited``: suit(P1) == suit(P2).
- ``two_card_identical``: P1 and P2 have the same rank and the same suit.
- ``two_card_ten_valued``: P1 and P2 are both ten-valued.
- ``three_card_zero``: (value(P1) + value(P2) + value(U)) mod 10 == 0.
- ``three_card_same_rank``: P1, P2 and U all have one rank.
- ``three_card_suited``: P1, P2 and U all have one suit.
- ``three_card_identical``: P1, P2 and U all have one rank and one suit.
- ``three_card_ten_valued``: P1, P2 and U are all ten-valued.

File format (TOML, or JSON with the same keys)::

    name = "my table"            # optional; defaults to the file name
    reconstruction = false       # optional; true labels every output as a reconstruction
    description = "..."          # optional, one line
    [[rows]]
    hand = "two-card zero"       # the row's name, unique
    when = ["two_card_zero"]     # predicates, all must hold (at least one)
    pays = "4 to 1"              # "X to Y" (X, Y decimals, Y > 0), or a number X meaning X to 1
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES, RANKS, TEN_RANKS
from cardedge.core.errors import shown

DEFAULT_PAYTABLE = "reconstructed"
"""The shipped table used when none is given (a reconstruction, see its file)."""

RECONSTRUCTION_NOTE = (
    "Pay table '{name}' is a RECONSTRUCTION: the published Zero Pays table did not survive, only "
    "its house edges (7.75% with 6 decks, 7.43% with 8); this table reproduces both to 2 decimals."
)
"""The note of the shipped reconstruction (and any table with its rows): it alone reproduces
the published edges, so it alone is set beside them."""
MARKED_RECONSTRUCTION_NOTE = (
    "Pay table '{name}' is marked a RECONSTRUCTION (its file says so): not a published table."
)
"""The note of any other table whose file sets ``reconstruction = true``."""

MAX_PAYS = Fraction(1_000_000)
"""The largest pay accepted, 1,000,000 to 1 (net win per unit side bet): far above any casino
side bet's top award, and it keeps every figure the tables print (probability x pays, at most
1e6 per unit bet) a finite float. Exact arithmetic (fractions) never overflows; printing a
return of 1e308 would."""

_VALUE = np.array(BACCARAT_VALUES, dtype=np.int64)
_IS_TEN = np.isin(np.arange(len(RANKS)), TEN_RANKS)


@dataclass(frozen=True)
class Deal:
    """The first three cards by rank and suit index: P1, P2 (player), U (dealer's up card).

    Fields may be ints or equally shaped integer arrays (one entry per deal), so the same
    predicates test one deal or a whole enumeration at once.
    """

    r1: object
    s1: object
    r2: object
    s2: object
    ru: object
    su: object


def _two_zero(d: Deal):
    return (_VALUE[d.r1] + _VALUE[d.r2]) % 10 == 0


def _three_zero(d: Deal):
    return (_VALUE[d.r1] + _VALUE[d.r2] + _VALUE[d.ru]) % 10 == 0


def _two_rank(d: Deal):
    return np.equal(d.r1, d.r2)


def _two_suit(d: Deal):
    return np.equal(d.s1, d.s2)


def _three_rank(d: Deal):
    return np.equal(d.r1, d.r2) & np.equal(d.r1, d.ru)


def _three_suit(d: Deal):
    return np.equal(d.s1, d.s2) & np.equal(d.s1, d.su)


PREDICATES: dict[str, Callable[[Deal], object]] = {
    "two_card_zero": _two_zero,
    "two_card_same_rank": _two_rank,
    "two_card_suited": _two_suit,
    "two_card_identical": lambda d: _two_rank(d) & _two_suit(d),
    "two_card_ten_valued": lambda d: _IS_TEN[d.r1] & _IS_TEN[d.r2],
    "three_card_zero": _three_zero,
    "three_card_same_rank": _three_rank,
    "three_card_suited": _three_suit,
    "three_card_identical": lambda d: _three_rank(d) & _three_suit(d),
    "three_card_ten_valued": lambda d: _IS_TEN[d.r1] & _IS_TEN[d.r2] & _IS_TEN[d.ru],
}
"""Predicate name -> test over a ``Deal`` (see the module docstring for what each means)."""

_PAYS_RE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*to\s*(-?\d+(?:\.\d+)?)\s*$", re.IGNORECASE)


def parse_pays(value: object) -> Fraction:
    """Net win per unit bet from '"X to Y"' (decimals, Y > 0) or a number X (X to 1).

    Raises ValueError for anything else, and for a negative pay.
    """
    if isinstance(value, bool):
        raise ValueError(f"malformed payout {shown(value)} (expected 'X to 1' or a number)")
    if isinstance(value, int | float):
        try:
            pays = Fraction(str(value))
        except ValueError:
            raise ValueError(
                f"malformed payout {shown(value)} (expected a finite number)"
            ) from None
    elif isinstance(value, str):
        m = _PAYS_RE.match(value)
        if not m or max(len(m.group(1)), len(m.group(2))) > MAX_DIGITS:
            raise ValueError(f"malformed payout {shown(value)} (expected 'X to 1', e.g. '4 to 1')")
        x, y = Fraction(m.group(1)), Fraction(m.group(2))
        if y <= 0:
            raise ValueError(f"malformed payout {shown(value)}: the 'to' amount must be positive")
        pays = x / y
    else:
        raise ValueError(f"malformed payout {shown(value)} (expected 'X to 1' or a number)")
    check_pays(pays, value)
    return pays


def check_pays(pays: Fraction, given: object = None) -> None:
    """ValueError unless 0 <= ``pays`` <= ``MAX_PAYS`` (``given``: the value as written)."""
    shown = repr(given) if given is not None else format_pays(pays)
    if pays < 0:
        raise ValueError(f"negative pay {shown}")
    if pays > MAX_PAYS:
        raise ValueError(
            f"pay {shown} is above the largest accepted, {format_pays(MAX_PAYS)} "
            "(net win per unit side bet)"
        )


def format_pays(pays: Fraction) -> str:
    """A net win as 'X to Y' in lowest terms ('60 to 1', '3 to 2')."""
    return f"{pays.numerator} to {pays.denominator}"


@dataclass(frozen=True)
class PayRow:
    """One winning hand: it pays ``pays`` to 1 when every predicate in ``when`` holds."""

    hand: str
    when: tuple[str, ...]
    pays: Fraction
    """Net win per unit side bet (4 to 1 is 4)."""

    def __post_init__(self) -> None:
        if not isinstance(self.hand, str) or not self.hand.strip():
            raise ValueError(f"row {self.hand!r}: the hand needs a non-empty name")
        when = (self.when,) if isinstance(self.when, str) else tuple(self.when)
        if not when:
            raise ValueError(f"row {self.hand!r}: 'when' needs at least one predicate")
        for p in when:
            if p not in PREDICATES:
                raise ValueError(
                    f"row {self.hand!r}: unknown predicate {p!r} (known: {', '.join(PREDICATES)})"
                )
        object.__setattr__(self, "when", when)
        try:
            pays = self.pays if isinstance(self.pays, Fraction) else parse_pays(self.pays)
            check_pays(pays)
        except ValueError as e:
            raise ValueError(f"row {self.hand!r}: {e}") from None
        object.__setattr__(self, "pays", pays)

    def matches(self, deal: Deal):
        """True where every predicate holds (a bool, or a bool array for array deals)."""
        out = True
        for p in self.when:
            out = out & PREDICATES[p](deal)
        return out


@dataclass(frozen=True)
class PayTable:
    """An ordered pay table (first matching row pays; no match loses 1)."""

    name: str
    rows: tuple[PayRow, ...]
    reconstruction: bool = False
    """True: not a published table but a reconstruction; every output must say so."""
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(self.rows))
        if not self.rows:
            raise ValueError(f"pay table {self.name!r} has no rows")
        seen: set[str] = set()
        for i, row in enumerate(self.rows, 1):
            if row.hand in seen:
                raise ValueError(f"row {i} ({row.hand!r}): duplicate hand name")
            seen.add(row.hand)
        _check_reachable(self.rows)

    def first_match(self, deal: Deal):
        """Index of the row that pays each deal; ``len(rows)`` where the side bet loses."""
        idx = np.full(np.shape(deal.r1), len(self.rows), dtype=np.int64)
        for i in reversed(range(len(self.rows))):
            idx = np.where(self.rows[i].matches(deal), i, idx)
        return idx if idx.shape else int(idx)

    def net(self, row_index: int) -> Fraction:
        """Net result per unit side bet of a deal paid by ``row_index`` (-1: no row)."""
        return self.rows[row_index].pays if row_index < len(self.rows) else Fraction(-1)

    @property
    def label(self) -> str:
        """The quoted name for titles, flagged where the table is a reconstruction."""
        return f"'{self.name}'" + (" (a reconstruction)" if self.reconstruction else "")

    def notes(self) -> list[str]:
        """Lines every output of this table must carry."""
        if not self.reconstruction:
            return []
        note = RECONSTRUCTION_NOTE if self.is_default() else MARKED_RECONSTRUCTION_NOTE
        return [note.format(name=self.name)]

    def record(self) -> dict[str, object]:
        """The table as the keys of its file (JSON): what ``parse_paytable`` reads back as this
        table, each pay as 'X to Y' in lowest terms (a report records the table it certifies
        with it, so that the report can be made again without the file)."""
        return {
            "name": self.name,
            "reconstruction": self.reconstruction,
            "description": self.description,
            "rows": [
                {"hand": row.hand, "when": list(row.when), "pays": format_pays(row.pays)}
                for row in self.rows
            ],
        }

    def is_default(self) -> bool:
        """True when this table pays as the shipped default (``DEFAULT_PAYTABLE``), row for row:
        the only table the published edges may be set beside."""
        return _payouts(self.rows) == _payouts(_default_rows())


def _payouts(rows: tuple[PayRow, ...]) -> list[tuple[tuple[str, ...], Fraction]]:
    return [(row.when, row.pays) for row in rows]


@lru_cache(maxsize=1)
def _default_rows() -> tuple[PayRow, ...]:
    return load_paytable(DEFAULT_PAYTABLE).rows


def _all_patterns() -> Deal:
    """Every kind of deal up to relabelling suits: 13^3 rank triples x 5 suit patterns.

    Any such deal occurs in a large enough shoe, so a row that none of them reaches first is
    unreachable in every shoe.
    """
    suit_patterns = [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2)]
    n = len(RANKS)
    r1, r2, ru, k = np.meshgrid(
        np.arange(n), np.arange(n), np.arange(n), np.arange(len(suit_patterns)), indexing="ij"
    )
    sp = np.array(suit_patterns)[k.ravel()]
    return Deal(r1.ravel(), sp[:, 0], r2.ravel(), sp[:, 1], ru.ravel(), sp[:, 2])


def _check_reachable(rows: tuple[PayRow, ...]) -> None:
    deals = _all_patterns()
    masks = [np.broadcast_to(row.matches(deals), deals.r1.shape) for row in rows]
    taken = np.zeros(deals.r1.shape, dtype=bool)
    for i, (row, mask) in enumerate(zip(rows, masks, strict=True)):
        if not (mask & ~taken).any():
            # with these (monotone) predicates one earlier row always covers a dead row alone:
            # each row has a deal where only the predicates it implies hold; the union case is
            # kept for predicates added later
            covering = [j for j in range(i) if not (mask & ~masks[j]).any()]
            by = (
                f"row {covering[0] + 1} ({rows[covering[0]].hand!r})"
                if covering
                else "the rows above it"
            )
            raise ValueError(
                f"row {i + 1} ({row.hand!r}) can never pay: every deal it matches is paid "
                f"first by {by}"
            )
        taken |= mask


# ---- loading ---------------------------------------------------------------------------------

_TABLE_KEYS = {"name", "description", "reconstruction", "rows"}
_ROW_KEYS = {"hand", "when", "pays"}


def shipped_paytables() -> list[str]:
    """Names of the pay tables that ship with the package."""
    folder = resources.files("cardedge.analysis.zero") / "paytables"
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_paytable(spec: str | Path | PayTable | None = None) -> PayTable:
    """A pay table from a file path (.toml or .json), a shipped name, or None (the default).

    Raises ValueError naming the file and the row for a bad table, OSError for a missing file.
    """
    if isinstance(spec, PayTable):
        return spec
    if spec is None:
        spec = DEFAULT_PAYTABLE
    path = Path(spec)
    if path.is_file():
        return parse_paytable(path.read_text(encoding="utf-8"), str(path), path.suffix)
    name = str(spec)
    if name in shipped_paytables():
        text = (resources.files("cardedge.analysis.zero") / "paytables" / f"{name}.toml").read_text(
            encoding="utf-8"
        )
        return parse_paytable(text, name, ".toml")
    if path.suffix.lower() in (".toml", ".json") or len(path.parts) > 1:
        raise FileNotFoundError(f"pay table file not found: {spec}")
    raise ValueError(
        f"unknown pay table {name!r}: not a file, nor a shipped table "
        f"({', '.join(shipped_paytables())})"
    )


MAX_DIGITS = 4000
"""The most digits a number of a pay table may have: Python refuses to convert a whole number
of more than 4,300 digits (its message is about its own settings); one of a few hundred is
read and refused as a pay above ``MAX_PAYS``, naming its row."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def parse_paytable(text: str, source: str = "<pay table>", suffix: str = ".toml") -> PayTable:
    """A pay table from TOML (or JSON when ``suffix`` is '.json') text; errors name ``source``.
    A number of more than ``MAX_DIGITS`` digits is refused before the parser reads it (Python
    would refuse to convert one of over 4,300 with a message about its own settings)."""
    try:
        if (long := _LONG_NUMBER.search(text)) is not None:
            line = text.count("\n", 0, long.start()) + 1
            raise ValueError(f"line {line}: a number of more than {MAX_DIGITS} digits")
        raw = json.loads(text) if suffix.lower() == ".json" else tomllib.loads(text)
        return _from_mapping(raw, Path(source).stem or source)
    except ValueError as e:
        raise ValueError(f"pay table {source}: {e}") from None


def _from_mapping(raw: object, default_name: str) -> PayTable:
    if not isinstance(raw, dict):
        raise ValueError("expected a table of keys (name, rows, ...)")
    unknown = sorted(set(raw) - _TABLE_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)} (expected {sorted(_TABLE_KEYS)})")
    rows_raw = raw.get("rows")
    if not isinstance(rows_raw, list) or not rows_raw:
        raise ValueError("needs a non-empty list of rows ([[rows]] in TOML)")
    reconstruction = raw.get("reconstruction", False)
    if not isinstance(reconstruction, bool):
        raise ValueError(f"'reconstruction' must be true or false, got {reconstruction!r}")
    rows = tuple(_row(i, r) for i, r in enumerate(rows_raw, 1))
    name = raw.get("name", default_name)
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"'name' must be a non-empty string, got {name!r}")
    description = raw.get("description", "")
    return PayTable(name, rows, reconstruction, str(description))


def _row(i: int, raw: object) -> PayRow:
    if not isinstance(raw, dict):
        raise ValueError(f"row {i}: expected a table with hand, when, pays; got {raw!r}")
    hand = raw.get("hand")
    label = f"row {i} ({hand!r})" if hand is not None else f"row {i}"
    unknown = sorted(set(raw) - _ROW_KEYS)
    if unknown:
        raise ValueError(
            f"{label}: unknown key(s) {', '.join(unknown)} (expected hand, when, pays)"
        )
    for key in ("hand", "when", "pays"):
        if key not in raw:
            raise ValueError(f"{label}: missing '{key}'")
    when = raw["when"]
    if isinstance(when, str):
        when = [when]
    if not isinstance(when, list) or not all(isinstance(p, str) for p in when):
        raise ValueError(f"{label}: 'when' must be a list of predicate names")
    try:
        return PayRow(hand, tuple(when), parse_pays(raw["pays"]))
    except ValueError as e:
        msg = str(e)
        prefix = f"row {hand!r}: "
        raise ValueError(f"{label}: {msg.removeprefix(prefix)}") from None


def describe_predicates() -> str:
    """The predicate names, one line (for help texts)."""
    return ", ".join(PREDICATES)
