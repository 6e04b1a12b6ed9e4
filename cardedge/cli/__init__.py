"""Entry point: ``cardedge zero ...``, ``cardedge blackjack ...``, ``cardedge tables``."""

from __future__ import annotations

import contextlib
import io
import sys

import click

from cardedge import __version__
from cardedge.cli.core.lazy import LazyGroup

GAMES: dict[str, str] = {
    "zero": "cardedge.cli.zero:zero",
    "blackjack": "cardedge.cli.blackjack:blackjack",
}
"""One command group per game: adding a game adds its group here."""


@click.group(cls=LazyGroup, lazy=GAMES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardedge")
def cli() -> None:
    """Exact combinatorial analysis of Zero and European blackjack."""


@cli.command()
@click.option("--out", default="results", show_default=True, help="Folder to write (created).")
def tables(out: str) -> None:
    """Write every published table to OUT (Markdown and CSV)."""
    from cardedge.cli.core.common import progress
    from cardedge.reports.results import write_results

    for path in write_results(out, progress("Computing every game's tables")):
        click.echo(f"wrote {path}", err=True)


@cli.command()
@click.option(
    "--out", default="results/study", show_default=True, help="Folder to write (created)."
)
def studies(out: str) -> None:
    """Run every published shoe study into OUT/<name> (resuming what is there), long."""
    from pathlib import Path

    from cardedge.reports.study_results import STUDIES

    if not out.strip():
        raise click.BadParameter("needs a folder name", param_hint="--out")
    for name, args in STUDIES.items():
        folder = Path(out) / name
        click.echo(f"study {name}: cardedge {' '.join(args)} --out {folder} --resume", err=True)
        code = main([*args, "--out", str(folder), "--resume", "--format", "markdown"], quiet=True)
        if code:
            raise click.ClickException(f"study {name} failed (exit {code})")


def announce_compilation() -> None:
    """On a terminal, say so when numba must compile the kernels (the first run, once)."""
    if not sys.stderr.isatty():
        return
    import os
    from pathlib import Path

    import cardedge.analysis

    where = os.environ.get("NUMBA_CACHE_DIR") or cardedge.analysis.__path__[0]
    if not any(Path(where).rglob("*.nbi")):
        click.echo(
            "cardedge: compiling the numba kernels, once (later runs load them from the cache)",
            err=True,
        )


def main(argv: list[str] | None = None, quiet: bool = False) -> int:
    """Run the CLI; bad input gives one line on stderr and exit status 2, never a traceback.
    ``quiet``: the command's standard output is dropped (a command run by another)."""
    try:
        announce_compilation()
        output = contextlib.redirect_stdout(io.StringIO()) if quiet else contextlib.nullcontext()
        with output:
            rv = cli.main(args=argv, prog_name="cardedge", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help())
        return 0
    except click.UsageError as e:
        click.echo(f"cardedge: error: {e.format_message()}", err=True)
        return 2
    except click.ClickException as e:
        click.echo(f"cardedge: error: {e.format_message()}", err=True)
        return e.exit_code or 1
    except click.exceptions.Abort:
        click.echo("cardedge: aborted", err=True)
        return 1
    except (ValueError, OSError) as e:
        click.echo(f"cardedge: error: {e}", err=True)
        return 2
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":
    sys.exit(main())
