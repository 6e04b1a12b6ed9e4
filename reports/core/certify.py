"""The figures a test lab's certification sheet asks of a game, from its exact return table:
return to player, hit frequency, volatility index and confidence bands, the largest win.

Every figure is a function of the distribution of one round's net result (the return table:
each net result per initial wager with its probability), and is defined here once:

- ``rtp_percent``: the return to player, 100 + 100 E[net] = 100 - the house edge (percent of
  the initial wager);
- ``hit_frequency``: P(net > 0), P(net = 0), P(net < 0) of a round (won, pushed, lost);
- ``volatility_index``: z SD, the SD of a round's net result per initial wager times the
  two-sided normal quantile ``Z`` of the confidence level ``CONFIDENCE`` (the convention of
  slot and table-game certification sheets: VI at 90% = 1.645 SD);
- ``confidence_bands``: the player's total result after N rounds of one initial wager each
  lies, at that confidence (the normal approximation of the sum of N rounds), within
  N E[net] +- z SD sqrt(N) initial wagers; the same band as percent of the N initial wagers;
- ``max_win``: the largest net result of positive probability, and its probability.

A game's document (``reports/<game>/document.py``) hands each strategy's return table to
``certification``; the section (``certification_section``) shows the figures and names them
in ``report.json`` under exactly these keys.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from cardedge.reports.core import document as doc
from cardedge.reports.core.render import Table

CONFIDENCE = 0.90
"""The confidence level of the volatility index and of the bands (two-sided)."""
Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
"""The standard normal quantile of ``CONFIDENCE``, two-sided: 1.6448536... for 90%."""
ROUNDS: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000)
"""The numbers of rounds the confidence bands are given after."""
CONVENTION = (
    f"Volatility index VI = z x SD at {CONFIDENCE:.0%} confidence, z = {Z:.6f} (the two-sided "
    f"normal quantile: VI at 90% = 1.645 SD, the convention of slot and table-game "
    "certification sheets); SD: the standard deviation of a round's net result per initial "
    "wager. Confidence bands: the player's total net result after N rounds of one initial "
    "wager each lies within N x EV +- z x SD x sqrt(N) initial wagers at that confidence (the "
    "normal approximation of a sum of N independent rounds), given in initial wagers and as "
    "percent of the N initial wagers (doubles and split hands not counted in that total). "
    "RTP = 100% - the house edge (percent of the initial wager). Hit frequency: the "
    "probabilities that a round is won (net result above 0), pushed (0) or lost (below 0), "
    "from the return table; they sum to 1. Max win: the largest net result of a round per "
    "initial wager with a nonzero probability, and that probability."
)
"""What the section's figures are, as the page states it."""


def outcomes(table: Table, net: str = "net") -> list[tuple[float, float]]:
    """The (net result, probability) rows of a return table (column ``net``), its total row
    (no net) left out."""
    return [
        (float(r[net]), float(r["probability"]))
        for r in table.rows()
        if r.get(net) is not None and not (isinstance(r[net], float) and math.isnan(r[net]))
    ]


def mean(pairs: Sequence[tuple[float, float]]) -> float:
    """E[net]: the player's expected net result per initial wager."""
    return math.fsum(x * p for x, p in pairs)


def sd(pairs: Sequence[tuple[float, float]]) -> float:
    """The standard deviation of the net result per initial wager."""
    m = mean(pairs)
    return math.sqrt(max(math.fsum(p * (x - m) ** 2 for x, p in pairs), 0.0))


def rtp_percent(pairs: Sequence[tuple[float, float]]) -> float:
    """Return to player, percent of the initial wager: 100 - the house edge."""
    return 100.0 + 100.0 * mean(pairs)


def hit_frequency(pairs: Sequence[tuple[float, float]]) -> dict[str, float]:
    """P(a round is won), P(pushed), P(lost): net result above, at, below 0."""
    return {
        "win": math.fsum(p for x, p in pairs if x > 0),
        "push": math.fsum(p for x, p in pairs if x == 0),
        "loss": math.fsum(p for x, p in pairs if x < 0),
    }


