"""Cards by rank and suit, and a shuffled finite shoe dealt with ``numpy.random.Generator``.

A card is a *kind* ``k = rank * 4 + suit`` (in the order of ``RANKS`` and ``SUITS`` of
``cardedge.analysis.core.cards``), so identical cards (same rank and suit, possible with two or
more decks) are told apart from merely same-rank ones. A shoe of ``d`` decks is an array
holding every kind ``d`` times.

Each draw swaps a uniformly chosen undealt card into the next dealt position (one step of a
Fisher-Yates shuffle), so the cards of a round are a uniform draw without replacement however
the array was left by earlier rounds: starting a round with ``dealt = 0`` is a fresh shuffled
shoe, as the analysis assumes. Python (``ShuffledShoe``) and numba (``draw``) use the same call,
``rng.integers(0, cards_left)``, which numba implements bit for bit as numpy does: one seed gives
the same cards in both.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES, POINT_VALUES, RANKS, SUITS
from cardedge.analysis.core.kernels import inline
from cardedge.analysis.core.shoe import check_decks

N_KINDS = len(RANKS) * len(SUITS)
SUIT_SYMBOLS: tuple[str, ...] = ("\u2663", "\u2666", "\u2665", "\u2660")
"""Clubs, diamonds, hearts, spades: the order of ``cardedge.analysis.core.cards.SUITS``."""


class IllegalAction(ValueError):
    """An action the rules do not allow in the current state (the message says why)."""


class ShoeEmpty(RuntimeError):
    """A draw from a shoe with no card left."""


def rank_of(kind: int) -> int:
    """Rank index (``cardedge.analysis.core.cards.RANKS``) of a card kind."""
    return kind // len(SUITS)


def suit_of(kind: int) -> int:
    """Suit index (``cardedge.analysis.core.cards.SUITS``) of a card kind."""
    return kind % len(SUITS)


def kind_of(rank: int, suit: int) -> int:
    """The card kind of a rank index and a suit index."""
    return rank * len(SUITS) + suit


def card_label(kind: int, symbols: bool = True) -> str:
    """A card as shown to a person: 'K♠' ('Ks' with ``symbols=False``); tens print as '10'."""
    rank = RANKS[rank_of(kind)]
    rank = "10" if rank == "T" else rank
    suit = SUIT_SYMBOLS[suit_of(kind)] if symbols else SUITS[suit_of(kind)]
    return rank + suit


def parse_card(text: str) -> int:
    """The kind of a card written 'Ks', 'K♠', '10h' or 'Th' (for tests and scripted deals)."""
    t = text.strip()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. 'Ks')")
    rank_text, suit_text = t[:-1].upper(), t[-1]
    rank_text = "T" if rank_text == "10" else rank_text
    if rank_text not in RANKS:
        raise ValueError(f"not a card: {text!r} (unknown rank {rank_text!r})")
    if suit_text in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_text)
    elif suit_text.lower() in SUITS:
        suit = SUITS.index(suit_text.lower())
    else:
        raise ValueError(f"not a card: {text!r} (unknown suit {suit_text!r})")
    return kind_of(RANKS.index(rank_text), suit)


def kind_table(values: tuple[int, ...]) -> np.ndarray:
    """``[kind]``: the per-rank ``values`` (e.g. baccarat points) of every card kind, int64."""
    return np.array([values[rank_of(k)] for k in range(N_KINDS)], dtype=np.int64)


RANK_OF_KIND = np.array([rank_of(k) for k in range(N_KINDS)], dtype=np.int64)
BACCARAT_VALUE_OF_KIND = kind_table(BACCARAT_VALUES)
"""Baccarat point value (0..9, Zero's) of each kind."""
POINT_INDEX_OF_KIND = kind_table(tuple(v - 1 for v in POINT_VALUES))
"""Point value index (0 ace .. 9 ten-value, blackjack's ``analysis.blackjack.hands``) of each
kind."""


def fresh_shoe(decks: int) -> np.ndarray:
    """Every card kind ``decks`` times (int64), in kind order: the array shoes start from."""
    return np.tile(np.arange(N_KINDS, dtype=np.int64), check_decks(decks))


@inline
def uniform_index(rng, n):
    """A uniform index in 0..n-1 from one double (``rng.random()``).

    Scaling a 53-bit uniform double by n <= 416 biases no index by more than n / 2**53, far
    below any simulation's resolution, and costs a fifteenth of ``rng.integers`` in numba.
    The Python engine calls the same function, so both deal the same cards for a seed.
    """
    return int(rng.random() * n)


@inline
def draw(rng, shoe, dealt):
    """Deal position ``dealt``: swap a uniformly chosen undealt card there and return it.

    Past the last card (only a shoe game's round can get there, many cards past its cut card)
    it returns a card of the whole shoe at random, as a dealer reshuffles the discards to
    finish the round; the shoe is shuffled before the next round."""
    n = shoe.shape[0]
    if dealt >= n:
        return shoe[uniform_index(rng, n)]
    j = dealt + uniform_index(rng, n - dealt)
    card = shoe[j]
    shoe[j] = shoe[dealt]
    shoe[dealt] = card
    return card


class ShuffledShoe:
    """A finite shoe dealt in random order; ``new_round`` makes it a freshly shuffled full shoe.

    ``stack`` (optional) lists kinds to deal first, in order, instead of random cards: scripted
    deals for tests and demonstrations (each stacked card is taken out of the shoe when dealt).
    """

    def __init__(self, decks: int, rng: np.random.Generator | int | None = None) -> None:
        self.decks = int(decks)
        self.cards = fresh_shoe(decks)
        self.rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        self.dealt = 0
        self._stack: list[int] = []

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return int(self.cards.shape[0])

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt this round."""
        return self.size - self.dealt

    def new_round(self) -> None:
        """Return every card to the shoe: the next draws are from a full, shuffled shoe."""
        self.dealt = 0

    def stack(self, kinds) -> None:
        """Deal these kinds next, in order (then random cards again)."""
        self._stack.extend(int(k) for k in kinds)

    def draw(self) -> int:
        """The next card's kind."""
        if self.dealt >= self.size:
            raise ShoeEmpty(f"the shoe of {self.size} cards is empty")
        if self._stack:
            want = self._stack.pop(0)
            undealt = self.cards[self.dealt :]
            where = np.flatnonzero(undealt == want)
            if where.size == 0:
                raise ValueError(f"stacked card {card_label(want)} is not left in the shoe")
            j = self.dealt + int(where[0])
        else:
            j = self.dealt + uniform_index(self.rng, self.size - self.dealt)
        card = int(self.cards[j])
        self.cards[j] = self.cards[self.dealt]
        self.cards[self.dealt] = card
        self.dealt += 1
        return card


class DealtShoe(ShuffledShoe):
    """A shoe dealt round after round until the cut card, as at a table: ``new_round`` does not
    gather the cards, so each round is dealt from what the earlier rounds left.

    ``counts_left()`` is the undealt composition by rank (13 counts, the ``Shoe`` order), the
    state an exact evaluator is asked about before each round.
    """

    def new_round(self) -> None:
        """Nothing: the cards dealt stay out until the shoe is shuffled (a new ``DealtShoe``)."""

    def counts_left(self) -> np.ndarray:
        """Cards not yet dealt, by rank (int64, 13 counts)."""
        return np.bincount(RANK_OF_KIND[self.cards[self.dealt :]], minlength=len(RANKS))
