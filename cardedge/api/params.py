"""Every API keyword that is not a rule, declared once: its kind of value and range.

The rules are declared in each game's ``RULES`` (``analysis/core/rules.py``); everything else an
API function takes (``digits``, ``rounds``, ``seed``, ``out``, a study's ``penetration``...) is
declared here, in ``KEYWORDS``, with the same ``Kind`` classes. From this one table come:

- the API's checks: ``checked`` wraps each public function, binds the call to its signature
  and checks every keyword given, before any work, raising ``BadValue`` (a ``ValueError``)
  naming the keyword, the value and what it takes; a function may override a keyword's kind
  where it takes something else (``seed=None`` is 'a new seed' only for ``simulate``);
- the command line's option types (``cli/core/common.py`` ``declared``: a click type that
  parses the text by the keyword's kind, so a refused value reads the same on both);
- the web's reading of a query value (``web/calls.py``: the kind's ``parse``).

A value given as text (the command line, the web, or a string in Python) is parsed by the kind
(``rounds="1000"`` is 1000); a switch takes only ``True`` or ``False`` in Python (the string
``'false'`` is truthy and would silently turn the switch on).
"""

from __future__ import annotations

import functools
import inspect
import math
import os
from collections.abc import Callable, Iterable
from typing import Any

from cardedge.analysis.core.rules import Kind, RuleSet, Switch, Whole
from cardedge.core.errors import BadValue, shown


# ---- kinds of value beyond the rules' ----------------------------------------------------------
class Maybe(Kind):
    """None, or a value of ``kind`` (``threads=None``: every core)."""

    def __init__(self, kind: Kind, none_means: str) -> None:
        self.kind = kind
        self.none_means = none_means
        self.metavar = kind.metavar
        self.control = kind.control

    def check(self, value: object) -> object:
        return None if value is None else self.kind.check(value)

    def parse(self, text: str) -> object:
        return self.kind.parse(text)

    def allowed(self) -> str:
        return f"{self.kind.allowed()}, or None ({self.none_means})"


