"""Obsidian links: wikilinks, the timeline spine of daily notes, transcripts' parent links.

A note's managed line (a daily note's spine, a transcript's parent link) is the first line of its
body, and only that line: a line like it anywhere else is the note's own text, which nothing here
reads as a link of vaultkit's or changes.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Sequence
from datetime import date

from vaultkit.files.document import split_frontmatter
from vaultkit.files.names import fit_bytes, safe_file_name

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
# A heading holds none of Obsidian's link syntax either, so a link to it works: `[[`, `]]`, `|`,
# `#`, `^` and `%%` (a comment) become look-alikes or spaces.
_HEADING_CHARS = str.maketrans({"|": "-", "[": "(", "]": ")", "#": " ", "^": " "})
_COMMENT_MARK = re.compile(r"%{2,}")
_DOUBLE_BRACKETS = re.compile(r"\[\[|\]\]")
_BRACKET_RUNS = re.compile(r"\[\[+|\]\]+")
_WIKILINK = re.compile(r"!?\[\[([^\[\]\n]*?)\]\]")
_FENCE = re.compile(r"^(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def link_target(name: str) -> str:
    """A name made safe as a note's file name and link target: `A/B Test` -> `A-B Test`,
    `Ops [Infra]` -> `Ops (Infra)`, `C#` -> `C sharp`; the same name always gives the same one.

    Control characters become spaces. A name with nothing left to show (`..`, `...`, `#`) is
    `unnamed` and a digest of the name, so two such names never share one note. The result is
    a file name Windows can hold and not too long for any file system (`files.names`): `CON` ->
    `CON_`, `Inc.` -> `Inc`."""
    safe = _NAME_SPACES.sub(
        " ", _SHARP.sub(" sharp", without_controls(name)).translate(_NAME_CHARS)
    )
    safe = " ".join(safe.split()).lstrip(". ")
    if any(c.isalnum() for c in safe):
        return safe_file_name(fit_bytes(safe))
    return f"unnamed {hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


def wikilink(name: str) -> str:
    """`[[name]]`, or `[[safe|name]]` when the name holds characters a link target cannot."""
    target = link_target(name)
    shown = " ".join(without_controls(name).translate(_SHOWN_CHARS).split())  # no link syntax
    return f"[[{target}]]" if target == shown else f"[[{target}|{shown}]]"


def heading_text(text: str) -> str:
    """`text` as a heading a link can name and that makes no link itself, on one line:
    `Plan [[Rina]] | C# ^v2` -> `Plan (Rina) - C sharp v2`; blanks are collapsed."""
    plain = _SHARP.sub(" sharp", without_controls(text))
    plain = _DOUBLE_BRACKETS.sub(lambda m: m.group()[0], plain).translate(_HEADING_CHARS)
    return " ".join(_COMMENT_MARK.sub("%", plain).split())


def plain_line(text: str) -> str:
    """`text` as one line that holds no note structure: `[[Note|shown]]` is `shown`, `[[Note]]`
    `Note`, any other run of `[[` or `]]` one bracket, a run of `%` one `%`; control characters
    and line breaks are spaces, and runs of spaces one."""
    text = _WIKILINK.sub(_shown, without_controls(text))
    text = _BRACKET_RUNS.sub(lambda found: found.group(0)[0], text)
    return " ".join(_COMMENT_MARK.sub("%", text).split())


def _shown(link: re.Match[str]) -> str:
    target, _, alias = link.group(1).partition("|")
    return (alias or target).strip()


def without_controls(text: str) -> str:
    """`text` with control characters (C0, DEL, C1; a terminal acts on them) made spaces."""
    return _CONTROLS.sub(" ", text)


def spine_line(previous: date) -> str:
    return f"« [[{previous.isoformat()}]] | {SPINE_LABEL}"


def spine_neighbours(days: Sequence[date], day: date) -> tuple[date | None, date | None]:
    """The days before and after `day` on a timeline of `days` (sorted; `day` itself may be
    one of them): where its spine line points, and the note whose spine line points to it."""
    at = bisect.bisect_left(days, day)
    after = at + 1 if at < len(days) and days[at] == day else at
    return (days[at - 1] if at else None), (days[after] if after < len(days) else None)


def parent_line(day: date) -> str:
    return f"↑ [[{day.isoformat()}]] | {PARENT_LABEL}"


def fenced(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced code block (its fences included)."""
    flags = []
    in_fence: str | None = None
    for line in lines:
        fence = _FENCE.match(line.lstrip())
        if fence:
            marker = fence.group(1)
            in_fence = None if in_fence == marker else (in_fence or marker)
        flags.append(fence is not None or in_fence is not None)
    return flags


def find_wikilinks(body: str, first_line: int = 1) -> list[tuple[str, int]]:
    """Link targets (alias and heading cut off) with their lines, skipping code blocks and spans."""
    links = []
    lines = body.split("\n")
    for offset, (line, code) in enumerate(zip(lines, fenced(lines), strict=True)):
        if code or line.startswith(("    ", "\t")):
            continue
        for match in _WIKILINK.finditer(_CODE_SPAN.sub("", line)):
            target = match.group(1).split("|", 1)[0].split("#", 1)[0].strip()
            links.append((target, first_line + offset))
    return links


def managed_target(text: str, pattern: re.Pattern[str]) -> str | None:
    """The day a note's managed line (spine or parent) links, or None: see `set_managed_line`."""
    match = pattern.match(split_frontmatter(text)[1])
    return match.group(1) if match else None


def set_managed_line(text: str, pattern: re.Pattern[str], line: str | None) -> str:
    """Put `line` as the note's managed line, its body's first line (the line after the closing
    `---` of any frontmatter): it replaces the managed line there, or comes first with a blank
    line after it; None removes it (and the blank line vaultkit put after it).

    Only that first line is ever the managed line: a line like it further down is the note's own
    text and stays. No other byte changes, so running this twice equals running it once.
    """
    frontmatter, body, _ = split_frontmatter(text)
    head = text[: len(text) - len(body)] if frontmatter is not None else ""
    match = pattern.match(body)
    if match is None:
        return text if line is None else head + line + "\n\n" + body
    rest = body[match.end() :]
    if line is not None:
        return head + line + rest
    rest = rest.removeprefix("\n")
    return head + rest.removeprefix("\n")
