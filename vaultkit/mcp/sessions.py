"""The sessions of `vaultkit mcp --http`'s clients of the older revisions (2025-03-26 to
2025-11-25): `initialize` opens one, named by an `Mcp-Session-Id` the server makes (random,
visible ASCII), which the client sends with each request after it; DELETE ends it.

A session holds nothing but its negotiated version (an `McpServer`), so the table is bounded:
past `MAX_SESSIONS` the one used longest ago is ended, and one idle for `IDLE_SECONDS` too. A
client whose session ended gets 404 and, as the spec asks, initializes again. A session is no
credential: every request still carries the bearer token.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

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
