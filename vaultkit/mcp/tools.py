"""The MCP tools: `search` and `recall`, and `remember` and `save_transcript` where the vault
can be written. Their input schemas and annotations, the check of a call's arguments, and the
call itself (the same core functions the CLI commands call; the writes are `workspace.notes`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import IO, Any

from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.redact import redact
from vaultkit.search.filters import Filters
from vaultkit.search.intent import MAX_QUERY_CHARS
from vaultkit.search.recall import DEFAULT_MAX_CHARS, DEFAULT_MAX_DAYS
from vaultkit.state import may_write

# What one call may ask for: a model's context holds no more (a larger answer is a mistake).
MAX_DAYS = 100
MAX_CHARS = 200_000
# What one call may write: a note to remember, a transcript and its title.
MAX_REMEMBER_CHARS = 8_000
MAX_TITLE_CHARS = 200
MAX_TRANSCRIPT_CHARS = 500_000

_DATE = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
_FILTERS: dict[str, Any] = {
    "as_of": {
        **_DATE,
        "description": "Search the memory as it stood on this day, YYYY-MM-DD: recency counts "
        "from it and no later day is returned (default: today, every day).",
    },
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
_QUERY = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_QUERY_CHARS,
    "description": (
        "The question in plain words, English or Indonesian. Time phrases work, read against "
        "as_of (or today): 'yesterday'/'kemarin', 'two weeks ago'/'2 minggu lalu', 'last "
        "week'/'minggu lalu', 'in March'/'bulan Maret', 'on Tuesday'/'hari Selasa', 'since "
        "Monday'/'sejak Senin', 'between March and May', dates. So do 'latest'/'terbaru'/"
        "'sekarang' (the newest day on the topic), 'first'/'pertama' (the oldest) and "
        "'decision'/'keputusan'/'incident'/'insiden' (the day it happened)."
    ),
}

# Hints to the host (MCP 2025-03-26 on): the reads change nothing; the writes only add (a text
# already there is not written again) and reach nothing outside the vault.
_READS = {"readOnlyHint": True, "openWorldHint": False}
_WRITES = {
    "readOnlyHint": False,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}
_DAY = {
    **_DATE,
    "description": "The day, YYYY-MM-DD (default: today); at most tomorrow.",
}

TOOLS: list[dict[str, Any]] = [
    {
        "name": "search",
        "title": "Search memory",
        "annotations": {"title": "Search memory", **_READS},
        "description": (
            "The days of the memory vault that best answer a question, ranked by relevance, "
            "importance and recency. Each result holds the day's score and its parts, and the "
            "day's summary: importance (1-10), people, projects, tags, mood and bullets, and "
            "`newer`: a newer day on the question's topic, when this one may be stale. The "
            "query understands time phrases ('last week', 'minggu lalu', 'in March') and "
            "'latest' / 'first' / 'decision' in both languages. Use it to find when something "
            "happened or which days to read."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": _QUERY,
                "top_k": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_DAYS,
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
        "annotations": {"title": "Recall from memory", **_READS},
        "description": (
            "A markdown context pack for a question: the best days' summaries and the lines of "
            "their raw notes and chat transcripts that match it, bounded in days and characters. "
            "A day that a newer day on the same topic supersedes says 'newer on this: DATE': "
            "do not present its plan as current. Time phrases ('two weeks ago', 'kemarin', "
            "'bulan Maret') and 'latest' / 'terbaru' work in the question. Use it to remember "
            "details before answering."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": _QUERY,
                "max_days": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_DAYS,
                    "description": f"At most this many days (default {DEFAULT_MAX_DAYS}).",
                },
                "max_chars": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_CHARS,
                    "description": "Hard bound on the pack's length in characters "
                    f"(default {DEFAULT_MAX_CHARS}).",
                },
                **_FILTERS,
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
]
WRITE_TOOLS: list[dict[str, Any]] = [
    {
        "name": "remember",
        "title": "Remember",
        "annotations": {"title": "Remember", **_WRITES},
        "description": (
            "Keep something in the long-term memory: the text is added as a bullet at the end "
            "of the day's daily note (today unless `day` says otherwise), which is created with "
            "its timeline link if the day has none. Use it for what the user asks you to keep "
            "or what is worth remembering (a fact, a decision, a preference, a plan), written "
            "so it makes sense on its own later. `search` and `recall` find it at once; the "
            "next sync summarizes it. The same text in the same day's note is not added twice."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "text": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_REMEMBER_CHARS,
                    "description": "What to remember, in plain words (markdown; lines kept).",
                },
                "day": _DAY,
            },
            "required": ["text"],
            "additionalProperties": False,
        },
    },
    {
        "name": "save_transcript",
        "title": "Save a transcript",
        "annotations": {"title": "Save a transcript", **_WRITES},
        "description": (
            "Keep a whole conversation (or another long text) as a chat transcript of a day: "
            "a markdown file in that day's chats folder, named after the title, linked to the "
            "day's daily note (created if the day has none). Searchable at once, summarized "
            "with its day by the next sync. The same title and text are not saved twice."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "title": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_TITLE_CHARS,
                    "description": (
                        "What the conversation was about, in a few words (its heading and file "
                        "name; link syntax such as [[ ]] | # ^ is shown as plain text)."
                    ),
                },
                "text": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_TRANSCRIPT_CHARS,
                    "description": "The transcript, as markdown ('Name: what was said' lines).",
                },
                "day": _DAY,
            },
            "required": ["title", "text"],
            "additionalProperties": False,
        },
    },
]
WRITE_TOOL_NAMES = frozenset(tool["name"] for tool in WRITE_TOOLS)
SCHEMAS = {tool["name"]: tool["inputSchema"] for tool in (*TOOLS, *WRITE_TOOLS)}


def listed_tools(writes: bool) -> list[dict[str, Any]]:
    """The tools `tools/list` names: the read tools, and the write tools when `writes`."""
    return [*TOOLS, *WRITE_TOOLS] if writes else list(TOOLS)


def writable(config: Config) -> bool:
    """Whether this process can write the vault's notes: not on a reader of a shared index (no
    vault folder here), nor on a read-only mount, a folder it may not write, or one without
    any write permission (`chmod a-w`: meant read-only, even for root). Looked at, never tried."""
    if not config.vault_dir.is_dir():
        return False
    folders = [config.vault_dir, config.memory_dir]
    if config.state_dir.exists():
        folders.append(config.state_dir)  # the lock lives there
    return all(may_write(folder) for folder in folders)


def call_tool(
    name: str, arguments: dict[str, Any], config: Config, structured: bool, log: IO[str]
) -> dict[str, Any]:
    """The result of one tool call with checked arguments (`structured`: add structuredContent)."""
    if name in WRITE_TOOL_NAMES:
        return _write(name, config, arguments, structured)
    call = _search if name == "search" else _recall
    return call(config, arguments, structured, log)


def _write(name: str, config: Config, args: dict[str, Any], structured: bool) -> dict[str, Any]:
    from vaultkit.workspace.notes import remember, save_transcript

    day = _day(args, "day")
    if name == "remember":
        written = remember(config, args["text"], day)
    else:
        written = save_transcript(config, args["title"], args["text"], day)
    answer: dict[str, Any] = {"content": [{"type": "text", "text": written.said()}]}
    if structured:
        answer["structuredContent"] = written.as_dict()
    return answer


def _search(config: Config, args: dict[str, Any], structured: bool, log: IO[str]) -> dict[str, Any]:
    from vaultkit.search.search import search

    result = search(
        config,
        args["query"],
        top_k=args.get("top_k"),
        as_of=_day(args, "as_of"),
        filters=_filters(args),
    )
    from vaultkit.search.fence import fence

    data = result.as_dict()  # plain JSON values
    # the hits quote notes (bullets, lines): text for the model to read as data (`fence`)
    text = fence(json.dumps(data, indent=2))
    answer: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if structured:
        answer["structuredContent"] = data
    return answer


def _recall(config: Config, args: dict[str, Any], structured: bool, log: IO[str]) -> dict[str, Any]:
    from vaultkit.search.recall import recall

    pack = recall(
        config,
        args["query"],
        max_days=args.get("max_days", DEFAULT_MAX_DAYS),
        max_chars=args.get("max_chars", DEFAULT_MAX_CHARS),
        as_of=_day(args, "as_of"),
        filters=_filters(args),
    )
    for path, error in pack.skipped:
        print(redact(f"vaultkit: skipped {path}: {error}"), file=log)
    return {"content": [{"type": "text", "text": pack.markdown}]}


def check_arguments(schema: Mapping[str, Any], arguments: Any) -> dict[str, Any]:
    """Tool arguments checked against the tool's flat input schema (strings and integers).

    A null value means the argument's default. A mistake is a UsageError naming the argument,
    returned to the model as a tool error.
    """
    if not isinstance(arguments, dict):
        raise UsageError("arguments must be an object")
    properties = schema["properties"]
    unknown = sorted(set(arguments) - set(properties))
    if unknown:
        raise UsageError(f"unknown argument {unknown[0]!r}; expected one of {sorted(properties)}")
    checked = {name: value for name, value in arguments.items() if value is not None}
    for name in schema.get("required", ()):
        if name not in checked:
            raise UsageError(f"missing argument {name!r}")
    for name, value in checked.items():
        checked[name] = _checked(name, properties[name], value)
    return checked


def _checked(name: str, spec: Mapping[str, Any], value: Any) -> Any:
    kind = spec["type"]
    if kind == "integer":
        # JSON has one number type: 3.0 is an integer to JSON Schema, 3.5 and true are not.
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(f"{name}: expected an integer, got {_shown(value)}")
        low, high = spec.get("minimum"), spec.get("maximum")
        if low is not None and value < low:
            raise UsageError(f"{name}: expected an integer >= {low}, got {_shown(value)}")
        if high is not None and value > high:
            raise UsageError(f"{name}: expected an integer <= {high}, got {_shown(value)}")
        return value
    if kind == "string":
        if not isinstance(value, str):
            raise UsageError(f"{name}: expected a string, got {_shown(value)}")
        if spec.get("minLength") and not value.strip():
            raise UsageError(f"{name}: must not be empty")
        longest = spec.get("maxLength")
        if longest is not None and len(value) > longest:
            raise UsageError(f"{name}: at most {longest:,} characters, got {len(value):,}")
        return value
    raise TypeError(f"the schema of {name!r} has a type check_arguments does not know: {kind}")


def _shown(value: Any, length: int = 40) -> str:
    """A value as an error message quotes it: cut short, so a huge one is not sent back."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**length else "a huge number"
    return text if len(text) <= length else text[: length - 3] + "..."


def _day(args: Mapping[str, Any], name: str) -> date | None:
    from vaultkit.dates import parse_day

    return parse_day(args.get(name), name)


def _filters(args: Mapping[str, Any]) -> Filters:
    return Filters.parse(
        since=args.get("since"),
        until=args.get("until"),
        person=args.get("person"),
        project=args.get("project"),
        tag=args.get("tag"),
        min_importance=args.get("min_importance"),
        prefix="",
    )
