"""`vaultkit mcp`: search and recall served to an AI assistant over the Model Context Protocol.

The assistant's host starts `vaultkit mcp` once and keeps it running; each tool call then costs
the query, not a process start (importing Python, typer and vaultkit takes longer than a search).
The transport is MCP's stdio one: JSON-RPC 2.0 messages, one per line, requests on stdin and
responses on stdout; stdout carries nothing else, and diagnostics go to stderr.

What is implemented is the part of the protocol a tools-only server needs: `initialize` (with
version negotiation), `ping`, `tools/list` and `tools/call`; notifications are accepted and need
no answer; a batch (an array, MCP 2025-03-26) is answered as one. Each call reads the config and
refreshes the index first, as `vaultkit search` does, so a note written or a setting changed
while the server runs counts at the next call. Output is ASCII JSON (non-ASCII characters
escaped), so the host's locale cannot garble it; input must be UTF-8.

A bad argument or a user error (a bad date, an empty query) is a tool result with `isError` set
and the one-line message the CLI would print, so the model can correct its call; a malformed
message is a JSON-RPC error.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, BinaryIO

from vaultkit import __version__
from vaultkit.config import Config, load_config
from vaultkit.errors import VaultkitError
from vaultkit.mcp.tools import SCHEMAS, TOOLS, call_tool, check_arguments
from vaultkit.redact import redact

# Newest first; a client asking for another version gets the newest (the spec's negotiation).
PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
STRUCTURED_SINCE = "2025-06-18"  # the first version with `structuredContent` in tool results

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = (
    -32700, -32600, -32601, -32602, -32603,
)  # fmt: skip


class ProtocolError(Exception):
    """A request the server cannot take: answered with a JSON-RPC error."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


class McpServer:
    """Answers MCP messages for one workspace; `handle` takes one message, returns its response."""

    def __init__(self, config_path: Path | None, *, log: IO[str] | None = None) -> None:
        self.config_path = config_path
        self.log = log if log is not None else sys.stderr
        self.protocol_version = PROTOCOL_VERSIONS[0]
        self.current_config()  # a broken config fails at start, before the host connects

    def current_config(self) -> Config:
        """The config as it is now: read at each call (~2 ms), so an edit, or a vault that
        went away, counts at once."""
        return load_config(self.config_path, reading=True)

    def handle(self, message: Any) -> dict[str, Any] | None:
        """The response to one parsed message; None for a notification (it gets no answer)."""
        if not isinstance(message, dict):
            return _error(None, INVALID_REQUEST, "expected a JSON-RPC 2.0 object")
        ident = message.get("id")
        if "method" not in message and ("result" in message or "error" in message):
            return None  # a response to a request of ours; we send none, so nothing to do
        if "id" in message and (type(ident) not in (str, int)):
            return _error(None, INVALID_REQUEST, "the id must be a string or an integer")
        method = message.get("method")
        if message.get("jsonrpc") != "2.0" or not isinstance(method, str):
            return _error(ident, INVALID_REQUEST, "expected a JSON-RPC 2.0 request with a method")
        if "id" not in message:
            return None  # notifications/initialized, cancelled, ...: nothing to answer
        try:
            return {"jsonrpc": "2.0", "id": ident, "result": self._dispatch(method, message)}
        except ProtocolError as exc:
            return _error(ident, exc.code, str(exc))
        except Exception as exc:  # a bug must not take the assistant's memory down with it
            self.log.write(redact(traceback.format_exc()))
            return _error(ident, INTERNAL_ERROR, redact(f"internal error: {exc}"))

    def _dispatch(self, method: str, message: Mapping[str, Any]) -> dict[str, Any]:
        params = message.get("params", {})
        if not isinstance(params, dict):
            raise ProtocolError(INVALID_PARAMS, "params must be an object")
        if method == "initialize":
            return self._initialize(params)
        if method == "ping":
            return {}
        if method == "tools/list":
            return {"tools": TOOLS}
        if method == "tools/call":
            return self._call(params)
        raise ProtocolError(METHOD_NOT_FOUND, f"unknown method {method!r}")

    def _initialize(self, params: Mapping[str, Any]) -> dict[str, Any]:
        asked = params.get("protocolVersion")
        self.protocol_version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
        return {
            "protocolVersion": self.protocol_version,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "vaultkit", "version": __version__},
            "instructions": (
                "The user's long-term memory: one markdown note and summary per day. Call "
                "`recall` before answering about past work, people or decisions; `search` to "
                "find which days."
            ),
        }

    def _call(self, params: Mapping[str, Any]) -> dict[str, Any]:
        name = params.get("name")
        if not isinstance(name, str) or name not in SCHEMAS:
            raise ProtocolError(INVALID_PARAMS, f"unknown tool {name!r}")
        try:
            arguments = check_arguments(SCHEMAS[name], params.get("arguments", {}))
            structured = self.protocol_version >= STRUCTURED_SINCE  # ISO dates compare in order
            return call_tool(name, arguments, self.current_config(), structured, self.log)
        except VaultkitError as exc:  # never with a secret: the model may repeat it anywhere
            return {"content": [{"type": "text", "text": redact(str(exc))}], "isError": True}


