"""A game's rules as numbered plain sentences, like its rules page's, made from what the
kernels and the engine read.

A game's ``sentences`` module writes each numbered rule (``Item``) from the rules' own
questions (Zero's ``dealer_draws_on``, ``may_split``, ``may_double``; blackjack's ``may_hit``,
``may_double``, ``may_split``...) and ``kernel_record()``, never from a rule's field by name:
a new rule that changes an answer changes the sentence. This module adds what every game's
rules text has:

- which declared rules the sentences state: a rule is stated when changing its value alone
  changes some sentence (``stated_rules``, tried on its declared variants and the values its
  ``Kind`` offers); any other declared rule gets a sentence of its own from its ``help``
  (``option_item``), so a rule declared with its help is never left out;
- the rules page named (``RulesPage``: title, language, where it is);
- each difference from the rules page's rules in a sentence (``differences``);
- the rules as command-line options, one line (``as_options``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardedge.analysis.core.rules import (
    Choice,
    Kind,
    NamedPayout,
    Payout,
    Rule,
    RuleSet,
    Switch,
    Totals,
    Whole,
    payout_text,
)
from cardedge.core.errors import BadValue


@dataclass(frozen=True)
class RulesPage:
    """The page stating a game's rules, which the sentences follow and differ from."""

    game: str
    """The game's name, 'Zero'."""
    title: str
    """The page's heading."""
    language: str
    path: str
    """Where the page is, from the project's shared folder: 'shared/rules/zero.md'."""

    def named(self) -> str:
        """'the Zero rules page, "Zero — rules, resolved ...", English (shared/rules/zero.md)'."""
        return f'the {self.game} rules page, "{self.title}", {self.language} ({self.path})'


@dataclass(frozen=True)
class Said:
    """One statement of a rule: ``clause`` its words inside a sentence (a difference quotes
    them), ``text`` the sentence it makes (None: the clause, capitalised, with a full stop;
    '': said only in a difference, never in the rules' list)."""

    key: str
    """What the statement is about ('dealer', 'split'): the page's statement of the same key is
    the one it differs from."""
    clause: str
    text: str | None = None

    def sentence(self) -> str:
        """The sentence the statement makes in the rules' list ('' for none)."""
        if self.text is not None:
            return self.text
        return capitalised(self.clause) + "."


@dataclass(frozen=True)
class Item:
    """One numbered rule: its statements, said one after the other."""

    said: tuple[Said, ...]

    def text(self) -> str:
        """The item's sentences, one after the other."""
        return " ".join(s.sentence() for s in self.said if s.sentence())


Items = Callable[[Any, Sequence], list[Item]]
"""A game's numbered rules from its rules object and the shoes dealt (none: any)."""


def capitalised(words: str) -> str:
    """The words starting a sentence: the first letter upper case."""
    return words[:1].upper() + words[1:]


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(n: int) -> str:
    """A small count in words ('five'), a larger one in digits."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def joined(words: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted whole numbers as runs of consecutive ones: [0, 1, 2, 5] -> [(0, 2), (5, 5)]."""
    out: list[list[int]] = []
    for v in sorted(set(values)):
        if out and v == out[-1][1] + 1:
            out[-1][1] = v
        else:
            out.append([v, v])
    return [(a, b) for a, b in out]


def totals_words(totals: Iterable[int], every: range, last: str = "or") -> str:
    """A set of totals out of ``every`` in words: 'any total', '5 or more', '4 or less',
    '8 or 9', '0 to 3 or 7'; '' when none."""
    chosen = sorted(set(totals))
    if not chosen:
        return ""
    if chosen == list(every):
        return "any total"
    top, bottom = every[-1], every[0]
    if chosen[-1] == top and chosen == list(range(chosen[0], top + 1)) and len(chosen) > 3:
        return f"{chosen[0]} or more"
    if chosen[0] == bottom and chosen == list(range(bottom, chosen[-1] + 1)) and len(chosen) > 3:
        return f"{chosen[-1]} or less"
    parts = [
        str(t) if b - a < 3 else f"{a} to {b}"
        for a, b in runs(chosen)
        for t in (range(a, b + 1) if b - a < 3 else (a,))
    ]
    return joined(parts, last)


