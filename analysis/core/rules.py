"""Every rule of a game declared once: its name, help, kind of value, default and title.

A game's rules module lists its rules as ``Rule`` declarations in one ``RuleSet``. From that one
list come:

- the rules object's validation (``RuleSet.check``, called by its ``__post_init__``): a value of
  the wrong type or out of range raises ``BadValue`` naming the rule, the value and what the
  rule takes, whether it came from Python, the command line or the web;
- ``describe()``, the title's one line (each rule's ``title``);
- the API keywords (``cardedge/api/keywords.py`` writes them into each function's signature),
  the click options (``cardedge/cli/core/rules.py``), the web page's controls and ``/api``'s
  listing.

A rule's ``name`` is at once the rules object's field, the API keyword and the command-line
option (``split_totals`` is ``--split-totals``). Values given as text (the command line, a web
query, or a string in Python: ``zero_pair_pays="2:1"``) are parsed by the rule's ``Kind``;
typed values (``das=False``, ``split_totals={8, 9}``) are checked by it.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import MISSING, dataclass, fields
from fractions import Fraction
from typing import Any

from cardedge.core.errors import BadValue, shown


class Kind:
    """How a rule's value is written and checked (subclasses: ``Switch``, ``Choice``,
    ``Whole``, ``Payout``, ``Totals``)."""

    annotation = "object"
    """The value's type as an API signature writes it."""
    control = "text"
    """The web page's control: ``switch``, ``choice``, ``number`` or ``text``."""
    metavar = "VALUE"

    def check(self, value: object) -> object:
        """The field's value of ``value`` (typed, or text to parse); ValueError(why) if refused."""
        if isinstance(value, str):
            return self.parse(value)
        return self.check_typed(value)

    def parse(self, text: str) -> object:
        raise ValueError(f"{shown(text)} is not {self.allowed()}")

    def check_typed(self, value: object) -> object:
        raise ValueError(f"{shown(value)} is not {self.allowed()}")

    def text(self, value: object) -> str:
        """``value`` written as the command line takes it (``parse(text(v)) == v``)."""
        return str(value)

    def allowed(self) -> str:
        """What the rule takes, for an error message ('True or False', 'one of 3:2, 6:5')."""
        return "a value"

    def choices(self) -> tuple[str, ...]:
        """The values a list offers (a ``Choice``); empty for others."""
        return ()


class Switch(Kind):
    """On or off: True or False (text: true/false, yes/no, on/off, 1/0)."""

    annotation = "bool"
    control = "switch"
    metavar = "BOOLEAN"
    WORDS = {"true": True, "1": True, "yes": True, "on": True}
    WORDS_OFF = {"false": False, "0": False, "no": False, "off": False}

    def parse(self, text: str) -> bool:
        word = text.strip().lower()
        if word in self.WORDS:
            return True
        if word in self.WORDS_OFF:
            return False
        raise ValueError(f"{shown(text)} is not {self.allowed()}")

    def check(self, value: object) -> bool:
        # a string is refused in Python ('false' is truthy): text comes only from the command
        # line and the web, which parse it first
        if not isinstance(value, bool):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        return value

    def text(self, value: object) -> str:
        return "true" if value else "false"

    def allowed(self) -> str:
        return "True or False"


@dataclass(frozen=True)
class Choice(Kind):
    """One of a few named values."""

    options: tuple[str, ...]
    annotation = "str"
    control = "choice"

    @property
    def metavar(self) -> str:  # type: ignore[override]
        return "[" + "|".join(self.options) + "]"

    def parse(self, text: str) -> str:
        if text not in self.options:
            raise ValueError(f"{shown(text)} is not {self.allowed()}")
        return text

    def check_typed(self, value: object) -> str:
        raise ValueError(f"{shown(value)} is not {self.allowed()}")

    def allowed(self) -> str:
        return "one of " + ", ".join(self.options)

    def choices(self) -> tuple[str, ...]:
        return self.options


@dataclass(frozen=True)
class Whole(Kind):
    """A whole number in ``low..high``."""

    low: int
    high: int
    annotation = "int | str"  # text too: the command line and the web pass it on unparsed
    control = "number"
    metavar = "INTEGER"

    def parse(self, text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError(f"{shown(text)} is not {self.allowed()}") from None
        return self.check_typed(value)

    def check_typed(self, value: object) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not (self.low <= value <= self.high)
        ):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        return value

    def allowed(self) -> str:
        return f"a whole number in {self.low}..{self.high}"


MAX_PAYOUT = 1000
"""The largest payout a rule takes (1000 to 1): far beyond any game, and exact in a float."""

_RATIO = re.compile(r"^\s*(\d+)\s*(?::|\bto\b)\s*(\d+)\s*$")


