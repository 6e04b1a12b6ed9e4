"""A Zero playing policy as decision tables over fresh-shoe situations, by point value.

With a fresh shoe each round, every decision depends only on the point values of the cards the
player may take into account: ``init[v1, v2, up]`` (stand / hit / split the first two cards),
``three[v1, v2, x, up]`` (double the three-card hand v1, v2, x?), and for a split hand with
split card a, the other split card b and second card y: ``split_two[a, b, y, up]`` (hit?) and
``split_three[a, b, y, x, up]`` (double?). A split hand ignores the other hand's draws: the
convention of the published figures (``analysis.zero.split``).

Charts become tables cell by cell; optimal play is filled in by the exact evaluator's kernels,
with the evaluator's tie-breaking (stand unless hitting or doubling is strictly better, split
only when strictly better). Only the choice of action comes from the evaluator: the engine and
the simulator settle every hand themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.kernels import entry, inline
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.dealer import N_TOTALS
from cardedge.analysis.zero.player import card_count, three_card_value, two_card_value
from cardedge.analysis.zero.policy import OPTIMAL_POLICY, ZeroPolicy
from cardedge.analysis.zero.round import shoe_states
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.split import split_value


@dataclass(frozen=True, eq=False)
class ZeroTables:
    """Decision tables of one policy for one rule set (see the module docstring).

    ``init`` holds ``Action.STAND``, ``HIT`` or ``SPLIT``; ``three``, ``split_two`` and
    ``split_three`` hold 1 (hit, or double) or 0 (stand).
    """

    name: str
    init: np.ndarray
    three: np.ndarray
    split_two: np.ndarray
    split_three: np.ndarray

    def __post_init__(self) -> None:
        shapes = {
            "init": (N_TOTALS,) * 3,
            "three": (N_TOTALS,) * 4,
            "split_two": (N_TOTALS,) * 4,
            "split_three": (N_TOTALS,) * 5,
        }
        for key, shape in shapes.items():
            arr = getattr(self, key)
            if arr.shape != shape:
                raise ValueError(f"table {key} must have shape {shape}, got {arr.shape}")
            object.__setattr__(self, key, np.ascontiguousarray(arr, dtype=np.int8))


def chart_tables(policy: ZeroPolicy, rules: ZeroRules) -> ZeroTables:
    """Tables of a total-dependent chart (every cell a fixed action, as ``ZeroChart.policy``).

    A split cell applies when the pair's total may be split; split hands play the two- and
    three-card rows, doubling only with double after split.
    """
    if (policy.chart2 == Action.OPTIMAL).any() or (policy.chart3 == Action.OPTIMAL).any():
        raise ValueError(f"policy {policy.name!r} has OPTIMAL cells; use optimal_tables")
    record = rules.kernel_record()
    v = np.arange(N_TOTALS)
    up = v[None, None, :]
    t2 = (v[:, None] + v[None, :]) % 10
    hit2 = policy.chart2[t2[:, :, None], up] == Action.HIT
    split = record.split_ok[t2][:, :, None] & (policy.chart_split == Action.SPLIT)
    init = np.where(split, Action.SPLIT, np.where(hit2, Action.HIT, Action.STAND))
    t3 = (v[:, None, None] + v[None, :, None] + v[None, None, :]) % 10
    doubles = policy.chart3[t3[..., None], v[None, None, None, :]] == Action.DOUBLE
    three = doubles & record.double_unsplit[t3][..., None]
    # split hands: a, b, y -> total a + y; a, b, y, x -> total a + y + x (b never counts)
    two_split = np.broadcast_to(hit2[:, None, :, :], (N_TOTALS,) * 4)
    split_doubles = doubles & record.double_split[t3][..., None]
    dbl_split = np.broadcast_to(split_doubles[:, None, :, :, :], (N_TOTALS,) * 5)
    return ZeroTables(policy.name, init, three, two_split.copy(), dbl_split.copy())


@inline
def _possible(st, up, m):
    """True when the shoe holds the up card and the player cards ``m``."""
    for v in range(N_TOTALS):
        if card_count(st, up, m, v) < 0:
            return False
    return True


@entry
def _optimal_tables(st, ch, rules):
    """(init, three, split_two, split_three): the exact best action of every situation.

    ``ch`` is all OPTIMAL; ``rules`` the ``KernelRules`` record. Situations the shoe cannot
    produce are left at 0 (stand). Splits by the standard convention.
    """
    n = N_TOTALS
    init = np.zeros((n, n, n), dtype=np.int8)
    three = np.zeros((n, n, n, n), dtype=np.int8)
    split_two = np.zeros((n, n, n, n), dtype=np.int8)
    split_three = np.zeros((n, n, n, n, n), dtype=np.int8)
    m = np.zeros(N_TOTALS, dtype=np.int64)
    for up in range(N_TOTALS):
        for v1 in range(N_TOTALS):
            for v2 in range(N_TOTALS):
                m[:] = 0
                m[v1] += 1
                m[v2] += 1
                if not _possible(st, up, m):
                    continue
                p2 = (v1 + v2) % 10
                ev, act, _ = two_card_value(st, ch, up, m, p2, rules.double_unsplit)
                if rules.split_ok[p2]:
                    if split_value(st, ch, up, m, v1, v2, rules.double_split) > ev:
                        act = Action.SPLIT
                init[v1, v2, up] = act
                for x in range(N_TOTALS):
                    m[x] += 1
                    if _possible(st, up, m):
                        p3 = (p2 + x) % 10
                        _, d = three_card_value(st, up, m, p3, rules.double_unsplit, Action.OPTIMAL)
                        three[v1, v2, x, up] = d
                    m[x] -= 1
                if not rules.split_ok[p2]:
                    continue
                # a split hand of split card v1 (the other is v2): second card y, then x
                for y in range(N_TOTALS):
                    m[y] += 1
                    if _possible(st, up, m):
                        q2 = (v1 + y) % 10
                        _, a2, _ = two_card_value(st, ch, up, m, q2, rules.double_split)
                        split_two[v1, v2, y, up] = 1 if a2 == Action.HIT else 0
                        for x in range(N_TOTALS):
                            m[x] += 1
                            if _possible(st, up, m):
                                q3 = (q2 + x) % 10
                                may = rules.double_split
                                _, d = three_card_value(st, up, m, q3, may, Action.OPTIMAL)
                                split_three[v1, v2, y, x, up] = d
                            m[x] -= 1
                    m[y] -= 1
    return init, three, split_two, split_three


def optimal_tables(rules: ZeroRules, shoe: Shoe) -> ZeroTables:
    """Tables of composition-dependent optimal play for ``shoe``, the pre-deal shoe
    (standard split)."""
    states = shoe_states(shoe, rules, 5)
    return ZeroTables(
        "optimal", *_optimal_tables(states.record, OPTIMAL_POLICY.charts, rules.kernel_record())
    )