class Number(Kind):
    """A finite number in a range; ``open_low`` / ``open_high`` leave an end out."""

    annotation = "float"
    control = "number"
    metavar = "NUMBER"

    def __init__(
        self, low: float, high: float, open_low: bool = False, open_high: bool = False
    ) -> None:
        self.low, self.high, self.open_low, self.open_high = low, high, open_low, open_high

    def parse(self, text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            raise ValueError(f"{shown(text)} is not {self.allowed()}") from None
        return self._in_range(value, text)

    def check_typed(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        try:
            return self._in_range(float(value), value)
        except OverflowError:  # an int too large for a float
            raise ValueError(f"{shown(value)} is not {self.allowed()}") from None

    def _in_range(self, value: float, given: object) -> float:
        low_ok = value > self.low if self.open_low else value >= self.low
        high_ok = value < self.high if self.open_high else value <= self.high
        if not (math.isfinite(value) and low_ok and high_ok):
            raise ValueError(f"{shown(given)} is not {self.allowed()}")
        return value

    def allowed(self) -> str:
        low = "<" if self.open_low else "<="
        high = "<" if self.open_high else "<="
        return f"a finite number in the range {self.low:g}{low}x{high}{self.high:g}"


class Many(Kind):
    """One value of ``kind`` or a list of them (a repeatable option); an empty list is refused
    unless ``empty`` says what it means. The value keeps its shape: one value stays one."""

    def __init__(self, kind: Kind, empty: str | None = None) -> None:
        self.kind = kind
        self.empty = empty
        self.metavar = kind.metavar
        self.control = kind.control

    def check(self, value: object) -> object:
        if isinstance(value, list | tuple | range):
            if not value and self.empty is None:
                raise ValueError(f"{shown(value)}: an empty list; give at least one value")
            return [self.kind.check(v) for v in value]
        return self.kind.check(value)

    def parse(self, text: str) -> object:
        return self.kind.parse(text)

    def allowed(self) -> str:
        empty = f" (empty: {self.empty})" if self.empty else ""
        return f"{self.kind.allowed()}, or a list of them{empty}"


class Text(Kind):
    """A word or a file's path: a non-empty string (or ``os.PathLike``, given as its path);
    what it may name is checked where it is used (a chart's name or file, a preset)."""

    annotation = "str"
    metavar = "TEXT"

    def __init__(self, what: str = "a non-empty text") -> None:
        self.what = what

    def check(self, value: object) -> str:
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        if "\x00" in value:
            raise ValueError(f"{shown(value)}: a text holding a NUL character")
        return value

    parse = check  # type: ignore[assignment]

    def allowed(self) -> str:
        return self.what


class Given(Kind):
    """A value of one of ``types`` (an object the API also takes: a ``Shoe``, a
    ``CountSystem``), or text read by ``text``."""

    def __init__(self, types: Callable[[], tuple[type, ...]], text: Text) -> None:
        self.types = types
        self.text_kind = text

    def check(self, value: object) -> object:
        if isinstance(value, self.types()):
            return value
        try:
            return self.text_kind.check(value)
        except ValueError:
            raise ValueError(f"{shown(value)} is not {self.allowed()}") from None

    def parse(self, text: str) -> object:
        return self.text_kind.check(text)

    def allowed(self) -> str:
        names = " or ".join(t.__name__ for t in self.types())
        return f"{self.text_kind.allowed()}, or a {names}"


class Cards(Text):
    """Cards to take out of the shoe: text like ``"5,5,T"``, or a list of card labels."""

    def check(self, value: object) -> str:
        if isinstance(value, list | tuple) and value:
            if not all(isinstance(c, str | int) and not isinstance(c, bool) for c in value):
                raise ValueError(f"{shown(value)} is not {self.allowed()}")
            value = ",".join(str(c) for c in value)
        return super().check(value)

    parse = check  # type: ignore[assignment]


class Checked(Kind):
    """A value a function of the API reads itself (``decks``: a count, a range, a list); the
    kind runs it for the check only, and the value goes on as given."""

    def __init__(self, read: Callable[[object], object], metavar: str = "VALUE") -> None:
        self.read = read
        self.metavar = metavar

    def check(self, value: object) -> object:
        self.read(value)
        return value

    parse = check  # type: ignore[assignment]


class Callback(Kind):
    """A function the API calls (``progress``, ``log``)."""

    def check(self, value: object) -> object:
        if not callable(value):
            raise ValueError(f"{shown(value)} is not {self.allowed()}")
        return value

    def allowed(self) -> str:
        return "a function"


# ---- the keywords ------------------------------------------------------------------------------
def _decks(value: object) -> object:
    from cardedge.api.core import deck_counts

    return deck_counts(value)


def _target(value: object) -> object:
    from cardedge.api.core import target

    return target(value)


def _ladder(value: object) -> object:
    from cardedge.reports.core.solve import ladder_payouts

    return ladder_payouts(value)


def _shoe_types() -> tuple[type, ...]:
    from cardedge.analysis.core.shoe import Shoe

    return (Shoe,)


def _system_types() -> tuple[type, ...]:
    from cardedge.analysis.core.counts import CountSystem

    return (CountSystem,)


def _max_rounds() -> int:
    from cardedge.engine.core.simulation import MAX_ROUNDS

    return MAX_ROUNDS


def _limits() -> tuple[int, int, float]:
    from cardedge.engine.core.table import MAX_SEATS
    from cardedge.reports.core.ramp import MAX_BANKROLL
    from cardedge.study.core.plan import MAX_SHOES

    return MAX_SHOES, MAX_SEATS, MAX_BANKROLL


MAX_SEED = 2**63 - 1
"""The largest seed: the random streams take a non-negative 64-bit signed integer."""
MAX_THREADS = 256
"""The most threads a simulation runs on."""
MAX_DIGITS = 16
"""The most decimals a table for a person shows (a float has about 16)."""
MAX_SIDE_BET_SIZE = 1000
"""The largest Zero Pays side bet ``side_bet_size`` takes, per unit Zero wager (the combined
edge is then within 0.1% of the side bet's own)."""

MAX_SHOES, MAX_SEATS, MAX_BANKROLL = _limits()

SEED = Whole(0, MAX_SEED)
PATH = Text("a path (a non-empty text)")
NAME_OR_FILE = Text("a name or a file's path (a non-empty text)")
STRATEGY = Text("a strategy's name or a chart file's path (a non-empty text)")
SYSTEM = Given(_system_types, NAME_OR_FILE)
CALLBACK = Maybe(Callback(), "none")

KEYWORDS: dict[str, Kind] = {
    # where the cards come from
    "decks": Checked(_decks, "DECKS"),
    "shoe": Maybe(Given(_shoe_types, Text("a shoe spec like 'A=24,2=24,...'")), "a fresh shoe"),
    "remove": Maybe(Cards("cards like '5,5,T' or a list of them"), "no card removed"),
    # what is computed
    "rules": Text("a preset's name"),
    "split": Text("a split mode's name"),
    "strategy": STRATEGY,
    "system": Many(SYSTEM),
    "vary": Many(Text("a rule to vary, RULE or RULE=V1,V2,..."), empty="no rule varied"),
    "target": Checked(_target, "PERCENT"),
    "pay": Text("a payout's name"),
    "ladder": Maybe(Checked(_ladder, "P1,P2,..."), "the payouts casinos print"),
    "paytable": Maybe(NAME_OR_FILE, "the published pay table"),
    "up": Maybe(Text("a dealer up card (A, 2..9, T)"), "every up card"),
    "max_cards": Whole(2, 4),
    "decks_left": Whole(1, 8),
    "side_bet_size": Many(Number(0, MAX_SIDE_BET_SIZE), empty="none"),
    # switches
    "by_upcard": Switch(),
    "exact": Switch(),
    "best": Switch(),
    "eor": Switch(),
    "das_marks": Switch(),
    "basic": Switch(),
    "sd": Switch(),
    "pdf": Switch(),
    "resume": Switch(),
    "indices": Switch(),
    # how it is shown and written
    "digits": Whole(0, MAX_DIGITS),
    "png": Maybe(PATH, "no figure"),
    "out": PATH,
    "study_folder": Maybe(PATH, "no study"),
    "progress": CALLBACK,
    "log": CALLBACK,
    # simulations and studies
    "rounds": Whole(2, _max_rounds()),
    "threads": Maybe(Whole(1, MAX_THREADS), "every core"),
    "seed": SEED,
    "penetration": Number(0, 1, open_low=True, open_high=True),
    "shoes": Whole(1, MAX_SHOES),
    "batch_shoes": Whole(1, MAX_SHOES),
    "players": Whole(1, MAX_SEATS),
    "seat": Whole(1, MAX_SEATS),
    "spread": NAME_OR_FILE,
    "ramp_start": Whole(-20, 20),
    "bankroll": Many(Number(0, MAX_BANKROLL, open_low=True), empty="no risk of ruin"),
    "workers": Maybe(Whole(1, 1024), "none: in this process, or on the scheduler"),
    "scheduler": Maybe(
        Text("a Dask scheduler's address (tcp://host:port) or 'synchronous'"), "none"
    ),
}
"""Each keyword's kind, as most functions take it (``checked``'s overrides say otherwise)."""

NEW_SEED = Maybe(SEED, "a new seed, printed")
"""``seed`` of a simulation: None deals a new one."""
STRATEGIES = Many(STRATEGY)
"""``strategy`` of a function that takes one or a list (blackjack's ``edge``, ``eor``)."""
DECKS_LEFT_OR_NONE = Maybe(Whole(1, 8), "5, or decks - 1 for a smaller shoe")
MAX_CARD_PLAYS = 1000
"""Most plays an index card lists (the full table has a few hundred)."""
CARD_PLAYS_OR_NONE = Maybe(Whole(1, MAX_CARD_PLAYS), "the full table")
"""``decks_left`` of blackjack's ``indices``."""
OPTIONAL_PATH = Maybe(PATH, "none")
"""``out`` of a grid: None keeps it in memory."""


def check_value(keyword: str, kind: Kind, value: object) -> object:
    """``value`` checked (and text parsed) by ``kind``; ``BadValue`` naming ``keyword``."""
    return _naming(keyword, kind.check, value)


def parse_text(keyword: str, kind: Kind, text: str) -> object:
    """A value given as text (the command line, the web) read by ``kind``; ``BadValue``."""
    return _naming(keyword, kind.parse, text)


def _naming(keyword: str, read: Callable[[Any], object], value: object) -> object:
    try:
        return read(value)
    except BadValue:
        raise
    except (ValueError, TypeError) as e:
        raise BadValue(keyword, str(e)) from None


def check_one_shoe(given: dict[str, object]) -> None:
    """``BadValue('decks')`` when a call gives both a shoe and deck counts (``given``: the
    keywords the caller passed, defaults left out): the shoe is the whole shoe, as the command
    line says of ``--shoe`` with ``--decks``, whatever the deck count given (the default's
    value too)."""
    if given.get("shoe") is not None and "decks" in given:
        raise BadValue("decks", "a shoe gives the whole shoe: leave decks out")


def plain(value: object) -> object:
    """A numpy scalar (``np.int64(5)``, ``np.float32(1.5)``, ``np.bool_(True)``, any value read
    from a pandas DataFrame) as the Python number or bool it holds, in a list or tuple item by
    item; anything else as it is. The API's keywords take what a data scientist's code holds,
    and a numpy bool stays a bool: refused where a number is wanted."""
    generic = _numpy_generic()
    if generic is not None and isinstance(value, generic):
        return value.item()
    if isinstance(value, list | tuple):
        return type(value)(plain(v) for v in value)
    return value


def _numpy_generic() -> type | None:
    """numpy's scalar base class, if numpy is imported (a value cannot be one before)."""
    import sys

    numpy = sys.modules.get("numpy")
    return None if numpy is None else numpy.generic


def checker(rules: RuleSet) -> Callable[..., Callable[[Callable], Callable]]:
    """The decorator of a game's public API functions: ``@checked()`` or, with a keyword that
    function takes otherwise, ``@checked(seed=NEW_SEED)``. Every parameter must be a rule of
    ``rules`` (``RULES.changes`` checks those), a keyword of ``KEYWORDS`` or an override: a
    function with an undeclared keyword fails when its module is imported."""

    def checked(**overrides: Kind) -> Callable[[Callable], Callable]:
        def decorate(f: Callable) -> Callable:
            signature = inspect.signature(f)
            kinds = keyword_kinds(signature.parameters, rules, overrides, f.__qualname__)

            @functools.wraps(f)
            def api(*args, **kw):
                try:
                    bound = signature.bind(*args, **kw)
                except TypeError as e:
                    raise TypeError(refusal(f, signature, args, kw, e)) from None
                check_one_shoe(bound.arguments)
                for name, value in bound.arguments.items():
                    kind = kinds[name]
                    value = bound.arguments[name] = plain(value)
                    if kind is not None:
                        bound.arguments[name] = check_value(name, kind, value)
                return f(*bound.args, **bound.kwargs)

            api.keyword_kinds = kinds  # type: ignore[attr-defined]
            return api

        return decorate

    return checked


def public_name(f: Callable) -> str:
    """A function of the API as its users call it: ``blackjack.edge`` (its module
    ``cardedge.api.blackjack`` is imported as ``cardedge.blackjack``)."""
    return f"{f.__module__.rsplit('.', 1)[-1]}.{f.__name__}"


def refusal(
    f: Callable, signature: inspect.Signature, args: tuple, kw: dict, error: TypeError
) -> str:
    """Why a call does not bind, in one line naming the function and what it takes: each
    unknown keyword (with the nearest keyword it may mean), or Python's own reason (too many
    positional values, a required keyword missing), then every keyword the function takes."""
    import difflib

    names = list(signature.parameters)
    unknown = [k for k in kw if k not in signature.parameters]
    if unknown:
        reasons = []
        for k in unknown:
            near = difflib.get_close_matches(k, names, n=1)
            reasons.append(f"no keyword {k!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
        why = "; ".join(reasons)
    else:
        why = str(error).replace(f"{f.__name__}() ", "")
    return f"{public_name(f)}(): {why}. It takes: {', '.join(names)}."


def keyword_kinds(
    names: Iterable[str], rules: RuleSet, overrides: dict[str, Kind], where: str
) -> dict[str, Kind | None]:
    """Each parameter's kind (None for a rule, which its rules object checks)."""
    kinds: dict[str, Kind | None] = {}
    for name in names:
        if name in overrides:
            kinds[name] = overrides[name]
        elif name in rules.names:
            kinds[name] = None
        elif name in KEYWORDS:
            kinds[name] = KEYWORDS[name]
        else:
            raise TypeError(f"{where}: keyword {name!r} is declared nowhere (api/params.py)")
    return kinds