def option_words(rule: Rule, value: object) -> str:
    """The rule's value as the command line takes it: '--das', '--no-das', '--s17',
    '--dealer-draws 5'."""
    if isinstance(rule.kind, Switch):
        if value:
            return rule.option
        return "--" + (rule.off or "no-" + rule.name.replace("_", "-"))
    return f"{rule.option} {rule.kind.text(value)}"


def as_options(rule_set: RuleSet, rules: object) -> str:
    """Every rule as played, as the command-line options that give it, in one line."""
    words = " ".join(option_words(r, getattr(rules, r.name)) for r in rule_set if r.shown(rules))
    return f"As command-line options: {words}."


def value_words(rule: Rule, value: object) -> str:
    """A value in words for a rule's own sentence: yes/no for a switch, else as written."""
    if isinstance(rule.kind, Switch):
        return "yes" if value else "no"
    return rule.kind.text(value)


def option_item(rule: Rule, rules: object) -> Item:
    """The sentence of a declared rule no numbered rule states: its help and its value."""
    value = getattr(rules, rule.name)
    help_text = rule.help.strip().rstrip(".")
    words = f"{help_text}: {value_words(rule, value)}"
    text = f"{capitalised(words)} ({option_words(rule, value)})."
    return Item((Said(rule.name, uncapitalised(words), text),))


def uncapitalised(words: str) -> str:
    """The words inside a sentence: 'Aces may...' -> 'aces may...' ('DAS ...' kept)."""
    if len(words) > 1 and words[1].isupper():
        return words
    return words[:1].lower() + words[1:]


def shoe_words(shoes: Sequence, page_shoe: str) -> str:
    """Where every round is dealt from: 'a fresh shoe of 6 decks', 'the shoe 6 decks minus
    5,5'; the page's shoes beside them."""
    dealt = [
        f"a fresh shoe of {s.describe()}" if s.is_fresh else f"the shoe {s.describe()}"
        for s in shoes
    ]
    where = joined(dealt, "or") if dealt else "a fresh shoe of standard 52-card decks"
    return f"one player; every round is dealt from {where} (the rules page: {page_shoe})"


def other_values(rule: Rule, value: object) -> list[object]:
    """Values to try a rule at besides ``value``: its declared variants, then what its kind
    offers (a switch's other side, a list's options, a range's ends and neighbours, a payout
    one more, a set of totals none or all)."""
    kind: Kind = rule.kind
    tried: list[object] = [v for _, v in rule.variants]
    if isinstance(kind, Switch):
        tried.append(not value)
    elif isinstance(kind, Choice) or isinstance(kind, NamedPayout):
        tried += list(kind.choices())
    elif isinstance(kind, Whole):
        tried += [kind.low, kind.high]
        if isinstance(value, int):
            tried += [value - 1, value + 1]
    elif isinstance(kind, Totals):
        tried += ["none", f"{kind.low}-{kind.high}"]
    if isinstance(kind, Payout):
        tried += [None, 1.0, 2.0, 3.0]
        if isinstance(value, int | float):
            tried.append(float(value) + 1)
    return tried


def with_rule(rules, rule: Rule, value: object):
    """``rules`` with one rule at ``value`` (None when the value or the mix is refused)."""
    try:
        changed = rules.with_(**{rule.name: value})
    except (BadValue, ValueError, TypeError):
        return None
    return None if getattr(changed, rule.name) == getattr(rules, rule.name) else changed


def _words(items: Items, rules) -> list[str]:
    return [s.clause + "|" + s.sentence() for item in items(rules, ()) for s in item.said]


