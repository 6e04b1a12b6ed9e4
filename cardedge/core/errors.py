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
