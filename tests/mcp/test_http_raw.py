"""`vaultkit mcp --http` fed bad input over raw HTTP: no token, a wrong one, a foreign Origin or
Host, malformed JSON, a 10 MB body, an unknown or missing session, headers that disagree with
the body. Each is refused with the status the spec names, and the server answers the next
request (on the same connection where it can go on)."""

from __future__ import annotations

import base64
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.mcp_http import TOKEN, Raw, serving, synced_copy
from vaultkit.mcp.http import McpHttpServer

PING = {"jsonrpc": "2.0", "id": 7, "method": "ping"}
MODERN = "2026-07-28"
META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
}


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_copy(tmp_path_factory.mktemp("raw") / "ws")


@pytest.fixture(scope="module")
def server(config: Path) -> Iterator[McpHttpServer]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VAULTKIT_MCP_TOKEN", TOKEN)
        with serving(config, origins=["https://app.example.com"]) as running:
            yield running


@pytest.fixture
def raw(server: McpHttpServer) -> Iterator[Raw]:
    client = Raw(server)
    yield client
    client.close()


def modern(method: str, **params: Any) -> tuple[dict[str, Any], dict[str, str]]:
    message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": META}}
    headers = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    if "name" in params:
        headers["Mcp-Name"] = params["name"]
    return message, headers


def test_no_token_and_a_wrong_one_are_401_and_never_echoed(server: McpHttpServer) -> None:
    for token, challenge in [(None, 'Bearer realm="mcp"'), ("x" * 30, 'error="invalid_token"')]:
        client = Raw(server, token=token)
        status, headers, body = client.request("POST", PING)
        assert status == 401 and challenge in headers["www-authenticate"]
        assert body["error"]["code"] == -32600 and body["id"] is None
        status, _, _ = client.request("POST", PING)  # the connection goes on
        assert status == 401
        client.close()
    lowercase = Raw(server, token=None)
    status, _, _ = lowercase.request("POST", PING, {"Authorization": f"bearer {TOKEN}"})
    assert status == 400  # authorized (the scheme is case-insensitive): now it lacks a session
    lowercase.close()


def test_a_foreign_origin_is_403_and_an_allowed_one_gets_cors(raw: Raw) -> None:
    for origin in ["http://evil.example", "null", "http://127.0.0.1.evil.example:8765"]:
        status, headers, body = raw.request("POST", PING, {"Origin": origin})
        assert status == 403, origin
        assert "access-control-allow-origin" not in headers
        assert body["error"]["message"].startswith("origin ")
    for origin in ["http://localhost:6274", "http://127.0.0.1:3000", "https://app.example.com"]:
        status, headers, _ = raw.request("OPTIONS", None, {"Origin": origin})
        assert status == 204 and headers["access-control-allow-origin"] == origin
        assert "Mcp-Session-Id" in headers["access-control-allow-headers"]
        session = raw.initialize()
        status, headers, _ = raw.request(
            "POST", PING, {"Origin": origin, "Mcp-Session-Id": session}
        )
        assert status == 200 and headers["access-control-allow-origin"] == origin
    status, _, _ = raw.request("OPTIONS", None, {"Origin": "http://evil.example"})
    assert status == 403


def test_malformed_json_is_400_and_the_next_request_is_answered(raw: Raw) -> None:
    session = raw.initialize()
    for body, code in [
        (b"{not json", -32700),
        (b"\xff\xfe", -32700),
        (b"[" * 5000 + b"]" * 5000, -32700),
        (b'{"jsonrpc":"2.0","id":' + b"9" * 5000 + b',"method":"ping"}', -32700),
        (b"42", -32600),
        (b"[]", -32600),
    ]:
        status, _, answer = raw.request("POST", body, {"Mcp-Session-Id": session})
        assert status == 400 and answer["error"]["code"] == code, body[:20]
        assert answer["id"] is None and len(str(answer)) < 300
    status, _, answer = raw.request("POST", PING, {"Mcp-Session-Id": session})
    assert status == 200 and answer == {"jsonrpc": "2.0", "id": 7, "result": {}}


def test_a_10_mb_body_is_413_never_read_whole(server: McpHttpServer, raw: Raw) -> None:
    body = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"' + b"a" * 10_000_000 + b'"}}'
    status, headers, answer = raw.request("POST", body)
    assert status == 413 and headers["connection"] == "close"
    assert answer["error"]["message"] == (
        "a request of more than 1,048,576 bytes (mcp.max_request_bytes)"
    )
    again = Raw(server)
    assert again.request("POST", PING)[0] == 400  # answered: no session yet
    again.close()


