"""When two runs' figures agree: the reproducibility contract's tolerance (docs/exactness.md).

On one machine cardedge writes the same bytes every time. Across machines its figures are the
same bits wherever its dependencies do the same IEEE-754 arithmetic (any x86-64 CPU, with the
same versions of numpy, numba and the C math library); another version of one of them, or
another CPU family, may move a last bit, and the contract then promises agreement to
``RTOL``. These functions say whether a file written elsewhere agrees with the one written
here: the committed-results tests compare with them, and ``make tables`` leaves a committed
file alone when they say it agrees.

A text agrees with another when, cut into numbers and the text between them:

- the text between the numbers is the same, character for character;
- every integer (no decimal point, no exponent) is the same;
- a number printed with at least ``FULL_DIGITS`` significant digits (a float's full
  precision) is within ``RTOL`` of the other (relative, or ``ATOL`` absolute near zero);
- one printed with ``ROUNDED_DIGITS`` or more (the CSVs' 12; the other may show fewer, its
  trailing zeros dropped) may also differ by one unit in the finer last place, as two values
  within ``RTOL`` may when rounded to that many digits, or by ``ATOL`` (a figure that is 0 up
  to rounding, printed as 5.2e-15);
- one printed with fewer digits (a table's 4 decimals, a chart's labels) is the same text: a
  value moving by ``RTOL`` changes it only on a rounding boundary, about once in 10^9 figures.

A JSON document agrees when it has the same shape, the same strings (as texts, above), the
same integers and booleans, and every float within ``RTOL``, however many digits its shortest
form has (``1.0`` against ``1.0000000000000002``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path

RTOL = 1e-13
"""Relative tolerance of a figure across machines: about 450 times the largest difference
seen between two BLAS kernels' sums of the same products (2.2e-16 relative, issue 42)."""
ATOL = 1e-15
"""Absolute tolerance, for figures that are sums cancelling to (nearly) zero."""
FULL_DIGITS = 15
"""Significant digits from which a printed number is a float at full precision."""
ROUNDED_DIGITS = 12
"""Significant digits from which a printed number may differ by a unit in its last place."""

NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")


def numbers_agree(a: float, b: float) -> bool:
    """``a`` and ``b`` are the same figure within the contract's tolerance (NaN agrees with
    NaN, an infinity with itself)."""
    if a == b or (math.isnan(a) and math.isnan(b)):
        return True
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    return abs(a - b) <= RTOL * max(abs(a), abs(b)) + ATOL


def _digits(token: str) -> tuple[int, int | None]:
    """(significant digits, exponent of the last printed digit) of a number as printed; the
    exponent is None for an integer."""
    mantissa, _, exponent = token.lstrip("+-").lower().partition("e")
    whole, point, fraction = mantissa.partition(".")
    significant = len((whole + fraction).lstrip("0")) or 1
    if not point and not exponent:
        return significant, None
    return significant, int(exponent or 0) - len(fraction)


def tokens_agree(a: str, b: str) -> bool:
    """Two printed numbers agree (the module's rules for a text)."""
    if a == b:
        return True
    (digits_a, last_a), (digits_b, last_b) = _digits(a), _digits(b)
    if last_a is None or last_b is None:
        return False  # an integer is the same text or a different number
    x, y = float(a), float(b)
    if min(digits_a, digits_b) >= FULL_DIGITS:
        return numbers_agree(x, y)
    # '%.12g' drops trailing zeros: -0.071184263092 is -0.0711842630920, one unit of the 12th
    # digit from -0.0711842630919; so the coarser, padded to the finer's last place, counts
    (coarse, coarse_last), (fine, fine_last) = sorted(
        [(digits_a, last_a), (digits_b, last_b)], key=lambda d: -d[1]
    )
    if fine < FULL_DIGITS and coarse + coarse_last - fine_last >= ROUNDED_DIGITS:
        unit = 10.0**fine_last
        return abs(x - y) <= unit * (1 + 1e-9) + RTOL * max(abs(x), abs(y)) + ATOL
    return False


def first_difference(old: str, new: str) -> str | None:
    """None when text ``new`` agrees with ``old``; else the first place they part, in words."""
    old_parts, new_parts = NUMBER.split(old), NUMBER.split(new)
    old_numbers, new_numbers = NUMBER.findall(old), NUMBER.findall(new)
    for k, (a, b) in enumerate(zip(old_parts, new_parts, strict=False)):
        if a != b:
            return f"the text differs: {a[:60]!r} -> {b[:60]!r}"
        if k < len(old_numbers) and k < len(new_numbers):
            x, y = old_numbers[k], new_numbers[k]
            if not tokens_agree(x, y):
                return f"{x} -> {y} (after {a[-40:]!r})"
    if len(old_parts) != len(new_parts):
        return f"{len(old_numbers)} numbers -> {len(new_numbers)}"
    return None


def texts_agree(old: str, new: str) -> bool:
    """Text ``new`` agrees with ``old`` (the module's rules)."""
    return first_difference(old, new) is None


def _json_walk(old, new, where: str) -> Iterator[str | None]:
    """Walk two JSON values side by side: None for each float that agrees, the place and the
    two values (``/sections/4/tables/0/rows/3/probability: a -> b``) for each difference."""
    if isinstance(old, float) and isinstance(new, float):
        yield None if numbers_agree(old, new) else f"{where}: {old!r} -> {new!r}"
    elif isinstance(old, str) and isinstance(new, str):
        found = first_difference(old, new)
        if found is not None:
            yield f"{where}: {found}"
    elif isinstance(old, dict) and isinstance(new, dict):
        if list(old) != list(new):
            yield f"{where}: keys {list(old)[:6]} -> {list(new)[:6]}"
        else:
            for key in old:
                yield from _json_walk(old[key], new[key], f"{where}/{key}")
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            yield f"{where}: {len(old)} items -> {len(new)}"
        else:
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                yield from _json_walk(a, b, f"{where}/{i}")
    elif not (type(old) is type(new) and old == new):
        yield f"{where}: {old!r} -> {new!r}"


def json_differences(old: str, new: str) -> tuple[int, list[str]]:
    """How many figures (floats) of the JSON document ``new`` agree with ``old``'s, and where
    they part (every place, as ``json_difference`` names the first)."""
    try:
        found = list(_json_walk(json.loads(old), json.loads(new), ""))
    except json.JSONDecodeError as e:
        return 0, [f"not JSON: {e}"]
    return found.count(None), [f for f in found if f is not None]


def json_difference(old: str, new: str) -> str | None:
    """None when the JSON document ``new`` agrees with ``old`` (the module's rules); else where
    they first part, as a path of keys and indices."""
    try:
        walk = _json_walk(json.loads(old), json.loads(new), "")
    except json.JSONDecodeError as e:
        return f"not JSON: {e}"
    return next((f for f in walk if f is not None), None)


def file_difference(path: str | Path, new: str) -> str | None:
    """None when the file at ``path`` holds a text that ``new`` agrees with (JSON compared as
    data, by its suffix); else why not (a missing file is a difference)."""
    path = Path(path)
    try:
        old = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return f"cannot be read ({type(e).__name__})"
    if path.suffix == ".json":
        return json_difference(old, new)
    return first_difference(old, new)
