"""A day's text as the offline summarizer reads it: lines, who said each, and their sentences.

A daily note and its transcripts become one list of `Line`s in the day's order (the note first,
then each transcript). Markdown is cleaned (link syntax, emphasis, list marks), headings kept as
context but never as bullets, code blocks left out, and a `Name: text` or `**Name:** text` turn
keeps its speaker apart from its words. The managed link lines (spine, parent) are not content.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from vaultkit.files.document import split_frontmatter
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE
from vaultkit.model import DayInput

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*)$")
_LIST_MARK = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TIME = r"(?:\[?\d{1,2}[:.]\d{2}(?::\d{2})?\]?\s+)?"
# A speaker: one to three words starting with a letter, before ": " (`Rina:`, `**Rina:**`,
# `**Rina**:`, `[14:02] Freedy:`); labels (`Trigger:`) are told apart by the caller.
_SPEAKER = re.compile(
    rf"^\s*{_TIME}(?:\*\*([^\W\d_][\w'.-]*(?: [^\W\d_][\w'.-]*){{0,2}})(?::\*\*|\*\*:)"
    rf"|([^\W\d_][\w'.-]*(?: [^\W\d_][\w'.-]*){{0,2}}):)\s+(\S.*)$"
)
_WIKILINK = re.compile(r"!?\[\[([^\]|]*)(?:\|([^\]]*))?\]\]")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"\*\*|__|~~|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")
# A sentence ends at a full stop before a capital or a digit, and at a question or an
# exclamation mark whatever follows (chats go on in lowercase: "...to K3s? this has dragged on").
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|(?<=[!?])\s+")


@dataclass(frozen=True)
class Line:
    """One line of content: its words (markdown cleaned, code ticks kept), who said it, where."""

    text: str
    speaker: str | None
    source: str  # "note" or "chat"
    order: int
    heading: bool = False
    item: bool = False  # a list item
    indent: int = 0
    context: str = ""  # the heading or label (`Jangan lupa:`, `- 1:1 with Budi:`) above it
    section: str = ""  # the heading of the section it stands in

    @property
    def labelled(self) -> bool:
        """A nested item under a list item that is a label: it reads with it."""
        return self.item and self.indent > 0 and self.context.endswith(":")

    @property
    def said(self) -> str:
        """The line as written, label or speaker included (`Keputusan: ...` keeps its word)."""
        return f"{self.speaker}: {self.text}" if self.speaker else self.text


def day_lines(day: DayInput) -> list[Line]:
    """The content lines of a day's note and transcripts, in the day's order."""
    lines: list[Line] = []
    bodies = [("note", day.note), *(("chat", text) for _, text in day.transcripts)]
    for source, text in bodies:
        _, body, _ = split_frontmatter(text.replace("\r\n", "\n"))
        lines += _lines(body, source, len(lines))
    return lines


def _lines(body: str, source: str, start: int) -> list[Line]:
    out: list[Line] = []
    in_fence = False
    context = section = ""
    label: tuple[int, str] | None = None
    for raw in body.split("\n"):
        if _FENCE.match(raw):
            in_fence = not in_fence
            continue
        if in_fence or not raw.strip():
            continue
        stripped = raw.strip()
        if SPINE_LINE.match(stripped) or PARENT_LINE.match(stripped):
            continue
        heading = _HEADING.match(raw)
        if heading:
            context = section = clean(heading.group(1))
            out.append(Line(context, None, source, start + len(out), True, section=section))
            continue
        mark = _LIST_MARK.match(raw)
        rest = raw[mark.end() :] if mark else raw
        indent = len(mark.group(1).expandtabs(4)) if mark else 0
        turn = _SPEAKER.match(rest)
        speaker, words = None, rest
        if turn and _named_speaker(turn.group(1) or turn.group(2)):
            speaker = turn.group(1) or turn.group(2)
            words = turn.group(3)
        text = clean(words)
        if not text:
            continue
        if label and (not mark or indent <= label[0]):
            label = None
        if not mark and not speaker and text.endswith(":"):
            context = text  # a label: the items below stand under it
        elif not mark and not speaker:
            context = ""
        order = start + len(out)
        under = label[1] if label else context
        out.append(Line(text, speaker, source, order, False, bool(mark), indent, under, section))
        if mark and not speaker and text.endswith(":"):
            label = (indent, text)  # "- 1:1 with Budi:" and its nested items
    return out


def _named_speaker(words: str) -> bool:
    """One word, or a name of capitalized words ("Pak Surya"); not a phrase before a colon
    ("Rina ngeledek: ...", "Split with Sari: ...")."""
    parts = words.split()
    return len(parts) == 1 or all(part[0].isupper() for part in parts)


def clean(text: str) -> str:
    """Markdown noise removed (link syntax, emphasis, quote marks), code ticks kept."""
    if "]]" in text:  # else each `[[` would be read to the end of the line, and match nothing
        text = _WIKILINK.sub(lambda m: m.group(2) or m.group(1), text)
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    text = text.lstrip("#> \t")
    return " ".join(text.split())


def sentences(text: str) -> list[str]:
    """A line's sentences: what one says of an event is read apart from the next one's doubt
    ("Keputusan: cutover ditunda ke 28 April. Saya ndak mungkin begadang.")."""
    return [s for s in _SENTENCE_END.split(text) if s.strip()] or [text]


def unticked(text: str) -> str:
    """Text without code ticks (for a bullet: the words stay)."""
    return text.replace("`", "")


class TokenPattern:
    """A pattern whose match starts where `start` matches, and whose first word runs to the end
    of the token it starts in (a run of `chars`, a character class), so that from every start
    in one token it fails alike. `finditer` finds what `pattern.finditer` does, but after a
    failed start skips the token's other starts, when the text holds a long token: tried at each,
    a token would be read once per start (its length squared)."""

    def __init__(self, pattern: re.Pattern[str], start: str, chars: str) -> None:
        self.pattern = pattern
        self.start = re.compile(start, pattern.flags)
        self.rest = re.compile(f"{chars}*", pattern.flags)
        self.long = re.compile(f"{chars}{{{LONG_TOKEN},}}", pattern.flags)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if self.long.search(text) is None:
            yield from self.pattern.finditer(text)
            return
        at = 0
        while (start := self.start.search(text, at)) is not None:
            match = self.pattern.match(text, start.start())
            if match is not None:
                yield match
                at = max(match.end(), start.start() + 1)
                continue
            rest = self.rest.match(text, start.start())  # always matches (maybe empty)
            at = max(rest.end() if rest else 0, start.start() + 1)


LONG_TOKEN = 64  # a token this long is read once, not once per start (shorter ones cost little)
