"""What the write tools write: `remember` adds to a day's daily note, `save_transcript` saves a
chat transcript of a day. Both write through `files.storage` (atomic, never through a symbolic
link or outside the vault), hold the vault's lock, and re-index the day before they answer, so
the next `search` finds the text whatever the day.

What they write is what the vault's own files look like and what sync would leave as it is:

- a remembered text is one bullet at the end of the note (`- text`, its further lines indented
  under it; a text that already starts as a list is added as that list), after a blank line
  unless the note ends with a list item. The note keeps its BOM and line ends; a text already
  in that day's note is not added again.
- a day without a note gets one: its timeline spine line (to the newest earlier day with a
  note, local or archived, as sync threads it), a blank line, `# YYYY-MM-DD`; the next day's
  note, if it is local, gets its spine line pointed to the new day, as sync would.
- a transcript is `<chats>/YYYY-MM-DD/<title-as-a-name>.md`: its parent link, `# Chat: title`,
  the text. A day without a daily note gets one too (sync summarizes days with a note). The
  heading holds no link syntax (`[[Rina]] | C#` is `(Rina) - C sharp`), so it makes no link and
  a link to it works; the name is letters, digits and `-`, never one Windows reserves (`con_`).

What they write never reads as one of vaultkit's own lines (a timeline spine, a parent link, a
summary's `%% vaultkit ... %%` marker): such a line of the text gets a backslash before its `|`
(or `=`), a CommonMark escape Obsidian shows as the bare mark: the person reads their text as
they gave it, and sync and lint never take it for a line of vaultkit's to move or remove.
Control characters (all but line feeds) become spaces; texts are bounded (`mcp.tools`), and a
day's note never grows past `MAX_NOTE_BYTES`.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from vaultkit.config import Config
from vaultkit.errors import UsageError, VaultkitError
from vaultkit.files.document import decode, encoded_like
from vaultkit.files.layout import Layout, days_in_folder, scan_archive
from vaultkit.files.lock import writer_lock
from vaultkit.files.names import safe_file_name
from vaultkit.files.storage import check_safe_target, digest, is_inside, read_bytes, write_atomic
from vaultkit.files.wikilinks import (
    PARENT_LINE,
    SPINE_LINE,
    fenced,
    heading_text,
    parent_line,
    set_managed_line,
    spine_line,
    spine_neighbours,
    without_controls,
)
from vaultkit.pages.schema import MARKER
from vaultkit.text.secrets import scrub_secrets

MAX_NOTE_BYTES = 1_000_000  # a day's note past this is a pasted document: save a transcript
LOCK_WAIT = 10.0  # seconds a write waits for another process's lock (a sync) before it says so
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_NOT_IN_NAMES = re.compile(r"[\W_]+")
# vaultkit's own lines, each with the first mark a written line like it gets a backslash before.
_OWN_LINES = ((SPINE_LINE, "|"), (PARENT_LINE, "|"), (MARKER, "="))


@dataclass(frozen=True)
class Written:
    """What a write tool did: the file (relative to the vault), whether it is new, whether
    anything was written (False: the same text was there), other files it changed."""

    day: date
    path: str
    created: bool
    written: bool
    also: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def said(self) -> str:
        """One line for the model: where the text went."""
        if not self.written:
            said = f"Already in {self.path} ({self.day}); not written again."
        else:
            said = f"Written to {self.path} ({self.day}{', a new file' if self.created else ''})."
        if self.also:
            said += f" Also updated: {', '.join(self.also)}."
        return " ".join([said, *self.warnings])

    def as_dict(self) -> dict[str, Any]:
        return {
            "day": self.day.isoformat(),
            "path": self.path,
            "created": self.created,
            "written": self.written,
            "also": list(self.also),
            "warnings": list(self.warnings),
        }


def remember(config: Config, text: str, day: date | None = None) -> Written:
    """Add `text` as a bullet to the daily note of `day` (default today), creating the note."""
    day = _checked_day(day)
    (text,), said = _scrubbed(text)
    entry = _entry(clean_lines(text, "text"))
    layout = Layout(config)
    path = layout.memory_dir / f"{day.isoformat()}.md"
    with writing(layout):
        data = _read(path)
        if data is None:
            also = create_note(layout, day, entry, archived_notes(layout))
            return _done(config, layout, day, path, created=True, also=also, said=said)
        text_now, bom, crlf = decode(data, path)
        if _holds(text_now, entry):
            return Written(day, layout.rel(path), created=False, written=False)
        updated = _appended(text_now, entry)
        _check_size(updated, day)
        write_atomic(
            path,
            encoded_like(updated, bom=bom, crlf=crlf),
            expected=digest(data),
            within=layout.vault_dir,
        )
        return _done(config, layout, day, path, created=False, said=said)


def save_transcript(config: Config, title: str, text: str, day: date | None = None) -> Written:
    """Save `text` as a chat transcript of `day` (default today) named after `title`."""
    day = _checked_day(day)
    (text, title), said = _scrubbed(text, title)
    title = " ".join(without_controls(_well_formed(title)).split())
    if not title:
        raise UsageError("title: must not be empty")
    lines = clean_lines(text, "text")
    content = f"{parent_line(day)}\n\n{transcript_heading(title)}\n\n" + "\n".join(lines) + "\n"
    layout = Layout(config)
    folder = layout.chats_dir / day.isoformat()
    name = file_stem(title)
    with writing(layout):
        # Nothing is read through a linked folder either: "Already in" would tell of a file
        # outside the vault.
        check_safe_target(folder / f"{name}.md", layout.vault_dir)
        for number in range(1, 100):
            path = folder / (f"{name}.md" if number == 1 else f"{name}-{number}.md")
            data = _read(path)
            if data is None:
                break
            if decode(data, path)[0] == content:  # the same transcript, saved before
                return Written(day, layout.rel(path), created=False, written=False)
        else:
            raise UsageError(f"title: 99 transcripts of {day} are named {name!r} already")
        write_atomic(path, content, expected=None, within=layout.vault_dir)
        note = layout.memory_dir / f"{day.isoformat()}.md"
        also: list[Path] = []
        archived = archived_notes(layout) if _read(note) is None else None
        if archived is not None and day not in archived:
            also = [note, *create_note(layout, day, "", archived)]
        return _done(config, layout, day, path, created=True, also=also, said=said)


def _scrubbed(*texts: str) -> tuple[list[str], list[str]]:
    """The texts without their secrets (`text.secrets`), and a line saying what was left out."""
    found: Counter[str] = Counter()
    clean = []
    for text in texts:
        scrubbed = scrub_secrets(text)
        found.update(dict(scrubbed.found))
        clean.append(scrubbed.text)
    if not found:
        return clean, []
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(found.items()))
    return clean, [f"Secrets were left out of what was written ({kinds})."]


def _done(
    config: Config,
    layout: Layout,
    day: date,
    path: Path,
    *,
    created: bool,
    also: list[Path] | tuple[Path, ...] = (),
    said: list[str] | None = None,
) -> Written:
    """The answer, once the days written are re-indexed; `said`: what the answer tells first."""
    warnings = [*(said or []), *reindex(config, [path, *also])]
    return Written(
        day, layout.rel(path), created, True, tuple(layout.rel(p) for p in also), tuple(warnings)
    )


def reindex(config: Config, paths: list[Path]) -> list[str]:
    """Re-index the days of the files written; a failed refresh is a warning (the text is in
    the vault, and a later search or sync indexes it)."""
    from vaultkit.index.store import SearchIndex, translated_errors
    from vaultkit.index.written import refresh_written

    if not paths:
        return []
    try:
        with translated_errors(config), SearchIndex(config) as index:
            return refresh_written(index, paths)
    except VaultkitError as exc:
        return [f"Written, but the search index was not updated: {exc}"]


@contextlib.contextmanager
def writing(layout: Layout) -> Iterator[None]:
    """Hold the vault's lock (`writer_lock`), waited for up to LOCK_WAIT seconds."""
    if not layout.vault_dir.is_dir():
        raise UsageError(f"the vault {layout.vault_dir} is not here: nothing was written")
    with writer_lock(layout.state_dir, timeout=LOCK_WAIT):
        yield


