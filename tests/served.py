"""The web app served in this test process, for the browser tests that patch it, and a
background job polled to its end (``cardedge/web/jobs.py``)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator


@contextlib.contextmanager
def served(app) -> Iterator[str]:
    """``app`` on a uvicorn of its own (a thread of this process, so that a test's patches
    reach it): its base URL, the server stopped on leaving."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def poll(client, job_id: str, seconds: float = 120.0) -> dict:
    """The job's status once it is no longer queued or running (or after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        status = client.get(f"/api/jobs/{job_id}").json()
        if status["state"] not in ("queued", "running") or time.monotonic() > deadline:
            return status
        time.sleep(0.05)