@dataclass(frozen=True)
class Payout(Kind):
    """A net win per unit wagered: a ratio ``3:2`` (or ``3 to 2``) or a decimal ``1.75``, from 0
    to ``MAX_PAYOUT``; kept as a float. ``none_means`` (when set) lets ``none`` stand for None
    and says what None means."""

    none_means: str | None = None
    control = "text"
    metavar = "PAYOUT"

    @property
    def annotation(self) -> str:  # type: ignore[override]
        return "float | str | None" if self.none_means else "float | str"

    def parse(self, text: str) -> float | None:
        if self.none_means and text.strip().lower() == "none":
            return None
        ratio = _RATIO.match(text)
        try:
            if ratio:
                a, b = int(ratio[1]), int(ratio[2])
                if b == 0:
                    raise ValueError
                value = a / b
            else:
                value = float(text)
        except ValueError:
            raise ValueError(f"{shown(text)} is not {self.allowed()}") from None
        return self._in_range(value, text)

    def check_typed(self, value: object) -> float | None:
        if value is None and self.none_means:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        try:
            number = float(value)
        except OverflowError:  # a whole number or fraction too large for a float
            raise ValueError(f"{shown(value)} is not {self.allowed()}") from None
        return self._in_range(number, value)

    def _in_range(self, value: float, given: object) -> float:
        if not math.isfinite(value) or not 0 <= value <= MAX_PAYOUT:
            raise ValueError(f"{shown(given)} is not {self.allowed()}")
        return value

    def text(self, value: object) -> str:
        if value is None:
            return "none"
        return payout_text(float(value))  # type: ignore[arg-type]

    def allowed(self) -> str:
        none = " or none" if self.none_means else ""
        return f"a payout from 0 to {MAX_PAYOUT} (like 3:2, 2:1 or 1.75){none}"


@dataclass(frozen=True)
class NamedPayout(Payout):
    """A payout kept as the text people write (``3:2``, ``6:5``; a solved ``1.4137`` as its
    decimal): the ``usual`` values are offered as a list (``choices``, the web page's control),
    and any other payout is taken too (``7:5``, ``1.4`` or the float 1.4 become ``7:5``), so a
    payout solved for a target edge can be played as it is."""

    usual: tuple[str, ...] = ()
    annotation = "str | float"  # type: ignore[assignment]
    control = "choice"

    def parse(self, text: str) -> str:  # type: ignore[override]
        return payout_text(super().parse(text))  # type: ignore[arg-type]

    def check_typed(self, value: object) -> str:  # type: ignore[override]
        return payout_text(super().check_typed(value))  # type: ignore[arg-type]

    def text(self, value: object) -> str:
        return str(value)

    def choices(self) -> tuple[str, ...]:
        return self.usual


def payout_text(value: float) -> str:
    """A payout as people write it: ``3:2``, ``2:1``, ``6:5`` when a ratio of small whole
    numbers is exactly it, else the shortest decimal that reads back as the same float
    (``Payout.parse(payout_text(v)) == v``)."""
    ratio = Fraction(value).limit_denominator(20)
    if float(ratio) == value:
        return f"{ratio.numerator}:{ratio.denominator}"
    return repr(float(value))


def payout_value(text: str) -> Fraction:
    """The exact payout a ``payout_text`` names: ``3:2`` is 3/2, ``1.4137`` is 14137/10000."""
    return Fraction(text.replace(":", "/"))


@dataclass(frozen=True)
class Totals(Kind):
    """A set of totals in ``low..high``: ``none``, one total ``9``, a range ``8-9``, or a list
    ``7+9`` (ranges may be listed: ``2+7-9``); in Python also any iterable of whole numbers."""

    low: int
    high: int
    annotation = "str | Iterable[int]"
    control = "text"
    metavar = "TOTALS"

    def parse(self, text: str) -> frozenset[int]:
        word = text.strip().lower()
        if word in ("none", ""):
            if word == "":
                raise ValueError(f"{shown(text)} is not {self.allowed()}")
            return frozenset()
        out: set[int] = set()
        try:
            for part in word.split("+"):
                lo, dash, hi = part.strip().partition("-")
                a = int(lo)
                b = int(hi) if dash else a  # '8-' is no range: int('') refuses it
                if b < a:
                    raise ValueError
                out.update(range(a, b + 1))
        except ValueError:
            raise ValueError(f"{shown(text)} is not {self.allowed()}") from None
        return self._in_range(out, text)

    def check_typed(self, value: object) -> frozenset[int]:
        if not isinstance(value, Iterable) or isinstance(value, bytes | dict):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        items = list(value)
        if any(isinstance(t, bool) or not isinstance(t, numbers.Integral) for t in items):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        return self._in_range({int(t) for t in items}, value)  # numpy's integers too

    def _in_range(self, totals: set[int], given: object) -> frozenset[int]:
        if any(not self.low <= t <= self.high for t in totals):
            raise ValueError(f"{shown(given)} is not {self.allowed()}")
        return frozenset(totals)

    def text(self, value: object) -> str:
        totals = sorted(value)  # type: ignore[call-overload]
        if not totals:
            return "none"
        runs: list[list[int]] = []
        for t in totals:
            if runs and t == runs[-1][-1] + 1:
                runs[-1].append(t)
            else:
                runs.append([t])
        return "+".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)

    def allowed(self) -> str:
        return f"totals in {self.low}..{self.high}: none, one (9), a range (8-9) or a list (7+9)"


