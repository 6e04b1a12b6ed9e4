"""The README's Python API block runs as written and its figures hold."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_the_readme_shows_the_python_api():
    assert python_blocks(), "the README has no Python block"


def test_every_python_block_of_the_readme_runs():
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), {})
