"""Bad input on the command line: exit 2 and one line on stderr, never a traceback or a hang."""

import pytest

from cardedge.cli import main


def refused(capsys, args, *needles):
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("cardedge: error:")
    for needle in needles:
        assert needle in err
    return err


@pytest.mark.parametrize(
    "args, needle",
    [
        (["zero", "play", "--bet", "nan"], "'nan' is not a finite number"),
        (["zero", "play", "--balance", "inf"], "'inf' is not a finite number"),
        (["zero", "play", "--side-bet", "-inf"], "--side-bet"),
        (["blackjack", "play", "--bet", "inf"], "'inf' is not a finite number"),
        (["blackjack", "play", "--balance", "-nan"], "finite"),
        (["zero", "pays", "--side-bet-size", "nan"], "'nan' is not a finite number"),
    ],
)
def test_numbers_must_be_finite(capsys, args, needle):
    refused(capsys, args, needle)


@pytest.mark.parametrize(
    "args",
    [
        ["zero", "edge", "--decks", "1..1000000000"],
        ["blackjack", "edge", "--decks", "1..100000"],
        ["zero", "chart", "--decks", "0"],
        ["zero", "pays", "--decks", "9"],
    ],
)
def test_deck_counts_are_checked_before_a_range_is_expanded(capsys, args):
    refused(capsys, args, "decks must be a whole number in 1..8")


@pytest.mark.parametrize(
    "args, needle",
    [
        (["zero", "play", "--bet", "1e308"], "'1e308' is not in the range 0<x<=1000000000"),
        (["blackjack", "play", "--bet", "1e10"], "'1e10' is not in the range 0<x<=1000000000"),
        (["zero", "play", "--balance", "-1e308"], "-1000000000<=x<=1000000000"),
        (["zero", "play", "--side-bet", "1e308"], "'1e308' is not in the range 0<=x<=1000000000"),
        (
            ["zero", "pays", "--side-bet-size", "1e308"],
            "'1e308' is not a finite number in the range 0<=x<=1000",
        ),
    ],
)
def test_stakes_are_bounded(capsys, args, needle):
    refused(capsys, args, f"Invalid value for '{args[2]}': ", needle)


def test_rounds_are_bounded(capsys):
    refused(capsys, ["zero", "simulate", "--rounds", str(10**20)], "--rounds", "1000000000000")


@pytest.mark.parametrize(
    "args, needle",
    [
        (["zero", "edge", "--strategy", "basic", "--strategy", "published"], "--strategy is given"),
        (["zero", "edge", "--digits", "3", "--digits=5"], "--digits is given twice"),
        (["blackjack", "chart", "--colour", "--no-color"], "--no-color repeats --colour"),
        (["zero", "simulate", "--seed", "1", "--seed", "2"], "--seed is given twice"),
    ],
)
def test_a_single_valued_option_given_twice_is_refused(capsys, args, needle):
    refused(capsys, args, needle)


def test_repeatable_options_stay_repeatable(capsys):
    code = main(["zero", "pays", "--decks", "6", "--decks", "8", "--format", "csv"])
    assert code == 0
    assert "6" in capsys.readouterr().out


def test_color_and_colour_are_the_same_option_in_both_games(capsys):
    for game in ("zero", "blackjack"):
        for flag in ("--color", "--colour"):
            assert main([game, "chart", flag]) == 0
            assert "\x1b[" in capsys.readouterr().out


