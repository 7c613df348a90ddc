"""`vaultkit mcp --http` as a strict server behind a proxy: a request whose headers or chunked
body could be read in two ways (a negative or non-hex chunk size, a header that decides where
the request goes or where its body ends given twice, a Host that is no host[:port], a
Transfer-Encoding other than exactly `chunked`) is refused, over raw sockets, even with the
token; the connection closes, the server answers the next request and logs no traceback."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures.mcp_http import TOKEN, Raw, serving, synced_copy
from vaultkit.mcp.gate import host_name
from vaultkit.mcp.http import McpHttpServer

PING = b'{"jsonrpc":"2.0","id":7,"method":"ping"}'


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_copy(tmp_path_factory.mktemp("framing") / "ws")


@pytest.fixture(scope="module")
def server(config: Path) -> Iterator[McpHttpServer]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VAULTKIT_MCP_TOKEN", TOKEN)
        with serving(config) as running:
            yield running


def sent(server: McpHttpServer, *headers: str, body: bytes = b"") -> bytes:
    """A POST to /mcp with the token and `headers` (`{port}` filled in), then `body`."""
    port = server.server_address[1]
    lines = [
        "POST /mcp HTTP/1.1",
        *(h.format(port=port) for h in headers),
        f"Authorization: Bearer {TOKEN}",
        "Content-Type: application/json",
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def exchange(server: McpHttpServer, data: bytes) -> http.client.HTTPResponse:
    """Send `data` on a new connection, left open, and read the answer (in 5 s at most)."""
    sock = socket.create_connection(server.server_address[:2], timeout=5)
    sock.sendall(data)
    answer = http.client.HTTPResponse(sock)
    answer.begin()
    answer.read()
    sock.close()
    return answer


HOST = "Host: 127.0.0.1:{port}"
LENGTH = f"Content-Length: {len(PING)}"
CHUNKED = "Transfer-Encoding: chunked"
CASES = {
    "a chunk size of -1": ([HOST, CHUNKED], b"-1\r\n" + PING, 400),
    "a chunk size of -2": ([HOST, CHUNKED], b"-2\r\n" + PING, 400),
    "a chunk size with 0x": ([HOST, CHUNKED], b"0x28\r\n" + PING + b"\r\n0\r\n\r\n", 400),
    "a chunk size with _": ([HOST, CHUNKED], b"2_8\r\n" + PING + b"\r\n0\r\n\r\n", 400),
    "a chunk size with +": ([HOST, CHUNKED], b"+28\r\n" + PING + b"\r\n0\r\n\r\n", 400),
    "a chunk size of 17 digits": ([HOST, CHUNKED], b"0" * 15 + b"28\r\n" + PING, 400),
    "a chunk not ended by CRLF": ([HOST, CHUNKED], b"28\r\n" + PING + b"xx0\r\n\r\n", 400),
    "a chunk line ended by LF": ([HOST, CHUNKED], b"28\n" + PING + b"\r\n0\r\n\r\n", 400),
    "two Host": ([HOST, HOST, LENGTH], PING, 400),
    "two Origin": ([HOST, "Origin: http://localhost", "Origin: http://evil.example"], b"", 400),
    "two Content-Length": ([HOST, LENGTH, "Content-Length: 0"], PING, 400),
    "two Authorization": ([HOST, "Authorization: Bearer x", LENGTH], PING, 400),
    "two Transfer-Encoding": ([HOST, CHUNKED, CHUNKED], b"0\r\n\r\n", 400),
    "two Content-Type": ([HOST, "Content-Type: text/plain", LENGTH], PING, 400),
    "two Mcp-Session-Id": ([HOST, "Mcp-Session-Id: a", "Mcp-Session-Id: b"], b"", 400),
    "a Host with userinfo": (["Host: 127.0.0.1:80@evil.com", LENGTH], PING, 421),
    "a Host with a path": (["Host: 127.0.0.1/x", LENGTH], PING, 421),
    "a Host with a bad port": (["Host: 127.0.0.1:99999", LENGTH], PING, 421),
    "no Host": ([LENGTH], PING, 400),
    "gzip, chunked": ([HOST, "Transfer-Encoding: gzip, chunked"], b"0\r\n\r\n", 400),
    "chunked, identity": ([HOST, "Transfer-Encoding: chunked, identity"], b"0\r\n\r\n", 400),
    "xchunked": ([HOST, "Transfer-Encoding: xchunked"], b"0\r\n\r\n", 400),
    "both framings": ([HOST, CHUNKED, "Content-Length: 5"], b"0\r\n\r\n", 400),
    "a Content-Length with +": ([HOST, f"Content-Length: +{len(PING)}"], PING, 400),
    "a Content-Length list": ([HOST, f"Content-Length: {len(PING)}, {len(PING)}"], PING, 400),
    "a space before a colon": ([HOST, "Transfer-Encoding : chunked"], b"0\r\n\r\n", 400),
    "a folded header": ([HOST, LENGTH, "X-Folded: a", " b"], PING, 400),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_request_read_two_ways_is_refused(server: McpHttpServer, case: str) -> None:
    headers, body, status = CASES[case]
    answer = exchange(server, sent(server, *headers, body=body))
    assert answer.status == status
    assert answer.getheader("Connection") == "close"
    client = Raw(server)
    assert client.initialize()  # the next request is answered
    client.close()
    assert "Traceback" not in server.log.getvalue()  # type: ignore[attr-defined]


def test_good_chunked_bodies_still_pass(server: McpHttpServer) -> None:
    init = (
        b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":'
        b'"2025-06-18","capabilities":{},"clientInfo":{"name":"t"}}}'
    )
    half = len(init) // 2
    body = b"%x;name=value\r\n%s\r\n%X\r\n%s\r\n0\r\nX-Trailer: 1\r\n\r\n" % (
        half,
        init[:half],
        len(init) - half,
        init[half:],
    )
    answer = exchange(
        server, sent(server, "Host: localhost:{port}", "Transfer-Encoding: Chunked", body=body)
    )
    assert answer.status == 200 and answer.getheader("Mcp-Session-Id")


def test_without_a_token_a_host_that_only_starts_like_loopback_is_421(config: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("VAULTKIT_MCP_TOKEN", raising=False)
        with serving(config) as running:
            port = running.server_address[1]
            for host in (f"127.0.0.1:{port}@evil.example", f"localhost:{port}.evil.example"):
                client = Raw(running, token=None)
                assert client.request("POST", PING, {"Host": host})[0] == 421, host
                client.close()
            client = Raw(running, token=None)
            assert client.initialize()
            client.close()


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("127.0.0.1:8765", "127.0.0.1"),
        ("localhost", "localhost"),
        ("[::1]:80", "::1"),
        (" app.example.com ", "app.example.com"),
        ("127.0.0.1:80@evil.example", None),
        ("[::1", None),
        ("[not::an::address]", None),
        ("127.0.0.1:", None),
        ("127.0.0.1:65536", None),
        ("a b", None),
        ("", None),
    ],
)
def test_a_host_header_is_host_and_port_or_nothing(header: str, name: str | None) -> None:
    assert host_name(header) == name