def create_note(layout: Layout, day: date, entry: str, archived: dict[date, Path]) -> list[Path]:
    """Write the new daily note of `day` (its spine line, heading and `entry`) and point the
    next local note's spine to it; returns that next note's path if it changed. `archived`:
    the archive's notes by day."""
    where = archived.get(day)
    if where is not None:
        raise UsageError(
            f"day: the note of {day} is in the archive ({layout.shown(where)}); vaultkit "
            "writes no archived day (save a transcript, or remember it on another day)"
        )
    # The memory folder (and the summaries when the archive is offline), not the chat
    # folders: one listing each, where a scan of the vault walks a folder per day of chats.
    daily = days_in_folder(layout, layout.memory_dir)
    timeline = set(daily) | set(archived)
    if not layout.archive_dir.is_dir():
        # the archive is offline: a summarized day without a local note is taken as archived
        timeline |= set(days_in_folder(layout, layout.summaries_dir))
    previous, following = spine_neighbours(sorted(timeline), day)
    head = f"{spine_line(previous)}\n\n" if previous else ""
    text = f"{head}# {day.isoformat()}\n" + (f"\n{entry}" if entry else "")
    path = layout.memory_dir / f"{day.isoformat()}.md"
    _check_size(text, day)
    write_atomic(path, text, expected=None, within=layout.vault_dir)
    nxt = layout.memory_dir / daily[following] if following in daily else None
    if nxt is None or not is_inside(nxt, layout.vault_dir):
        return []  # archived, or a link: sync leaves those as they are too
    try:
        data = read_bytes(nxt)
        current, bom, crlf = decode(data, nxt)
    except (VaultkitError, OSError):
        return []  # unreadable: sync skips it as well
    updated = set_managed_line(current, SPINE_LINE, spine_line(day))
    if updated == current:
        return []
    write_atomic(
        nxt,
        encoded_like(updated, bom=bom, crlf=crlf),
        expected=digest(data),
        within=layout.vault_dir,
    )
    return [nxt]


