"""Zero's rules as data: one frozen object the evaluators consult, and the two presets.

``ZeroRules`` splits in two: the rules that decide play (``PlayRules``: the dealer's drawing
rule, splitting and doubling) and what a Zero Pair pays. A Zero Pair wins at once, so
its payouts never change a decision: one evaluation of the play rules prices every payout
(``round.PlayResult.price``), the two presets among them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES, RANKS
from cardedge.analysis.core.rules import (
    Payout,
    Rule,
    RuleSet,
    Switch,
    Totals,
    Whole,
    payout_text,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.records import DealerRules, KernelRules

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
    "the dealer's up card pays 3 to 1 instead of 3 to 2 (trips_pays); it alone reproduces "
    "the published figures."
)
"""What the two presets are, as they stand (the page's help; a table of the rules played
says what they pay with ``trips_notes``)."""
STATED_NOTE = (
    "'stated' is rules 1-8 as written; it differs from 'published' by exactly "
    "1.5 x P(ten-valued trips)."
)

ZERO_PAIR_RANKS: tuple[str, ...] = tuple(
    rank for rank, value in zip(RANKS, BACCARAT_VALUES, strict=True) if 2 * value % 10 == 0
)
"""The ranks two of which total 0, a Zero Pair: 5, T, J, Q, K (rule 5; the engine's
``is_zero_pair``, same rank and total 0)."""
_PAIRS = [f"{r}-{r}".replace("T", "10") for r in ZERO_PAIR_RANKS]
ZERO_PAIR = f"two cards of one rank totalling 0: {', '.join(_PAIRS[:-1])} or {_PAIRS[-1]}"
"""What a Zero Pair is, in the words every help, page and report uses."""
TRIPS = "ten-valued trips (a ten-valued Zero Pair of the dealer's up card's rank)"
"""What ten-valued trips are, in words."""


def ratio_words(payout: float) -> str:
    """A payout as a table's note writes it: '3 to 2', '2 to 1', '1.75 to 1'."""
    text = payout_text(payout)
    return text.replace(":", " to ") if ":" in text else f"{text} to 1"


def as_they_stand(played: Mapping[str, ZeroRules]) -> bool:
    """Are these the presets as they stand (each name a preset, its rules unchanged)?"""
    return all(name in PRESETS and rules == preset(name) for name, rules in played.items())


def rules_note(played: Mapping[str, ZeroRules]) -> str:
    """The one line a table's notes and its rows' ``rules_note`` give on what the presets pay
    (``TRIPS_NOTE`` while they stand; else ``trips_notes`` of the rules played)."""
    return TRIPS_NOTE if as_they_stand(played) else " ".join(trips_notes(played))


def trips_notes(played: Mapping[str, ZeroRules]) -> list[str]:
    """The notes on ten-valued trips of a table whose rows play these rules (preset name ->
    the rules played under it), from the rules themselves: the presets' own notes when they
    are played as they stand, else what each pays and by how much they differ."""
    if as_they_stand(played):
        return [TRIPS_NOTE, *([STATED_NOTE] if "stated" in played else [])]
    notes = [
        f"'{name}' as played here: a Zero Pair pays {ratio_words(rules.zero_pair_pays)}, "
        f"{TRIPS} {ratio_words(rules.trips_payout)}."
        for name, rules in played.items()
    ]
    if {"stated", "published"} <= set(played):
        gap = played["published"].trips_payout - played["stated"].trips_payout
        notes.append(
            "'stated' and 'published' pay ten-valued trips alike here: the same edge."
            if gap == 0
            else f"'stated' differs from 'published' here by exactly {gap:g} x P(ten-valued trips)."
        )
    return notes


ALL_TOTALS: frozenset[int] = frozenset(range(10))
"""Every Zero total, 0..9."""


