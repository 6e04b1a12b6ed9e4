"""``results/study/``: the shoe studies the toolkit publishes, written by one command.

Each study is a ``cardedge <game> study`` command line (``STUDIES``); ``make study`` runs them
all with ``--resume`` into ``results/study/<name>/``, so a finished study is only re-tabulated.
They are kept out of ``make tables``: dealing and evaluating every round takes minutes.
"""

from __future__ import annotations

COMMAND = "make study  (cardedge studies --out results/study)"
SHOES = "200"
STUDIES: dict[str, list[str]] = {
    f"{game}_6d_{int(100 * pen)}": [
        game,
        "study",
        "--decks",
        "6",
        "--penetration",
        f"{pen}",
        "--shoes",
        SHOES,
        "--seed",
        "1",
        "--system",
        system,
        "--indices",
        "--spread",
        "1-8",
    ]
    for game, system in (("zero", "hiopt2"), ("blackjack", "hilo"))
    for pen in (0.75, 0.85)
}
"""Each published study's command line (after ``cardedge``), by folder name: 6 decks, 200
shoes, seed 1, 75% and 85% penetration, each game's best standard count (Zero Hi-Opt II,
blackjack Hi-Lo) with its index plays, the 1-8 ramp."""
