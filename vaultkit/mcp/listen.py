"""`vaultkit mcp --http`: listening on an address, serving until a signal, stopping softly."""

from __future__ import annotations

import signal
from collections.abc import Iterable
from pathlib import Path
from typing import IO

from vaultkit.config import load_config
from vaultkit.errors import UsageError
from vaultkit.mcp.gate import TOKEN_ENV, Gate, is_loopback, origin_of, token_from_environment
from vaultkit.mcp.http import DRAIN_SECONDS, McpHttpServer

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765


def open_server(
    config_path: Path | None,
    *,
    host: str | None = None,
    port: int | None = None,
    read_only: bool = False,
    origins: Iterable[str] = (),
    log: IO[str] | None = None,
) -> McpHttpServer:
    """The server, listening (port 0: any free one), not yet serving; by default on
    127.0.0.1:8765. A host that is no loopback address without a token, or a bad origin, is a
    UsageError."""
    host = host or DEFAULT_HOST
    port = DEFAULT_PORT if port is None else port
    config = load_config(config_path, reading=True)  # a broken config fails before the bind
    token = token_from_environment(config.index.dsn_env)
    if token is None and not is_loopback(host):
        raise UsageError(
            f"--host {host} is reachable from other machines: set {TOKEN_ENV} to a random "
            "token first (every request must then carry it), or serve 127.0.0.1"
        )
    gate = Gate(token, tuple(origin_of(o) for o in origins))
    try:
        return McpHttpServer((host, port), config_path, gate, read_only=read_only, log=log)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def serve_http(server: McpHttpServer) -> None:
    """Serve until SIGTERM or SIGINT, then let the calls in flight finish and return."""
    out = server.log
    needs = "a bearer token" if server.gate.token else "no token: this machine only"
    out.write(f"vaultkit: MCP at {server.url} ({needs}); SIGTERM or Ctrl-C stops it\n")
    out.flush()
    previous = {
        s: signal.signal(s, lambda *_: server.stop()) for s in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()  # no new connection from here on
        finished = server.drain()
        for number, handler in previous.items():
            signal.signal(number, handler)
    if not finished:
        out.write(f"vaultkit: stopped after {DRAIN_SECONDS:.0f} s with calls still running\n")
    else:
        out.write("vaultkit: stopped; every call was answered\n")
    out.flush()
