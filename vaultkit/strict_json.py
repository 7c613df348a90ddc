"""JSON as people write it by hand, and JSON as strangers send it.

`loads_strict`: a key given twice in one object is an error with its line (json.loads keeps the
last value silently, so a config's second `"weights"` would quietly win).

`loads_guarded`: what a server or a client sends (an LLM's answer, an MCP request) parsed with
the two failures a hostile text causes beyond malformed JSON turned into `JSONLimitError`:
nesting deeper than the interpreter recurses (a RecursionError) and an integer of more digits
than Python converts (a ValueError). Malformed JSON stays a `json.JSONDecodeError`, bytes that
are not UTF-8 a `UnicodeDecodeError`, so callers still say where it broke.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from json.decoder import JSONObject, scanstring  # type: ignore[attr-defined]
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from typing import Any


class JSONLimitError(ValueError):
    """JSON beyond what the parser takes: nested too deeply, or a number too long."""


def loads_guarded(data: bytes | str) -> Any:
    """`json.loads(data)` (bytes as UTF-8), refusing too deep a nesting or too long an integer
    with JSONLimitError."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise JSONLimitError("nested too deeply") from None
    except ValueError:  # the one left: an integer of more digits than Python converts
        raise JSONLimitError("a number too long") from None


def loads_strict(text: str) -> Any:
    """`json.loads(text)`, refusing a duplicate key with DuplicateKeyError."""
    return _StrictDecoder().decode(text)


class DuplicateKeyError(ValueError):
    """A key given twice in one object, at `line`."""

    def __init__(self, key: str, line: int) -> None:
        super().__init__(key)
        self.key, self.line = key, line


class _StrictDecoder(json.JSONDecoder):
    """json's decoder, but a key given twice in one object is an error."""

    def __init__(self) -> None:
        super().__init__()
        self.parse_object = self._object
        self.scan_once = py_make_scanner(self)  # the one that calls parse_object

    def _object(
        self, s_and_end: tuple[str, int], strict: bool, scan_once: Any, hook: Any, pairs_hook: Any,
        memo: Any = None,
    ) -> tuple[dict[str, Any], int]:  # fmt: skip
        pairs, end = JSONObject(s_and_end, strict, scan_once, hook, list, memo)
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                text, start = s_and_end
                where = [at for name, at in _keys_of_object(text, start) if name == key][1]
                raise DuplicateKeyError(key, text.count("\n", 0, where) + 1)
            seen.add(key)
        return dict(pairs), end


def _keys_of_object(text: str, start: int) -> Iterator[tuple[str, int]]:
    """(key, offset) of each key of the object whose body starts at `start` (after its `{`)."""
    depth, at = 0, start
    while at < len(text):
        char = text[at]
        if char == '"':
            value, after = scanstring(text, at + 1)
            if depth == 0 and text[after:].lstrip().startswith(":"):
                yield value, at
            at = after
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            if depth == 0:
                return
            depth -= 1
        at += 1
