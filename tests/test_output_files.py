"""Files: every output written atomically, paths that cannot be written refused up front."""

import os

import pytest

from cardedge.cli import main
from cardedge.core import files


def test_a_failed_write_leaves_neither_the_file_nor_a_temporary(tmp_path):
    target = tmp_path / "out.csv"

    def half_then_fail(tmp):
        tmp.write_text("half a table")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        files.write_with(target, half_then_fail)
    assert os.listdir(tmp_path) == []


def test_a_failed_write_keeps_the_previous_file(tmp_path):
    target = tmp_path / "out.csv"
    files.write_text(target, "old\n")

    def interrupted(tmp):
        tmp.write_text("new")
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        files.write_with(target, interrupted)
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.csv"]


@pytest.mark.parametrize(
    "make, suffix, needle",
    [
        (lambda d: d, None, "is a folder"),
        (lambda d: d / "missing" / "x.png", ".png", "does not exist"),
        (lambda d: d / "x.svg", ".png", "must end in .png"),
        (lambda d: "", None, "needs a name"),
    ],
)
def test_paths_that_cannot_be_files_are_refused(tmp_path, make, suffix, needle):
    with pytest.raises(ValueError, match=needle):
        files.output_file(make(tmp_path), suffix)


def test_an_output_folder_that_is_a_file_or_unnamed_is_refused(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(ValueError, match="is a file"):
        files.output_folder(tmp_path / "f")
    with pytest.raises(ValueError, match="needs a name"):
        files.output_folder("")


@pytest.mark.parametrize(
    "args, needle",
    [
        (["zero", "chart", "--png", "{d}"], "is a folder"),
        (["zero", "chart", "--png", "{d}/x.svg"], "must end in .png"),
        (["zero", "compare", "--decks", "6", "--png", "{d}/no/x.png"], "does not exist"),
        (["blackjack", "chart", "--png", "{d}"], "is a folder"),
        (["tables", "--out", ""], "needs a name"),
    ],
)
def test_the_cli_refuses_unwritable_paths_before_any_work(tmp_path, capsys, args, needle):
    code = main([a.format(d=tmp_path) for a in args])
    err = capsys.readouterr().err
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == []


def test_several_charts_with_one_png_get_one_file_each(tmp_path, capsys):
    png = tmp_path / "chart.png"
    assert main(["zero", "chart", "--decks", "6,8", "--png", str(png), "--format", "csv"]) == 0
    err = capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["chart_6d.png", "chart_8d.png"]
    for name in ("chart_6d.png", "chart_8d.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"wrote {tmp_path / name}" in err


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_files_get_the_mode_of_the_users_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        text = files.write_text(tmp_path / "table.csv", "a,b\n")
        png = tmp_path / "chart.png"
        assert main(["zero", "chart", "--png", str(png), "--format", "csv"]) == 0
    finally:
        os.umask(old)
    for path in (text, png):
        assert os.stat(path).st_mode & 0o777 == mode, oct(os.stat(path).st_mode)
