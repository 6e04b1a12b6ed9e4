"""Entry point: ``cardedge zero ...``, ``cardedge blackjack ...``, ``cardedge tables``."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
import threading

import click

from cardedge import __version__
from cardedge.api.declaration import TOP
from cardedge.cli.core.declared import declared_options
from cardedge.cli.core.lazy import LazyGroup, RegisteredGroups
from cardedge.games import NAMES

GAMES = RegisteredGroups(NAMES)
"""One command group per registered game (``cardedge.games``), in the game's CLI room
(``cardedge.cli.<game>``) and loaded when first used."""


class OutputLost(Exception):
    """Standard output could not be written (raised past click, which would exit 1 silently
    on a broken pipe)."""


class Interrupted(BaseException):
    """Ctrl-C during a command (raised past click, which would print a blank line and turn
    it into ``Abort``)."""


class CardedgeGroup(LazyGroup):
    """The top group: a command's failed write to standard output, or a Ctrl-C, reaches
    ``main`` as itself; a value the API refuses (``cardedge.api.core.BadValue``) is the
    option's usage error, as if click had refused it."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except ValueError as e:
            option = getattr(e, "option", None)
            if not callable(option):
                raise
            raise click.BadParameter(e.message, param_hint=option()) from None
        except KeyboardInterrupt:
            raise Interrupted from None
        except OSError as e:
            line = _output_error(e)
            if line is None:
                raise
            raise OutputLost(line) from e


@click.group(
    cls=CardedgeGroup, lazy=GAMES, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, prog_name="cardedge")
def cli() -> None:
    """Exact combinatorial analysis of Zero and European blackjack."""


@cli.command()
@declared_options(TOP["tables"])
def tables(out: str) -> None:
    """Write every published table to OUT (Markdown and CSV)."""
    from cardedge.api.core import tables as write_tables
    from cardedge.cli.core.common import bar, say

    write_tables(out, progress=bar(), log=say)


@cli.command()
@click.argument("path")
@declared_options(TOP["verify"])
def verify(path: str, fmt: str) -> None:
    """Make again every figure PATH gives (a report, its folder, or a results folder) and
    print each that differs from it; exit 1 when one does."""
    from cardedge.api.core import verify as check
    from cardedge.cli.core.common import emit

    table = check(path)
    emit(table, fmt)
    if table.facts["differences"]:
        click.get_current_context().exit(1)


@cli.command()
@declared_options(TOP["studies"])
def studies(out: str) -> None:
    """Run every published shoe study into OUT/<name> (resuming what is there), long."""
    from pathlib import Path

    from cardedge.reports.study_results import ALL_STUDIES

    if not out.strip():
        raise click.BadParameter("needs a folder name", param_hint="--out")
    for name, args in ALL_STUDIES.items():
        folder = Path(out) / name
        click.echo(f"study {name}: cardedge {' '.join(args)} --out {folder} --resume", err=True)
        code = main([*args, "--out", str(folder), "--resume", "--format", "markdown"], quiet=True)
        if code in (INTERRUPTED, TERMINATED):  # the study said 'aborted' or 'terminated'
            raise click.exceptions.Exit(code)
        if code:
            raise click.ClickException(f"study {name} failed (exit {code})")


LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""Hosts only this machine reaches: ``serve`` warns about any other."""


@cli.command()
@declared_options(TOP["serve"])
def serve(host: str, port: int) -> None:
    """The exact calculator in the browser: a page per game and a JSON API (/api)."""
    from cardedge.extras import require

    require("web")
    from cardedge.web.app import create_app
    from cardedge.web.server import listen, listening_url
    from cardedge.web.server import serve as run_server

    try:
        sock = listen(host, port)
    except ValueError as e:
        option, _, message = str(e).partition(": ")
        raise click.BadParameter(message, param_hint=f"'{option}'") from None
    if host not in LOOPBACK:
        click.echo(
            f"cardedge: warning: serving on {host}: anyone who reaches it can use it "
            "(there is no authentication)",
            err=True,
        )
    click.echo(f"cardedge: serving on {listening_url(sock)} (Ctrl-C stops)", err=True)
    run_server(create_app(), sock)


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


class ClosedOutput(io.TextIOBase):
    """Standard output when the process has none (``>&-``): writing fails, where click.echo
    would drop the output and the command exit 0."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _output_error(e: OSError) -> str | None:
    """The one line for a failed write to standard output (closed, or the reader gone), else
    None (some other file)."""
    if isinstance(e, BrokenPipeError):
        return "cannot write the output: standard output is a broken pipe (its reader stopped)"
    if e.errno == errno.EBADF and e.strerror == "standard output is closed":
        return "cannot write the output: standard output is closed"
    return None


def _drop_standard_output() -> None:
    """Point standard output at /dev/null, so that no later flush (at exit) fails again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def _buffer_standard_output() -> None:
    """Under PYTHONUNBUFFERED (``python -u``) standard output is a text layer on the raw file,
    which drops the rest of a write the pipe takes only in part (a reader that stops, as
    ``| head``): write through a buffer instead, which retries and reports the broken pipe."""
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper) and isinstance(out.buffer, io.RawIOBase):
        raw = io.FileIO(out.fileno(), "w", closefd=False)
        sys.stdout = io.TextIOWrapper(
            io.BufferedWriter(raw), encoding=out.encoding, errors=out.errors, write_through=True
        )


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as the shell reports a process it killed)."""
TERMINATED = 143
"""The exit status after SIGTERM (128 + SIGTERM), which ends a run as Ctrl-C does: a local
cluster closed (no worker process or semaphore left behind), one line, no traceback."""