@dataclass(frozen=True)
class PlayRules:
    """The rules that decide how every hand is played, hence, with the shoe, every kernel's
    result: every rule of ``ZeroRules`` but the payouts (``PAYOUTS``), by construction
    (``ZeroRules.play_rules`` copies them by name, and this module refuses to load if a rule
    is in neither)."""

    dealer_draws: int
    das: bool
    split_totals: frozenset[int]
    double_totals: frozenset[int] = ALL_TOTALS

    def play_rules(self) -> PlayRules:
        """Itself, so that code needing only the play rules takes these or a ``ZeroRules``."""
        return self

    def dealer_draws_on(self, n_cards: int, total: int) -> bool:
        """Does a dealer holding ``n_cards`` cards (2 or 3) of this total (0..9) take another?
        (rule 7: on a two- or three-card total at or above ``dealer_draws``; never a fifth
        card)."""
        return n_cards in (2, 3) and total >= self.dealer_draws

    def may_split(self, total: int) -> bool:
        """May an unsplit two-card hand of this total (0..9) split? (Split hands never do.)"""
        return total in self.split_totals

    def may_double(self, split_hand: bool, total: int) -> bool:
        """May a three-card hand of this total (0..9) double? On a total of ``double_totals``:
        an unsplit hand always, a split one with DAS."""
        return total in self.double_totals and (not split_hand or self.das)

    def kernel_record(self) -> KernelRules:
        """The play rules as every kernel reads them (``records.KernelRules``), built from the
        questions above: a rule reaches the kernels only through them."""
        totals = range(10)
        draws = [[self.dealer_draws_on(n, t) for t in totals] for n in (2, 3)]
        return KernelRules(
            DealerRules(np.array(draws, dtype=np.bool_)),
            np.array([self.may_double(False, t) for t in totals], dtype=np.bool_),
            np.array([self.may_double(True, t) for t in totals], dtype=np.bool_),
            np.array([self.may_split(t) for t in totals], dtype=np.bool_),
        )


@dataclass(frozen=True)
class ZeroRules:
    """The rules of one Zero game; every payout is in units of the initial Zero wager.

    Each field is a rule declared in ``RULES`` (its help, values and title), which checks it: a
    refused value raises ``BadValue`` naming the rule. The shoe is not a rule: a game setup is
    rules plus a ``Shoe``, and every evaluator takes both.
    """

    zero_pair_pays: float = 1.5
    """Net win of a Zero Pair (3 to 2)."""
    trips_pays: float | None = None
    """Net win of a ten-valued Zero Pair matching the up card's rank; None: as a Zero Pair."""
    dealer_draws: int = 5
    """The dealer draws on a two- or three-card total at or above this."""
    das: bool = True
    """A split hand may double (double after split)."""
    split_totals: frozenset[int] = field(default_factory=lambda: frozenset({8, 9}))
    """Two-card totals that may be split (empty: no splitting)."""
    double_totals: frozenset[int] = ALL_TOTALS
    """Three-card totals that may double (rule 6: every one; empty: no doubling)."""

    def __post_init__(self) -> None:
        RULES.check(self)

    def play_rules(self) -> PlayRules:
        """The rules that decide play: all but the Zero Pair and trips payouts (``PAYOUTS``)."""
        return PlayRules(**{name: getattr(self, name) for name in _PLAY_FIELDS})

    def kernel_record(self) -> KernelRules:
        """The play rules as the numba kernels read them (``records.KernelRules``)."""
        return self.play_rules().kernel_record()

    def dealer_draws_on(self, n_cards: int, total: int) -> bool:
        """Does the dealer take another card? (``PlayRules.dealer_draws_on``)"""
        return self.play_rules().dealer_draws_on(n_cards, total)

    def may_split(self, total: int) -> bool:
        """May an unsplit two-card hand of this total (0..9) split? (``PlayRules.may_split``)"""
        return self.play_rules().may_split(total)

    def may_double(self, split_hand: bool, total: int) -> bool:
        """May a three-card hand of this total double? (``PlayRules.may_double``)"""
        return self.play_rules().may_double(split_hand, total)

    @property
    def trips_payout(self) -> float:
        """Net win of a ten-valued Zero Pair matching the up card (the pair payout if unset)."""
        return self.zero_pair_pays if self.trips_pays is None else self.trips_pays

    def with_(self, **changes) -> ZeroRules:
        """A copy with some rules changed (validated again)."""
        return replace(self, **changes)

    def describe(self, shoe: Shoe) -> str:
        """One line naming a game setup, for table titles: the shoe (``Shoe.title``), then each
        rule's words."""
        return ", ".join([shoe.title(), *RULES.titles(self)])

    def words(self) -> str:
        """The rules' words alone, as ``describe`` names them after the shoe."""
        return ", ".join(RULES.titles(self))


PAYOUTS: tuple[str, ...] = ("zero_pair_pays", "trips_pays")
"""The rules that only price a round (a Zero Pair wins at once): the rest are ``PlayRules``."""
_PLAY_FIELDS = tuple(f.name for f in fields(PlayRules))


