"""`vaultkit mcp`: search and recall served to an AI assistant over the Model Context Protocol.

The assistant's host starts `vaultkit mcp` once and keeps it running; each tool call then costs
the query, not a process start (importing Python, typer and vaultkit takes longer than a search).
The transport is MCP's stdio one: JSON-RPC 2.0 messages, one per line, requests on stdin and
responses on stdout; stdout carries nothing else, and diagnostics go to stderr.

What is implemented is the part of the protocol a tools-only server needs: `initialize` (with
version negotiation), `ping`, `tools/list` and `tools/call`; notifications are accepted and need
no answer. Each call refreshes the index first, as `vaultkit search` does, so a note written
while the server runs is found by the next call. The config is read again when its file changes.

A bad argument or a user error (a bad date, an empty query) is a tool result with `isError` set
and the one-line message the CLI would print, so the model can correct its call; a malformed
message is a JSON-RPC error.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable, Mapping
from datetime import date
from pathlib import Path
from typing import IO, Any

from vaultkit import __version__
from vaultkit.config import CONFIG_NAME, Config, load_config
from vaultkit.errors import UsageError, VaultkitError
from vaultkit.filters import Filters

# Newest first; a client asking for another version gets the newest (the spec's negotiation).
PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
STRUCTURED_SINCE = "2025-06-18"  # the first version with `structuredContent` in tool results

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = (
    -32700, -32600, -32601, -32602, -32603,
)  # fmt: skip

_DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
_FILTERS: dict[str, Any] = {
    "as_of": {**_DATE, "description": "The day counted as today, YYYY-MM-DD (default: today)."},
    "since": {**_DATE, "description": "Only days on or after this one, YYYY-MM-DD."},
    "until": {**_DATE, "description": "Only days on or before this one, YYYY-MM-DD."},
    "person": {"type": "string", "description": "Only days with this person (or nickname)."},
    "project": {"type": "string", "description": "Only days with this project."},
    "tag": {"type": "string", "description": "Only days with this tag."},
    "min_importance": {
        "type": "integer",
        "minimum": 1,
        "maximum": 10,
        "description": "Only days at least this important (1-10).",
    },
}
_QUERY = {"type": "string", "minLength": 1, "description": "What to look for, in plain words."}

TOOLS: list[dict[str, Any]] = [
    {
        "name": "search",
        "title": "Search memory",
        "description": (
            "The days of the memory vault that best answer a question, ranked by relevance, "
            "importance and recency, with each day's summary (people, projects, tags, mood, "
            "bullets). Use it to find when something happened or which days to read."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": _QUERY,
                "top_k": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "How many days (default: the config's search.top_k).",
                },
                **_FILTERS,
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
    {
        "name": "recall",
        "title": "Recall from memory",
        "description": (
            "A markdown context pack for a question: the best days' summaries and the lines of "
            "their raw notes and chat transcripts that match it, bounded in days and characters. "
            "Use it to remember details before answering."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": _QUERY,
                "max_days": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "At most this many days (default 3).",
                },
                "max_chars": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Hard bound on the pack's length in characters (default 6000).",
                },
                **_FILTERS,
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
]
_SCHEMAS = {tool["name"]: tool["inputSchema"] for tool in TOOLS}


class ProtocolError(Exception):
    """A request the server cannot take: answered with a JSON-RPC error."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


