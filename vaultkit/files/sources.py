"""A day's raw material (tier 2): its daily note and transcripts, local or in the archive."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path

from vaultkit.files.document import decode
from vaultkit.files.storage import digest, read_bytes
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE, set_managed_line
from vaultkit.model import DayInput


def read_text(path: Path) -> str:
    """A file's text with BOM and CRLF folded away; FileFormatError when it is not UTF-8."""
    text, _, _ = decode(read_bytes(path), path)
    return text


def read_text_lenient(path: Path) -> tuple[str, str | None]:
    """A file's text as `read_text` gives it; bytes that are not UTF-8 become U+FFFD, and the
    second value then says where the first one was (else None)."""

    return decode_lenient(read_bytes(path), path)


def decode_lenient(data: bytes, path: Path) -> tuple[str, str | None]:
    """`read_text_lenient` of bytes already read (from `path`)."""
    from vaultkit.errors import FileFormatError

    try:
        text, _, _ = decode(data, path)
        return text, None
    except FileFormatError as exc:
        text = data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
        return text, f"line {exc.line}: {exc.message}"


def content_of_note(text: str) -> str:
    """A daily note without its spine line: what its summary is made from."""
    return set_managed_line(text, SPINE_LINE, None)


def content_of_transcript(text: str) -> str:
    """A transcript without its parent link."""
    return set_managed_line(text, PARENT_LINE, None)


def source_digest(note_digest: str, transcript_digests: Sequence[tuple[str, str]]) -> str:
    """One digest for all a day's summary is made from; managed link lines do not count."""
    parts = [note_digest, *(f"{name}:{d}" for name, d in sorted(transcript_digests))]
    return digest("\n".join(parts), 16)


def day_input(day: date, note: Path, transcripts: Sequence[Path] = ()) -> DayInput:
    """The summarizer's input for a day."""
    return DayInput(
        date=day,
        note=content_of_note(read_text(note)),
        transcripts=tuple((p.stem, content_of_transcript(read_text(p))) for p in transcripts),
    )
