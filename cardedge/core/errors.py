"""The one exception a refused value raises, in every layer: ``BadValue``.

The rules objects (``analysis``), the API (``cardedge.api``), the command line and the web all
raise or translate this one class, so a value is checked in one place and worded the same way
everywhere: the command line shows ``Invalid value for '--dealer-draws': ...`` and exits 2, the
web answers 400 with the same line.
"""

from __future__ import annotations


class BadValue(ValueError):
    """A keyword's value is refused: ``str(e)`` is ``keyword: message``, one line."""

    def __init__(self, keyword: str, message: str, quoted: bool = True) -> None:
        super().__init__(f"{keyword}: {message}")
        self.keyword = keyword
        self.message = message
        self.quoted = quoted
        """The command line names the option in quotes (``'--decks'``, as click does)."""

    def option(self) -> str:
        """The command-line option the keyword is (``split_hands`` -> ``--split-hands``)."""
        name = "--" + self.keyword.replace("_", "-")
        return f"'{name}'" if self.quoted else name


SHOWN_CHARS = 60
"""The most characters of a refused value an error message quotes."""


def shown(value: object) -> str:
    """``repr(value)`` for an error message, kept to one short line: a long text or list cut
    with '...', a whole number too long to print (Python refuses ``repr`` of one of more than
    4,300 digits) by its number of digits."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**SHOWN_CHARS:
        return f"a whole number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (an object's own bug) still gets a message
        text = f"<{type(value).__name__}>"
    if len(text) > SHOWN_CHARS:
        text = text[: SHOWN_CHARS - 3] + "..."
    return text.replace("\n", " ")
