"""The figures whose last bits a CPU could move, as one JSON text: ``python machine_figures.py``
prints it; ``tests/test_reproducible.py`` compares the text made in the test's process with the
one a process standing in for another machine makes (numba's kernels compiled for a generic
x86-64, another OpenBLAS kernel, numpy's SIMD dispatch off).

Each figure went, or could go, through code that depends on the CPU: the kernels (every
edge), a float matrix product (betting correlations, playing efficiency, the best level-2
tags, a Monte Carlo mean), a convolution (blackjack's return table)."""

from __future__ import annotations


def figures() -> str:
    """The figures at full precision, as the command line's JSON prints them."""
    import cardedge.blackjack as blackjack
    import cardedge.zero as zero
    from cardedge.reports.core.render import render_many

    tables = [
        zero.edge(decks=6, rules="both"),
        zero.count(decks=1, rules="stated", best=True),
        zero.simulate(rules="published", decks=1, rounds=20_000, seed=7, threads=1),
        blackjack.edge(decks=2, peek=True, strategy=("optimal", "basic")),
        blackjack.returns(decks=2, peek=True),
        blackjack.count(decks=1, peek=True),
    ]
    every = [one for t in tables for one in (t if isinstance(t, list) else [t])]
    return render_many(every, "json")


if __name__ == "__main__":
    print(figures())
