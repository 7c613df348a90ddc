"""`vaultkit mcp --http`: MCP's streamable HTTP transport at `/mcp`, beside stdio.

Each message is a POST of one JSON-RPC message to `/mcp`, answered with one JSON object (this
server sends no request or notification of its own, so it never needs a stream), or 202 for a
notification. Both eras, as `McpServer`: a request with `MCP-Protocol-Version: 2026-07-28` is
stateless, its `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers checked against its
body (400, HeaderMismatch); otherwise `initialize` opens a session (`Mcp-Session-Id`), a later
request without one is 400 and one with an unknown id 404, DELETE ends it, and GET (the stream
a server would push on) is 405.

Before any of that, `gate`: a request that could be read two ways (400, the connection closed),
the Origin (403), the Host (421) and the bearer token (401). A body of more than
`mcp.max_request_bytes` is 413, read no further than it must be and never held whole.

Each connection has a thread, at most MAX_CONNECTIONS of them (`sessions.Connections`). A
connection has HEADER_SECONDS in all to send its first request line and headers; once a request
of it has passed the gate, IDLE_SECONDS for each next one, however slowly bytes trickle in.
When all are taken, a new connection closes one no request of which has passed the gate, else
one idle between requests; only when all are serving a request is it refused (503).
SIGTERM and SIGINT stop accepting, let the calls in flight finish (at most DRAIN_SECONDS) and
return (`mcp.listen`).
Nothing of a request is logged: no access log, and no message can show the token (`redact`).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import socket
import sys
import threading
import traceback
import urllib.parse
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any

from vaultkit.mcp.gate import Gate, framing_problem, read_chunked
from vaultkit.mcp.server import (
    HEADER_MISMATCH,
    INVALID_PARAMS,
    INVALID_REQUEST,
    MODERN_VERSIONS,
    PROTOCOL_VERSIONS,
    UNSUPPORTED_VERSION,
    VERSION_KEY,
    McpServer,
    ProtocolError,
    encode,
    is_modern,
    parse,
    rpc_error,
    too_long,
)
from vaultkit.mcp.sessions import Connections, Sessions
from vaultkit.redact import redact

ENDPOINT = "/mcp"
MAX_CONNECTIONS = 64
DRAIN_SECONDS = 30.0
IDLE_SECONDS = 60  # a connection silent this long (between requests, or mid-request) is closed
HEADER_SECONDS = 10.0  # a new connection's whole first request line and headers, at most
DISCARD_BYTES = 64 << 20  # the most of a refused body read (and dropped) so its 413 is seen
# HTTP status of the JSON-RPC errors of the stateless revision (2026-07-28); others are 200.
_STATUS = {-32700: 400, -32600: 400, -32602: 400, -32020: 400, -32021: 400, -32022: 400}
_STATUS[-32601] = 404
_BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
_CORS_HEADERS = (
    "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, "
    "Mcp-Name, Last-Event-ID"
)


class McpHttpServer(ThreadingHTTPServer):
    """The listening socket and what its request threads share: the gate, the sessions, the
    stateless server, and the count of calls in flight (for a stop that lets them finish)."""

    daemon_threads = True  # an idle keep-alive connection does not hold the exit
    allow_reuse_address = True
    request_queue_size = 64
    max_connections = MAX_CONNECTIONS
    header_seconds = HEADER_SECONDS
    idle_seconds = float(IDLE_SECONDS)

    def __init__(
        self,
        address: tuple[str, int],
        config_path: Path | None,
        gate: Gate,
        *,
        read_only: bool = False,
        log: IO[str] | None = None,
    ) -> None:
        self.log = log if log is not None else sys.stderr
        self.gate = gate
        self.stateless = McpServer(config_path, log=self.log, read_only=read_only)
        self.limit = self.stateless.current_config().mcp.max_request_bytes
        self.sessions = Sessions(lambda: McpServer(config_path, log=self.log, read_only=read_only))
        self.stopping = False
        self.in_flight = 0
        self.connections = Connections()
        self._state = threading.Condition()
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host = str(self.server_address[0])
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.server_address[1]}{ENDPOINT}"

    def begin_call(self) -> bool:
        with self._state:
            if self.stopping:
                return False
            self.in_flight += 1
            return True

    def end_call(self) -> None:
        with self._state:
            self.in_flight -= 1
            self._state.notify_all()

    def stop(self) -> None:
        """Stop accepting (from a signal handler: `shutdown` waits for the serving loop)."""
        with self._state:
            self.stopping = True
        threading.Thread(target=self.shutdown, daemon=True).start()

    def drain(self, timeout: float = DRAIN_SECONDS) -> bool:
        """Wait until no call is in flight; False when some still ran after `timeout`."""
        with self._state:
            self.stopping = True
            return self._state.wait_for(lambda: self.in_flight == 0, timeout)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.connections.admit(request, self.max_connections, self.header_seconds):
            with contextlib.suppress(OSError):
                request.sendall(_BUSY)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.forget(request)

    def service_actions(self) -> None:
        """Close the connections whose request line and headers are late (the serving loop
        calls this between accepts, at least every poll interval)."""
        self.connections.close_late()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer is no error of ours; anything else is logged, redacted."""
        if isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            return
        self.log.write(redact(traceback.format_exc()))


