"""`vaultkit mcp --http` and connections that hold a place without using it: idle ones, one
that trickles its headers a byte a second. They cannot lock out a client with the token, each
is closed once its time to send its request line and headers is over, and a connection
serving a request is never cut to make room."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fixtures.mcp_http import TOKEN, Raw, serving, synced_copy
from vaultkit.mcp.http import MAX_CONNECTIONS, McpHttpServer

INITIALIZE = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"t"}}}'
)


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_copy(tmp_path_factory.mktemp("connections") / "ws")


@pytest.fixture
def server(config: Path) -> Iterator[McpHttpServer]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VAULTKIT_MCP_TOKEN", TOKEN)
        with serving(config) as running:
            yield running
            assert "Traceback" not in running.log.getvalue()  # type: ignore[attr-defined]


def connect(server: McpHttpServer) -> socket.socket:
    return socket.create_connection(server.server_address[:2], timeout=10)


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    """Whether the server closes `sock` within `wait` seconds, sending nothing before."""
    sock.settimeout(wait)
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def authorized_head(server: McpHttpServer, length: int) -> bytes:
    port = server.server_address[1]
    return (
        f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {TOKEN}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


def test_idle_strangers_cannot_lock_out_a_client_with_the_token(server: McpHttpServer) -> None:
    server.header_seconds = 3.0
    idle = [connect(server) for _ in range(MAX_CONNECTIONS + 6)]
    trickler = connect(server)
    opened = time.monotonic()
    trickled = iter(f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: {'a' * 40}".encode())
    trickler.sendall(bytes([next(trickled)]))
    wait_for(lambda: len(server.connections) == MAX_CONNECTIONS)

    started = time.monotonic()
    client = Raw(server)
    assert client.initialize()  # a full server: the oldest idle stranger made room
    assert time.monotonic() - started < 2.0

    cut = None
    for byte in trickled:  # a byte a second, each one within the idle timeout of a read
        if closed_by_server(trickler, 1.0):
            cut = time.monotonic() - opened
            break
        try:
            trickler.sendall(bytes([byte]))
        except OSError:
            cut = time.monotonic() - opened
            break
    assert cut is not None and 2.5 <= cut <= 5.0, cut  # its own deadline, not an eviction
    assert all(closed_by_server(sock, 3.0) for sock in idle)
    wait_for(lambda: len(server.connections) == 1)  # the client's, kept alive
    assert client.request("POST", INITIALIZE)[0] == 200  # on the same connection
    for sock in [*idle, trickler]:
        sock.close()
    client.close()


def test_a_client_idle_between_requests_makes_room_only_after_strangers(
    server: McpHttpServer,
) -> None:
    server.max_connections = 2
    kept = Raw(server)
    kept.initialize()
    stranger = connect(server)
    wait_for(lambda: len(server.connections) == 2)
    newcomer = Raw(server)
    newcomer.initialize()
    assert closed_by_server(stranger, 3.0)
    assert kept.request("POST", INITIALIZE)[0] == 200  # its connection was left open
    third = Raw(server)
    third.initialize()  # no stranger left: the client idle the longest made room
    with pytest.raises((ConnectionError, OSError)):
        newcomer.request("POST", INITIALIZE)
    for client in (kept, newcomer, third):
        client.close()
    stranger.close()


def test_connections_serving_a_request_are_never_cut_for_a_new_one(
    server: McpHttpServer,
) -> None:
    server.max_connections = 2
    busy = [connect(server) for _ in range(2)]
    for sock in busy:  # the headers and the body's first byte, not the rest yet
        sock.sendall(authorized_head(server, len(INITIALIZE)) + INITIALIZE[:1])
    wait_for(lambda: server.connections.serving() == 2)  # read, and let through the gate
    with connect(server) as third:  # answered at once, before it sends anything
        assert third.recv(4096).startswith(b"HTTP/1.1 503 ")
    for sock in busy:
        sock.sendall(INITIALIZE[1:])
        sock.settimeout(10)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
        sock.close()
