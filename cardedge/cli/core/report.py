"""The ``report`` commands' shared options (``cli/<game>/report.py``)."""

from __future__ import annotations

import click

from cardedge.cli.core.common import declared


def report_options(f):
    """``--out DIR`` (required), ``--rounds``, ``--seed``, ``--study-folder``,
    ``--pdf/--no-pdf``."""
    from cardedge.api.core import REPORT_ROUNDS, REPORT_SEED

    options = [
        click.option(
            "--out",
            required=True,
            metavar="DIR",
            help="Folder to write report.html, report.pdf and report.json into: new, empty, "
            "or an earlier report's (nothing else in it is touched: a folder holding other "
            "files is refused).",
        ),
        click.option(
            "--rounds",
            type=declared("rounds"),
            default=REPORT_ROUNDS,
            show_default=True,
            help="Rounds of the Monte Carlo witness.",
        ),
        click.option(
            "--seed",
            type=declared("seed"),
            default=REPORT_SEED,
            show_default=True,
            help="Seed of the witness (fixed: the same command gives the same document).",
        ),
        click.option(
            "--study-folder",
            default=None,
            metavar="DIR",
            help="A finished shoe study of these rules (cardedge GAME study --out DIR; "
            "results/study holds the published ones): its house edge by true count joins the "
            "counting section.",
        ),
        click.option(
            "--pdf/--no-pdf",
            default=True,
            show_default=True,
            help="Print report.pdf from the HTML with headless Chromium.",
        ),
    ]
    for option in reversed(options):
        f = option(f)
    return f
