"""`vaultkit mcp`: the memory served to an AI assistant over the Model Context Protocol.

The assistant's host starts `vaultkit mcp` once and keeps it running; each tool call then costs
the query, not a process start (importing Python, typer and vaultkit takes longer than a search).
This module holds the protocol, whatever carries it (`McpServer.handle`: one message in, its
answer out), and the stdio transport: JSON-RPC 2.0 messages, one per line, requests on stdin
and responses on stdout; stdout carries nothing else, and diagnostics go to stderr. The
streamable HTTP transport is `vaultkit.mcp.http`.

Both eras of the protocol are served (a "dual-era" server, as the 2026-07-28 revision calls
it): a request whose `params._meta` carries `io.modelcontextprotocol/protocolVersion` (2026-07-28,
stateless, with `server/discover`) is answered from what it carries; `initialize` starts a
session of an older revision (2024-11-05 to 2025-11-25, version negotiation). What is
implemented is the part a tools-only server needs: `initialize`, `server/discover`, `ping`
(before 2026-07-28), `tools/list` and `tools/call`; notifications are accepted and need no
answer; a batch (an array, MCP 2025-03-26) is answered as one. Each call reads the config and
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
from vaultkit.mcp.tools import (
    SCHEMAS,
    WRITE_TOOL_NAMES,
    call_tool,
    check_arguments,
    listed_tools,
    writable,
)
from vaultkit.redact import redact
from vaultkit.state import kept_elsewhere
from vaultkit.strict_json import JSONLimitError, loads_guarded

# Newest first; a client asking for another version gets the newest (the spec's negotiation).
PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
MODERN_VERSIONS = ("2026-07-28",)  # stateless: version and capabilities in each request's _meta
STRUCTURED_SINCE = "2025-06-18"  # the first version with `structuredContent` in tool results

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = (
    -32700, -32600, -32601, -32602, -32603,
)  # fmt: skip
HEADER_MISMATCH, UNSUPPORTED_VERSION = -32020, -32022  # the 2026-07-28 revision's own codes
VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo"
SERVER_INFO = {"name": "vaultkit", "version": __version__}
INSTRUCTIONS = (
    "The user's long-term memory: one markdown note and summary per day. Call `recall` before "
    "answering about past work, people or decisions; `search` to find which days. When the "
    "tools list `remember`, use it for what the user asks you to keep (a fact, a decision, a "
    "preference), and `save_transcript` for a conversation worth keeping whole."
)


class ProtocolError(Exception):
    """A request the server cannot take: answered with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.data = data


