"""``cardedge serve``'s ASGI server: uvicorn on a socket bound first (so that a busy port or a
bad host is one line before anything starts, and the address printed is the one listened on),
with the limits a public server needs beyond uvicorn's own settings:

- at most ``MAX_CONNECTIONS`` open connections: one more closes the oldest that has not sent
  its request's headers yet, or itself when all are busy (a client opening thousands of idle
  ones would otherwise use up the process's file descriptors and lock everyone out);
- a connection must send a whole request's headers within ``HEADER_SECONDS`` (uvicorn waits for
  ever on a half-sent request), and an idle kept-alive one is closed after ``KEEP_ALIVE_SECONDS``;
- a request's headers are at most ``MAX_HEADER_BYTES``.
"""

from __future__ import annotations

import errno
import ipaddress
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_CONNECTIONS = 256
"""The most connections open at once (a quarter of a usual 1,024 file-descriptor limit)."""
HEADER_SECONDS = 10.0
"""The time a connection has to send a request's headers."""
KEEP_ALIVE_SECONDS = 5
"""The time an idle kept-alive connection stays open."""
MAX_HEADER_BYTES = 16_384
"""The largest request head (request line and headers)."""


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a connection cap and a deadline for a request's headers."""

    header_timer = None
    opened = 0.0

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.opened = self.loop.time()
        if len(self.connections) > MAX_CONNECTIONS:
            self._make_room()
            if self.transport.is_closing():
                return
        self.header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_too_slow)

    def _make_room(self) -> None:
        """Over the cap: close the oldest connection still waiting for its headers (a flood
        of half-sent requests then evicts itself, not the clients that send whole ones), or
        this one when every other is busy with a request."""
        waiting = [
            c
            for c in self.connections
            if c is not self and _idle(c) and not c.transport.is_closing()
        ]
        if waiting:
            min(waiting, key=lambda c: getattr(c, "opened", 0.0)).transport.close()
        else:
            self.transport.close()  # connection_lost forgets it

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and self.header_timer is not None:
            self.header_timer.cancel()  # the headers came: the request runs
            self.header_timer = None

    def connection_lost(self, exc) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None
        super().connection_lost(exc)

    def _headers_too_slow(self) -> None:
        self.header_timer = None
        if self.cycle is None and not self.transport.is_closing():
            self.transport.close()


def _idle(connection) -> bool:
    """Is ``connection`` between requests (no headers yet, or its last answer sent)?"""
    cycle = getattr(connection, "cycle", None)
    return cycle is None or cycle.response_complete


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: a free port), listening; ValueError with one line
    naming the option at fault (``--host`` or ``--port``) when it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as e:
        raise ValueError(f"--host: cannot listen on {host!r}: {_reason(e)}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        option = "--port" if e.errno in (errno.EADDRINUSE, errno.EACCES) else "--host"
        raise ValueError(f"{option}: cannot listen on {url(host, port)}: {_reason(e)}") from None
    sock.set_inheritable(True)
    return sock


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.errno == errno.EADDRINUSE:
        return "the port is in use (another server?)"
    text = getattr(e, "strerror", None) or str(e)
    return text.splitlines()[0] if text else type(e).__name__


def url(host: str, port: int) -> str:
    """``http://host:port/``, an IPv6 address in brackets."""
    try:
        literal = ipaddress.ip_address(host).version == 6
    except ValueError:
        literal = False
    return f"http://[{host}]:{port}/" if literal else f"http://{host}:{port}/"


def listening_url(sock: socket.socket) -> str:
    """The address ``sock`` really listens on (the port chosen for port 0)."""
    host, port = sock.getsockname()[:2]
    return url(host, port)


def serve(app, sock: socket.socket) -> None:
    """Run ``app`` on ``sock`` until interrupted, with the limits above."""
    import uvicorn

    config = uvicorn.Config(
        app,
        http=GuardedH11,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        log_level="warning",
        lifespan="on",
    )
    uvicorn.Server(config).run(sockets=[sock])
