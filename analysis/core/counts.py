"""Card-counting systems and how well they track a game: tags, betting correlation, the best
integer tags, and the playing-efficiency gain formula. Shared by both games.

A count system gives every rank a tag; the ten-valued ranks T, J, Q, K share one (``T``). The
seven built-in systems are data files in ``counts/`` (``hilo``, ``ko``, ``hiopt1``, ``hiopt2``,
``omega2``, ``zen``, ``halves``); a user's FILE is TOML or JSON of the same shape::

    name = "My count"        # optional
    [tags]
    A = -1
    2 = 1                    # ... one tag per rank A, 2..9, T (J, Q, K optional, equal to T)
    T = -1

Everything here works on the 13 ranks (``cards.RANKS``): tags expanded so T, J, Q, K share the
``T`` tag, EORs and weights by rank (a game that reads values gives each ten-valued rank the
value's EOR). EORs are *player* EORs: the change in the player's expectation when one card of
the rank is removed, i.e. minus the change in the house edge, so a good count correlates
positively (a low card removed helps the player and is tagged +1 by Hi-Lo).

**Betting correlation** (Griffin, *The Theory of Blackjack*): the correlation between the tags
and the player EORs over the cards of the shoe, each rank weighted by its share of the shoe;
unitless, in [-1, 1], and unchanged by scaling the tags or adding a constant to them (so a
balanced count and its unbalanced twin correlate alike).
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK, RANKS, TEN_RANKS
from cardedge.core.sums import dot, rows_dot

TAG_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""The ranks a system tags: A, 2..9 and T for every ten-valued card."""
TAG_OF_RANK: tuple[int, ...] = tuple(min(r, TEN_RANKS[0]) for r in range(len(RANKS)))
"""Index in ``TAG_RANKS`` of each of the 13 ranks' tag (T, J, Q, K share the ``T`` tag)."""
SYSTEMS_FOLDER = Path(__file__).parent / "counts"
BUILTIN: tuple[str, ...] = ("hilo", "ko", "hiopt1", "hiopt2", "omega2", "zen", "halves")
"""The built-in systems, by file stem in ``counts/``."""
MAX_TAG = 20
"""Largest tag (in absolute value) a system file may give."""


@dataclass(frozen=True)
class CountSystem:
    """A count system: one tag per rank A, 2..9, T."""

    name: str
    tags: tuple[float, ...]
    """Tags of ``TAG_RANKS``."""
    description: str = ""

    def by_rank(self) -> np.ndarray:
        """The tags of the 13 ranks (T, J, Q, K equal)."""
        return np.array([self.tags[i] for i in TAG_OF_RANK], dtype=float)

    @property
    def level(self) -> float:
        """The largest tag in absolute value."""
        return max(abs(t) for t in self.tags)

    def deck_sum(self) -> float:
        """Sum of the tags over one deck (0 for a balanced count; KO's is +4)."""
        return float(4 * self.by_rank().sum())

    @property
    def balanced(self) -> bool:
        return abs(self.deck_sum()) < 1e-12

    def initial_running_count(self, decks: int) -> float:
        """The running count before the first card of a ``decks``-deck shoe: 0 for a balanced
        count, else ``-deck_sum x (decks - 1)`` (KO's book IRC, -20 for 6 decks), so that a
        running count equal to the pivot (``deck_sum``) is that true count at every depth."""
        return 0.0 if self.balanced else 0.0 - self.deck_sum() * (decks - 1)

    def true_count(self, running: float, cards_left: int, decks: int) -> float:
        """The true count of a ``decks``-deck shoe with ``cards_left`` cards left at running
        count ``running`` (from ``initial_running_count``). Balanced: running count per deck
        left. Unbalanced: the true count of its balanced twin (``balanced_by_rank``), the
        excess of the cards dealt over their expected count per deck left, which is
        ``pivot + (running - pivot) / decks left`` with ``pivot = deck_sum``."""
        left = cards_left / CARDS_PER_DECK
        if self.balanced:
            return running / left
        pivot = self.deck_sum()
        return pivot + (running - pivot) / left

    def balanced_by_rank(self) -> np.ndarray:
        """The tags of the 13 ranks less their mean (``deck_sum / 52`` a card): the balanced
        twin an unbalanced count's true count is that of (the tags themselves when balanced)."""
        tags = self.by_rank()
        if self.balanced:
            return tags
        return tags - self.deck_sum() / CARDS_PER_DECK

    def balanced_by_value(self, value_of_rank: Sequence[int]) -> np.ndarray:
        """``balanced_by_rank`` by a game's card values: the tag of value v is the mean over
        the ranks r with ``value_of_rank[r] == v`` (values 0, 1, ...; blackjack's index 9 and
        Zero's 0 pool the ten-valued ranks)."""
        tags = self.balanced_by_rank()
        values = np.asarray(value_of_rank)
        return np.array([tags[values == v].mean() for v in range(int(values.max()) + 1)])

    def as_row(self) -> dict[str, float]:
        """The tags as ``{rank: tag}``."""
        return dict(zip(TAG_RANKS, self.tags, strict=True))


