"""Monte Carlo runs beside the exact figures: the report both games' simulations share, and
how both games set up a training session (``Trainer``).

The simulators (``engine/<game>/simulate.py``) are independent witnesses: it deals and settles
every round itself. Here its counts are set beside the exact evaluators' edge, outcome
probabilities and first-decision probabilities, each with its distance in standard errors.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.core.simulation import Simulation
from cardedge.engine.core.training import Coach, TrainingSession
from cardedge.reports.core.render import Table

SUMMARY_COLUMNS = (
    "rounds",
    "seed",
    "house_edge_percent",
    "stderr_percent",
    "exact_house_edge_percent",
    "difference_percent",
    "standard_errors",
)
FREQ_DIGITS = {"net": 1, "standard_errors": 2}
Z_NOTE = (
    "standard_errors: (simulated - exact) / standard error (edges: house edge; frequencies: "
    "share of rounds); beyond 4 in size would point to a fault in the engine or the exact "
    "analysis (chance: about 1 in 16,000)."
)


def new_seed() -> int:
    """A random seed to report, so that any run can be repeated."""
    return secrets.randbelow(2**32)


def _z(diff: float, se: float) -> float | None:
    return diff / se if se > 0 else None


@dataclass(frozen=True)
class SimulationReport:
    """A simulation and the exact figures of the same game, rules and strategy.

    ``exact_outcomes`` / ``exact_decisions`` give the exact probability of each simulated
    outcome bin / first decision (None where no exact figure is available).
    """

    sim: Simulation
    rules_name: str
    exact_ev: float
    exact_outcomes: dict[str, float | None]
    exact_decisions: dict[str, float]
    exact_side_ev: float | None = None
    exact_side: dict[str, float] | None = None
    side_name: str = ""
    """The side bet's pay table (its label), when the game has a side bet."""
    notes: tuple[str, ...] = ()
    extra_keys: dict[str, object] = field(default_factory=dict)
    """Keys every row of every table carries besides ``keys()`` (a game's own, e.g. a note)."""
    side_bet: str = "side bet"
    """The side bet's name in the tables (Zero's: 'Zero Pays')."""

    @property
    def exact_house_edge_percent(self) -> float:
        return -100.0 * self.exact_ev

    @property
    def standard_errors(self) -> float | None:
        """Distance of the simulated edge from the exact one, in standard errors."""
        return _z(self.exact_ev - self.sim.mean, self.sim.stderr)

    def summary(self) -> dict:
        """The headline figures (edges in percent of the initial wager)."""
        s = self.sim
        return {
            **self._run(),
            "house_edge_percent": s.house_edge_percent,
            "stderr_percent": s.stderr_percent,
            "exact_house_edge_percent": self.exact_house_edge_percent,
            "difference_percent": s.house_edge_percent - self.exact_house_edge_percent,
            "standard_errors": self.standard_errors,
            "sd_per_round": math.sqrt(s.variance),
        }

    def keys(self) -> dict[str, object]:
        """What every row of the tables shares: game, rules, decks, strategy, seed, rounds."""
        return {**self._run(), **self.extra_keys}

    def _run(self) -> dict[str, object]:
        """What identifies the run: game, rules, decks, strategy, seed, rounds."""
        s = self.sim
        return {
            "game": s.game,
            "rules": self.rules_name,
            "rules_description": s.rules.describe(Shoe.decks(s.decks)),
            "decks": s.decks,
            "strategy": s.policy,
            "seed": s.seed,
            "rounds": s.rounds,
        }

    def outcome_rows(self) -> list[dict]:
        """Each outcome bin: net, count, frequency, exact probability, z."""
        s = self.sim
        return _freq_rows(
            "outcome",
            s.outcome_labels,
            s.outcome_net,
            s.outcome_counts,
            self.exact_outcomes,
            s.rounds,
        )

    def decision_rows(self) -> list[dict]:
        """Each first decision: count, frequency, exact probability, z."""
        s = self.sim
        return _freq_rows(
            "decision", s.decision_labels, None, s.decision_counts, self.exact_decisions, s.rounds
        )

    def side_summary(self) -> dict | None:
        s = self.sim
        if s.side_counts is None or self.exact_side_ev is None:
            return None
        edge, se = -100.0 * s.side_mean, 100.0 * s.side_stderr
        exact = -100.0 * self.exact_side_ev
        rows = _freq_rows(
            "hand", s.side_labels, s.side_net, s.side_counts, self.exact_side, s.rounds
        )
        return {
            "paytable": self.side_name,
            "house_edge_percent": edge,
            "stderr_percent": se,
            "exact_house_edge_percent": exact,
            "standard_errors": _z(edge - exact, se),
            "outcomes": rows,
        }

    def tables(self, every_figure: bool = False) -> list[Table]:
        """Summary, outcome frequencies, first decisions (and the side bet) as tables.

        Every row carries ``keys()``. ``every_figure``: the summary shows every figure of
        ``summary()`` (for programs), not only ``SUMMARY_COLUMNS``.
        """
        s = self.sim
        named = f"{self.rules_name} rules, " if self.rules_name else ""
        head = (
            f"{s.game.capitalize()} simulation, {s.policy} play, {named}"
            f"{s.rules.describe(Shoe.decks(s.decks))}"
        )
        summary = self.summary()
        keys = self.keys()
        columns = [k for k in summary if k not in keys] if every_figure else SUMMARY_COLUMNS
        shown = {k: summary[k] for k in columns}
        notes = list(self.notes) + [Z_NOTE]
        blank = ["exact_probability blank: no exact figure for that outcome."]
        out = [
            Table(
                head,
                pd.DataFrame([shown]),
                notes,
                {"standard_errors": 2},
                default_digits=4,
                keys=keys,
            ),
            Table(
                f"{head}: outcomes (net per initial wager)",
                pd.DataFrame(self.outcome_rows()),
                blank if None in self.exact_outcomes.values() else [],
                digits=FREQ_DIGITS,
                default_digits=6,
                keys=keys,
            ),
            Table(
                f"{head}: first decisions",
                pd.DataFrame(self.decision_rows()),
                digits=FREQ_DIGITS,
                default_digits=6,
                keys=keys,
            ),
        ]
        side = self.side_summary()
        if side is not None:
            frame = pd.DataFrame(side["outcomes"])
            line = (
                f"{self.side_bet} house edge {side['house_edge_percent']:.4f}% "
                f"(standard error {side['stderr_percent']:.4f}%), exact "
                f"{side['exact_house_edge_percent']:.4f}%."
            )
            title = f"{head}: {self.side_bet} side bet, pay table {self.side_name}"
            side_keys = {**keys, "paytable": self.side_name}
            for k in ("house_edge_percent", "stderr_percent", "exact_house_edge_percent"):
                side_keys[f"side_bet_{k}"] = side[k]
            out.append(Table(title, frame, [line], FREQ_DIGITS, default_digits=6, keys=side_keys))
        return out