class McpServer:
    """Answers MCP messages for one workspace; `handle` takes one message, returns its response.

    One instance is one legacy session (it keeps the version `initialize` negotiated); requests
    of the stateless revision change nothing in it, so any number of threads may send those.
    `read_only` serves the read tools alone, as for a vault this process may not write."""

    def __init__(
        self, config_path: Path | None, *, log: IO[str] | None = None, read_only: bool = False
    ) -> None:
        self.config_path = config_path
        self.log = log if log is not None else sys.stderr
        self.read_only = read_only
        self.protocol_version = PROTOCOL_VERSIONS[0]
        config = self.current_config()  # a broken config fails at start, before the host connects
        elsewhere = kept_elsewhere(config.vault_dir, config.state_dir)
        if elsewhere:  # said once, at start
            print(redact(f"vaultkit: {elsewhere}"), file=self.log)

    def current_config(self) -> Config:
        """The config as it is now: read at each call (~2 ms), so an edit, or a vault that
        went away, counts at once."""
        return load_config(self.config_path, reading=True)

    def writes(self, config: Config) -> bool:
        """Whether the write tools are served now (a read-only vault, a reader: no)."""
        return not self.read_only and writable(config)

    def handle(self, message: Any) -> dict[str, Any] | None:
        """The response to one parsed message; None for a notification (it gets no answer)."""
        if not isinstance(message, dict):
            return rpc_error(None, INVALID_REQUEST, "expected a JSON-RPC 2.0 object")
        ident = message.get("id")
        if "method" not in message and ("result" in message or "error" in message):
            return None  # a response to a request of ours; we send none, so nothing to do
        if "id" in message and (type(ident) not in (str, int)):
            return rpc_error(None, INVALID_REQUEST, "the id must be a string or an integer")
        method = message.get("method")
        if message.get("jsonrpc") != "2.0" or not isinstance(method, str):
            return rpc_error(
                ident, INVALID_REQUEST, "expected a JSON-RPC 2.0 request with a method"
            )
        if "id" not in message:
            return None  # notifications/initialized, cancelled, ...: nothing to answer
        try:
            params = message.get("params", {})
            if not isinstance(params, dict):
                raise ProtocolError(INVALID_PARAMS, "params must be an object")
            if method != "initialize" and (method == "server/discover" or is_modern(message)):
                result = self._modern(method, params)
            else:
                result = self._dispatch(method, params)
            return {"jsonrpc": "2.0", "id": ident, "result": result}
        except ProtocolError as exc:
            return rpc_error(ident, exc.code, str(exc), exc.data)
        except Exception as exc:  # a bug must not take the assistant's memory down with it
            self.log.write(redact(traceback.format_exc()))
            return rpc_error(ident, INTERNAL_ERROR, redact(f"internal error: {exc}"))

    def _dispatch(self, method: str, params: Mapping[str, Any]) -> dict[str, Any]:
        if method == "initialize":
            return self._initialize(params)
        if method == "ping":
            return {}
        if method == "tools/list":
            return {"tools": listed_tools(self.writes(self.current_config()))}
        if method == "tools/call":
            return self._call(params, self.protocol_version >= STRUCTURED_SINCE)
        raise ProtocolError(METHOD_NOT_FOUND, f"unknown method {method!r}")

    def _modern(self, method: str, params: Mapping[str, Any]) -> dict[str, Any]:
        """A request of the stateless revision: its version checked, answered from itself."""
        meta = params.get("_meta")
        if not isinstance(meta, dict) or VERSION_KEY not in meta or CAPABILITIES_KEY not in meta:
            raise ProtocolError(
                INVALID_PARAMS, f"params._meta must carry {VERSION_KEY!r} and {CAPABILITIES_KEY!r}"
            )
        version = meta[VERSION_KEY]
        if not isinstance(version, str):
            raise ProtocolError(INVALID_PARAMS, f"{VERSION_KEY} must be a string")
        if version not in MODERN_VERSIONS:
            supported = [*MODERN_VERSIONS, *PROTOCOL_VERSIONS]
            data = {"supported": supported, "requested": version}
            raise ProtocolError(UNSUPPORTED_VERSION, "unsupported protocol version", data)
        if method == "server/discover":
            result: dict[str, Any] = {
                "supportedVersions": [*MODERN_VERSIONS, *PROTOCOL_VERSIONS],
                "capabilities": {"tools": {}},
                "instructions": INSTRUCTIONS,
                "ttlMs": 0,
                "cacheScope": "private",
            }
        elif method == "tools/list":  # the write tools come and go with the vault's state
            tools = listed_tools(self.writes(self.current_config()))
            result = {"tools": tools, "ttlMs": 0, "cacheScope": "private"}
        elif method == "tools/call":
            result = self._call(params, structured=True)
        else:  # ping, initialize's notifications...: gone from this revision
            raise ProtocolError(METHOD_NOT_FOUND, f"unknown method {method!r}")
        return {**result, "resultType": "complete", "_meta": {SERVER_INFO_KEY: SERVER_INFO}}

    def _initialize(self, params: Mapping[str, Any]) -> dict[str, Any]:
        asked = params.get("protocolVersion")
        self.protocol_version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
        return {
            "protocolVersion": self.protocol_version,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": SERVER_INFO,
            "instructions": INSTRUCTIONS,
        }

    def _call(self, params: Mapping[str, Any], structured: bool) -> dict[str, Any]:
        name = params.get("name")
        if not isinstance(name, str) or name not in SCHEMAS:
            raise ProtocolError(INVALID_PARAMS, f"unknown tool {name!r}")
        try:
            arguments = check_arguments(SCHEMAS[name], params.get("arguments", {}))
            config = self.current_config()
            if name in WRITE_TOOL_NAMES and not self.writes(config):
                return _tool_error(
                    f"{name}: this memory is read-only here (a read-only vault, a reader of a "
                    "shared index, or --read-only): nothing was written; search and recall work"
                )
            return call_tool(name, arguments, config, structured, self.log)
        except VaultkitError as exc:  # never with a secret: the model may repeat it anywhere
            return _tool_error(redact(str(exc)))