STUCK_SECONDS = 10.0
"""How long after Ctrl-C the process may go on before it is ended (an interrupt swallowed)."""


class _Interrupts:
    """Ctrl-C as this process sees it. The handler raises ``KeyboardInterrupt`` as Python's
    does, and remembers it: where Python cannot raise it (a ctypes callback inside numba's
    compiler prints it as 'Exception ignored' and goes on, then fails otherwise), the failure
    that follows still ends as one ``cardedge: aborted`` line, and a process that goes on as
    if nothing happened is ended after ``STUCK_SECONDS``."""

    seen = False
    reported = False
    depth = 0
    status = INTERRUPTED
    """The exit status of the signal seen: Ctrl-C's, or SIGTERM's."""
    in_compiler = False
    """The signal came while numba compiled (its frames, or llvmlite's, on the stack)."""

    @classmethod
    def handler(cls, signum, frame):
        if not cls.seen:
            cls.seen = True
            cls.status = TERMINATED if signum == signal.SIGTERM else INTERRUPTED
            threading.Thread(target=cls._end_if_stuck, daemon=True).start()
        cls.in_compiler = cls.in_compiler or _in_compiler(frame)
        raise KeyboardInterrupt

    @classmethod
    def _end_if_stuck(cls) -> None:
        threading.Event().wait(STUCK_SECONDS)
        if not cls.reported:
            aborted()
            sys.stderr.flush()
            os._exit(cls.status)

    @classmethod
    def unraisable(cls, report) -> None:
        if not (cls.seen and isinstance(report.exc_value, KeyboardInterrupt)):
            sys.__unraisablehook__(report)

    @classmethod
    @contextlib.contextmanager
    def watched(cls):
        """Within: Ctrl-C handled as above (in the main thread; nested commands share it)."""
        if cls.depth or threading.current_thread() is not threading.main_thread():
            cls.depth += 1
            try:
                yield
            finally:
                cls.depth -= 1
            return
        cls.seen = cls.reported = cls.in_compiler = False
        cls.status = INTERRUPTED
        previous = signal.signal(signal.SIGINT, cls.handler)
        previous_term = signal.signal(signal.SIGTERM, cls.handler)
        hook, sys.unraisablehook = sys.unraisablehook, cls.unraisable
        cls.depth = 1
        try:
            yield
        finally:
            cls.depth = 0
            sys.unraisablehook = hook
            signal.signal(signal.SIGINT, previous)
            signal.signal(signal.SIGTERM, previous_term)


def _in_compiler(frame) -> bool:
    """Whether ``frame`` or a caller of it runs numba's or llvmlite's code."""
    while frame is not None:
        if frame.f_globals.get("__name__", "").startswith(("numba.", "llvmlite.")):
            return True
        frame = frame.f_back
    return False


def aborted() -> int:
    """After Ctrl-C: one line, ``cardedge: aborted``, and exit status 130. A second Ctrl-C
    while the program winds down (a cluster closing) is ignored: no traceback."""
    if _Interrupts.reported:
        return _Interrupts.status
    _Interrupts.reported = True
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    lead = "\n" if sys.stderr is not None and sys.stderr.isatty() else ""  # after the ^C echo
    how = "terminated" if _Interrupts.status == TERMINATED else "aborted"
    click.echo(f"{lead}cardedge: {how}", err=True)
    return _Interrupts.status


def main(argv: list[str] | None = None, quiet: bool = False) -> int:
    """Run the CLI; bad input gives one line on stderr and exit status 2, never a traceback.
    ``quiet``: the command's standard output is dropped (a command run by another). Output
    that cannot be written (standard output closed, or a pipe whose reader has gone) is an
    error too (exit 2), never a silent exit 0. Ctrl-C: one line, exit 130 (``aborted``)."""
    with _Interrupts.watched():
        try:
            return _main(argv, quiet)
        except Exception:
            if not _Interrupts.seen:
                raise
            return aborted()  # what failed after an interrupt that could not be raised


def _main(argv: list[str] | None, quiet: bool) -> int:
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    _buffer_standard_output()
    try:
        announce_compilation()
        output = contextlib.redirect_stdout(io.StringIO()) if quiet else contextlib.nullcontext()
        with output:
            rv = cli.main(args=argv, prog_name="cardedge", standalone_mode=False)
        if not quiet:
            sys.stdout.flush()
    except OutputLost as e:
        _drop_standard_output()
        click.echo(f"cardedge: error: {e}", err=True)
        return 2
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help())
        return 0
    except click.UsageError as e:
        click.echo(f"cardedge: error: {e.format_message()}", err=True)
        return 2
    except click.ClickException as e:
        click.echo(f"cardedge: error: {e.format_message()}", err=True)
        return e.exit_code or 1
    except (Interrupted, KeyboardInterrupt, click.exceptions.Abort):
        return aborted()
    except OSError as e:
        line = _output_error(e)
        if line is not None:
            _drop_standard_output()
        click.echo(f"cardedge: error: {line or e}", err=True)
        return 2
    except ValueError as e:
        click.echo(f"cardedge: error: {e}", err=True)
        return 2
    return rv if isinstance(rv, int) else 0


def run() -> None:
    """The ``cardedge`` command: ``main()``'s status as the process's. After an interrupt that
    landed inside numba's compiler the process ends without the interpreter's finalization:
    the half-built LLVM objects it would free can crash it (exit -11 after 'cardedge:
    aborted', seen once in CI); the command has already cleaned up what it made."""
    code = main()
    if _Interrupts.seen and _Interrupts.in_compiler:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
