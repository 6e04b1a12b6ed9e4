"""Files written atomically: a temporary file beside the target, renamed over it when complete.

Every layer writes its files here (the bottom room: it imports no layer).

A failed write (a bad format, a full disk, an interrupted run) leaves no partial file behind,
and a path that cannot be a file (a folder, a missing or unwritable folder, an empty name, the
wrong suffix) is refused with one line before anything is computed or written.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def named_file(name: str | Path, unnamed: str, label: str = "") -> Path:
    """``name`` as the path of a file: ValueError ``unnamed`` for an empty name, or saying it is
    a folder (``label`` names what the file is for, e.g. 'chart file ')."""
    text = str(name)
    if not text.strip():
        raise ValueError(unnamed)
    p = Path(text)
    if p.is_dir():
        raise ValueError(f"{label}{text!r} is a folder, not a file")
    return p


def output_file(path: str | Path, suffix: str | None = None) -> Path:
    """``path`` as a file to write, or ValueError naming why it cannot be one."""
    p = named_file(path, "an output file needs a name")
    text = str(path)
    if suffix is not None and p.suffix.lower() != suffix:
        raise ValueError(f"{text!r}: the file name must end in {suffix}")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"{text!r}: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{text!r}: folder {str(folder)!r} is not writable")
    return p


def output_folder(path: str | Path) -> Path:
    """``path`` as a folder to write into (created if missing), or ValueError naming why not."""
    text = str(path)
    if not text.strip():
        raise ValueError("an output folder needs a name")
    p = Path(text)
    if p.exists() and not p.is_dir():
        raise ValueError(f"{text!r} is a file, not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"{text!r}: cannot create the folder ({e.strerror})") from None
    if not os.access(p, os.W_OK):
        raise ValueError(f"{text!r}: folder is not writable")
    return p


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path to write; renamed to ``path`` on success, removed on any error."""
    target = output_file(path)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".part", dir=target.parent if str(target.parent) else "."
    )
    os.close(fd)
    try:
        yield Path(tmp)
        # mkstemp makes the file private (0600); the file gets the mode any new file of the
        # user's gets (0666 less the umask), as if it had been written in place
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(text)
    return Path(path)


def write_if_changed(path: str | Path, text: str) -> bool:
    """Write ``text`` to ``path`` (atomically) unless the file there already agrees with it
    (``cardedge.core.agree``: the same text, its numbers within the reproducibility contract's
    tolerance): a committed table remade on another machine is left as it is. True when
    written."""
    from cardedge.core.agree import file_difference

    if Path(path).is_file() and file_difference(path, text) is None:
        return False
    write_text(path, text)
    return True


def write_with(path: str | Path, writer: Callable[[Path], None]) -> Path:
    """``writer(tmp)`` writes the file's content to a temporary path, then it becomes ``path``."""
    with atomic_path(path) as tmp:
        writer(tmp)
    return Path(path)


@contextmanager
def undone_if_failed(path: str | Path, keep: Callable[[Path], bool] = lambda p: False):
    """Run a block that creates the folder ``path``: when the block fails or is interrupted,
    the folders it created (``path`` and any missing parents) are removed again, unless
    ``keep(path)`` says the work in it is worth keeping (a study's finished batches, to resume),
    so that a refused or interrupted run leaves the file system as it found it."""
    import shutil

    made = []
    p = Path(str(path)).absolute()
    while not p.exists() and p != p.parent:
        made.append(p)
        p = p.parent
    try:
        yield
    except BaseException:
        if made and made[0].is_dir() and not keep(made[0]):
            shutil.rmtree(made[0], ignore_errors=True)
            for parent in made[1:]:
                try:
                    parent.rmdir()  # only if empty
                except OSError:
                    break
        raise
