"""What the clients of `vaultkit mcp --http` hold open: their connections, and the sessions of
the older revisions (2025-03-26 to 2025-11-25).

`Connections` follows each open connection: when its request line and headers are due (a new
connection's whole first request within a deadline from its accept, a later one's within the
idle time from the answer before), and whether a request of it passed the gate. One late is
cut; when all places are taken, a new connection takes the place of the oldest one no request
of which passed the gate, else of the one idle between requests the longest, never of one
serving a request. Connections that never send a token thus cannot lock out ones that do.

A session: `initialize` opens one, named by an `Mcp-Session-Id` the server makes (random,
visible ASCII), which the client sends with each request after it; DELETE ends it.

A session holds nothing but its negotiated version (an `McpServer`), so the table is bounded:
past `MAX_SESSIONS` the one used longest ago is ended, and one idle for `IDLE_SECONDS` too. A
client whose session ended gets 404 and, as the spec asks, initializes again. A session is no
credential: every request still carries the bearer token.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from vaultkit.mcp.server import McpServer

MAX_SESSIONS = 256
IDLE_SECONDS = 24 * 3600


class Sessions:
    """The open sessions, safe to use from many threads."""

    def __init__(
        self,
        make: Callable[[], McpServer],
        *,
        limit: int = MAX_SESSIONS,
        idle: float = IDLE_SECONDS,
    ) -> None:
        self.make = make
        self.limit = limit
        self.idle = idle
        self._open: OrderedDict[str, tuple[McpServer, float]] = OrderedDict()  # oldest use first
        self._lock = threading.Lock()

    def start(self) -> tuple[str, McpServer]:
        """A new session: its id and the server that answers it."""
        server = self.make()
        ident = secrets.token_urlsafe(32)
        with self._lock:
            self._expire()
            while len(self._open) >= self.limit:
                self._open.popitem(last=False)
            self._open[ident] = (server, time.monotonic())
        return ident, server

    def get(self, ident: str) -> McpServer | None:
        """The server of an open session (its use noted), or None: unknown, ended or expired."""
        with self._lock:
            self._expire()
            found = self._open.pop(ident, None)
            if found is None:
                return None
            self._open[ident] = (found[0], time.monotonic())
            return found[0]

    def end(self, ident: str) -> bool:
        """End a session; False when it was not open."""
        with self._lock:
            return self._open.pop(ident, None) is not None

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)

    def _expire(self) -> None:
        oldest = time.monotonic() - self.idle
        while self._open:
            ident, (_, used) = next(iter(self._open.items()))
            if used >= oldest:
                return
            del self._open[ident]


@dataclass
class _Connection:
    due: float | None  # when its request line and headers must be in; None: a request is served
    authorized: bool = False  # a request of it passed the gate


class Connections:
    """The open connections by socket, safe to use from many threads; in the order they were
    accepted, or went idle after a request that passed the gate, oldest first."""

    def __init__(self) -> None:
        self._open: dict[socket.socket, _Connection] = {}
        self._lock = threading.Lock()

    def admit(self, sock: socket.socket, limit: int, seconds: float) -> bool:
        """Take a new connection, with `seconds` for its first request line and headers; when
        `limit` are open, in the place of one that can best lose it. False: none can."""
        with self._lock:
            if len(self._open) >= limit:
                victim = self._victim()
                if victim is None:
                    return False
                self._cut(victim)
            self._open[sock] = _Connection(due=time.monotonic() + seconds)
            return True

    def awaiting(self, sock: socket.socket, seconds: float) -> None:
        """The connection waits for its next request: `seconds` from now for its line and
        headers once a request of it passed the gate; else its first deadline holds."""
        with self._lock:
            known = self._open.get(sock)
            if known is not None and known.authorized:
                known.due = time.monotonic() + seconds
                self._open[sock] = self._open.pop(sock)

    def heard(self, sock: socket.socket) -> bool:
        """A request's line and headers are in; False when they came too late (the connection
        is cut then: what was read of them may be cut short)."""
        with self._lock:
            known = self._open.get(sock)
            if known is None or (known.due is not None and known.due <= time.monotonic()):
                self._cut(sock)
                return False
            if known.authorized:
                known.due = None
            return True

    def authorize(self, sock: socket.socket) -> None:
        """A request of the connection passed the gate: it is served without a deadline, and
        it is no stranger's from now on."""
        with self._lock:
            known = self._open.get(sock)
            if known is not None:
                known.authorized, known.due = True, None

    def close_late(self) -> None:
        """Cut the connections whose request line and headers are late."""
        now = time.monotonic()
        with self._lock:
            for sock in [s for s, c in self._open.items() if c.due is not None and c.due <= now]:
                self._cut(sock)

    def forget(self, sock: socket.socket) -> None:
        """The connection's handler is done."""
        with self._lock:
            self._open.pop(sock, None)

    def serving(self) -> int:
        """How many connections are serving a request that passed the gate."""
        with self._lock:
            return sum(1 for c in self._open.values() if c.due is None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)

    def _victim(self) -> socket.socket | None:
        for authorized in (False, True):
            for sock, known in self._open.items():
                if known.authorized == authorized and known.due is not None:
                    return sock
        return None

    def _cut(self, sock: socket.socket) -> None:
        # A shutdown, not a close: the handler's thread still uses the descriptor; its next
        # read gets the end of the stream, its next write an error, and it ends.
        self._open.pop(sock, None)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