def unbalanced_note(system: CountSystem) -> str:
    """How an unbalanced system's true count is taken (one line for a table's notes)."""
    s = system.deck_sum()
    return (
        f"{system.name} is unbalanced (a deck sums to {s:+g}): its true count is that of its "
        f"balanced twin (each tag less {s:g}/52), the count of the cards dealt above what they "
        f"are expected to count, per deck left; from the running count started at the IRC "
        f"-{s:g} x (decks - 1), it is {s:+g} + (running count - {s:g}) / decks left, so a "
        f"running count of {s:+g} (the pivot) is true count {s:+g} at every depth."
    )


def system_from_data(data: Mapping, source: str, default_name: str) -> CountSystem:
    """A system from parsed TOML/JSON data, or a one-line ValueError naming the problem."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{source}: expected a table of tags by rank")
    tags = data.get("tags", data)
    if not isinstance(tags, Mapping):
        raise ValueError(f"{source}: 'tags' must be a table of rank = tag")
    name = data.get("name", default_name) if "tags" in data else default_name
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{source}: 'name' must be a non-empty string")
    given: dict[str, float] = {}
    for key, value in tags.items():
        rank = str(key).strip().upper()
        rank = "T" if rank == "10" else rank
        if rank not in RANKS:
            raise ValueError(f"{source}: unknown rank {key!r} (tag A, 2..9 and T)")
        if rank in given:
            raise ValueError(f"{source}: rank {rank} is tagged twice")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{source}: tag of {rank} must be a number, got {value!r}")
        if not math.isfinite(value) or abs(value) > MAX_TAG:
            raise ValueError(f"{source}: tag of {rank} must be a number in -{MAX_TAG}..{MAX_TAG}")
        given[rank] = float(value)
    missing = [r for r in TAG_RANKS if r not in given]
    if missing:
        raise ValueError(f"{source}: no tag for {', '.join(missing)} (tag A, 2..9 and T)")
    for face in RANKS[TEN_RANKS[1] :]:
        if face in given and given[face] != given["T"]:
            raise ValueError(f"{source}: {face} is ten-valued: its tag must equal T's")
    values = tuple(given[r] for r in TAG_RANKS)
    if all(v == values[0] for v in values):
        raise ValueError(f"{source}: every tag is {values[0]:g}; a count needs different tags")
    description = data.get("description", "") if "tags" in data else ""
    return CountSystem(name.strip(), values, str(description))


def load_system(path: str | Path) -> CountSystem:
    """A system from a TOML or JSON file, or a one-line ValueError naming the problem."""
    p = Path(path)
    if not p.is_file():
        builtin = ", ".join(BUILTIN)
        raise ValueError(f"count system {str(path)!r}: no such file (built-in: {builtin})")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{p.name}: not a text file (a count system is TOML or JSON)") from None
    except OSError as e:
        raise ValueError(f"{p.name}: cannot be read ({e.strerror})") from None
    try:
        data = json.loads(text) if p.suffix.lower() == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
        first = str(e).splitlines()[0]
        raise ValueError(f"{p.name}: not valid {kind} ({first})") from None
    return system_from_data(data, p.name, p.stem)


def builtin_system(name: str) -> CountSystem:
    """One of the built-in systems by its key (``BUILTIN``)."""
    if name not in BUILTIN:
        raise ValueError(f"unknown count system {name!r} (built-in: {', '.join(BUILTIN)})")
    return load_system(SYSTEMS_FOLDER / f"{name}.toml")


def resolve_system(name_or_file: str) -> CountSystem:
    """A built-in system by key, else a system file."""
    if name_or_file in BUILTIN:
        return builtin_system(name_or_file)
    return load_system(name_or_file)


# -- correlation -------------------------------------------------------------------------------
def weighted_correlation(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Pearson correlation of ``x`` and ``y`` under weights ``w`` (normalised here); NaN when
    either does not vary. Unitless."""
    w = np.asarray(w, dtype=float) / np.sum(w)
    xc = x - dot(w, x)
    yc = y - dot(w, y)
    den = math.sqrt(dot(w, xc**2) * dot(w, yc**2))
    return dot(w, xc * yc) / den if den > 0 else math.nan


