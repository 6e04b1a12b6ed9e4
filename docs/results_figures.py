"""A mkdocs hook: the figures of ``results/`` (``make tables``) are served with the site, so
a page shows one as ``![...](results/zero_grid_6d.png)`` from the file the toolkit wrote, never
a copy that could go stale."""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
FIGURES = sorted(p.name for p in (ROOT / "results").glob("*.png"))
"""Every PNG ``make tables`` writes into ``results/`` (not its sub-folders)."""


def on_files(files, config):
    for name in FIGURES:
        files.append(
            File(
                f"results/{name}",
                src_dir=str(ROOT),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
        )
    return files
