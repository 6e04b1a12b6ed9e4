"""What work shared across blackjack rule sets is keyed by: the rules' kernel record.

Every rule reaches the kernels through one record (``BlackjackRules.kernel_record``), so each
memo that serves more than one rule set (``round.DealerMemo``: dealer rows, stand EVs, split
hands' values; the basic chart's hard and soft rows; a grid's tasks) is keyed by that record,
less only the fields its computation provably never reads (``records.without``): a new rule,
which must reach the kernels through the record, joins every key by default. Each field left
out is named once below, with the reason; ``tests/test_sharing.py`` perturbs every field of
the record and checks that each key changes unless the field is one of these.
"""

from __future__ import annotations

import numpy as np

from cardedge.analysis.blackjack.rules import KernelRules
from cardedge.analysis.core.records import record_key, without

SIDE_BETS = ("insurance",)
"""Bets beside the hand's: insurance is a bet on the dealer's two cards alone, settled apart
from every hand, so it changes no play decision and no hand's value (off a fresh shoe it never
pays: ``analysis/blackjack/insurance.py``); only the shoe game's round reads it. Out of every
key."""

SPLIT_LIMITS = ("max_hands",)
"""How many hands a pair may be split into: it decides how many split hands a round holds,
never how a hand plays (a split row's key adds its own pair's limit)."""

PLAYER_OPTIONS = (
    "double",
    "surrender",
    "one_card",
    "max_hands",
    "natural_loss_on_double",
    "surrender_natural_loss",
)
"""What a player may do with a hand and what a double or a surrender loses to a natural: a
stand EV reads none of it (it is the dealer's rows for the hand's cards, and its context
says which hands: ``round.ShoeAnalysis._stand``'s own key)."""

FIVE_CARD_PRICE = ("peek",)
"""Read by a stand EV only to price a hand the five-card rule settles (``player.charlie_sign``):
out of a stand's key when no hand is so settled (``charlie`` 0)."""

CONTEXT_FIELDS = ("double", "surrender", "one_card")
"""The fields indexed by kernel context first (0 the unsplit hand, v a hand split from a pair
of value v): an unsplit hand's play reads their row 0 alone. (A per-context field missing
here is kept whole: more keys, never a wrong share.)"""

UNSPLIT_SURRENDER = "surrender"
"""A split hand takes the unsplit hand's EVs as the reference of its optimal cells (CDZ-), its
surrender EVs only where the split hand itself may surrender: when no split hand may, the
unsplit hand's own surrender row (context 0) is out of a split hand's key."""


class _Key(tuple):
    """A key hashed once: memos look split hands' values up thousands of times per grid under
    keys holding the whole record (a tuple's hash is not kept). Equal to the plain tuple."""

    def __init__(self, items) -> None:
        self._hash = tuple.__hash__(self)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return _Key, (tuple(self),)  # hashed again where unpickled (str hashes are per process)


def dealer_key(record: KernelRules) -> tuple:
    """The key of what the dealer's play gives (``round.DealerMemo``, with the shoe): the
    dealer kernels take ``record.dealer`` alone."""
    return _Key(record_key(record.dealer))


def stand_key(record: KernelRules) -> tuple:
    """The rules part of a context's stand EVs' key (``round.ShoeAnalysis._stand``)."""
    if not record.charlie:
        record = record._replace(**dict.fromkeys(FIVE_CARD_PRICE))
    return _Key(without(record, *PLAYER_OPTIONS, *SIDE_BETS))


def split_play_key(record: KernelRules) -> tuple:
    """The rules part of a split hand's values' key (``round.ShoeAnalysis._firsts`` and
    ``split_values``' rows, beside the split context, the policy codes and, for a row, the
    pair's limit)."""
    rows = getattr(record, UNSPLIT_SURRENDER)
    if not rows[1:].any():
        kept = rows.copy()
        kept[0] = False
        record = record._replace(**{UNSPLIT_SURRENDER: kept})
    return _Key(without(record, *SPLIT_LIMITS, *SIDE_BETS))


def unsplit_play_key(record: KernelRules) -> tuple:
    """The rules part of an unsplit hand's values' key (the basic chart's hard and soft rows,
    ``strategy.blackjack.charts.TotalRows``; the grid's tasks): the record with each
    per-context field's unsplit row alone."""
    unsplit = {name: np.asarray(getattr(record, name))[:1] for name in CONTEXT_FIELDS}
    return _Key(without(record._replace(**unsplit), *SPLIT_LIMITS, *SIDE_BETS))