def _freq_rows(key, labels, nets, counts, exact: dict, n: int) -> list[dict]:
    """Rows of label, net, count, frequency, exact probability and z of the frequency."""
    rows = []
    for i, label in enumerate(labels):
        count = int(counts[i])
        freq = count / n
        p = exact.get(label)
        row = {key: label}
        if nets is not None:
            row["net"] = float(nets[i])
        row.update({"count": count, "frequency": freq, "exact_probability": p})
        if p is None:
            row["standard_errors"] = None
        elif 0.0 < p < 1.0:
            row["standard_errors"] = (freq - p) / math.sqrt(p * (1.0 - p) / n)
        else:
            row["standard_errors"] = 0.0 if freq == p else math.inf
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Trainer:
    """A game's training sessions: its name and ``coach(rules, shoe, basic)``, the game's coach
    judging against the chart named ``basic`` and exact play on a fresh ``shoe`` (ValueError
    when ``basic`` names no chart)."""

    game: str
    coach: Callable[[Any, Shoe, str], Coach]

    def session(
        self,
        rules,
        shoe: Shoe,
        basic: str = "basic",
        seed: int | None = None,
        bet: float = 10.0,
        balance: float = 1000.0,
        side_bet: float = 0.0,
    ) -> TrainingSession:
        """A training session of the game under ``rules``, each round dealt from ``shoe`` (a
        fresh shoe) shuffled, judged against the chart ``basic`` and exact play: ``bet`` per
        round from ``balance`` (units), ``side_bet`` the Zero Pays stake (Zero only)."""
        decks = shoe.whole_decks("the trainer")
        coach = self.coach(rules, shoe, basic)
        return TrainingSession(self.game, rules, decks, coach, seed, bet, balance, side_bet)