class _Handler(BaseHTTPRequestHandler):
    server: McpHttpServer
    protocol_version = "HTTP/1.1"  # keep-alive: a client's calls share one connection
    server_version = "vaultkit"
    sys_version = ""
    disable_nagle_algorithm = True  # headers and body leave at once, not 40 ms apart
    timeout = IDLE_SECONDS
    _consumed = False  # whether this request's body was read

    def handle_one_request(self) -> None:
        self.server.connections.awaiting(self.request, self.server.idle_seconds)
        super().handle_one_request()

    def parse_request(self) -> bool:
        self._consumed = False  # a keep-alive connection's handler serves request after request
        return super().parse_request() and self._admissible()

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:
        pass  # no access log: a request's line and headers are the client's business

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a malformed request line, an unknown method) in JSON."""
        if code == 501:  # a method this endpoint does not take
            allow = {"Allow": "POST, GET, DELETE, OPTIONS"}
            self._send(405, rpc_error(None, INVALID_REQUEST, "method not allowed"), allow, True)
            return
        text = message or HTTPStatus(code).phrase
        self._send(code, rpc_error(None, INVALID_REQUEST, redact(text)), close=True)

    def handle_expect_100(self) -> bool:
        """`Expect: 100-continue` (curl's large bodies): a body too long is refused unsent."""
        if not self._admissible():
            return False
        if self._length() > self.server.limit:
            self._send(413, too_long(self.server.limit), close=True)
            return False
        return super().handle_expect_100()

    def do_POST(self) -> None:
        self._serve(self._post)

    def do_GET(self) -> None:
        self._serve(self._get)

    def do_DELETE(self) -> None:
        self._serve(self._delete)

    def do_OPTIONS(self) -> None:
        """A browser's CORS preflight: allowed origins only, no token needed (it has none)."""
        origin = self.headers.get("Origin")
        if urllib.parse.urlsplit(self.path).path != ENDPOINT:
            self._refuse(404, f"no such endpoint; MCP is served at {ENDPOINT}")
        elif not self.server.gate.origin_allowed(origin):
            self._refuse(403, f"origin {origin!r} is not allowed (see --allow-origin)")
        else:
            self._send(204, None, headers={
                "Access-Control-Allow-Methods": "POST, GET, DELETE, OPTIONS",
                "Access-Control-Allow-Headers": _CORS_HEADERS,
                "Access-Control-Max-Age": "600",
            })  # fmt: skip

    def _admissible(self) -> bool:
        """Whether the request read may be served: its line and headers came in time, and they
        say one thing only (a refusal is sent, and the connection closed, when not)."""
        if not self.server.connections.heard(self.request):
            self.close_connection = True
            return False
        problem = framing_problem(self.headers, self.request_version)
        if problem is not None:
            self._refuse(*problem, close=True)
            return False
        return True

    def _serve(self, answer: Callable[[], None]) -> None:
        if not self.server.begin_call():
            self._refuse(503, "the server is stopping", close=True)
            return
        try:
            if urllib.parse.urlsplit(self.path).path != ENDPOINT:
                self._refuse(404, f"no such endpoint; MCP is served at {ENDPOINT}")
                return
            headers = self.headers
            refused = self.server.gate.refusal(
                headers.get("Origin"), headers.get("Host"), headers.get("Authorization")
            )
            if refused is not None:
                status, message, extra = refused
                self._refuse(status, message, headers=extra)
                return
            self.server.connections.authorize(self.request)
            answer()
        finally:
            self.server.end_call()

    def _post(self) -> None:
        body = self._body()
        if body is None:
            return
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            self._refuse(415, "a POST to /mcp holds one JSON-RPC message (application/json)")
            return
        accept = self.headers.get("Accept", "*/*").lower()
        if not any(t in accept for t in ("application/json", "*/*", "application/*")):
            self._refuse(406, "the answers are application/json")
            return
        try:
            message = parse(body)
        except ProtocolError as exc:
            self._send(400, rpc_error(None, exc.code, str(exc)))
            return
        version = self.headers.get("MCP-Protocol-Version")
        if version in MODERN_VERSIONS:
            self._stateless(message, version)
        elif version is not None and version not in PROTOCOL_VERSIONS:
            data = {"supported": [*MODERN_VERSIONS, *PROTOCOL_VERSIONS], "requested": version}
            error = rpc_error(None, UNSUPPORTED_VERSION, "unsupported MCP-Protocol-Version", data)
            self._send(400, error)
        else:
            self._in_session(message)

    def _stateless(self, message: Any, version: str) -> None:
        """A request of the 2026-07-28 revision: no session, its headers match its body."""
        if not isinstance(message, dict) or "method" not in message:
            self._send(400, rpc_error(None, INVALID_REQUEST, "one JSON-RPC request per POST"))
            return
        ident = message.get("id")
        if "id" not in message:
            self._send(202, None)
            return
        if not is_modern(message):
            error = rpc_error(ident, INVALID_PARAMS, f"params._meta must carry {VERSION_KEY!r}")
            self._send(400, error)
            return
        mismatch = self._mismatch(message, version)
        if mismatch is not None:
            self._send(400, rpc_error(ident, HEADER_MISMATCH, mismatch))
            return
        answer = self.server.stateless.handle(message)
        assert answer is not None  # a request with an id always gets one
        failed = answer.get("error")
        self._send(_STATUS.get(failed["code"], 200) if failed else 200, answer)

    def _mismatch(self, message: dict[str, Any], version: str) -> str | None:
        """What in the request's headers disagrees with its body, if anything."""
        for name in ("MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"):
            if len(self.headers.get_all(name) or ()) > 1:
                return f"the {name} header appears more than once"
        params = message.get("params")
        meta = params.get("_meta") if isinstance(params, dict) else None
        if not isinstance(meta, dict) or meta.get(VERSION_KEY) != version:
            return "the MCP-Protocol-Version header does not match the request's _meta"
        method = message.get("method")
        if self.headers.get("Mcp-Method") != method:
            return "the Mcp-Method header does not match the request's method"
        tool = params.get("name") if method == "tools/call" and isinstance(params, dict) else None
        if tool is not None and _header_value(self.headers.get("Mcp-Name")) != tool:
            return "the Mcp-Name header does not match the request's tool name"
        return None

    def _in_session(self, message: Any) -> None:
        """A message of the older revisions: `initialize` opens a session, the rest name it."""
        sessions, ident = self.server.sessions, self.headers.get("Mcp-Session-Id")
        messages = message if isinstance(message, list) else [message]
        if not messages:
            self._send(400, rpc_error(None, INVALID_REQUEST, "an empty batch"))
            return
        if any(isinstance(m, dict) and m.get("method") == "initialize" for m in messages):
            if isinstance(message, list):
                self._send(400, rpc_error(None, INVALID_REQUEST, "initialize is sent alone"))
            elif ident is not None and sessions.get(ident) is None:
                self._no_session()
            elif ident is not None:
                error = "this session is initialized; initialize without Mcp-Session-Id"
                self._send(400, rpc_error(message.get("id"), INVALID_REQUEST, error))
            else:
                self._initialize(message)
            return
        if ident is None:
            error = "an Mcp-Session-Id header is needed: initialize first"
            self._send(400, rpc_error(None, INVALID_REQUEST, error))
            return
        server = sessions.get(ident)
        if server is None:
            self._no_session()
            return
        if isinstance(message, list) and server.protocol_version != "2025-03-26":
            error = f"a batch: protocol version {server.protocol_version} takes one message"
            self._send(400, rpc_error(None, INVALID_REQUEST, error))
            return
        answers = [a for a in map(server.handle, messages) if a is not None]
        if not answers:
            self._send(202, None)
        elif isinstance(message, list):
            self._send(200, answers)
        else:
            unreadable = "error" in answers[0] and answers[0].get("id") is None
            self._send(400 if unreadable else 200, answers[0])

    def _initialize(self, message: dict[str, Any]) -> None:
        ident, server = self.server.sessions.start()
        answer = server.handle(message)
        if answer is None or "error" in answer:
            self.server.sessions.end(ident)
            self._send(202 if answer is None else 200, answer)
            return
        self._send(200, answer, headers={"Mcp-Session-Id": ident})

    def _no_session(self) -> None:
        error = "no such session (ended or expired): initialize again"
        self._send(404, rpc_error(None, INVALID_REQUEST, error))

    def _get(self) -> None:
        ident = self.headers.get("Mcp-Session-Id")
        legacy = self.headers.get("MCP-Protocol-Version") not in MODERN_VERSIONS
        if legacy and ident is not None and self.server.sessions.get(ident) is None:
            self._no_session()
            return
        allow = "POST, DELETE" if legacy else "POST"
        self._refuse(405, "no stream here: this server only answers", headers={"Allow": allow})

    def _delete(self) -> None:
        ident = self.headers.get("Mcp-Session-Id")
        if self.headers.get("MCP-Protocol-Version") in MODERN_VERSIONS:
            self._refuse(405, "2026-07-28 has no sessions to end", headers={"Allow": "POST"})
        elif ident is None:
            self._refuse(400, "an Mcp-Session-Id header names the session to end")
        elif not self.server.sessions.end(ident):
            self._no_session()
        else:
            self._send(204, None)

    def _length(self) -> int:
        """The Content-Length (0 without one): `framing_problem` let only digits through."""
        return int(self.headers.get("Content-Length", "0").strip(" \t"))

    def _body(self) -> bytes | None:
        """The request's body, or None once a refusal is sent (too long, unreadable)."""
        limit = self.server.limit
        if "Transfer-Encoding" in self.headers:
            return self._chunked(limit)
        if "Content-Length" not in self.headers:
            self._refuse(411, "a POST needs a Content-Length", close=True)
            return None
        length = self._length()
        if length > limit:
            self._send(413, too_long(limit), close=True)
            self._drop(length)
            return None
        self._consumed = True
        return self.rfile.read(length)

    def _chunked(self, limit: int) -> bytes | None:
        body = read_chunked(self.rfile, limit)
        if body == 413:
            self._send(413, too_long(limit), close=True)
        elif isinstance(body, int):
            self._refuse(body, "a malformed chunked body", close=True)
        else:
            self._consumed = True
            return body
        return None

    def _drop(self, length: int) -> None:
        """Read and forget a refused body, so the client, still sending, sees the answer (a
        body larger than DISCARD_BYTES is cut off instead: the connection closes)."""
        left = length if length <= DISCARD_BYTES else 0
        with contextlib.suppress(OSError):
            while left > 0:
                piece = self.rfile.read(min(left, 1 << 16))
                if not piece:
                    return
                left -= len(piece)

    def _refuse(
        self,
        status: int,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        close: bool = False,
    ) -> None:
        """An HTTP error whose body is a JSON-RPC error without an id (as the spec allows)."""
        self._send(status, rpc_error(None, INVALID_REQUEST, redact(message)), headers, close)

    def _send(
        self,
        status: int,
        payload: Any,
        headers: dict[str, str] | None = None,
        close: bool = False,
    ) -> None:
        data = b"" if payload is None else encode(payload).encode("ascii")
        headers_in = getattr(self, "headers", None)  # None: the request line itself was bad
        if not close and not self._consumed and headers_in is not None:
            length = self._length()  # a body left unread would be read as the next request
            if "Transfer-Encoding" in headers_in or length > self.server.limit:
                close = True
            elif length:
                self._drop(length)
            self._consumed = True
        self.send_response(status)
        if payload is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        origin = headers_in.get("Origin") if headers_in is not None else None
        if origin is not None and self.server.gate.origin_allowed(origin):
            self.send_header("Access-Control-Allow-Origin", origin)
            self.send_header("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate")
            self.send_header("Vary", "Origin")
        if close or self.server.stopping:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if data and self.command != "HEAD":
            self.wfile.write(data)


def _header_value(value: str | None) -> str | None:
    """A header value as 2026-07-28 encodes it: `=?base64?...?=` for what ASCII cannot carry."""
    if value is None or not (value.startswith("=?base64?") and value.endswith("?=")):
        return value
    try:
        return base64.b64decode(value[9:-2], validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
