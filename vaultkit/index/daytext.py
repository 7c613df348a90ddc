"""The text a day is indexed by: its daily note and transcripts (their managed link lines left
out) and its summary's topics and bullets, as `search.index` says (`notes`, `summaries`, `both`).

A file with a byte that is not UTF-8 is still indexed, with replacement characters, and the
refresh says so; a file that cannot be read adds no text and is named too.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from vaultkit.errors import VaultkitError
from vaultkit.files.layout import KIND_ORDER, Layout
from vaultkit.files.storage import read_bytes
from vaultkit.index.turns import parse_turns
from vaultkit.model import KINDS, Summary

if TYPE_CHECKING:
    from vaultkit.index.analysis import DayRows, Terms
    from vaultkit.index.refresh import FileState

# Characters per embedded chunk: about 200 word pieces, inside small models' 256-piece input
# (MiniLM's); a fixed count of turns overflowed it for 69% of LoCoMo's 8-turn chunks.
EMBED_CHARS = 800
_WORDS = re.compile(r"[^\W_]+")
_SPEAKER = re.compile(r"^[^\W\d_][\w'. -]{0,40}:\s+")


@dataclass
class DayText:
    """A day as the index stores it: its text, its summary, the path shown for it, warnings."""

    text: str
    summary: Summary | None
    shown: str
    warnings: list[str] = field(default_factory=list)
    restated: int = 0  # the last turns of `text`: the summary's, restating the notes before them


@dataclass(frozen=True)
class DayReader:
    """A day's files read and analysed for the index: a function of the day's files alone, so
    a rebuild runs it on every core (`vaultkit.parallel`)."""

    layout: Layout
    indexed: Literal["notes", "summaries", "both"]
    terms: Terms
    half_window: int

    def __call__(self, job: tuple[str, Mapping[str, FileState]]) -> tuple[DayText, DayRows]:
        from vaultkit.index.analysis import (
            analyse_day,  # a search that writes nothing never loads it
        )

        day, files = job
        found = read_day_text(self.layout, self.indexed, files)
        return found, analyse_day(day, found.text, self.terms, self.half_window, found.restated)


def read_day_text(
    layout: Layout, indexed: Literal["notes", "summaries", "both"], files: Mapping[str, FileState]
) -> DayText:
    """Read a day's files (one daily note, its transcripts, its summary) into its text;
    `indexed` is what the config's `search.index` asks to index."""
    # Imported here: a search that finds nothing changed never reads or parses a file.
    from vaultkit.files.document import parse_document
    from vaultkit.files.sources import content_of_note, content_of_transcript, read_text_lenient
    from vaultkit.pages.schema import parse_summary

    notes: list[str] = []
    warnings: list[str] = []
    summary: Summary | None = None
    summary_path = note_path = None
    for path, facts in sorted(files.items(), key=lambda pf: (KIND_ORDER[pf[1].kind], pf[0])):
        try:
            if facts.kind == "summary":
                summary_path = path
                summary = parse_summary(parse_document(read_bytes(Path(path)), Path(path)))
                continue
            text, problem = read_text_lenient(Path(path))
            if problem:  # still searchable: a bad byte must not hide the whole day
                where = layout.rel(path)
                warnings.append(f"{where}: {problem}; indexed with replacement characters")
            if facts.kind == "note":
                note_path = path
                notes.append(content_of_note(text))
            else:
                notes.append(content_of_transcript(text))
        except (VaultkitError, OSError) as exc:
            # An unreadable file adds no text; search goes on and says so.
            warnings.append(f"{layout.rel(path)}: left out of the index: {exc}")
    shown = summary_path or note_path or min(files, key=lambda p: p.split(os.sep))
    text, restated = day_text(indexed, notes, summary)
    return DayText(text, summary, shown, warnings, restated)


def day_text(index: str, notes: list[str], summary: Summary | None) -> tuple[str, int]:
    """The indexed text: the notes unless only summaries are indexed, and the summary's topics
    and bullets unless only notes are (or always, for a day with no note); and how many of its
    last turns are the summary's restating notes indexed before them (they find a day, but say
    nothing the notes do not: a topic named only there is not discussed that day)."""
    parts = []
    if index != "summaries":
        parts += notes
    restated = 0
    if summary is not None and (index != "notes" or not notes):
        topics = (*summary.topics, *(t for k in KINDS for t in summary.uncategorized.of(k)))
        if index != "summaries":
            # Only the names the notes do not write: a speaker in every chat would be counted
            # again on every day ("Caroline", "Melanie"), saying nothing about its topic.
            topics = tuple(_added(topics, notes))
        bullets = summary.bullets if index == "summaries" else _added(summary.bullets, notes)
        part = "\n".join([" ".join(topics), *bullets])
        parts.append(part)
        if parts[:-1] and any(n.strip() for n in parts[:-1]):
            restated = len(parse_turns(part))
    return "\n".join(parts), restated


def _added(bullets: tuple[str, ...], notes: list[str]) -> list[str]:
    """The bullets (or topics) that say something the notes do not: an extractive summary's
    bullets are the notes' own lines, and indexing them again would only count those lines twice
    (measured with the offline summaries: R@5 0.879 with them, 0.884 without on LoCoMo dev, 0.518
    and 0.546 on the time-aware dev set of `bench/timeaware/`); an LLM's or a person's words
    stay. The same for the topics line: people, projects and tags the notes write already, kept
    when only an alias was written ("k8s" -> Kubernetes): LoCoMo dev R@5 0.889 -> 0.890 with
    BM25, 0.894 -> 0.897 fused with the local embedder; the time-aware set R@1 0.787 -> 0.791."""
    written = _plain(" ".join(notes))
    return [b for b in bullets if _plain(_SPEAKER.sub("", b.rstrip("…"))) not in written]


def _plain(text: str) -> str:
    return " " + " ".join(_WORDS.findall(text.casefold())) + " "


def embed_chunks(text: str, budget: int = EMBED_CHARS) -> list[str]:
    """A day's text as chunks of whole turns of at most `budget` characters, one after the
    other; a single longer turn is cut at word boundaries.

    Not overlapping: half-overlapping chunks (each starting at the middle turn of the one
    before) embedded every turn twice, for no measured gain (LoCoMo dev hybrid R@5 0.897 with
    them, 0.895 without, multi-hop 0.646 / 0.636; the time-aware set R@1 0.783 / 0.787), so a
    first build of a vault of transcripts took twice as long (654 chunks against 347).
    """
    lines = [
        piece
        for t in parse_turns(text)
        for piece in _cut(f"{t.speaker}: {t.text}" if t.speaker else t.text, budget)
    ]
    chunks: list[str] = []
    start = 0
    while start < len(lines):
        end, size = start, 0
        while end < len(lines) and (end == start or size + len(lines[end]) + 1 <= budget):
            size += len(lines[end]) + 1
            end += 1
        chunks.append("\n".join(lines[start:end]))
        if end >= len(lines):
            break
        start = end
    return chunks


def _cut(line: str, budget: int) -> list[str]:
    """A line as pieces of at most `budget` characters, cut at spaces where possible."""
    pieces = []
    while len(line) > budget:
        cut = line.rfind(" ", 0, budget)
        cut = cut if cut > budget // 2 else budget
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip()
    return [*pieces, line] if line else pieces