Title = Callable[[Any], "str | None"]
"""How a title prints a rule: from the whole rules object (a rule's words may depend on
another's: surrender is 'late surrender' with peek), None to leave it out."""


@dataclass(frozen=True)
class Rule:
    """One rule, declared once: ``name`` is the rules object's field, the API keyword and the
    command-line option (``--`` + the name with hyphens)."""

    name: str
    kind: Kind
    help: str
    title: Title
    """The rule's words in a title (``describe()``), from the rules object; None: left out."""
    off: str | None = None
    """A switch's option for False, when not ``no-NAME`` (``--h17/--s17``)."""
    variants: tuple[tuple[str, object], ...] = ()
    """The common variations of this rule a variants table lists, each (its label, the value):
    ``("dealer draws on 4+", 4)``."""
    quiet_off: bool = False
    """A switch for something the rules page does not offer at all (blackjack's insurance):
    when off, the rules-as-played table and the options line leave it out (a numbered rule
    already says there is none), so a game without it reads as it did before it was declared."""

    def shown(self, rules: object) -> bool:
        """Does the rules-as-played table (and the options line) list this rule at ``rules``?"""
        return not (self.quiet_off and not getattr(rules, self.name))

    @property
    def option(self) -> str:
        """The command-line option: ``--split-totals``."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: object) -> object:
        """The field's value of ``value``, or ``BadValue`` naming this rule."""
        try:
            return self.kind.check(value)
        except ValueError as e:
            raise BadValue(self.name, str(e)) from None


@dataclass(frozen=True)
class RuleSet:
    """A game's rules, in the order titles name them."""

    rules: tuple[Rule, ...]
    variants_first: tuple[str, ...] = ()
    """The rules whose variations lead a variants table, in this order (the published table's);
    every other rule's follow in the declarations' order."""

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __getitem__(self, name: str) -> Rule:
        for rule in self.rules:
            if rule.name == name:
                return rule
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.rules)

    def check(self, rules: object) -> None:
        """Check every declared field of a frozen rules object in place (its ``__post_init__``
        calls this): a refused value raises ``BadValue``, a text value is parsed."""
        for rule in self.rules:
            object.__setattr__(rules, rule.name, rule.check(getattr(rules, rule.name)))

    def changes(self, given: dict[str, object]) -> dict[str, object]:
        """The checked values of the rules ``given`` names with a value other than None (an
        API function's keywords: None is 'as the preset')."""
        return {
            name: self[name].check(value)
            for name, value in given.items()
            if name in self.names and value is not None
        }

    def defaults(self, rules_class: type) -> dict[str, object]:
        """Each rule's default: the rules class's field default."""
        found = {f.name: f for f in fields(rules_class)}
        out: dict[str, object] = {}
        for name in self.names:
            f = found[name]
            made = f.default_factory is not MISSING
            out[name] = f.default_factory() if made else f.default  # type: ignore[misc]
        return out

    def variants(self) -> list[tuple[str, dict[str, object]]]:
        """Every rule's declared variations as a variants table's rows: (label, the one rule
        changed -> its checked value), ``variants_first`` leading."""
        first = [self[name] for name in self.variants_first]
        ordered = [*first, *(r for r in self.rules if r.name not in self.variants_first)]
        return [
            (label, {rule.name: rule.check(value)})
            for rule in ordered
            for label, value in rule.variants
        ]

    def titles(self, rules: object) -> list[str]:
        """Every rule's words in a title, in order (``describe()``)."""
        return [t for rule in self.rules if (t := rule.title(rules)) is not None]

    def differences(self, rules: object, base: object) -> list[str]:
        """The words of each rule where ``rules`` differ from ``base`` (a title's 'changed:')."""
        out = []
        for rule in self.rules:
            value = getattr(rules, rule.name)
            if value != getattr(base, rule.name):
                # a rule whose title leaves it out (trips paid as a Zero Pair): as an option
                words = rule.title(rules)
                out.append(f"{rule.option} {rule.kind.text(value)}" if words is None else words)
        return out
