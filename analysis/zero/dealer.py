"""The Zero dealer: final-total distribution for a shoe and up card, and stand EVs from it."""

from __future__ import annotations

import numpy as np

from cardedge.analysis.core.kernels import inline

N_TOTALS = 10
"""Zero totals are 0..9 (sum of point values mod 10)."""


@inline
def dealer_distribution(shoe, up, dealer, out):
    """Fill ``out[t]`` with P(dealer's final total is t) given the up card.

    ``shoe`` holds counts by point value with the up card (and every player card) already
    removed; the dealer draws the hole card, then a third and a fourth card as ``dealer`` (a
    ``records.DealerRules``) says. ``shoe`` is restored before returning.
    """
    for t in range(N_TOTALS):
        out[t] = 0.0
    n = 0
    for v in range(N_TOTALS):
        n += shoe[v]
    for h in range(N_TOTALS):
        if shoe[h] == 0:
            continue
        ph = shoe[h] / n
        t2 = (up + h) % 10
        if not dealer.draws[0, t2]:
            out[t2] += ph
            continue
        shoe[h] -= 1
        for x in range(N_TOTALS):
            if shoe[x] == 0:
                continue
            px = ph * shoe[x] / (n - 1)
            t3 = (t2 + x) % 10
            if not dealer.draws[1, t3]:
                out[t3] += px
                continue
            shoe[x] -= 1
            for y in range(N_TOTALS):
                if shoe[y] > 0:
                    out[(t3 + y) % 10] += px * shoe[y] / (n - 2)
            shoe[x] += 1
        shoe[h] += 1


@inline
def stand_evs(dist, out):
    """Fill ``out[p]`` with the EV per unit wagered of standing on p: P(dealer > p) - P(< p)."""
    below = 0.0
    for p in range(N_TOTALS):
        above = 0.0
        for t in range(p + 1, N_TOTALS):
            above += dist[t]
        out[p] = above - below
        below += dist[p]


def dealer_table(shoe_values: np.ndarray, dealer=None) -> np.ndarray:
    """P(final total) for each up card value: rows up 0..9, columns total 0..9 (a fresh shoe).

    ``dealer``: a ``records.DealerRules`` (default: the stated rules' dealer, drawing on 5+).
    Rows for an up card value absent from the shoe are all zero.
    """
    if dealer is None:
        from cardedge.analysis.zero.rules import ZeroRules

        dealer = ZeroRules().kernel_record().dealer
    table = np.zeros((N_TOTALS, N_TOTALS))
    for up in range(N_TOTALS):
        if shoe_values[up] == 0:
            continue
        shoe = np.array(shoe_values, dtype=np.int64)
        shoe[up] -= 1
        dealer_distribution(shoe, up, dealer, table[up])
    return table