def volatility_index(sd_value: float) -> dict[str, float]:
    """VI = z SD at ``CONFIDENCE``: its value (initial wagers), the confidence and z."""
    return {"confidence": CONFIDENCE, "z": Z, "value": Z * sd_value}


def confidence_bands(ev: float, sd_value: float) -> list[dict[str, float]]:
    """After each of ``ROUNDS`` rounds: the expected total net result and the band N EV +-
    z SD sqrt(N), in initial wagers (``*_units``) and in percent of the N initial wagers
    (``*_percent``)."""
    out = []
    for n in ROUNDS:
        half = Z * sd_value * math.sqrt(n)
        centre = n * ev
        out.append(
            {
                "rounds": n,
                "expected_units": centre,
                "low_units": centre - half,
                "high_units": centre + half,
                "expected_percent": 100.0 * ev,
                "low_percent": 100.0 * (centre - half) / n,
                "high_percent": 100.0 * (centre + half) / n,
            }
        )
    return out


def max_win(pairs: Sequence[tuple[float, float]]) -> dict[str, float]:
    """The largest net result of positive probability (per initial wager) and its
    probability (the probabilities of equal nets added)."""
    net = max(x for x, p in pairs if p > 0)
    return {"net": net, "probability": math.fsum(p for x, p in pairs if x == net)}


def certification(pairs: Sequence[tuple[float, float]]) -> dict[str, object]:
    """Every certification figure of a return table's (net, probability) rows, under the keys
    ``report.json`` gives them (with ``sd``, the SD they are made from)."""
    ev, spread = mean(pairs), sd(pairs)
    return {
        "rtp_percent": rtp_percent(pairs),
        "hit_frequency": hit_frequency(pairs),
        "sd": spread,
        "volatility_index": volatility_index(spread),
        "confidence_bands": confidence_bands(ev, spread),
        "max_win": max_win(pairs),
    }


def figures_table(
    title: str, figures: dict[str, dict], notes: Sequence[str] = (), first: str = "strategy"
) -> Table:
    """One row per strategy (``figures``: strategy -> ``certification``; ``first``: what the
    rows are, the first column's name): RTP, hit frequency, SD, VI, max win and its
    probability."""
    rows = [
        {
            first: name,
            "rtp_percent": f["rtp_percent"],
            "p_win": f["hit_frequency"]["win"],
            "p_push": f["hit_frequency"]["push"],
            "p_loss": f["hit_frequency"]["loss"],
            "sd": f["sd"],
            "volatility_index": f["volatility_index"]["value"],
            "max_win": f["max_win"]["net"],
            "p_max_win": f["max_win"]["probability"],
        }
        for name, f in figures.items()
    ]
    return Table(title, rows, list(notes))


def bands_table(title: str, figures: dict[str, dict]) -> Table:
    """The confidence bands of each strategy after each of ``ROUNDS`` rounds."""
    rows = [
        {"strategy": name, **band} for name, f in figures.items() for band in f["confidence_bands"]
    ]
    return Table(title, rows)


def certification_section(
    shoes: Sequence[tuple[str, dict[str, dict]]],
    words: Sequence[str] = (),
    more: Sequence[doc.TableView] = (),
    facts: dict[str, object] | None = None,
) -> doc.Section:
    """The certification section: for each shoe (its title, and strategy -> its
    ``certification``) the figures and the bands; ``words``: what the strategies are (and
    any approximation); ``more``: tables that follow (a side bet's); ``facts``: more named
    figures. ``report.json`` names every figure by shoe and strategy under the section's
    facts."""
    views = []
    for title, figures in shoes:
        views.append(doc.TableView(figures_table(f"Certification figures, {title}", figures)))
        views.append(
            doc.TableView(
                bands_table(f"Confidence bands at {CONFIDENCE:.0%}, {title}", figures),
                caption="The player's total net result after N rounds (negative: a loss), "
                "in initial wagers and in percent of the N initial wagers.",
                wrap=True,
            )
        )
    named = {title: figures for title, figures in shoes}
    return doc.Section(
        "certification",
        "Certification figures",
        (*words, CONVENTION),
        (*views, *more),
        facts={**named, **(facts or {})},
    )