def _check_play_fields() -> None:
    """Every rule is a payout or a play rule, never neither: a rule left out of ``PlayRules``
    would let two rule sets that play differently share one kernel run."""
    rules = [f.name for f in fields(ZeroRules)]
    if sorted(rules) != sorted([*PAYOUTS, *_PLAY_FIELDS]):
        raise TypeError(
            f"ZeroRules {rules} must be PAYOUTS {list(PAYOUTS)} plus PlayRules {list(_PLAY_FIELDS)}"
        )


_check_play_fields()


def _double_title(rules: ZeroRules) -> str | None:
    if rules.double_totals == ALL_TOTALS:
        return None  # rule 6 as written: titles name only a change
    if not rules.double_totals:
        return "no double"
    return "double on " + "/".join(str(t) for t in sorted(rules.double_totals))


def _split_title(rules: ZeroRules) -> str:
    if not rules.split_totals:
        return "no split"
    return "split " + "/".join(str(t) for t in sorted(rules.split_totals))


RULES = RuleSet(
    (
        Rule(
            "zero_pair_pays",
            Payout(),
            f"What a Zero Pair ({ZERO_PAIR}) wins, per unit wagered: a ratio like 3:2 or "
            "2:1, or a decimal like 1.75.",
            lambda r: f"zero pair {r.zero_pair_pays:g}:1",
            variants=(
                ("zero pair pays 1:1", 1.0),
                ("zero pair pays 6:5", 1.2),
                ("zero pair pays 2:1", 2.0),
            ),
        ),
        Rule(
            "trips_pays",
            Payout(none_means="paid as a Zero Pair"),
            "What a Zero Pair matching the dealer's up card's rank wins (ten-valued trips); "
            "none: paid as a Zero Pair.",
            lambda r: None if r.trips_pays is None else f"ten-valued trips {r.trips_pays:g}:1",
        ),
        Rule(
            "dealer_draws",
            Whole(0, 10),
            "The dealer draws on a two- or three-card total at or above this (0..10).",
            lambda r: f"dealer draws on {r.dealer_draws}+",
            variants=(("dealer draws on 4+", 4), ("dealer draws on 6+", 6)),
        ),
        Rule(
            "split_totals",
            Totals(0, 9),
            "Two-card totals that may split: none, one (9), a range (8-9) or a list (7+9).",
            _split_title,
            variants=(("no split", "none"), ("split 7, 8 or 9", "7-9")),
        ),
        Rule(
            "double_totals",
            Totals(0, 9),
            "Three-card totals that may double: all (0-9), none, one (7), a range (4-7) or a "
            "list (2+7).",
            _double_title,
            variants=(("double on 4 to 7 only", "4-7"),),
        ),
        Rule(
            "das",
            Switch(),
            "A split hand may double (double after split).",
            lambda r: "DAS" if r.das else "no DAS",
            variants=(("no double after split", False),),
        ),
    ),
    # the published variants table's rows: payout, dealer, DAS, then splitting
    variants_first=("zero_pair_pays", "dealer_draws", "das"),
)
"""Zero's rules, declared once, in the order titles name them."""


def preset(name: str, changes: dict[str, object] | None = None) -> ZeroRules:
    """The named rule preset: 'stated' (rules 1-8) or 'published' (plus 3:1 ten-valued trips),
    with ``changes`` (rule name -> value, each checked by ``RULES``) over it.

    Both presets have the same ``play_rules()``: they differ only in price.
    """
    if name == "stated":
        base = ZeroRules()
    elif name == "published":
        base = ZeroRules(trips_pays=3.0)
    else:
        raise ValueError(f"unknown rules preset {name!r} (choose from {', '.join(PRESETS)})")
    return base.with_(**changes) if changes else base


def changed_rules(rules: ZeroRules, name: str) -> list[str]:
    """The words of every rule in which ``rules`` differ from the preset ``name`` (empty when
    they are the preset), for a title."""
    return RULES.differences(rules, preset(name))


def preset_name(rules: ZeroRules) -> str:
    """The name of the preset ``rules`` are ('stated' or 'published'), else 'custom'."""
    for name in PRESETS:
        if rules == preset(name):
            return name
    return "custom"


def distinct_play_rules(rules: Iterable[ZeroRules | PlayRules]) -> list[PlayRules]:
    """The different ``play_rules()`` among ``rules``, in order of first appearance."""
    return list(dict.fromkeys(r.play_rules() for r in rules))
