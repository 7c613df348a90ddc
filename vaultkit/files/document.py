"""A markdown file as text, frontmatter and body, read the way Obsidian reads it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultkit.errors import FileFormatError

FENCE = "---"
_TOP_KEY = re.compile(r"^([^\s#:][^:]*?)\s*:(?:\s|$)")


@dataclass(frozen=True)
class Document:
    """One markdown file split into its YAML frontmatter text and body."""

    path: Path
    text: str
    frontmatter: str | None
    body: str
    body_line: int
    had_bom: bool = False
    had_crlf: bool = False


def decode(data: bytes, path: Path) -> tuple[str, bool, bool]:
    """Decode UTF-8 (with or without BOM), fold CRLF to LF; returns text, had_bom, had_crlf."""
    had_bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileFormatError(
            f"not valid UTF-8 (byte {exc.start})", path=path, line=line, rule="encoding"
        ) from None
    had_crlf = "\r\n" in text
    if had_crlf:
        text = text.replace("\r\n", "\n")
    return text, had_bom, had_crlf


def encoded_like(text: str, *, bom: bool, crlf: bool) -> str:
    """`text` (LF line ends) with the BOM and CRLF line ends of the file it was decoded from."""
    if crlf:
        text = text.replace("\n", "\r\n")
    return "\ufeff" + text if bom else text


def parse_document(data: bytes, path: Path) -> Document:
    """Split bytes into a Document without touching the disk."""
    text, had_bom, had_crlf = decode(data, path)
    frontmatter, body, body_line = split_frontmatter(text)
    return Document(path, text, frontmatter, body, body_line, had_bom, had_crlf)


def split_frontmatter(text: str) -> tuple[str | None, str, int]:
    """Return (frontmatter text or None, body, 1-based line where the body starts)."""
    opening = FENCE + "\n"
    if not text.startswith(opening):
        return None, text, 1
    close = _closing_fence(text, len(opening))
    if close is None:
        return None, text, 1
    frontmatter = text[len(opening) : close]
    body = text[close + len(FENCE) :]
    if body.startswith("\n"):
        body = body[1:]
    return frontmatter, body, frontmatter.count("\n") + 3


def _closing_fence(text: str, start: int) -> int | None:
    """Offset of the line that is exactly `---` after `start`, or None."""
    candidate = start if text.startswith(FENCE, start) else text.find("\n" + FENCE, start - 1) + 1
    while candidate > 0:
        after = text[candidate + len(FENCE) : candidate + len(FENCE) + 1]
        if after in ("", "\n"):
            return candidate
        candidate = text.find("\n" + FENCE, candidate) + 1
    return None


def load_yaml(frontmatter: str, path: Path, first_line: int = 2) -> Any:
    """Parse frontmatter YAML; any failure becomes a FileFormatError naming the file's line."""
    import yaml  # here, not at the top: a search that parses nothing need not load it

    try:
        return yaml.load(frontmatter, Loader=_loader())  # a safe loader: plain data only
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = first_line + mark.line if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileFormatError(
            f"YAML syntax: {problem}", path=path, line=line, rule="yaml-syntax"
        ) from None
    except (ValueError, OverflowError, RecursionError) as exc:
        # PyYAML builds dates and numbers itself: `2026-02-30` raises ValueError, not YAMLError.
        raise FileFormatError(
            f"YAML value cannot be read: {exc}", path=path, rule="yaml-value"
        ) from None


def top_level_keys(frontmatter: str, first_line: int = 2) -> list[tuple[str, int]]:
    """Each top-level key with the file line it stands on, in order (duplicates kept)."""
    keys = []
    for offset, line in enumerate(frontmatter.split("\n")):
        match = _TOP_KEY.match(line)
        if match:
            keys.append((match.group(1).strip("'\""), first_line + offset))
    return keys


@functools.cache
def _loader() -> type[Any]:
    """libyaml's safe loader (many times faster), else the pure-Python one."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)