def archived_notes(layout: Layout) -> dict[date, Path]:
    """The archived notes by day (none when the archive is offline)."""
    return scan_archive(layout.archive_dir) if layout.archive_dir.is_dir() else {}


def _read(path: Path) -> bytes | None:
    try:
        return read_bytes(path)
    except FileNotFoundError:
        return None


def _checked_day(day: date | None) -> date:
    today = date.today()
    day = day or today
    if day > today + timedelta(days=1):
        raise UsageError(f"day: {day} is in the future; at most tomorrow ({today})")
    return day


def _well_formed(text: str) -> str:
    """`text` as UTF-8 can hold it: a lone surrogate (JSON allows `\\ud800`) becomes `?`."""
    return text.encode("utf-8", "replace").decode("utf-8")


def transcript_heading(title: str) -> str:
    """A transcript's heading: its title with no link syntax (`wikilinks.heading_text`)."""
    shown = heading_text(title)
    return f"# Chat: {shown}" if shown else "# Chat"


def file_stem(title: str) -> str:
    """A transcript's file name (without `.md`) from its title: letters, digits and `-`, at most
    60 characters, never a name Windows reserves."""
    stem = _NOT_IN_NAMES.sub("-", title.casefold()).strip("-")[:60].strip("-")
    return safe_file_name(stem or "chat")


def _as_text(line: str) -> str:
    """`line`, or when it reads like one of vaultkit's own lines, the same with a backslash
    before the mark that makes it one (`\\|`, `\\=`): an escape CommonMark, and so Obsidian,
    shows as the mark alone, that no pattern of vaultkit's takes for its own."""
    for pattern, mark in _OWN_LINES:
        if pattern.match(line.lstrip()):
            at = line.index(mark)
            return line[:at] + "\\" + line[at:]
    return line


def clean_lines(text: str, name: str) -> list[str]:
    """The lines of a text to write: line ends made LF, control characters spaces, trailing
    blanks and blank lines at either end dropped, runs of blank lines made one, and outside code
    blocks (where a backslash shows) a line like one of vaultkit's own made text (`_as_text`)."""
    lines: list[str] = []
    for raw in _well_formed(text).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = without_controls(raw).rstrip()
        if line or (lines and lines[-1]):
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise UsageError(f"{name}: must not be empty")
    code = fenced(lines)
    return [line if in_code else _as_text(line) for line, in_code in zip(lines, code, strict=True)]


def _entry(lines: list[str]) -> str:
    """A remembered text as markdown: one bullet, or the text's own list."""
    if _LIST_ITEM.match(lines[0]):
        return "\n".join(lines) + "\n"
    rest = [f"  {line}" if line else "" for line in lines[1:]]
    return "\n".join([f"- {lines[0].lstrip()}", *rest]) + "\n"


def _holds(text: str, entry: str) -> bool:
    """Whether a note holds `entry` already, as whole lines."""
    return ("\n" + text.rstrip("\n") + "\n").find("\n" + entry) >= 0


def _appended(text: str, entry: str) -> str:
    """`text` with `entry` added at its end, every byte before it kept."""
    if not text:
        return entry
    if not text.endswith("\n"):
        text += "\n"
    last = text.rstrip("\n").rsplit("\n", 1)[-1]
    if text.endswith("\n\n") or _LIST_ITEM.match(last):
        return text + entry
    return text + "\n" + entry


def _check_size(text: str, day: date) -> None:
    size = len(text.encode("utf-8"))
    if size > MAX_NOTE_BYTES:
        raise UsageError(
            f"the note of {day} would hold {size:,} bytes, more than {MAX_NOTE_BYTES:,}: "
            "save a long text with save_transcript instead"
        )
