"""Obsidian links: wikilinks, the timeline spine of daily notes, transcripts' parent links."""

from __future__ import annotations

import hashlib
import re
from datetime import date

from vaultkit.files.document import split_frontmatter

SPINE_LABEL = "Timeline Spine"
PARENT_LABEL = "Daily Note"
FOOTER_PREFIX = "**🔗 Links:**"
SPINE_LINE = re.compile(r"^« \[\[([^\]|]*)\]\] \| Timeline Spine[ \t]*$", re.MULTILINE)
PARENT_LINE = re.compile(r"^↑ \[\[([^\]|]*)\]\] \| Daily Note[ \t]*$", re.MULTILINE)
# Characters Obsidian cannot use in a link target (they mean heading, alias, block, or break syntax).
LINK_UNSAFE = re.compile(r"[#|^:\[\]\\]")
# A note's name holds none of these either: `/` and `\` make folders, and Obsidian refuses
# `* " < > ? :` in file names (Windows does). Each becomes a look-alike or a space.
_NAME_CHARS = str.maketrans({"/": "-", "\\": "-", "|": "-", ":": "-", "[": "(", "]": ")"})
_NAME_SPACES = re.compile(r"[#^*\"<>?]")
_SHARP = re.compile(r"(?<=\w)#")
_SHOWN_CHARS = str.maketrans({"|": "-", "[": "(", "]": ")", "\n": " "})
_WIKILINK = re.compile(r"!?\[\[([^\[\]\n]*?)\]\]")
_FENCE = re.compile(r"^(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def link_target(name: str) -> str:
    """A name made safe as a note's file name and link target: `A/B Test` -> `A-B Test`,
    `Ops [Infra]` -> `Ops (Infra)`, `C#` -> `C sharp`; the same name always gives the same one.

    Control characters become spaces. A name with nothing left to show (`..`, `...`, `#`) is
    `unnamed` and a digest of the name, so two such names never share one note."""
    safe = _NAME_SPACES.sub(
        " ", _SHARP.sub(" sharp", without_controls(name)).translate(_NAME_CHARS)
    )
    safe = " ".join(safe.split()).lstrip(". ")
    if any(c.isalnum() for c in safe):
        return safe
    return f"unnamed {hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


def wikilink(name: str) -> str:
    """`[[name]]`, or `[[safe|name]]` when the name holds characters a link target cannot."""
    target = link_target(name)
    shown = " ".join(without_controls(name).translate(_SHOWN_CHARS).split())  # no link syntax
    return f"[[{target}]]" if target == shown else f"[[{target}|{shown}]]"


def without_controls(text: str) -> str:
    """`text` with control characters (C0, DEL, C1; a terminal acts on them) made spaces."""
    return _CONTROLS.sub(" ", text)


def spine_line(previous: date) -> str:
    return f"« [[{previous.isoformat()}]] | {SPINE_LABEL}"


def parent_line(day: date) -> str:
    return f"↑ [[{day.isoformat()}]] | {PARENT_LABEL}"


def find_wikilinks(body: str, first_line: int = 1) -> list[tuple[str, int]]:
    """Link targets (alias and heading cut off) with their lines, skipping code blocks and spans."""
    links = []
    in_fence: str | None = None
    for offset, line in enumerate(body.split("\n")):
        fence = _FENCE.match(line.lstrip())
        if fence:
            marker = fence.group(1)
            in_fence = None if in_fence == marker else (in_fence or marker)
            continue
        if in_fence or line.startswith(("    ", "\t")):
            continue
        for match in _WIKILINK.finditer(_CODE_SPAN.sub("", line)):
            target = match.group(1).split("|", 1)[0].split("#", 1)[0].strip()
            links.append((target, first_line + offset))
    return links


def managed_target(text: str, pattern: re.Pattern[str]) -> str | None:
    """The target of a managed line (spine or parent) in a note, or None."""
    match = pattern.search(text)
    return match.group(1) if match else None


def set_managed_line(text: str, pattern: re.Pattern[str], line: str | None) -> str:
    """Put `line` as the note's first body line (replacing any old one); None removes it.

    Only the managed line (and the blank line vaultkit put after it) changes; every other byte of
    the note stays as it was, so running this twice equals running it once.
    """
    frontmatter, body, _ = split_frontmatter(text)
    head = text[: len(text) - len(body)] if frontmatter is not None else ""
    match = pattern.search(body)
    if match:
        end = match.end() + (1 if body[match.end() : match.end() + 1] == "\n" else 0)
        if line is None and match.start() == 0 and body[end : end + 1] == "\n":
            end += 1
        rest = body[: match.start()] + body[end:]
        if line is not None and match.start() > 0:
            return head + line + "\n\n" + rest
        body_out = (line + "\n" + rest) if line is not None else rest
        return head + body_out
    if line is None:
        return text
    return head + line + "\n\n" + body
