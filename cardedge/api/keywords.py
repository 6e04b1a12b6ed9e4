"""The rule keywords of every API function, written into its signature from the game's rules.

A game's API module (``cardedge/api/<game>.py``) declares ``RULES`` (its ``RuleSet``) and
``RULE_DEFAULTS`` (each rule keyword's default: the rules' own, or None for 'as the preset').
Every function taking rules marks a block in its parameter list::

    def edge(
        *,
        decks=DEFAULT_DECKS,
        # rule keywords (python -m cardedge.api.keywords)
        h17: bool = False,
        ...
        # end of rule keywords
        shoe=None,
    ):

and ``python -m cardedge.api.keywords`` rewrites each block from the declarations, so the
signature ``help()``, an editor, mypy and the documentation site show is the real one, with
every rule, while a rule is still declared once.

The function body hands the rule keywords on by name, in the one call that binds the call's
keywords into the object it computes on (``bind``); a second marked block, written by the same
command, lists them there::

    call = bind(
        decks=decks,
        # rule values (python -m cardedge.api.keywords)
        h17=h17,
        ...
        # end of rule values
    )

so a reader (and a tool) follows each rule from the keyword to the kernel, and a rule added to
the declarations reaches every function with no hand edit. ``tests/test_rule_declarations.py``
fails when a block is not what the declarations give (a rule added, renamed or its default
changed without running this).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

from cardedge.analysis.core.rules import RuleSet

BEGIN = "# rule keywords (python -m cardedge.api.keywords)"
END = "# end of rule keywords"
VALUES_BEGIN = "# rule values (python -m cardedge.api.keywords)"
VALUES_END = "# end of rule values"


def game_modules() -> list[ModuleType]:
    """The API modules that declare rules (``RULES``), in name order."""
    import cardedge.api as package

    modules = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"cardedge.api.{info.name}")
        if isinstance(getattr(module, "RULES", None), RuleSet):
            modules.append(module)
    return modules


def keyword_lines(rules: RuleSet, defaults: dict[str, object], indent: str) -> list[str]:
    """One parameter line per rule: ``name: annotation = default,``."""
    lines = []
    for rule in rules:
        default = defaults[rule.name]
        annotation = rule.kind.annotation
        if default is None and "None" not in annotation:
            annotation += " | None"
        # strings in double quotes, as ruff format writes them
        written = f'"{default}"' if isinstance(default, str) else repr(default)
        lines.append(f"{indent}{rule.name}: {annotation} = {written},")
    return lines


def value_lines(rules: RuleSet, indent: str) -> list[str]:
    """One keyword argument per rule, handing it on by name: ``name=name,``."""
    return [f"{indent}{rule.name}={rule.name}," for rule in rules]


def rewritten(text: str, rules: RuleSet, defaults: dict[str, object]) -> str:
    """``text`` with every marked block holding the rules' lines: the keyword lines of a
    signature (``BEGIN``..``END``), the arguments of a call (``VALUES_BEGIN``..``VALUES_END``)."""
    blocks = {
        BEGIN: (END, lambda indent: keyword_lines(rules, defaults, indent)),
        VALUES_BEGIN: (VALUES_END, lambda indent: value_lines(rules, indent)),
    }
    out: list[str] = []
    closing: str | None = None
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if closing is None and stripped in blocks:
            indent = line[: len(line) - len(line.lstrip())]
            closing, lines = blocks[stripped]
            out.append(line)
            out.extend(f"{x}\n" for x in lines(indent))
            continue
        if stripped == closing:
            closing = None
        if closing is None:
            out.append(line)
    if closing is not None:
        raise ValueError(f"a marked block is never closed ({closing!r} missing)")
    return "".join(out)


def stale_files() -> list[Path]:
    """The API modules whose blocks differ from what their declarations give."""
    return [Path(m.__file__ or "") for m in game_modules() if _current(m) != _generated(m)]


def _current(module: ModuleType) -> str:
    return Path(module.__file__ or "").read_text(encoding="utf-8")


def _generated(module: ModuleType) -> str:
    return rewritten(_current(module), module.RULES, module.RULE_DEFAULTS)


def main() -> int:
    """Rewrite every game's API module; print the files changed."""
    for module in game_modules():
        new = _generated(module)
        if new != _current(module):
            Path(module.__file__ or "").write_text(new, encoding="utf-8")
            print(f"rewrote {module.__file__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
