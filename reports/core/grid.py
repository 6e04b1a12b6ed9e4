"""The rule space of a game (both games): every combination of some varied rules, one row each.

A grid is a base setup (rules and the options given, one or several shoes) and the **axes**: the
rules given to ``--vary``, each with its values. Every combination of one value per axis (and
one shoe) is a rule set whose house edge the game's room computes (``reports/<game>/grid.py``),
sharing the work between combinations (a payout re-prices one evaluation; the dealer's
distributions serve every rule that leaves the dealer alone).

Each row gives the combination's values (typed: ``Axis.cell``), the house edge under optimal
play and under basic strategy, the SD of a round under optimal play, **what the change costs**
(``change_percent``: the optimal edge minus the base rules', those without ``--vary``, on the
same shoe), and the **additive estimate**: the first combination's edge (every axis at its
first value) plus the single-rule effects of each axis' value (that value alone changed from
the first combination, optimal play), as published rule-variation tables add them; its error
(``additive_error_percent``: estimate minus exact) is where rules interact.

Numbers: house edges in percent of the initial wager, positive for the house; SD per initial
wager.
"""

from __future__ import annotations

import itertools
import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from cardedge.analysis.core.rules import (
    Kind,
    Payout,
    RuleSet,
    Switch,
    Totals,
    Whole,
    payout_value,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.errors import BadValue

if TYPE_CHECKING:
    from cardedge.reports.core.render import Table

MAX_COMBINATIONS = 1_000_000
"""The most combinations a grid computes: a larger one is refused up front, with its count."""
MAX_RANGE_VALUES = 20
"""A whole-number rule varied without values takes its whole range when it has at most this
many values (``split_hands``: 2..4; Zero's ``dealer_draws``: 0..10)."""
DECKS_AXIS = "decks"
"""The axis of the shoes when several deck counts are given (``--decks 6,8``)."""


@dataclass(frozen=True)
class Axis:
    """One varied rule: its name (a rule's, or ``decks``, or a game's own like Zero's preset
    ``rules``), its values (as the rules object holds them) and each value's text (as the
    command line writes it).

    The row's cell is the value typed (``cells``, ``typed_cell``): a switch a bool, a whole
    number an int, a payout its decimal value (with the text in a ``<name>_text`` twin when
    ``payout``), anything else its text. The values past ``shown`` (the base rules' value, when
    the list given leaves it out) are computed for ``change_percent`` only, never a row."""

    name: str
    values: tuple
    texts: tuple[str, ...]
    cells: tuple = ()
    """Each value as the row's cell (empty: the texts)."""
    payout: bool = False
    """A payout: the cell is its decimal value, and the row has the text too."""
    base: int = 0
    """The index of the base rules' value (the rules without ``--vary``)."""
    shown: int | None = None
    """How many values are rows (None: all)."""

    def __len__(self) -> int:
        return len(self.values)

    @property
    def shown_count(self) -> int:
        """The values that are rows: all but a base value added for ``change_percent``."""
        return len(self.values) if self.shown is None else self.shown

    def cell(self, k: int) -> dict[str, object]:
        """The row's cells of value ``k``: its typed value, and its text for a payout."""
        value = self.cells[k] if self.cells else self.texts[k]
        return {self.name: value, **({f"{self.name}_text": self.texts[k]} if self.payout else {})}


def typed_cell(kind: Kind, value: object) -> object:
    """A varied rule's value as a table's cell holds it: a switch as a bool, a whole number as
    an int, a payout as its decimal value (None for ``none``), anything else (a choice, a set
    of totals) as its text."""
    if isinstance(kind, Switch):
        return bool(value)
    if isinstance(kind, Whole) and isinstance(value, int):
        return int(value)
    if isinstance(kind, Payout):
        return None if value is None else float(payout_value(kind.text(value)))
    return kind.text(value)


def _rule_name(word: str, names: Sequence[str]) -> str:
    name = word.strip().replace("-", "_")
    if name not in names:
        raise BadValue("vary", f"{word.strip()!r} is not a rule (choose from {', '.join(names)})")
    return name


def _all_values(name: str, kind: Kind, first: object) -> list[object]:
    """The values ``--vary NAME`` takes without a list: both of a switch, every choice, a short
    whole range; ``first`` (the base rules' value) leads."""
    if isinstance(kind, Switch):
        values: list[object] = [False, True]
    elif kind.choices():
        values = [kind.check(c) for c in kind.choices()]
    elif isinstance(kind, Whole) and kind.high - kind.low < MAX_RANGE_VALUES:
        values = list(range(kind.low, kind.high + 1))
    else:
        what = "payouts" if isinstance(kind, Payout) else "values"
        example = "3:2,2:1" if isinstance(kind, Payout) else "none,9,8-9"
        if isinstance(kind, Whole | Totals):
            example = "3,5,7" if isinstance(kind, Whole) else example
        raise BadValue(
            "vary",
            f"{name!r} takes too many values to try them all: list its {what} "
            f"(--vary {name.replace('_', '-')}={example})",
        )
    return [first, *(v for v in values if v != first)] if first in values else values


def parse_vary(spec: str, kinds: dict[str, Kind], base: dict[str, object] | None) -> Axis:
    """The axis of one ``--vary`` value: ``RULE`` (every value, the base's first) or
    ``RULE=V1,V2,...`` (these, in order). ``kinds``: each rule's kind by name (the game's
    rules and its own, like Zero's ``rules``); ``base``: each rule's value in the base setup
    (None: not known, the values alone, as the web counts a grid's size; the base value a list
    leaves out is then not added). ``BadValue`` (keyword ``vary``) for an unknown rule, a value
    it does not take or a repeat."""
    word, eq, listed = spec.partition("=")
    name = _rule_name(word, list(kinds))
    kind = kinds[name]
    if not eq:
        values = _all_values(name, kind, None if base is None else base[name])
    else:
        values = []
        for text in listed.split(","):
            try:
                value = kind.parse(text.strip())
            except ValueError as e:
                raise BadValue("vary", f"{name}: {e}") from None
            if value in values:
                raise BadValue("vary", f"{name}: {text.strip()!r} is listed twice")
            values.append(value)
    shown = None
    if base is not None and base[name] not in values:  # for change_percent, not a row
        shown = len(values)
        values.append(base[name])
    return Axis(
        name,
        tuple(values),
        tuple(kind.text(v) for v in values),
        tuple(typed_cell(kind, v) for v in values),
        isinstance(kind, Payout),
        0 if base is None else values.index(base[name]),
        shown,
    )


def parse_axes(
    specs: Iterable[str], kinds: dict[str, Kind], base: dict[str, object] | None
) -> tuple[Axis, ...]:
    """The axes of every ``--vary`` (``parse_vary``); a rule varied twice is refused."""
    axes: list[Axis] = []
    for spec in specs:
        if not isinstance(spec, str):
            raise BadValue("vary", f"{spec!r} is not a text like 'h17' or 'natural=3:2,6:5'")
        axis = parse_vary(spec, kinds, base)
        if any(a.name == axis.name for a in axes):
            raise BadValue("vary", f"{axis.name!r} is varied twice")
        axes.append(axis)
    return tuple(axes)


def rule_kinds(rules: RuleSet, own: dict[str, Kind] | None = None) -> dict[str, Kind]:
    """Each variable rule's kind by name: a game's own axes (``own``) first, then its rules."""
    return {**(own or {}), **{r.name: r.kind for r in rules}}


@dataclass(frozen=True)
class GridPlan:
    """What a grid computes: every combination of one shoe and one value per axis.

    Combinations are numbered in ``itertools.product`` order: shoes outermost, then the axes in
    the order given (the last varies fastest)."""

    shoes: tuple[Shoe, ...]
    axes: tuple[Axis, ...]

    def __post_init__(self) -> None:
        if not self.shoes:
            raise BadValue("decks", "a grid needs at least one deck count or shoe")
        size = self.size
        if size > MAX_COMBINATIONS:
            shown = (len(self.shoes), *(a.shown_count for a in self.axes))
            sizes = " x ".join(str(n) for n in shown)
            base = (
                f", {size:,} with the base rules' values change_percent needs"
                if size != self.shown_size
                else ""
            )
            raise BadValue(
                "vary",
                f"the grid has {self.shown_size:,} combinations ({sizes}{base}); at most "
                f"{MAX_COMBINATIONS:,} are computed",
            )

    @property
    def shape(self) -> tuple[int, ...]:
        """Values per dimension: the shoes, then each axis."""
        return (len(self.shoes), *(len(a) for a in self.axes))

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def combinations(self) -> Iterable[tuple[int, ...]]:
        """Every combination as indices (shoe, value of each axis), in row order."""
        return itertools.product(*(range(n) for n in self.shape))

    def index(self, combo: Sequence[int]) -> int:
        """The row number of a combination (``combinations`` order)."""
        i = 0
        for n, k in zip(self.shape, combo, strict=True):
            i = i * n + k
        return i

    def values(self, combo: Sequence[int]) -> dict[str, object]:
        """The varied rules' values of a combination, by axis name."""
        return {a.name: a.values[k] for a, k in zip(self.axes, combo[1:], strict=True)}

    def texts(self, combo: Sequence[int]) -> dict[str, str]:
        """The varied rules' values of a combination as text, by axis name."""
        return {a.name: a.texts[k] for a, k in zip(self.axes, combo[1:], strict=True)}

    def cells(self, combo: Sequence[int]) -> dict[str, object]:
        """The varied rules' cells of a combination's row (``Axis.cell``: typed, a payout
        with its text beside)."""
        out: dict[str, object] = {}
        for a, k in zip(self.axes, combo[1:], strict=True):
            out.update(a.cell(k))
        return out

    def is_shown(self, combo: Sequence[int]) -> bool:
        """Whether a combination is a row (no value computed for ``change_percent`` only)."""
        return all(k < a.shown_count for a, k in zip(self.axes, combo[1:], strict=True))

    @property
    def shown_size(self) -> int:
        """The rows: the combinations of the values shown."""
        return len(self.shoes) * math.prod(a.shown_count for a in self.axes)

    def base_combo(self, shoe: int) -> tuple[int, ...]:
        """The base combination on shoe ``shoe``: every varied rule at the base rules' value."""
        return (shoe, *(a.base for a in self.axes))

    def identity(self) -> dict:
        """JSON-ready: the shoes and axes (a grid folder's manifest)."""
        return {
            "shoes": [s.describe() for s in self.shoes],
            "axes": [{"name": a.name, "values": list(a.texts)} for a in self.axes],
        }


@dataclass(frozen=True)
class GridColumns:
    """The columns a grid computes besides the optimal edge: the basic strategy's edge (a
    chart derived per combination) and the SD (an outcome distribution per set of play
    rules), each the slower part of a row."""

    basic: bool = True
    sd: bool = True

    def identity(self) -> dict:
        return {"basic": self.basic, "sd": self.sd}


@dataclass(frozen=True)
class GridValues:
    """The exact numbers of one combination: house edges (percent of the initial wager,
    positive for the house) under optimal play and basic strategy, and the SD of a round's
    net result under optimal play (per initial wager; NaN when not asked)."""

    optimal_percent: float
    basic_percent: float
    """NaN when not asked (``GridColumns.basic``)."""
    sd: float
    """NaN when not asked (``GridColumns.sd``)."""


@runtime_checkable
class GridRoom(Protocol):
    """What a game's grid room (``reports/<game>/grid.py``, found by ``grid_room``) supplies to
    the shared grid code (``grid_table`` here, ``api.core.run_grid``, the web's grid costs):
    the rules a grid may vary, and how the game splits a grid into tasks that share work,
    computes one and titles the table. ``base`` is the game's base setup (its rules object, or
    Zero's preset and changes); ``tests/test_game_contract.py`` checks each registered game's
    room against it."""

    def kinds(self) -> dict[str, Kind]:
        """The rules ``--vary`` takes, by name, with their kinds (the game's own axes too)."""
        ...

    def identity(self, base: Any) -> dict:
        """The base setup as text, by rule name: a resumed grid's parts must agree with it."""
        ...

    def grid_tasks(self, base: Any, plan: GridPlan, columns: GridColumns) -> list:
        """The grid's tasks, each a group of combinations computed together (``rows``: their
        row numbers), pure functions of their rules and shoe."""
        ...

    def compute_task(self, task: Any) -> list[GridValues]:
        """One task's ``GridValues``, one per combination in its ``rows`` order."""
        ...

    def grid_table(
        self, base: Any, plan: GridPlan, rows: list[dict], columns: GridColumns
    ) -> Table:
        """The grid's ``Table`` from its rows (``grid_rows``), titled and noted by the game."""
        ...


def grid_room(game: str) -> GridRoom:
    """The grid room of the game named ``game`` (``reports/<game>/grid.py``)."""
    from cardedge.games import room_module

    return room_module("cardedge.reports", game, "grid", kind=GridRoom)


def additive_estimates(plan: GridPlan, optimal: Sequence[float]) -> list[float]:
    """Each combination's additive estimate of the optimal edge: the base combination's (the
    first value of every dimension) plus, for each dimension, the change its value alone makes
    from the base (the shoes count as a dimension: a deck count's effect)."""
    base_combo = (0,) * len(plan.shape)
    base = optimal[plan.index(base_combo)]
    effects = []
    for d, n in enumerate(plan.shape):
        row = []
        for k in range(n):
            combo = list(base_combo)
            combo[d] = k
            row.append(optimal[plan.index(combo)] - base)
        effects.append(row)
    return [base + sum(effects[d][k] for d, k in enumerate(combo)) for combo in plan.combinations()]


def grid_rows(plan: GridPlan, values: Sequence[GridValues], columns: GridColumns) -> list[dict]:
    """The grid's rows (``plan`` order, the combinations shown): the shoe (decks, its name when
    not fresh), each varied rule's value typed (``Axis.cell``), the edges (basic strategy's
    when ``columns.basic``), the SD (when ``columns.sd``), the change from the base rules on
    the same shoe, and the additive estimate with its error."""
    optimal = [v.optimal_percent for v in values]
    additive = additive_estimates(plan, optimal)
    on_shoes = any(not s.is_fresh for s in plan.shoes)
    rows = []
    for combo, v, est in zip(plan.combinations(), values, additive, strict=True):
        if not plan.is_shown(combo):
            continue
        shoe = plan.shoes[combo[0]]
        row: dict[str, object] = {"decks": shoe.base_decks}
        if on_shoes:
            row["shoe"] = shoe.describe()
        row.update(plan.cells(combo))
        row["optimal_percent"] = v.optimal_percent
        if columns.basic:
            row["basic_percent"] = v.basic_percent
        if columns.sd:
            row["sd"] = v.sd
        row["change_percent"] = v.optimal_percent - optimal[plan.index(plan.base_combo(combo[0]))]
        row["additive_percent"] = est
        row["additive_error_percent"] = est - v.optimal_percent
        rows.append(row)
    return rows


def grid_notes(columns: GridColumns) -> list[str]:
    """The notes every grid table carries (its columns' meanings)."""
    return [GRID_NOTES[0] if columns.basic else OPTIMAL_NOTE, GRID_NOTES[1]] + (
        [SD_NOTE] if columns.sd else []
    )


OPTIMAL_NOTE = (
    "optimal_percent: house edge in percent of the initial wager (positive for the house), "
    "optimal play."
)
GRID_NOTES = (
    "optimal_percent, basic_percent: house edge in percent of the initial wager (positive for "
    "the house), optimal play and the basic strategy chart derived for each combination.",
    "change_percent: the optimal edge minus the base rules' (every varied rule at the value "
    "the rules give without --vary, on the same shoe), percentage points; "
    "additive_percent: the first combination's optimal edge (every varied rule at its first "
    "value, the first deck count) plus each value's single-rule effect from it, as "
    "rule-variation tables add them; additive_error_percent: the estimate minus the exact "
    "edge (other than 0 where rules interact).",
)
SD_NOTE = "sd: standard deviation of a round's net result per initial wager, optimal play."


# ---- the heatmap -------------------------------------------------------------------------------
def heatmap_png(
    plan: GridPlan, optimal: Sequence[float], path: str, title: str, value: str = "optimal"
):
    """Draw the optimal edge over the first two dimensions that vary (one row of cells when
    only one does): the others at their first value, said under the title. Cells are
    annotated with the edge (percent, 3 decimals)."""
    from cardedge.reports.core.files import save_figure
    from cardedge.reports.core.plots import pyplot

    plt = pyplot()
    names = [DECKS_AXIS, *(a.name for a in plan.axes)]
    labels = [[str(s.title()) for s in plan.shoes], *(list(a.texts) for a in plan.axes)]
    shape = (len(plan.shoes), *(a.shown_count for a in plan.axes))
    varied = [d for d, n in enumerate(shape) if n > 1]
    if not varied:
        varied = [0]
    x = varied[0]
    y = varied[1] if len(varied) > 1 else None
    ny = shape[y] if y is not None else 1
    nx = shape[x]
    grid = [[math.nan] * nx for _ in range(ny)]
    for i in range(ny):
        for j in range(nx):
            combo = [0] * len(plan.shape)
            combo[x] = j
            if y is not None:
                combo[y] = i
            grid[i][j] = optimal[plan.index(combo)]
    width = max(4.5, 1.0 + 0.9 * nx)
    height = max(2.4, 1.4 + 0.5 * ny)
    fig, ax = plt.subplots(figsize=(width, height))
    image = ax.imshow(grid, cmap="RdYlGn_r", aspect="auto")
    ax.set_xticks(range(nx), labels[x])
    ax.set_xlabel(names[x])
    if y is not None:
        ax.set_yticks(range(ny), labels[y])
        ax.set_ylabel(names[y])
    else:
        ax.set_yticks([])
    for i in range(ny):
        for j in range(nx):
            ax.text(j, i, f"{grid[i][j]:.3f}", ha="center", va="center", fontsize=8)
    fixed = [f"{names[d]} {labels[d][0]}" for d, n in enumerate(shape) if n > 1 and d not in (x, y)]
    subtitle = f"{value} play, house edge (%)" + (f"; at {', '.join(fixed)}" if fixed else "")
    wrapped = textwrap.wrap(title, int(width * 14)) + textwrap.wrap(subtitle, int(width * 14))
    ax.set_title("\n".join(wrapped), fontsize=8)
    fig.colorbar(image, ax=ax, label="house edge (%)")
    fig.tight_layout()
    save_figure(fig, path, dpi=120)
    plt.close(fig)


# ---- running the tasks: here or on Dask, each finished task kept for a resume -------------------
RECORD_TYPES: dict[str, str] = {
    "row": "int64",
    "optimal_percent": "float64",
    "basic_percent": "float64",
    "sd": "float64",
}
"""A finished task's records in a grid's parts folder: each combination's row number and
numbers (``GridValues``)."""
GRID_FORMAT = 1
"""Bumped when a grid's records or their meaning change: parts of another format are refused."""


def grid_manifest(game: str, base: dict, plan: GridPlan, columns: GridColumns) -> dict:
    """What a grid computes (its parts folder's manifest): a resume reuses only the parts of
    the same game, base rules, shoes, axes and columns."""
    return {
        "format": GRID_FORMAT,
        "game": game,
        "base": base,
        "plan": plan.identity(),
        "columns": columns.identity(),
    }


def parts_folder(out: str) -> str:
    """The folder of a grid's finished tasks beside its Parquet file (``g.parquet``:
    ``g.parts``), removed once the grid is written."""
    from pathlib import Path

    p = Path(out)
    return str(p.with_name(p.stem + ".parts"))


def task_records(task, values: Sequence[GridValues]):
    """A finished task's numbers as records (``RECORD_TYPES``)."""
    import pandas as pd

    return pd.DataFrame(
        {
            "row": list(task.rows),
            "optimal_percent": [v.optimal_percent for v in values],
            "basic_percent": [v.basic_percent for v in values],
            "sd": [v.sd for v in values],
        }
    ).astype(RECORD_TYPES)


def record_values(frame) -> list[GridValues]:
    """A task's ``GridValues`` back from its records."""
    return [
        GridValues(float(o), float(b), float(s))
        for o, b, s in zip(
            frame["optimal_percent"], frame["basic_percent"], frame["sd"], strict=True
        )
    ]


def compute_tasks(
    tasks: Sequence,
    compute: Callable,
    store=None,
    workers: int | None = None,
    scheduler: str | None = None,
    advance: Callable[[int], None] | None = None,
) -> list[list[GridValues]]:
    """Each task's ``GridValues``: those ``store`` (a ``StudyStore`` of ``RECORD_TYPES``) holds
    already, the others computed, here one by one (no ``workers``/``scheduler``) or on Dask
    (a local cluster of ``workers`` processes, or the cluster at ``scheduler``), each written
    to ``store`` as it finishes so that an interrupted grid resumes; ``advance(1)`` after each
    task. A task is a pure function of its rules and shoe: whichever worker runs it, once or
    again, it returns the same numbers."""
    done = set(store.done(len(tasks))) if store is not None else set()
    results: dict[int, list[GridValues]] = {
        i: record_values(store.read_batch(i)) for i in sorted(done)
    }
    pending = [i for i in range(len(tasks)) if i not in done]

    def finished(i: int, values: list[GridValues]) -> None:
        results[i] = values
        if store is not None:
            store.write(i, task_records(tasks[i], values))
        if advance is not None:
            advance(1)

    if advance is not None and done:
        advance(len(done))
    if workers is None and scheduler in (None, "synchronous"):
        for i in pending:
            finished(i, compute(tasks[i]))
    elif pending:
        from cardedge.study.core.run import dask_client

        with dask_client(workers, scheduler) as client:
            from distributed import as_completed

            futures = {client.submit(compute, tasks[i], pure=False, retries=3): i for i in pending}
            for future in as_completed(futures):
                finished(futures[future], future.result())
                future.release()
    return [results[i] for i in range(len(tasks))]


def values_by_row(plan: GridPlan, tasks: Sequence, results: Sequence[Sequence[GridValues]]):
    """Every combination's ``GridValues`` in row order, from each task's results (a task holds
    its combinations' row numbers, ``rows``)."""
    out: list[GridValues | None] = [None] * plan.size
    for task, values in zip(tasks, results, strict=True):
        for row, v in zip(task.rows, values, strict=True):
            out[row] = v
    missing = [i for i, v in enumerate(out) if v is None]
    if missing:
        raise RuntimeError(f"grid rows never computed: {missing[:5]}")
    return out


def grid_frame(rows: list[dict]):
    """The rows as a DataFrame (a Parquet file's columns): the varied values typed
    (``Axis.cell``), a payout's column a float even where it is ``none``."""
    import pandas as pd

    return pd.DataFrame(rows)


def grid_table(
    room: GridRoom, base, plan: GridPlan, columns: GridColumns, results=None, tasks=None
):
    """The grid's ``Table`` and each row's ``GridValues``, from its tasks' ``results`` (given,
    or computed here one by one): ``room`` is the game's grid room (``reports/<game>/grid.py``:
    ``grid_tasks``, ``compute_task``, ``grid_table``)."""
    if tasks is None:
        tasks = room.grid_tasks(base, plan, columns)
    if results is None:
        results = compute_tasks(tasks, room.compute_task)
    values = values_by_row(plan, tasks, results)
    return room.grid_table(base, plan, grid_rows(plan, values, columns), columns), values


def results_heatmap(plan: GridPlan, table, path) -> None:
    """A ``results/`` grid's heatmap, drawn from its table (rows in ``plan`` order, the
    combinations shown)."""
    optimal = [math.nan] * plan.size
    shown = [c for c in plan.combinations() if plan.is_shown(c)]
    for combo, row in zip(shown, table.rows(), strict=True):
        optimal[plan.index(combo)] = row["optimal_percent"]
    heatmap_png(plan, optimal, str(path), table.title)