class McpServer:
    """Answers MCP messages for one workspace; `handle` takes one message, returns its response."""

    def __init__(self, config_path: Path | None, *, log: IO[str] | None = None) -> None:
        self.config_path = _config_file(config_path)
        self.log = log if log is not None else sys.stderr
        self.version = PROTOCOL_VERSIONS[0]
        self._config: Config | None = None
        self._stamp: tuple[int, int] | None = None
        self.config()  # a broken config fails at start, before the host connects

    def config(self) -> Config:
        """The workspace config, read again when its file changed."""
        try:
            stat = self.config_path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = None
        if self._config is None or stamp != self._stamp:
            self._config = load_config(self.config_path)
            self._stamp = stamp
        return self._config

    def handle(self, message: Any) -> dict[str, Any] | None:
        """The response to one parsed message; None for a notification (it gets no answer)."""
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return _error(None, INVALID_REQUEST, "expected a JSON-RPC 2.0 object")
        ident = message.get("id")
        method = message.get("method")
        if not isinstance(method, str):
            return _error(ident, INVALID_REQUEST, "the message has no method")
        if "id" not in message:
            return None  # notifications/initialized, cancelled, ...: nothing to answer
        try:
            return {"jsonrpc": "2.0", "id": ident, "result": self._dispatch(method, message)}
        except ProtocolError as exc:
            return _error(ident, exc.code, str(exc))
        except Exception as exc:  # a bug must not take the assistant's memory down with it
            traceback.print_exc(file=self.log)
            return _error(ident, INTERNAL_ERROR, f"internal error: {exc}")

    def _dispatch(self, method: str, message: Mapping[str, Any]) -> dict[str, Any]:
        params = message.get("params") or {}
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
        self.version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
        return {
            "protocolVersion": self.version,
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
        if name not in _SCHEMAS:
            raise ProtocolError(INVALID_PARAMS, f"unknown tool {name!r}")
        arguments = params.get("arguments") or {}
        try:
            checked = check_arguments(_SCHEMAS[name], arguments)
            if name == "search":
                return self._search(checked)
            return self._recall(checked)
        except VaultkitError as exc:
            return {"content": [{"type": "text", "text": str(exc)}], "isError": True}

    def _search(self, args: dict[str, Any]) -> dict[str, Any]:
        from vaultkit.search import search

        result = search(
            self.config(),
            args["query"],
            top_k=args.get("top_k"),
            as_of=args.get("as_of"),
            filters=_filters(args),
        )
        data = result.as_dict()
        answer: dict[str, Any] = {"content": [{"type": "text", "text": _dumps(data)}]}
        if self.version >= STRUCTURED_SINCE:  # ISO dates compare in order
            answer["structuredContent"] = json.loads(_dumps(data))
        return answer

    def _recall(self, args: dict[str, Any]) -> dict[str, Any]:
        from vaultkit.recall import DEFAULT_MAX_CHARS, DEFAULT_MAX_DAYS, recall

        pack = recall(
            self.config(),
            args["query"],
            max_days=args.get("max_days", DEFAULT_MAX_DAYS),
            max_chars=args.get("max_chars", DEFAULT_MAX_CHARS),
            as_of=args.get("as_of"),
            filters=_filters(args),
        )
        for path, error in pack.skipped:
            print(f"vaultkit: skipped {path}: {error}", file=self.log)
        return {"content": [{"type": "text", "text": pack.markdown}]}


def serve(
    config_path: Path | None,
    reader: Iterable[str] | None = None,
    writer: IO[str] | None = None,
    *,
    log: IO[str] | None = None,
) -> None:
    """Answer messages from `reader` (default stdin), one JSON per line, until it ends."""
    server = McpServer(config_path, log=log)
    reader = reader if reader is not None else sys.stdin
    writer = writer if writer is not None else sys.stdout
    for line in reader:
        if not line.strip():
            continue
        response = respond(server, line)
        if response is not None:
            writer.write(json.dumps(response, ensure_ascii=False, default=_iso) + "\n")
            writer.flush()


def respond(server: McpServer, line: str) -> dict[str, Any] | None:
    """The response to one line of the transport."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(None, PARSE_ERROR, f"not JSON: {exc.msg} at column {exc.colno}")
    if isinstance(message, list):
        return _error(None, INVALID_REQUEST, "batches are not supported")
    return server.handle(message)


def check_arguments(schema: Mapping[str, Any], arguments: Any) -> dict[str, Any]:
    """Tool arguments checked against the tool's (flat) input schema; dates become `date`s.

    A mistake is a UsageError naming the argument, returned to the model as a tool error.
    """
    from vaultkit.vault import parse_date

    if not isinstance(arguments, dict):
        raise UsageError("arguments must be an object")
    properties = schema["properties"]
    unknown = sorted(set(arguments) - set(properties))
    if unknown:
        raise UsageError(f"unknown argument {unknown[0]!r}; expected one of {sorted(properties)}")
    for name in schema.get("required", ()):
        if name not in arguments:
            raise UsageError(f"missing argument {name!r}")
    checked: dict[str, Any] = {}
    for name, value in arguments.items():
        if value is None:
            continue  # an explicit null means the default
        spec = properties[name]
        if spec["type"] == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                raise UsageError(f"{name}: expected an integer, got {value!r}")
            low, high = spec.get("minimum"), spec.get("maximum")
            if (low is not None and value < low) or (high is not None and value > high):
                raise UsageError(f"{name}: {value} is out of range {low}..{high or ''}")
        elif not isinstance(value, str):
            raise UsageError(f"{name}: expected a string, got {value!r}")
        elif spec.get("format") == "date":
            day = parse_date(value)
            if day is None:
                raise UsageError(f"{name}: expected a date YYYY-MM-DD, got {value!r}")
            value = day
        elif not value.strip() and spec.get("minLength"):
            raise UsageError(f"{name}: must not be empty")
        checked[name] = value
    return checked


def _filters(args: Mapping[str, Any]) -> Filters:
    return Filters(
        since=args.get("since"),
        until=args.get("until"),
        person=args.get("person"),
        project=args.get("project"),
        tag=args.get("tag"),
        min_importance=args.get("min_importance"),
    )


def _config_file(path: Path | None) -> Path:
    chosen = Path(path) if path is not None else Path.cwd() / CONFIG_NAME
    return chosen / CONFIG_NAME if chosen.is_dir() else chosen


def _error(ident: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, default=_iso)


def _iso(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")
