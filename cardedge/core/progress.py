"""The progress callback every long computation takes.

A ``Progress`` wraps the iterable of a computation's jobs and yields them back, reporting as
they are consumed (the command line passes a progress bar; the default is the identity).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Progress = Callable[[Iterable], Iterable]
"""``progress(items)``: the same items, in order, reported as they are taken."""
