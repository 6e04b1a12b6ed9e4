"""A shoe as counts of cards by rank: the state every evaluator is keyed on.

Both games take the same ``Shoe``: 13 counts by rank (A, 2..9, T, J, Q, K). Zero needs the ranks
(a Zero Pair is two cards of one rank); blackjack reads only point values (``by_value``), so a
blackjack shoe given with one ten-valued count ``T`` spreads it over T, J, Q and K, which any
blackjack evaluator sees as the same shoe.

A shoe is built from a fresh shoe of some decks (``Shoe.decks``), less cards taken out
(``remove_cards``, ``--remove 5,5,T,A``), or from counts by rank (``parse_shoe``, ``--shoe
A=20,2=22,...``). ``describe()`` names it for titles and JSON rows: ``6 decks``, ``6 decks minus
5,5,T,A``, or the counts. Input errors are one-line ``ValueError``s naming the problem. Whether
a shoe is big enough for a game's deepest round is the game's question (``analysis/zero/
shoes.py``, ``analysis/blackjack/shoes.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK, CARDS_PER_RANK_PER_DECK, RANKS, TEN_RANKS
from cardedge.core.errors import shown

MAX_DECKS = 8
"""The most decks any game here is dealt from (blackjack's memo tables are sized for 8)."""
MAX_CARDS = MAX_DECKS * CARDS_PER_DECK
"""The most cards a shoe given by counts may hold (8 decks' worth)."""
TEN_SYMBOLS: tuple[str, ...] = tuple(RANKS[r] for r in TEN_RANKS)


def check_decks(decks, limit: int = MAX_DECKS) -> int:
    """``decks`` as an int, or ValueError with the one message every layer gives."""
    if isinstance(decks, bool) or not isinstance(decks, int | float) or int(decks) != decks:
        raise ValueError(f"decks must be a whole number in 1..{limit}, got {shown(decks)}")
    if not 1 <= decks <= limit:
        raise ValueError(f"decks must be a whole number in 1..{limit}, got {shown(decks)}")
    return int(decks)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Shoe:
    """Counts of the cards left, by rank (index order of ``cardedge.analysis.core.cards.RANKS``).

    Two shoes are equal when their counts are; ``origin`` and ``removed`` only name the shoe.
    """

    counts: tuple[int, ...]
    origin: str | None = field(default=None, compare=False)
    """How the shoe was given before any removal: '6 decks', or counts by rank; None: unnamed."""
    removed: tuple[str, ...] = field(default=(), compare=False)
    """Rank symbols taken out of ``origin``, in the order given."""
    base_decks: int | None = field(default=None, compare=False)
    """Decks of the fresh shoe it comes from; None when given by counts."""

    def __post_init__(self) -> None:
        if len(self.counts) != len(RANKS):
            raise ValueError(f"a shoe needs {len(RANKS)} rank counts, got {len(self.counts)}")
        if any(c < 0 for c in self.counts):
            raise ValueError(f"negative card count in shoe {self.counts}")

    @classmethod
    def decks(cls, n: int) -> Shoe:
        """A fresh shoe of ``n`` standard 52-card decks."""
        n = check_decks(n)
        counts = (CARDS_PER_RANK_PER_DECK * n,) * len(RANKS)
        return cls(counts, _plural(n, "deck"), (), n)

    @property
    def size(self) -> int:
        """Number of cards in the shoe."""
        return sum(self.counts)

    def remove(self, *ranks: int) -> Shoe:
        """The shoe with one card of each given rank index taken out."""
        c = list(self.counts)
        for r in ranks:
            c[r] -= 1
        removed = self.removed + tuple(RANKS[r] for r in ranks)
        return Shoe(tuple(c), self.named_origin, removed, self.base_decks)

    @property
    def named_origin(self) -> str:
        """``origin``, or for an unnamed shoe its counts (what later removals are taken from)."""
        return self.origin if self.origin is not None else self.spec()

    def by_value(self, values: tuple[int, ...], n_values: int) -> np.ndarray:
        """Counts by point value (``values[r]`` is the value of rank ``r``), as int64."""
        out = np.zeros(n_values, dtype=np.int64)
        for r, c in enumerate(self.counts):
            out[values[r]] += c
        return out

    @property
    def is_fresh(self) -> bool:
        """True for a full shoe of whole decks with nothing removed."""
        return self.base_decks is not None and not self.removed

    def spec(self, pool_tens: bool = False) -> str:
        """The counts as a ``--shoe`` SPEC: ``A=20,2=22,...``; ``pool_tens`` gives one
        ten-valued count ``T`` (blackjack), else T, J, Q and K each."""
        return format_counts(self.counts, pool_tens)

    def describe(self) -> str:
        """The shoe's name for titles and rows: '6 decks', '6 decks minus 5,5,T,A', or the
        counts by rank."""
        if not self.removed:
            return self.named_origin
        return f"{self.named_origin} minus {','.join(self.removed)}"

    @property
    def fresh_decks(self) -> int | None:
        """Decks of a fresh shoe (whole decks, nothing removed); None for any other shoe."""
        return self.base_decks if self.is_fresh else None

    def whole_decks(self, what: str) -> int:
        """Decks of a fresh shoe, for ``what`` deals only such shoes (the rules engine shuffles
        whole decks); ValueError naming ``what`` for any other shoe."""
        if self.fresh_decks is None:
            raise ValueError(f"{what} deals fresh shoes of whole decks, not {self.describe()}")
        return self.fresh_decks

    def title(self) -> str:
        """The shoe's words leading a table's title: '6 decks' for a fresh shoe, as titles
        always read; 'shoe 6 decks minus 5,5' or 'shoe A=20,...' for any other, so that a
        table about another shoe says so."""
        return self.describe() if self.is_fresh else f"shoe {self.describe()}"

    def row_keys(self) -> dict[str, object]:
        """What leads each row about the shoe when rows must name it: nothing for a fresh shoe
        (the rows' ``decks`` says it), else ``decks`` (its base decks; None for a shoe given
        by counts) and ``shoe`` (its name)."""
        if self.is_fresh:
            return {}
        return {"decks": self.base_decks, "shoe": self.describe()}


def format_counts(counts: Iterable[int], pool_tens: bool = False) -> str:
    """Counts by rank as ``A=20,2=22,...``; ``pool_tens`` sums T, J, Q, K into ``T``."""
    counts = list(counts)
    if pool_tens:
        tens = sum(counts[r] for r in TEN_RANKS)
        pairs = [(RANKS[r], counts[r]) for r in range(TEN_RANKS[0])] + [("T", tens)]
    else:
        pairs = list(zip(RANKS, counts, strict=True))
    return ",".join(f"{s}={c}" for s, c in pairs)


@dataclass(frozen=True)
class ShoeFormat:
    """How a game's shoe is written (each game's descriptor has one, ``Game.shoe``): whether
    its ten-valued cards may be given as one count ``T`` (a game that reads point values only),
    what a SPEC missing a rank is told, and the SPEC's example for ``--shoe``'s help."""

    pools_tens: bool
    """True: ``T`` may stand for T, J, Q and K together, and removing a ten-valued card takes
    out one of any ten-valued rank (the same shoe by value)."""
    missing_hint: str
    """What to give instead, when a SPEC lacks a rank."""
    spec_example: str
    """A SPEC for a fresh 6-deck shoe, with a word on its ranks."""


def parse_rank(symbol: str) -> str:
    """The rank symbol of one card as written ('a', '10', 'T', 'k'...), or ValueError."""
    s = symbol.strip().upper()
    if s == "10":
        s = "T"
    if s not in RANKS:
        raise ValueError(f"unknown rank {symbol.strip()!r} (ranks: A, 2..9, T or 10, J, Q, K)")
    return s


def parse_count(rank: str, text: str) -> int:
    """A card count as written after ``rank=``: a whole number >= 0, or ValueError."""
    t = text.strip()
    try:
        n = int(t)
    except ValueError:
        raise ValueError(f"count of {rank} must be a whole number, got {shown(t)}") from None
    if n < 0:
        raise ValueError(f"count of {rank} must not be negative, got {n}")
    return n


def _spec_items(spec: str) -> dict[str, int]:
    """``rank=count`` items of a SPEC, each rank once."""
    items: dict[str, int] = {}
    for part in spec.split(","):
        if not part.strip():
            raise ValueError(f"empty item in shoe spec {shown(spec)} (write A=24,2=24,...)")
        if "=" not in part:
            raise ValueError(f"shoe spec item {part.strip()!r} is not rank=count")
        symbol, count = part.split("=", 1)
        rank = parse_rank(symbol)
        if rank in items:
            raise ValueError(f"rank {rank} is given twice in the shoe spec")
        items[rank] = parse_count(rank, count)
    return items


def _spread_tens(tens: int) -> list[int]:
    """A ten-valued count spread over T, J, Q, K as evenly as possible (T first)."""
    return [tens // 4 + (1 if i < tens % 4 else 0) for i in range(4)]


def parse_shoe(spec: str, form: ShoeFormat) -> Shoe:
    """The shoe of a SPEC ``A=20,2=22,...`` in a game's ``form``, or a one-line ValueError.

    Every rank must be given: A, 2..9, T, J, Q, K each, or (where the game pools its tens, as
    blackjack does) A, 2..9 and one ``T`` for all ten-valued cards. A shoe holds at least one
    card and at most ``MAX_CARDS``.
    """
    items = _spec_items(spec)
    faces = [s for s in TEN_SYMBOLS[1:] if s in items]
    pooled = form.pools_tens and not faces
    wanted = RANKS[: TEN_RANKS[0] + 1] if pooled else RANKS
    missing = [s for s in wanted if s not in items]
    if missing:
        how = form.missing_hint
        raise ValueError(f"shoe spec gives no count for {', '.join(missing)} ({how})")
    if pooled:
        counts = [items[s] for s in RANKS[: TEN_RANKS[0]]] + _spread_tens(items["T"])
    else:
        counts = [items[s] for s in RANKS]
    size = sum(counts)
    if size == 0:
        raise ValueError("the shoe spec holds no cards")
    if size > MAX_CARDS:
        raise ValueError(f"the shoe spec holds {size} cards; at most {MAX_CARDS} (8 decks)")
    return Shoe(tuple(counts), format_counts(counts, pooled))


def parse_cards(text: str) -> tuple[str, ...]:
    """Rank symbols of a card list ``5,5,T,A`` (spaces allowed), or ValueError."""
    parts = [p for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise ValueError(f"no cards to remove in {shown(text)} (write e.g. 5,5,T,A)")
    return tuple(parse_rank(p) for p in parts)


def remove_cards(shoe: Shoe, cards: str | Iterable[str], form: ShoeFormat) -> Shoe:
    """``shoe`` less ``cards`` (a list like '5,5,T,A', or rank symbols), or ValueError when
    the shoe holds fewer of a rank than asked.

    Where the game pools its tens (``form.pools_tens``: blackjack) a ten-valued symbol (T, J, Q,
    K) takes out one ten-valued card: of that rank when the shoe holds one, else of the
    ten-valued rank it holds most of (the same shoe by value). Elsewhere (Zero) each symbol is
    its own rank.
    """
    symbols = parse_cards(cards) if isinstance(cards, str) else tuple(parse_rank(c) for c in cards)
    c = list(shoe.counts)
    for s in symbols:
        r = RANKS.index(s)
        if form.pools_tens and r in TEN_RANKS:
            if c[r] == 0:
                r = max(TEN_RANKS, key=lambda t: c[t])
            if c[r] == 0:
                asked = sum(1 for x in symbols if x in TEN_SYMBOLS)
                have = sum(shoe.counts[t] for t in TEN_RANKS)
                raise ValueError(f"cannot remove {asked} ten-valued card(s): the shoe holds {have}")
        elif c[r] == 0:
            asked = symbols.count(s)
            raise ValueError(
                f"cannot remove {asked} x {s}: the shoe holds {shoe.counts[RANKS.index(s)]}"
            )
        c[r] -= 1
    return Shoe(tuple(c), shoe.named_origin, shoe.removed + symbols, shoe.base_decks)


def game_shoe(
    decks: int, spec: str | None = None, remove: str | None = None, *, form: ShoeFormat
) -> Shoe:
    """The shoe a command analyses, in a game's ``form``: ``spec`` (counts by rank) or
    ``decks`` fresh decks, less the cards of ``remove``; ValueError on bad input."""
    shoe = parse_shoe(spec, form) if spec is not None else Shoe.decks(decks)
    return shoe if remove is None else remove_cards(shoe, remove, form)
