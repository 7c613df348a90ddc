"""The items of a top-level JSON array, one at a time, from a file of any size.

A chat export's `conversations.json` is one JSON array that can pass a gigabyte; `json.load`
would hold all of it, and its objects, at once. `array_items` reads the file in chunks and keeps
only the item it is in the middle of: memory is bounded by the largest item plus one chunk.

How an item's end is found, in linear time: inside an object or array only the brackets count,
and a string is skipped whole (a bracket inside a string is text). One regular expression steps
over everything else at C speed; where a chunk ends inside a string, the scan goes on from there
with the next chunk, never again from the item's start. Multi-byte UTF-8 needs no care: none of
its bytes is an ASCII quote, backslash or bracket, and only a whole item's bytes are decoded. A
scalar item (a number, `true`, a string) ends at the next `,`, `]` or whitespace.

The complete item's bytes are then parsed with `json` (`strict_json.loads_guarded`, so a hostile
nesting depth or number is an error, not a crash). The file is broken, a `FileFormatError` that
names it and the byte offset, when it is not a JSON array, is cut off, holds an item that is not
valid JSON or UTF-8 on its own, or has more than whitespace after the array; the items before
the break have been yielded by then. A UTF-8 byte order mark at the start is skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import BinaryIO, NoReturn

from vaultkit.errors import FileFormatError
from vaultkit.strict_json import JSONLimitError, loads_guarded

CHUNK_SIZE = 1 << 20  # bytes read at a time
BOM = b"\xef\xbb\xbf"

_WHITESPACE = re.compile(rb"[ \t\n\r]*+")
# Inside a container: everything up to the next bracket, complete strings included. It stops at
# a bracket, at the quote of a string the buffer does not close, or at the buffer's end.
_PLAIN = re.compile(rb'(?:[^"\[\]{}]++|"(?:[^"\\]++|\\.)*+")*+', re.DOTALL)
# Inside a string: up to its closing quote, or to the buffer's end (a backslash as the last byte
# is left for the next chunk, which holds the byte it escapes).
_STRING_REST = re.compile(rb'(?:[^"\\]++|\\.)*+', re.DOTALL)
_SCALAR = re.compile(rb"[^,\] \t\n\r]*+")

_QUOTE, _BACKSLASH = ord('"'), ord("\\")
_OPENERS = frozenset(b"[{")

# The scanner's phases: before the `[`, after it, inside an item, after an item, after a comma,
# after the `]`.
_OPEN, _FIRST, _ITEM, _AFTER, _NEXT, _END = range(6)
_MORE = object()  # the buffer ends before the phase can go on: read another chunk


def array_items(stream: BinaryIO, where: str, chunk_size: int = CHUNK_SIZE) -> Iterator[object]:
    """The items of the JSON array in `stream`, decoded one at a time; `where` names the file
    in a FileFormatError."""
    scanner = _Scanner(where)
    while True:
        chunk = stream.read(chunk_size)
        scanner.feed(chunk)
        yield from scanner.items()
        if not chunk:
            scanner.finish()
            return


class _Scanner:
    """The array's bytes as they come, and where the scan is in them."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.buf = bytearray()
        self.offset = 0  # the file's byte offset of buf[0]
        self.done = 0  # bytes of buf scanned and no longer needed
        self.pos = 0  # where the scan goes on
        self.phase = _OPEN
        self.eof = False
        self.depth = 0
        self.in_string = False
        self.scalar = False

    def feed(self, chunk: bytes) -> None:
        """Add the next chunk (empty at the end of the file), dropping the bytes behind."""
        if self.done:
            del self.buf[: self.done]
            self.offset += self.done
            self.pos -= self.done
            self.done = 0
        self.buf += chunk
        self.eof = not chunk

    def items(self) -> Iterator[object]:
        """The items the buffer completes, until it needs another chunk (or the array ended)."""
        steps = {
            _OPEN: self._open,
            _FIRST: self._first,
            _ITEM: self._item,
            _AFTER: self._after,
            _NEXT: self._next,
            _END: self._end,
        }
        while True:
            phase = self.phase
            result = steps[phase]()
            if result is _MORE:
                return
            if phase == _ITEM:
                yield result

    def finish(self) -> None:
        """At the end of the file: the array must have been closed."""
        if self.phase == _END:
            return
        end = self.offset + len(self.buf)
        if self.phase == _OPEN:
            self.fail("no JSON array: the file is empty or blank", end)
        if self.phase == _ITEM:
            start = self.offset + self.done
            self.fail(f"cut off at byte {end}, inside the item that starts at byte {start}")
        self.fail(f"cut off at byte {end}: the array is not closed")

    def fail(self, message: str, at: int | None = None) -> NoReturn:
        raise FileFormatError(
            message if at is None else f"{message} (at byte {at})", path=self.where
        )

    def _skip_whitespace(self) -> int | None:
        """The next byte after whitespace (and the scan stands on it), or None at the buffer's
        end."""
        self.pos = _WHITESPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
        self.done = self.pos
        return self.buf[self.pos] if self.pos < len(self.buf) else None

    def _open(self) -> object:
        if self.offset == 0 and self.pos == 0:
            if len(self.buf) < len(BOM) and BOM.startswith(self.buf) and not self.eof:
                return _MORE  # perhaps a byte order mark, cut by a tiny chunk
            if self.buf.startswith(BOM):
                self.pos = len(BOM)
        byte = self._skip_whitespace()
        if byte is None:
            return _MORE
        if byte != ord("["):
            self.fail(f"not a JSON array: it starts with {chr(byte)!r}", self.offset + self.pos)
        self.pos += 1
        self.phase = _FIRST
        return None

    def _first(self) -> object:
        byte = self._skip_whitespace()
        if byte is None:
            return _MORE
        if byte == ord("]"):
            return self._close()
        return self._start_item(byte)

    def _next(self) -> object:
        byte = self._skip_whitespace()
        if byte is None:
            return _MORE
        if byte in b",]":
            self.fail(f"expected an item, found {chr(byte)!r}", self.offset + self.pos)
        return self._start_item(byte)

    def _after(self) -> object:
        byte = self._skip_whitespace()
        if byte is None:
            return _MORE
        if byte == ord("]"):
            return self._close()
        if byte != ord(","):
            self.fail(
                f"expected ',' or ']' after an item, found {chr(byte)!r}", self.offset + self.pos
            )
        self.pos += 1
        self.phase = _NEXT
        return None

    def _end(self) -> object:
        byte = self._skip_whitespace()
        if byte is None:
            return _MORE
        self.fail(f"more after the array's end: {chr(byte)!r}", self.offset + self.pos)

    def _close(self) -> object:
        self.pos += 1
        self.phase = _END
        return None

    def _start_item(self, byte: int) -> object:
        self.phase = _ITEM
        self.depth = 0
        self.scalar = byte != _QUOTE and byte not in _OPENERS
        self.in_string = byte == _QUOTE
        self.pos += 1 if self.in_string else 0
        return None

    def _item(self) -> object:
        ended = self._scan_scalar() if self.scalar else self._scan_value()
        if not ended:
            return _MORE
        start, self.done = self.done, self.pos
        self.phase = _AFTER
        return self._decode(bytes(self.buf[start : self.pos]), self.offset + start)

    def _scan_scalar(self) -> bool:
        self.pos = _SCALAR.match(self.buf, self.pos).end()  # type: ignore[union-attr]
        return self.pos < len(self.buf)

    def _scan_value(self) -> bool:
        """Scan on through a string, object or array; True once it is closed."""
        buf = self.buf
        while True:
            if self.in_string:
                self.pos = _STRING_REST.match(buf, self.pos).end()  # type: ignore[union-attr]
                if self.pos >= len(buf) or buf[self.pos] == _BACKSLASH:
                    return False
                self.pos += 1
                self.in_string = False
                if self.depth == 0:
                    return True
                continue
            self.pos = _PLAIN.match(buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos >= len(buf):
                return False
            byte = buf[self.pos]
            self.pos += 1
            if byte == _QUOTE:
                self.in_string = True
            elif byte in _OPENERS:
                self.depth += 1
            else:
                self.depth -= 1
                if self.depth == 0:
                    return True

    def _decode(self, item: bytes, start: int) -> object:
        try:
            text = item.decode("utf-8")
        except UnicodeDecodeError as error:
            self.fail("not UTF-8", start + error.start)
        try:
            return loads_guarded(text)
        except json.JSONDecodeError as error:
            self.fail(f"not valid JSON: {error.msg}", start + len(text[: error.pos].encode()))
        except JSONLimitError as error:
            self.fail(f"an item beyond what is read: {error}", start)