def test_sessions_as_the_spec_defines_them(raw: Raw) -> None:
    status, _, answer = raw.request("POST", PING)
    assert status == 400 and "initialize first" in answer["error"]["message"]
    status, _, _ = raw.request("POST", PING, {"Mcp-Session-Id": "no-such-session"})
    assert status == 404
    session = raw.initialize()
    assert all(33 <= ord(c) <= 126 for c in session) and len(session) >= 32
    notification = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    status, _, body = raw.request("POST", notification, {"Mcp-Session-Id": session})
    assert status == 202 and body is None
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    headers = {"Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-06-18"}
    status, _, answer = raw.request("POST", listing, headers)
    assert status == 200 and len(answer["result"]["tools"]) == 4
    status, _, _ = raw.request("POST", listing, {**headers, "MCP-Protocol-Version": "1999-01-01"})
    assert status == 400
    status, headers_back, _ = raw.request("GET", None, {"Mcp-Session-Id": session})
    assert status == 405 and headers_back["allow"] == "POST, DELETE"
    batch = [PING, {**PING, "id": 8}]
    assert raw.request("POST", batch, {"Mcp-Session-Id": session})[0] == 400  # 2025-06-18: none
    again = {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {}}
    assert raw.request("POST", again, {"Mcp-Session-Id": session})[0] == 400
    assert raw.request("DELETE", None, {"Mcp-Session-Id": session})[0] == 204
    assert raw.request("POST", PING, {"Mcp-Session-Id": session})[0] == 404
    assert raw.request("DELETE", None, {"Mcp-Session-Id": session})[0] == 404
    old = raw.initialize("2025-03-26")
    status, _, answers = raw.request("POST", batch, {"Mcp-Session-Id": old})
    assert status == 200 and [a["id"] for a in answers] == [7, 8]  # 2025-03-26 batches


def test_the_stateless_revision_checks_headers_against_the_body(raw: Raw) -> None:
    message, headers = modern("tools/list")
    status, _, answer = raw.request("POST", message, headers)
    assert status == 200 and answer["result"]["resultType"] == "complete"
    assert answer["result"]["ttlMs"] == 0 and len(answer["result"]["tools"]) == 4
    call, call_headers = modern("tools/call", name="search", arguments={"query": "k3s"})
    assert raw.request("POST", call, call_headers)[0] == 200
    encoded = f"=?base64?{base64.b64encode(b'search').decode()}?="
    assert raw.request("POST", call, {**call_headers, "Mcp-Name": encoded})[0] == 200
    for changed in [
        {"Mcp-Method": "tools/call"},
        {"Mcp-Name": None},
        {"Mcp-Name": "recall"},
    ]:
        sent = {**(call_headers if "Mcp-Name" in changed else headers), **changed}
        body = call if "Mcp-Name" in changed else message
        status, _, answer = raw.request("POST", body, sent)
        assert status == 400 and answer["error"]["code"] == -32020, changed
    other = {
        **message,
        "params": {"_meta": {**META, "io.modelcontextprotocol/protocolVersion": "2025-01-01"}},
    }
    assert raw.request("POST", other, headers)[2]["error"]["code"] == -32020
    unknown, unknown_headers = modern("resources/list")
    status, _, answer = raw.request("POST", unknown, unknown_headers)
    assert status == 404 and answer["error"]["code"] == -32601
    bare = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    assert raw.request("POST", bare, headers)[0] == 400  # no _meta
    assert raw.request("GET", None, {"MCP-Protocol-Version": MODERN})[0] == 405
    discover, discover_headers = modern("server/discover")
    status, _, answer = raw.request("POST", discover, discover_headers)
    assert status == 200 and answer["result"]["supportedVersions"][0] == MODERN
    later = {
        **discover,
        "params": {"_meta": {**META, "io.modelcontextprotocol/protocolVersion": "2099-01-01"}},
    }
    status, _, answer = raw.request(
        "POST", later, {**discover_headers, "MCP-Protocol-Version": "2099-01-01"}
    )
    assert status == 400 and answer["error"]["code"] == -32022
    assert MODERN in answer["error"]["data"]["supported"]


def test_other_refusals(server: McpHttpServer, raw: Raw) -> None:
    assert raw.request("POST", PING, path="/other")[0] == 404
    assert raw.request("POST", PING, {"Content-Type": "text/plain"})[0] == 415
    assert raw.request("POST", PING, {"Accept": "text/html"})[0] == 406
    status, headers, answer = raw.request("PUT", PING)
    assert status == 405 and "POST" in headers["allow"] and answer["error"]["code"] == -32600
    with socket.create_connection(server.server_address[:2], timeout=10) as sock:
        sock.sendall(b"GET /mcp and some garbage\r\n\r\n")
        answer = sock.recv(4096).decode()
    assert '"code": -32600' in answer and "<html" not in answer  # HTTP/0.9-style: the body alone


def test_without_a_token_the_host_must_be_loopback(config: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("VAULTKIT_MCP_TOKEN", raising=False)
        with serving(config) as running:
            client = Raw(running, token=None)
            assert client.request("POST", PING, {"Host": "attacker.example:8765"})[0] == 421
            assert (
                client.request("POST", PING, {"Host": f"localhost:{running.server_port}"})[0] == 400
            )
            client.close()
