"""Zero's rules as data: one frozen object the evaluators consult, and the two presets.

``ZeroRules`` splits in two: the rules that decide play (``PlayRules``: decks, the dealer's
drawing rule, splitting and doubling) and what a Zero Pair pays. A Zero Pair wins at once, so
its payouts never change a decision: one evaluation of the play rules prices every payout
(``round.PlayResult.price``), the two presets among them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from cardedge.analysis.core.shoe import check_decks
from cardedge.analysis.zero.records import KernelRules

PRESETS: tuple[str, ...] = ("stated", "published")

PUBLISHED_EDGES: dict[tuple[str, int], float] = {
    ("optimal", 6): 2.2637,
    ("optimal", 8): 2.2421,
    ("basic", 6): 2.2697,
    ("basic", 8): 2.2463,
}
"""Published house edges in percent (Wizard of Odds, math by Cindy Liu), by strategy and decks."""

TRIPS_NOTE = (
    "'published' adds one term the stated rules lack: a ten-valued Zero Pair whose rank matches "
    "the dealer's up card pays 3 to 1 instead of 3 to 2 (zero_trips_pays); it alone reproduces "
    "the published figures."
)


@dataclass(frozen=True)
class PlayRules:
    """The rules that decide how every hand is played, hence every kernel's result."""

    decks: int
    dealer_draw_threshold: int
    double_after_split: bool
    split_totals: frozenset[int]

    def play_rules(self) -> PlayRules:
        """Itself, so that code needing only the play rules takes these or a ``ZeroRules``."""
        return self

    def may_split(self, total: int) -> bool:
        """May an unsplit two-card hand of this total (0..9) split? (Split hands never do.)"""
        return total in self.split_totals

    def may_double(self, split_hand: bool) -> bool:
        """May a three-card hand double? An unsplit one always; a split one with DAS."""
        return not split_hand or self.double_after_split

    def kernel_record(self) -> KernelRules:
        """The play rules as the numba kernels read them (``records.KernelRules``)."""
        split_ok = np.array([self.may_split(t) for t in range(10)], dtype=np.bool_)
        return KernelRules(int(self.dealer_draw_threshold), bool(self.double_after_split), split_ok)


@dataclass(frozen=True)
class ZeroRules:
    """The rules of one Zero game; every payout is in units of the initial Zero wager."""

    decks: int = 6
    zero_pair_pays: float = 1.5
    """Net win of a Zero Pair (3 to 2)."""
    zero_trips_pays: float | None = None
    """Net win of a ten-valued Zero Pair matching the up card's rank; None: as a Zero Pair."""
    dealer_draw_threshold: int = 5
    """The dealer draws on a two- or three-card total at or above this."""
    double_after_split: bool = True
    split_totals: frozenset[int] = field(default_factory=lambda: frozenset({8, 9}))
    """Two-card totals that may be split (empty: no splitting)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "decks", check_decks(self.decks))
        if self.zero_pair_pays < 0:
            raise ValueError(f"zero_pair_pays must be >= 0, got {self.zero_pair_pays!r}")
        if self.zero_trips_pays is not None and self.zero_trips_pays < 0:
            raise ValueError(f"zero_trips_pays must be >= 0, got {self.zero_trips_pays!r}")
        if not 0 <= self.dealer_draw_threshold <= 10:
            raise ValueError(
                f"dealer_draw_threshold must be in 0..10, got {self.dealer_draw_threshold!r}"
            )
        bad = [t for t in self.split_totals if not 0 <= t <= 9]
        if bad:
            raise ValueError(f"split totals must be in 0..9, got {sorted(bad)}")
        object.__setattr__(self, "split_totals", frozenset(self.split_totals))

    def play_rules(self) -> PlayRules:
        """The rules that decide play: all but the Zero Pair and trips payouts."""
        return PlayRules(
            self.decks, self.dealer_draw_threshold, self.double_after_split, self.split_totals
        )

    def kernel_record(self) -> KernelRules:
        """The play rules as the numba kernels read them (``records.KernelRules``)."""
        return self.play_rules().kernel_record()

    def may_split(self, total: int) -> bool:
        """May an unsplit two-card hand of this total (0..9) split? (``PlayRules.may_split``)"""
        return self.play_rules().may_split(total)

    def may_double(self, split_hand: bool) -> bool:
        """May a three-card hand double? (``PlayRules.may_double``)"""
        return self.play_rules().may_double(split_hand)

    @property
    def trips_pays(self) -> float:
        """Net win of a ten-valued Zero Pair matching the up card (the pair payout if unset)."""
        return self.zero_pair_pays if self.zero_trips_pays is None else self.zero_trips_pays

    def with_(self, **changes) -> ZeroRules:
        """A copy with some rules changed."""
        return replace(self, **changes)

    def describe(self) -> str:
        """One line naming the rules, for table titles."""
        parts = [
            f"{self.decks} deck{'s' if self.decks != 1 else ''}",
            f"zero pair {self.zero_pair_pays:g}:1",
        ]
        if self.zero_trips_pays is not None:
            parts.append(f"ten-valued trips {self.zero_trips_pays:g}:1")
        parts.append(f"dealer draws on {self.dealer_draw_threshold}+")
        if self.split_totals:
            parts.append("split " + "/".join(str(t) for t in sorted(self.split_totals)))
        else:
            parts.append("no split")
        parts.append("DAS" if self.double_after_split else "no DAS")
        return ", ".join(parts)


def preset(name: str, decks: int = 6) -> ZeroRules:
    """The named rule preset: 'stated' (rules 1-8) or 'published' (plus 3:1 ten-valued trips).

    Both have the same ``play_rules()`` for a given number of decks: they differ only in price.
    """
    if name == "stated":
        return ZeroRules(decks=decks)
    if name == "published":
        return ZeroRules(decks=decks, zero_trips_pays=3.0)
    raise ValueError(f"unknown rules preset {name!r} (choose from {', '.join(PRESETS)})")


def preset_name(rules: ZeroRules) -> str:
    """The name of the preset ``rules`` are ('stated' or 'published'), else 'custom'."""
    for name in PRESETS:
        if rules == preset(name, rules.decks):
            return name
    return "custom"


def distinct_play_rules(rules: Iterable[ZeroRules | PlayRules]) -> list[PlayRules]:
    """The different ``play_rules()`` among ``rules``, in order of first appearance."""
    return list(dict.fromkeys(r.play_rules() for r in rules))