def is_modern(message: Mapping[str, Any]) -> bool:
    """Whether a request carries the 2026-07-28 envelope (a protocol version in its _meta)."""
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and VERSION_KEY in meta


def serve(
    config_path: Path | None,
    reader: BinaryIO | Iterable[bytes | str] | None = None,
    writer: IO[str] | None = None,
    *,
    log: IO[str] | None = None,
    read_only: bool = False,
) -> None:
    """Answer messages from `reader` (default: stdin's bytes), one JSON per line, until it ends
    or the process is interrupted. A line longer than the config's `mcp.max_request_bytes` is
    answered with an error and skipped, never held in memory whole."""
    server = McpServer(config_path, log=log, read_only=read_only)
    limit = server.current_config().mcp.max_request_bytes
    reader = reader if reader is not None else sys.stdin.buffer
    writer = writer if writer is not None else sys.stdout
    try:
        for line in bounded_lines(reader, limit):
            if line is None:
                response: str | None = encode(too_long(limit))
            elif not line.strip():
                continue
            else:
                response = respond(server, line)
            if response is not None:
                writer.write(response + "\n")
                writer.flush()
    except KeyboardInterrupt:
        pass  # the host stops its servers with SIGINT; a call that writes finishes atomically
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


def parse(data: bytes | str) -> Any:
    """One message of the transport as JSON; a ProtocolError (PARSE_ERROR) saying why not."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        return loads_guarded(text)
    except UnicodeDecodeError as exc:
        raise ProtocolError(PARSE_ERROR, f"not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ProtocolError(PARSE_ERROR, f"not JSON: {exc.msg} at column {exc.colno}") from None
    except JSONLimitError as exc:
        raise ProtocolError(PARSE_ERROR, f"not JSON this server reads: {exc}") from None


def respond(server: McpServer, line: bytes | str) -> str | None:
    """The response, as one line of ASCII JSON, to one line of the transport."""
    try:
        message = parse(line)
    except ProtocolError as exc:
        return encode(rpc_error(None, exc.code, str(exc)))
    if isinstance(message, list):  # a batch: MCP 2025-03-26 allows them
        if not message:
            return encode(rpc_error(None, INVALID_REQUEST, "an empty batch"))
        answers = [a for a in map(server.handle, message) if a is not None]
        return encode(answers) if answers else None
    answer = server.handle(message)
    return None if answer is None else encode(answer)


def encode(response: Any) -> str:
    """A response as the transports send it: one line of ASCII JSON."""
    try:
        return json.dumps(response, ensure_ascii=True)
    except (TypeError, ValueError) as exc:  # a bug: say so rather than break the stream
        ident = response.get("id") if isinstance(response, dict) else None
        return json.dumps(rpc_error(ident, INTERNAL_ERROR, f"internal error: {exc}"))


def too_long(limit: int) -> dict[str, Any]:
    return rpc_error(
        None, INVALID_REQUEST, f"a request of more than {limit:,} bytes (mcp.max_request_bytes)"
    )


def _tool_error(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": True}


def rpc_error(ident: Any, code: int, message: str, data: Any = None) -> dict[str, Any]:
    """A JSON-RPC error response (`data`: what the error carries besides its message)."""
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": ident, "error": error}