def serve(
    config_path: Path | None,
    reader: BinaryIO | Iterable[bytes | str] | None = None,
    writer: IO[str] | None = None,
    *,
    log: IO[str] | None = None,
) -> None:
    """Answer messages from `reader` (default: stdin's bytes), one JSON per line, until it ends
    or the process is interrupted. A line longer than the config's `mcp.max_request_bytes` is
    answered with an error and skipped, never held in memory whole."""
    server = McpServer(config_path, log=log)
    limit = server.current_config().mcp.max_request_bytes
    reader = reader if reader is not None else sys.stdin.buffer
    writer = writer if writer is not None else sys.stdout
    try:
        for line in bounded_lines(reader, limit):
            if line is None:
                response: str | None = _line(_too_long(limit))
            elif not line.strip():
                continue
            else:
                response = respond(server, line)
            if response is not None:
                writer.write(response + "\n")
                writer.flush()
    except KeyboardInterrupt:
        pass  # the host stops its servers with SIGINT; a read-only server has nothing to finish
    except BrokenPipeError:
        pass  # the host went away: there is no one left to answer


def bounded_lines(
    reader: BinaryIO | Iterable[bytes | str], limit: int
) -> Iterator[bytes | str | None]:
    """The lines of `reader`, each at most `limit` bytes; None stands for a longer one, whose
    rest is read and dropped in pieces of `limit`."""
    readline = getattr(reader, "readline", None)
    if readline is None:  # a list of lines (tests, an embedding host)
        for line in reader:
            yield None if len(line) > limit else line
        return
    while True:
        line = readline(limit + 1)
        if not line:
            return
        if len(line) <= limit:
            yield line
            continue
        while line and not line.endswith(b"\n"):
            line = readline(limit)
        yield None


def respond(server: McpServer, line: bytes | str) -> str | None:
    """The response, as one line of ASCII JSON, to one line of the transport."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        message = json.loads(text)
    except UnicodeDecodeError as exc:
        return _line(_error(None, PARSE_ERROR, f"not UTF-8 (byte {exc.start})"))
    except json.JSONDecodeError as exc:
        return _line(_error(None, PARSE_ERROR, f"not JSON: {exc.msg} at column {exc.colno}"))
    except RecursionError:
        return _line(_error(None, PARSE_ERROR, "not JSON this server reads: nested too deeply"))
    except ValueError:  # the one left: an integer of more digits than Python converts
        return _line(_error(None, PARSE_ERROR, "not JSON this server reads: a number too long"))
    if isinstance(message, list):  # a batch: MCP 2025-03-26 allows them
        if not message:
            return _line(_error(None, INVALID_REQUEST, "an empty batch"))
        answers = [a for a in map(server.handle, message) if a is not None]
        return _line(answers) if answers else None
    answer = server.handle(message)
    return None if answer is None else _line(answer)


def _line(response: Any) -> str:
    try:
        return json.dumps(response, ensure_ascii=True)
    except (TypeError, ValueError) as exc:  # a bug: say so rather than break the stream
        ident = response.get("id") if isinstance(response, dict) else None
        return json.dumps(_error(ident, INTERNAL_ERROR, f"internal error: {exc}"))


def _too_long(limit: int) -> dict[str, Any]:
    return _error(
        None, INVALID_REQUEST, f"a request of more than {limit:,} bytes (mcp.max_request_bytes)"
    )


def _error(ident: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}
