"""A real OpenAI-compatible HTTP server on 127.0.0.1 for tests, scripted one reply per request.

    def test_x(llm_server):
        llm_server.reply(chat({"importance": 5, ...}))       # 200 with a chat completion
        llm_server.reply(Reply(status=429, headers={"Retry-After": "3"}), chat(...))
        llm_server.reply(Reply(delay=0.5))                   # answer after the client gave up
        ... llm_server.url ...                               # "http://127.0.0.1:PORT/v1"
        llm_server.requests[0].json["messages"]              # what the client sent

Replies are served in order, whatever the path. With none left, `/v1/embeddings` answers with
deterministic vectors (one per input, from a hash of the text) and anything else gets a 500.
A test module gets the `llm_server` fixture by importing `llm_server_fixture` from here.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

EMBEDDING_DIMENSIONS = 8


@dataclass
class Reply:
    """One scripted answer: a status, a body (dict/list as JSON, str or bytes as is), headers,
    and a delay before answering (longer than the client's timeout makes it time out)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class Recorded:
    """A request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


def chat(content: Any, *, status: int = 200, **extra: Any) -> Reply:
    """A chat-completions answer whose message content is `content` (a dict is sent as JSON text)."""
    text = content if isinstance(content, str) else json.dumps(content)
    body = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "model": "test-model",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
        ],
        **extra,
    }
    return Reply(status=status, body=body)


def error(status: int, message: str = "scripted error", **headers: str) -> Reply:
    """An OpenAI-style error answer."""
    body = {"error": {"message": message, "type": "test_error", "code": status}}
    return Reply(status=status, body=body, headers=dict(headers))


def fake_embedding(text: str) -> list[float]:
    """A deterministic unit-free vector for a text: the same text always gives the same vector."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return [round(b / 255.0 - 0.5, 6) for b in digest[:EMBEDDING_DIMENSIONS]]


class LLMServer:
    """An HTTP server on 127.0.0.1 (a free port) that answers from a queue of replies."""

    def __init__(self) -> None:
        self.embedding: Callable[[str], list[float]] = fake_embedding  # what /embeddings answers
        self.requests: list[Recorded] = []
        self._replies: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server, self._thread = local_server(self._handler_class())

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        """The base URL, as a config's `base_url` holds it."""
        return f"http://127.0.0.1:{self.port}/v1"

    def reply(self, *replies: Reply) -> None:
        """Queue replies, served one per request in order."""
        with self._lock:
            self._replies.extend(replies)

    @property
    def pending(self) -> int:
        """Scripted replies not served yet."""
        with self._lock:
            return len(self._replies)

    def start(self) -> LLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers still waiting out a delay
        self._server.shutdown()
        self._server.server_close()

    def _next(self, path: str, body: bytes) -> Reply:
        with self._lock:
            if self._replies:
                return self._replies.popleft()
        if path.rstrip("/").endswith("/embeddings"):
            return _embeddings_reply(body, self.embedding)
        return error(500, f"no scripted reply for {path}")

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with server._lock:
                    server.requests.append(
                        Recorded("POST", self.path, dict(self.headers.items()), body)
                    )
                self._send(server._next(self.path, body))

            def do_GET(self) -> None:
                with server._lock:
                    server.requests.append(
                        Recorded("GET", self.path, dict(self.headers.items()), b"")
                    )
                self._send(server._next(self.path, b""))

            def _send(self, reply: Reply) -> None:
                if reply.delay and server._stopping.wait(reply.delay):
                    return
                send(self, reply.status, reply.body, reply.headers)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        return Handler


def local_server(
    handler: type[BaseHTTPRequestHandler],
) -> tuple[ThreadingHTTPServer, threading.Thread]:
    """A server on a free port of 127.0.0.1 and the thread that will serve it (not started)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
    )
    return server, thread


def send(
    handler: BaseHTTPRequestHandler,
    status: int,
    body: Any,
    headers: dict[str, str],
    json_type: str = "application/json",
) -> None:
    """Answer a request: bytes as they are, a str as plain text, anything else as JSON."""
    if isinstance(body, bytes):
        payload, kind = body, "application/octet-stream"
    elif isinstance(body, str):
        payload, kind = body.encode("utf-8"), "text/plain; charset=utf-8"
    else:
        payload, kind = json.dumps(body).encode("utf-8"), json_type
    try:
        handler.send_response(status)
        handler.send_header("Content-Type", kind)
        handler.send_header("Content-Length", str(len(payload)))
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(payload)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the client timed out and left: that was the point


def _embeddings_reply(body: bytes, embedding: Callable[[str], list[float]]) -> Reply:
    try:
        request = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return error(400, "body is not JSON")
    inputs = request.get("input") if isinstance(request, dict) else None
    if isinstance(inputs, str):
        inputs = [inputs]
    if not isinstance(inputs, list) or not all(isinstance(i, str) for i in inputs):
        return error(400, "input must be a string or a list of strings")
    data = [
        {"object": "embedding", "index": i, "embedding": embedding(text)}
        for i, text in enumerate(inputs)
    ]
    return Reply(body={"object": "list", "data": data, "model": request.get("model", "")})


@pytest.fixture(name="llm_server")
def llm_server_fixture() -> Iterator[LLMServer]:
    """A running scripted server; stopped after the test."""
    server = LLMServer().start()
    try:
        yield server
    finally:
        server.stop()