def betting_correlation(tags: np.ndarray, player_eor: np.ndarray, weights: np.ndarray) -> float:
    """Griffin's betting correlation: the correlation of the 13 rank tags with the 13 player
    EORs, each rank weighted by its share of the shoe. Ranks the shoe lacks (weight 0) drop."""
    keep = np.asarray(weights) > 0
    return weighted_correlation(tags[keep], player_eor[keep], np.asarray(weights)[keep])


def check_countable(counts) -> None:
    """ValueError unless the shoe (counts by rank) holds cards of two tag ranks or more: on one
    (every card an 8, or every card ten-valued) no count varies, and no betting correlation
    or best count exists."""
    present = sorted({TAG_OF_RANK[r] for r, c in enumerate(counts) if c > 0})
    if len(present) < 2:
        only = "".join(TAG_RANKS[t] for t in present)
        only += ": the ten-valued cards" if only == "T" else ""
        raise ValueError(
            f"the shoe holds one tag rank only ({only}): no count varies on it, so it has "
            "no betting correlation"
        )


def proportional_tags(player_eor: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The best linear count: tags by ``TAG_RANKS`` proportional to the player EORs (the
    ten-valued ranks' EORs averaged by weight), shifted so the count is balanced (a full deck
    sums to 0) and scaled so the largest tag is 1 (betting correlation 1 when
    T, J, Q, K share an EOR, as in any fresh shoe)."""
    w = np.asarray(weights, dtype=float)
    tags = np.zeros(len(TAG_RANKS))
    for i in range(len(TAG_RANKS)):
        ranks = [r for r in range(len(RANKS)) if TAG_OF_RANK[r] == i]
        ww = w[ranks].sum()
        tags[i] = dot(w[ranks], player_eor[ranks]) / ww if ww > 0 else 0.0
    tags -= tags[list(TAG_OF_RANK)].mean()  # balanced: the tags of a full deck sum to 0
    top = np.abs(tags).max()
    return tags / top if top > 0 else tags  # EORs that do not vary: no tag stands out


@dataclass(frozen=True)
class BestTags:
    """The integer tag set of one level that correlates best with the EORs."""

    level: int
    tags: tuple[int, ...]
    """Tags of ``TAG_RANKS``."""
    correlation: float
    ties: int
    """How many other tag sets of this level reach the same correlation (to 1e-12): shifts and
    scalings of the same count."""


DECK_TAG_WEIGHTS = np.array([4.0] * 9 + [16.0])
"""Cards of each ``TAG_RANKS`` entry in one deck: a tag set's deck sum is ``tags @ this``."""


def _tag_sets(level: int, start: int, stop: int) -> np.ndarray:
    """Tag sets number ``start``..``stop - 1`` of {-level..level}^10, as float rows (stored
    column by column: ``rows_dot`` reads a column at a time)."""
    base = 2 * level + 1
    powers = base ** np.arange(len(TAG_RANKS) - 1, -1, -1, dtype=np.int64)
    idx = np.arange(start, stop, dtype=np.int64)
    return ((idx[None, :] // powers[:, None]) % base - level).astype(float).T


def _correlations(x: np.ndarray, tag_w: np.ndarray, tag_y: np.ndarray, y_mean: float, sy: float):
    """Betting correlation of every row of tag sets ``x`` (-inf where the tags are constant)."""
    mean = rows_dot(x, tag_w)
    var = rows_dot(x**2, tag_w) - mean**2
    cov = rows_dot(x, tag_y) - mean * y_mean
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(var > 1e-12, cov / (np.sqrt(np.maximum(var, 1e-300)) * sy), -np.inf)


def best_integer_tags(
    player_eor: np.ndarray, weights: np.ndarray, level: int, chunk: int = 1 << 19
) -> BestTags:
    """Exhaustive search of every tag set in {-level..level}^10 (3^10 for level 1, 5^10 for
    level 2) for the highest betting correlation. The correlation ignores scale and shift, so
    several sets tie: the balanced one (or closest to it) wins, then the fewest tag points,
    then the first in rank order."""
    w = np.asarray(weights, dtype=float) / np.sum(weights)
    y = np.asarray(player_eor, dtype=float)
    tag_w = np.zeros(len(TAG_RANKS))
    tag_y = np.zeros(len(TAG_RANKS))
    for r in range(len(RANKS)):
        tag_w[TAG_OF_RANK[r]] += w[r]
        tag_y[TAG_OF_RANK[r]] += w[r] * y[r]
    y_mean = dot(w, y)
    sy = math.sqrt(dot(w, (y - y_mean) ** 2))
    n = (2 * level + 1) ** len(TAG_RANKS)
    top = -np.inf
    # one pass: keep each chunk's rows within 1e-12 of the best so far (any row within 1e-12 of
    # the final best is among them), then drop those the final best leaves behind
    near: list[tuple[np.ndarray, np.ndarray]] = []
    for start in range(0, n, chunk):
        x = _tag_sets(level, start, min(n, start + chunk))
        corr = _correlations(x, tag_w, tag_y, y_mean, sy)
        top = max(top, float(corr.max()))
        keep = corr >= top - 1e-12
        near.append((x[keep], corr[keep]))
    tied = [t for x, corr in near for t in x[corr >= top - 1e-12]]
    best = min(tied, key=lambda t: (abs(dot(t, DECK_TAG_WEIGHTS)), float(np.abs(t).sum())))
    corr = weighted_correlation(best[list(TAG_OF_RANK)], y, w)
    return BestTags(level, tuple(int(t) for t in best), corr, len(tied) - 1)


# -- playing efficiency --------------------------------------------------------------------
def switching_gain(margin: float, sd: float) -> float:
    """E[max(0, -(margin + Z))] for Z ~ Normal(0, sd^2): the expected gain of switching to the
    second-best action whenever a decision's EV margin (best minus second, ``margin`` >= 0 on
    the full shoe) turns negative, when the margin's movement is known with SD ``sd``."""
    if sd <= 0:
        return max(0.0, -margin)
    z = margin / sd
    phi = math.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
    cdf = 0.5 * math.erfc(z / math.sqrt(2))
    return sd * phi - margin * cdf


def removal_variance(n_removed: int, n_cards: int, eor: np.ndarray, weights: np.ndarray) -> float:
    """Variance of sum(EOR x cards removed) when ``n_removed`` of ``n_cards`` are dealt at
    random (hypergeometric): n (N - n) / (N - 1) x the weighted variance of the EORs."""
    w = np.asarray(weights, dtype=float) / np.sum(weights)
    ec = eor - dot(w, eor)
    return n_removed * (n_cards - n_removed) / (n_cards - 1) * dot(w, ec**2)


def as_rank_array(by_tag_rank: Sequence[float]) -> np.ndarray:
    """A vector by ``TAG_RANKS`` (ten-valued last) spread over the 13 ranks."""
    return np.array([by_tag_rank[i] for i in TAG_OF_RANK], dtype=float)
