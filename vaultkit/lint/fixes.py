"""The fix plan: the edits a file's checks record, and how they are applied to its text.

Checks and fixes come from one computation: a check that reports a fixable problem records here
the value or body edit that repairs it, so `--fix` then lint is clean and a second `--fix` changes
no byte. Only the managed parts of a file change, and a fix never removes a line of the user's
text: the only spine or parent line a fix replaces or removes is a note's first body line, the
one that is provably vaultkit's; a line like it further down is reported and left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from vaultkit.dates import DATE_PATTERN
from vaultkit.files.document import split_frontmatter
from vaultkit.files.wikilinks import FOOTER_PREFIX, set_managed_line
from vaultkit.lint.frontmatter import Front
from vaultkit.pages.schema import MARKER, add_marker, read_marker

_DATE_LINK = re.compile(
    r"(!?)\[\[\s*(" + DATE_PATTERN + r")\s*(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]"
)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_ALIAS_LINK = re.compile(r"(!?)\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")


@dataclass
class Plan:
    """The edits that repair a file's fixable problems."""

    values: dict[str, Any] = field(default_factory=dict)  # frontmatter keys to re-render
    order: list[str] | None = None  # canonical key order, when it must change
    managed: tuple[re.Pattern[str], str | None] | None = None  # the first line: spine or parent
    unlink_lines: list[int] = field(default_factory=list)  # body offsets holding date links
    footer: str | None = None  # the footer line the body should carry ("" for none)
    aliased: dict[str, str] = field(default_factory=dict)  # link by alias -> the note it names

    def __bool__(self) -> bool:
        return bool(
            self.values
            or self.order
            or self.managed
            or self.unlink_lines
            or self.footer is not None
            or self.aliased
        )

    def apply(self, text: str, front: Front | None, kind: str) -> str:
        """The fixed text (LF, no BOM); only the managed parts change."""
        frontmatter, body, _ = split_frontmatter(text)
        head = text[: len(text) - len(body)] if frontmatter is not None else ""
        if front is not None and (self.values or self.order):
            head = "---\n" + front.rewrite(self.values, self.order) + "---\n"
        if self.aliased:
            body = _link_aliases(body, self.aliased)
        if kind == "summary":
            return self._summary(text, head, body)
        out = head + body
        if self.managed is not None:
            out = set_managed_line(out, *self.managed)
        return out

    def _summary(self, text: str, head: str, body: str) -> str:
        """A summary's new text; a pristine marker is re-added so the file stays pristine."""
        marker = read_marker(text)
        tail = ""
        matches = list(MARKER.finditer(body))
        if matches and not body[matches[-1].end() :].strip():
            tail = body[matches[-1].start() :]
            body = body[: matches[-1].start()]
        if self.unlink_lines:
            body = _unlink_dates(body, set(self.unlink_lines))
        if self.footer is not None:
            body = _set_footer(body, self.footer)
        if self.managed is not None:
            body = set_managed_line(body, *self.managed)
        if marker is not None and marker.pristine:
            return add_marker(head + body, marker.source)
        return head + body + tail


def _link_aliases(body: str, aliased: dict[str, str]) -> str:
    """`[[Fred]]` -> `[[Freedy|Fred]]` (and `[[Fred#h|x]]` -> `[[Freedy#h|x]]`), outside code."""

    def relink(match: re.Match[str]) -> str:
        bang, target, heading, shown = match.groups()
        note = aliased.get(target.strip())
        if note is None:
            return match.group(0)
        return f"{bang}[[{note}{heading or ''}|{shown if shown is not None else target}]]"

    out = []
    for line in body.split("\n"):
        pieces, last = [], 0
        for span in _CODE_SPAN.finditer(line):
            pieces.append(_ALIAS_LINK.sub(relink, line[last : span.start()]))
            pieces.append(span.group(0))
            last = span.end()
        pieces.append(_ALIAS_LINK.sub(relink, line[last:]))
        out.append("".join(pieces))
    return "\n".join(out)


def footer_index(lines: list[str]) -> int | None:
    """The index of the last links-footer line, or None."""
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(FOOTER_PREFIX):
            return i
    return None


def _unlink_dates(body: str, offsets: set[int]) -> str:
    """Date wikilinks on the given lines become plain text (their alias, else the date)."""
    lines = body.split("\n")
    for offset in offsets:
        line = lines[offset]
        pieces, last = [], 0
        for span in _CODE_SPAN.finditer(line):
            pieces.append(_DATE_LINK.sub(_plain, line[last : span.start()]))
            pieces.append(span.group(0))
            last = span.end()
        pieces.append(_DATE_LINK.sub(_plain, line[last:]))
        lines[offset] = "".join(pieces)
    return "\n".join(lines)


def _plain(match: re.Match[str]) -> str:
    return (match.group(4) or match.group(2)).strip() or match.group(2)


def _set_footer(body: str, footer: str) -> str:
    """Replace, add or remove the links footer line (and its `---` rule), as the template writes it."""
    lines = body.split("\n")
    at = footer_index(lines)
    if footer:
        if at is not None:
            lines[at] = footer
            return "\n".join(lines)
        core = body.rstrip("\n")
        return (core + "\n\n" if core else "") + "---\n" + footer + "\n"
    if at is None:
        return body
    return _remove_footer(lines, at)


def _remove_footer(lines: list[str], at: int) -> str:
    """The body without the footer line at `at`, and without the `---` rule above it."""
    start = at
    j = at - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j >= 0 and lines[j].strip() == "---":
        start = j
        while start > 0 and not lines[start - 1].strip():
            start -= 1
    rest = lines[at + 1 :]
    kept = lines[:start] + rest
    out = "\n".join(kept)
    if not rest or not "".join(rest).strip():
        out = out.rstrip("\n") + "\n" if out.strip() else ""
    return out