def test_play_with_standard_input_closed_is_refused(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", None)
    refused(capsys, ["zero", "play", "--seed", "1"], "standard input")


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_every_option_has_help_text(game):
    import click

    from cardedge.cli import cli

    ctx = click.Context(cli)
    group = cli.get_command(ctx, game)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                assert param.help, f"{game} {name} {param.opts[0]} has no help text"


# ---- several tables: one document ---------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["zero", "chart", "--decks", "6,8"],
        ["zero", "pays", "--decks", "6", "--eor"],
        ["zero", "simulate", "--rounds", "2000", "--seed", "1"],
        ["blackjack", "returns", "--strategy", "optimal", "--strategy", "easy"],
        ["blackjack", "dealer", "--decks", "6,8"],
    ],
)
def test_several_tables_make_one_json_document_and_one_csv(capsys, args):
    import csv
    import io
    import json

    assert main([*args, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert main([*args, "--format", "csv"]) == 0
    lines = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert len({len(line) for line in lines}) == 1, "every CSV line has the same fields"
    if "tables" in doc:
        rows = sum(len(t["rows"]) for t in doc["tables"])
        assert len(doc["tables"]) >= 2 and all(t["title"] and t["rows"] for t in doc["tables"])
        assert rows == len(lines) - 1, "the CSV holds every row the JSON holds"


# ---- one --decks parser ---------------------------------------------------------------------
DEALING_ONE_SHOE = [
    ["zero", "play"],
    ["zero", "simulate"],
    ["zero", "study", "--out", "never-made"],
    ["blackjack", "play"],
    ["blackjack", "simulate"],
]


@pytest.mark.parametrize(
    "command", [*DEALING_ONE_SHOE, ["zero", "edge"], ["zero", "pays"], ["blackjack", "edge"]]
)
@pytest.mark.parametrize(
    "value, needle",
    [
        ("1..x", "'1..x' is not a deck count, a range like 1..8 or a list like 6,8"),
        ("1..1000000000", "'1..1000000000': decks must be a whole number in 1..8, got 1000000000"),
        ("0", "'0': decks must be a whole number in 1..8, got 0"),
    ],
)
def test_every_command_parses_decks_alike(capsys, command, value, needle):
    err = refused(capsys, [*command, "--decks", value], needle)
    assert err.startswith("cardedge: error: Invalid value for '--decks': ")


@pytest.mark.parametrize("command", DEALING_ONE_SHOE)
def test_a_command_dealing_one_shoe_takes_one_deck_count(capsys, command):
    err = refused(capsys, [*command, "--decks", "6,8"], f"{command[1]} takes one deck count")
    assert (
        err == f"cardedge: error: Invalid value for '--decks': {command[1]} takes one deck count\n"
    )


# ---- standard output that cannot be written -----------------------------------------------------
def _cardedge(*args: str) -> list[str]:
    import sys

    return [sys.executable, "-m", "cardedge", *args]


def test_closed_standard_output_is_an_error_not_a_silent_exit_0():
    import subprocess

    done = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", *_cardedge("zero", "edge")],
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == "cardedge: error: cannot write the output: standard output is closed\n"


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_reader_that_stops_is_an_error_without_a_traceback(unbuffered):
    """``cardedge ... | head -1``: the reader is gone before (or while) the output is written."""
    import os
    import subprocess

    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    from processes import running

    with running(
        _cardedge("zero", "hands", "--decks", "1..8", "--format", "csv"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    ) as proc:
        proc.stdout.read(100)  # the first line, as head -1 reads it
        proc.stdout.close()
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    assert code == 2, err
    assert err == (
        "cardedge: error: cannot write the output: standard output is a broken pipe "
        "(its reader stopped)\n"
    )


# ---- chart files: one reader, one CSV dialect ---------------------------------------------------
def _written_chart(capsys, tmp_path, game: str, name: str, dialect) -> str:
    assert main([game, "chart", "--format", "csv"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / name
    path.write_bytes(dialect(text).encode("utf-8"))
    return str(path)


DIALECTS = {
    "spaces after commas": lambda t: t.replace(",", ", "),
    "BOM and CRLF": lambda t: "\ufeff" + t.replace("\n", "\r\n"),
    "comment and blank lines": lambda t: "# my chart\n\n" + t,
}


@pytest.mark.parametrize("game", ["zero", "blackjack"])
@pytest.mark.parametrize("dialect", list(DIALECTS))
@pytest.mark.parametrize("name", ["chart.csv", "chart.txt", "chart"])
def test_both_games_read_one_csv_dialect_whatever_the_extension(
    capsys, tmp_path, game, dialect, name
):
    path = _written_chart(capsys, tmp_path, game, name, DIALECTS[dialect])
    assert main([game, "edge", "--strategy", path, "--format", "json"]) == 0, capsys.readouterr()
    (row, *_) = __import__("json").loads(capsys.readouterr().out)
    assert row["strategy"] == name


@pytest.mark.parametrize("game", ["zero", "blackjack"])
@pytest.mark.parametrize(
    "content, needle",
    [
        ("5", "not a readable chart (JSON charts are a list of rows"),
        ('{"hand": "hard 4"}', "not a readable chart (JSON charts are a list of rows"),
        ("[1, 2]", "not a readable chart (JSON charts are a list of rows"),
        ("[{", "not a readable chart (not valid JSON"),
    ],
)
def test_a_json_chart_that_is_no_list_of_rows_is_one_line(capsys, tmp_path, game, content, needle):
    path = tmp_path / "chart.json"
    path.write_text(content)
    err = refused(capsys, [game, "edge", "--strategy", str(path)], needle)
    assert "DataFrame" not in err


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_an_empty_strategy_or_a_folder_is_said_plainly(capsys, tmp_path, game):
    refused(capsys, [game, "edge", "--strategy", ""], "'' is not a strategy's name or a chart file")
    refused(capsys, [game, "edge", "--strategy", str(tmp_path)], "is a folder, not a file")


def test_a_csv_row_of_the_wrong_length_is_named(capsys, tmp_path):
    path = tmp_path / "chart.csv"
    path.write_text("hand,2,3\nhard 4,H\n")
    refused(capsys, ["blackjack", "edge", "--strategy", str(path)], "line 2 has 2 fields")


# ---- internal messages never reach the user -----------------------------------------------------
ONE_TAG_RANK = {
    "zero": {
        "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=0,J=0,Q=0,K=100": "(T: the ten-valued cards)",
        "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=30,J=30,Q=30,K=30": "(T: the ten-valued cards)",
        "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=100,9=0,T=0,J=0,Q=0,K=0": "(8)",
    },
    "blackjack": {"A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,T=100": "(T: the ten-valued cards)"},
}


@pytest.mark.parametrize("game, spec", [(g, s) for g, specs in ONE_TAG_RANK.items() for s in specs])
def test_count_on_a_shoe_of_one_tag_rank_is_one_line_without_warnings(capsys, game, spec):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a numpy or pandas warning fails the test
        err = refused(capsys, [game, "count", "--shoe", spec], ONE_TAG_RANK[game][spec])
    assert err.startswith("cardedge: error: the shoe holds one tag rank only ")
    assert "no betting correlation" in err


# ---- an empty table keeps its header and says why ---------------------------------------------
NO_ACES = "A=0,2=24,3=24,4=24,5=24,6=24,7=24,8=24,9=24,T=96"
NO_ACE_UP = ["blackjack", "hands", "--up", "A", "--shoe", NO_ACES]
WHY = "no rows: no hand can be dealt against an up card A from this shoe."


def test_an_empty_table_prints_its_csv_header_and_says_why(capsys):
    assert main([*NO_ACE_UP, "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    assert out == "decks,rules,strategy,shoe,hand,up,stand,hit,double,split,best,probability\n"
    assert err == f"cardedge: note: {WHY}\n"


def test_an_empty_table_in_json_is_an_empty_list_and_says_why(capsys):
    import json

    assert main([*NO_ACE_UP, "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == []
    assert err == f"cardedge: note: {WHY}\n"


@pytest.mark.parametrize("fmt, lead", [("table", ""), ("markdown", "- ")])
def test_an_empty_table_for_a_person_shows_its_header_and_the_note(capsys, fmt, lead):
    assert main([*NO_ACE_UP, "--format", fmt]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "hand" in out and "probability" in out
    assert f"\n{lead}No rows: no hand can be dealt against an up card A from this shoe.\n" in out


def test_an_empty_table_beside_others_is_named_in_the_json_document(capsys):
    import json

    from cardedge.cli.core.common import render_many
    from cardedge.reports.core.render import Table

    empty = Table("nothing", __import__("pandas").DataFrame(columns=["a"]), ["n"], empty="why")
    full = Table("something", __import__("pandas").DataFrame({"a": [1]}))
    doc = json.loads(render_many([empty, full], "json"))
    assert doc["tables"][0]["notes"] == ["No rows: why.", "n"]
    assert render_many([empty, full], "csv") == "table,a\nsomething,1\n"
    assert render_many([empty], "csv") == "a\n"


# ---- Ctrl-C: one line, exit 130 -----------------------------------------------------------------
def _interrupted(
    args: list[str], after: float, env: dict | None = None, terminate: bool = False
) -> tuple[int, str]:
    """Run cardedge in its own process group, send the group SIGINT (as a terminal's Ctrl-C
    does) ``after`` seconds, or with ``terminate`` SIGTERM to the process alone (as a service
    manager or ``timeout`` does), and return the exit status and standard error."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from processes import running

    script = Path(sys.executable).parent / "cardedge"  # the command as installed
    with running(
        [str(script), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
        text=True,
    ) as proc:
        time.sleep(after)
        if terminate:
            os.kill(proc.pid, signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)
        err = proc.stderr.read()
        return proc.wait(timeout=120), err


def test_ctrl_c_while_the_kernels_compile_is_one_line_and_exit_130(tmp_path):
    code, err = _interrupted(
        ["tables", "--out", str(tmp_path / "results")],
        after=3,
        env={"NUMBA_CACHE_DIR": str(tmp_path / "cold-cache")},
    )
    assert code == 130, err
    assert err.endswith("cardedge: aborted\n") and err.count("cardedge: aborted") == 1
    assert err.strip().splitlines() == ["cardedge: aborted"]
    assert "Traceback" not in err


def test_ctrl_c_during_a_study_on_a_local_cluster_is_one_line_and_exit_130(tmp_path):
    args = ["zero", "study", "--decks", "1", "--shoes", "40", "--batch-shoes", "2"]
    code, err = _interrupted([*args, "--workers", "1", "--out", str(tmp_path / "s")], after=8)
    assert code == 130, err
    assert err.strip().splitlines() == ["cardedge: aborted"]
    assert "Traceback" not in err


def test_sigterm_during_a_study_on_a_local_cluster_is_one_line_and_exit_143(tmp_path):
    """SIGTERM ends a run as Ctrl-C does (once: the cluster's processes left behind, and the
    leaked-semaphore warnings of their resource tracker)."""
    args = ["zero", "study", "--decks", "1", "--shoes", "40", "--batch-shoes", "2"]
    out = tmp_path / "s"
    code, err = _interrupted([*args, "--workers", "1", "--out", str(out)], after=8, terminate=True)
    assert code == 143, err
    assert err.strip().splitlines() == ["cardedge: terminated"]
    assert "Traceback" not in err and "leaked" not in err


INTERRUPTED_IN = """
import atexit, sys, types
import cardedge.cli as cli

atexit.register(lambda: sys.stderr.write("finalized\\n"))
work = types.ModuleType(sys.argv[1])  # code of that module, as the signal handler sees it
exec("import os, signal, time\\ndef step():\\n    os.kill(os.getpid(), signal.SIGINT)\\n"
     "    time.sleep(5)\\n", work.__dict__)


def main():
    with cli._Interrupts.watched():
        try:
            work.step()
        except KeyboardInterrupt:
            return cli.aborted()
    return 0


cli.main = main
cli.run()
"""


@pytest.mark.parametrize(("module", "finalized"), [("numba.core.fake", False), ("mine", True)])
def test_an_interrupt_inside_numbas_compiler_skips_the_finalization(module, finalized):
    """``cardedge`` (``cli.run``) ends without the interpreter's finalization after a Ctrl-C
    that landed in numba's (or llvmlite's) code: freeing a half-built compilation can crash
    it (CI once saw exit -11 after 'cardedge: aborted'). Elsewhere it finalizes as usual."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_IN, module], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 130
    lines = done.stderr.splitlines()
    assert lines == (["cardedge: aborted", "finalized"] if finalized else ["cardedge: aborted"])


SWALLOWED = """
import os, signal, sys, time
import cardedge.cli as cli

cli.STUCK_SECONDS = 1.0
with cli._Interrupts.watched():
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    except KeyboardInterrupt:
        pass  # swallowed, as a ctypes callback in numba's compiler does
    time.sleep(600)  # and the program goes on as if nothing happened
sys.exit(0)
"""


def test_a_swallowed_ctrl_c_still_ends_the_process_with_one_line():
    import subprocess
    import sys

    # the process ends long before its 600 s sleep would (1 s after the swallowed Ctrl-C, on
    # an idle machine): a bound no loaded machine reaches, and no stopwatch
    done = subprocess.run(
        [sys.executable, "-c", SWALLOWED], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip().splitlines() == ["cardedge: aborted"]
