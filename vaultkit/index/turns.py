"""Splitting a daily note into turns and passages.

A daily note is markdown: ``# date`` / ``## Session`` headings, then one
``Speaker: text`` line per chat turn. Lines that do not look like a turn
(free-form notes, bullet lists) are kept as turns with an empty speaker, so
any markdown note can be chunked; headings are dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

__all__ = ["Turn", "parse_turns", "windows"]

# A speaker is one to three capitalized words ("Melanie", "Dr. Rina Sari"); "Payments database
# decision: ..." is a note's line, not a turn, and keeps its words.
_TURN = re.compile(r"^([A-Z][\w.'\-]*(?: [A-Z][\w.'\-]*){0,2}):\s+(.*)$")


# A heading that only dates its note ("# 2026-10-14", "## 14:30") says nothing of a topic.
_DATING = re.compile(r"^[\d\s:./-]*$")


# A short line ending in a colon, with a list under it, heads the list as a heading would:
# "Update migrasi Batik UI:" then "- Step 2 done: ...".
_LEAD = re.compile(r"^[^\W\d][^:]{0,60}:$")
_ITEM = re.compile(r"^(?:[-*+]|\d{1,2}[.)])\s")


def _leads_list(line: str, following: str) -> bool:
    return bool(_LEAD.match(line)) and bool(_ITEM.match(following))


class Turn(NamedTuple):
    speaker: str
    text: str
    heading: bool = False  # a section's heading: what the lines under it are about


def parse_turns(note: str, *, headings: bool = False) -> list[Turn]:
    """The turns of a daily note, in order; blank lines dropped, and headings too unless
    `headings` asks for them (as turns of their own, `heading` set, as is a short line that
    ends in a colon and leads a list: "Update migrasi Batik UI:"). A `Word: text` line whose
    word speaks no other line of the day is a label, its words the line's own ("K3s: VM lama
    udah dimatiin", "Impact: 40 menit"), as the summarizer reads one: a person speaks more
    than once in a chat, a topic's status is written once."""
    out: list[Turn] = []
    lines = [line.strip() for line in note.splitlines()]
    lines = [line for line in lines if line]
    for at, line in enumerate(lines):
        if line.startswith("#"):
            title = line.lstrip("#").strip()
            if headings and not _DATING.match(title):
                out.append(Turn("", title, heading=True))
            continue
        if headings and _leads_list(line, lines[at + 1] if at + 1 < len(lines) else ""):
            out.append(Turn("", line.rstrip(":").strip(), heading=True))
            continue
        m = _TURN.match(line)
        out.append(Turn(m.group(1), m.group(2)) if m else Turn("", line.lstrip("-*> ")))
    said = Counter(t.speaker for t in out if t.speaker)
    return [Turn("", f"{t.speaker}: {t.text}") if said[t.speaker] == 1 else t for t in out]


def windows(turns: list[Turn], size: int = 4, stride: int | None = None) -> list[list[Turn]]:
    """Overlapping windows of ``size`` turns every ``stride`` turns (default size//2).

    The last window is always aligned to the end so no turn is left out; a day
    shorter than ``size`` is one window.
    """
    if not turns:
        return []
    if len(turns) <= size:
        return [turns]
    stride = max(1, stride or size // 2)
    starts = list(range(0, len(turns) - size + 1, stride))
    if starts[-1] + size < len(turns):
        starts.append(len(turns) - size)
    return [turns[s : s + size] for s in starts]