def stated_rules(rule_set: RuleSet, rules, items: Items) -> set[str]:
    """The declared rules the numbered rules state at ``rules``: those whose value, changed
    alone, changes some statement."""
    base = _words(items, rules)
    stated = set()
    for rule in rule_set:
        for value in other_values(rule, getattr(rules, rule.name)):
            changed = with_rule(rules, rule, value)
            if changed is not None and _words(items, changed) != base:
                stated.add(rule.name)
                break
    return stated


@dataclass(frozen=True)
class RulesText:
    """A game's rules text: its declared rules, its numbered rules (``items``), its rules page
    and the rules as the page states them."""

    rule_set: RuleSet
    items: Items
    page: RulesPage
    page_rules: object

    def stated(self, rules) -> set[str]:
        """The declared rules the numbered rules state, at these rules or at the page's (a rule
        that matters only at the page's, resplitting aces when no pair resplits, is stated
        by the difference its change makes)."""
        page = stated_rules(self.rule_set, self.page_rules, self.items)
        return page | stated_rules(self.rule_set, rules, self.items)

    def all_items(self, rules, shoes: Sequence = ()) -> list[Item]:
        """The numbered rules, then a sentence of each declared rule they do not state."""
        stated = self.stated(rules)
        extra = [option_item(r, rules) for r in self.rule_set if r.name not in stated]
        return [*self.items(rules, shoes), *extra]

    def sentences(self, rules, shoes: Sequence = ()) -> list[str]:
        """The rules as played in plain sentences: the rules page named, the numbered rules
        (dealt from ``shoes``, if given), each difference from the rules page."""
        return [
            page_sentence(self.page),
            *numbered(self.all_items(rules, shoes)),
            *self.differences(rules),
        ]

    def differences(self, rules) -> list[str]:
        """Each statement in which ``rules`` differ from the rules page's, in a sentence: the
        rule's number, what these rules say, what the page says, and the options that make
        the difference (each changed rule that, changed alone on the page's rules, changes
        that statement); one sentence saying so when none does."""
        made: dict[object, dict[str, tuple[int, Said]]] = {}

        def statements(of) -> dict[str, tuple[int, Said]]:
            if of not in made:
                made[of] = {
                    s.key: (n, s)
                    for n, item in enumerate(self.all_items(of), start=1)
                    for s in item.said
                }
            return made[of]

        def clause(of, key: str) -> str | None:
            found = statements(of).get(key)
            return None if found is None else found[1].clause

        page = self.page_rules
        changed = [r for r in self.rule_set if getattr(rules, r.name) != getattr(page, r.name)]
        out = []
        for key, (number, said) in statements(rules).items():
            there = clause(page, key)
            if there == said.clause:
                continue
            options = [
                option_words(r, getattr(rules, r.name))
                for r in changed
                if clause(with_rule(page, r, getattr(rules, r.name)) or page, key) != there
            ] or [option_words(r, getattr(rules, r.name)) for r in changed]
            out.append(
                f"Rule {number} differs from the rules page: here {said.clause}; on the rules "
                f"page {there or 'no such rule'} ({joined(options)})."
            )
        if not out:
            out.append(f"Every rule is as the rules page states it ({self.page.path}).")
        return out

    def options(self, rules) -> str:
        """The rules as played as the command-line options that give them."""
        return as_options(self.rule_set, rules)


def numbered(items: Sequence[Item]) -> list[str]:
    """'1. ...', '2. ...': each item's sentences after its number."""
    return [f"{n}. {item.text()}" for n, item in enumerate(items, start=1)]


def payout_words(payout: float) -> str:
    """A payout as a sentence says it: '3 to 2', '2 to 1', '1.4137 to 1'."""
    text = payout_text(payout)
    return text.replace(":", " to ") if ":" in text else f"{text} to 1"


def page_sentence(page: RulesPage) -> str:
    """The sentence naming the rules page the numbered rules follow."""
    return (
        f"The rules as played, numbered; the rules page they follow is {page.named()}, and "
        "each difference from it is stated after them."
    )
