"""A transcript saved under its source's key: an imported conversation, an assistant's session.

Its file is `<chats>/DAY/<title-as-a-name>-<tag>.md`, where `tag` is a short digest of the
source and its id (`key_tag`): the same conversation, imported again or seen again by a hook,
is found by the tag alone, whatever its title became, and no state outside the vault is needed.

What is there decides what happens (`Saved.state`):

- `new`: no file has the tag; the transcript is written (and the day's note, if it has none).
- `same`: the file holds this text already; nothing is written.
- `grown`: the file's lines are the first lines of this text (the conversation went on); the
  file is rewritten with them all, its heading as it stands (a person may have renamed it).
- `edited`: the file holds lines this text does not (a person edited it, or the source's
  history was rewritten); it is left as it is, unless `replace` asks for this text.

The caller holds the vault's lock (`notes.writing`) and re-indexes the files written
(`notes.reindex`) once for a whole import.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Literal

from vaultkit.files.document import decode
from vaultkit.files.layout import Layout
from vaultkit.files.sources import content_of_transcript
from vaultkit.files.storage import check_safe_target, digest, read_bytes, write_atomic
from vaultkit.files.wikilinks import parent_line
from vaultkit.workspace.notes import (
    archived_notes,
    clean_lines,
    create_note,
    file_stem,
    transcript_heading,
)

State = Literal["new", "same", "grown", "edited", "replaced"]
TAG_LENGTH = 10
_STEM_LENGTH = 48


@dataclass(frozen=True)
class Saved:
    """What saving one keyed transcript did (or, in a dry run, would do)."""

    day: date
    path: str
    state: State
    also: tuple[str, ...] = ()

    @property
    def written(self) -> bool:
        return self.state in ("new", "grown", "replaced")

    def as_dict(self) -> dict[str, Any]:
        return {
            "day": self.day.isoformat(),
            "path": self.path,
            "state": self.state,
            "also": list(self.also),
        }


def key_tag(source: str, key: str) -> str:
    """The short, stable tag a source's id is found by in a file name."""
    return hashlib.sha256(f"{source}\0{key}".encode()).hexdigest()[:TAG_LENGTH]


def save_keyed_transcript(
    layout: Layout,
    *,
    day: date,
    tag: str,
    title: str,
    text: str,
    replace: bool = False,
    dry_run: bool = False,
) -> tuple[Saved, list[Path]]:
    """Save `text` as the transcript tagged `tag` of `day` (see the module); returns what was
    done and the files written (to re-index)."""
    body = clean_lines(text, "text")
    folder = layout.chats_dir / day.isoformat()
    found = _tagged(folder, tag, layout.vault_dir)
    if found is None:
        path = folder / f"{file_stem(title)[:_STEM_LENGTH].strip('-') or 'chat'}-{tag}.md"
        content = _content(day, transcript_heading(title), body)
        return _write_new(layout, day, path, content, dry_run)
    data = read_bytes(found)
    heading, old_body = _parts(decode(data, found)[0])
    state = _state_of(old_body, body, replace)
    saved = Saved(day, layout.rel(found), state)
    if state in ("same", "edited") or dry_run:
        return saved, []
    content = _content(day, heading or transcript_heading(title), body)
    write_atomic(found, content, expected=digest(data), within=layout.vault_dir)
    return saved, [found]


def _write_new(
    layout: Layout, day: date, path: Path, content: str, dry_run: bool
) -> tuple[Saved, list[Path]]:
    note = layout.memory_dir / f"{day.isoformat()}.md"
    archived = archived_notes(layout)
    needs_note = not note.exists() and day not in archived
    also = [note] if needs_note else []
    if dry_run:
        return Saved(day, layout.rel(path), "new", tuple(layout.rel(p) for p in also)), []
    write_atomic(path, content, expected=None, within=layout.vault_dir)
    if needs_note:
        also = [note, *create_note(layout, day, "", archived)]
    return Saved(day, layout.rel(path), "new", tuple(layout.rel(p) for p in also)), [path, *also]


def _tagged(folder: Path, tag: str, vault: Path) -> Path | None:
    """The day's transcript tagged `tag`, if there is one (the first by name, if several)."""
    check_safe_target(folder / f"x-{tag}.md", vault)  # nothing is read through a linked folder
    if not folder.is_dir():
        return None
    found = sorted(p for p in folder.glob(f"*-{tag}.md") if p.is_file())
    return found[0] if found else None


def _content(day: date, heading: str, body: list[str]) -> str:
    return f"{parent_line(day)}\n\n{heading}\n\n" + "\n".join(body) + "\n"


def _parts(text: str) -> tuple[str | None, list[str]]:
    """A transcript's heading line and the lines after it, without the parent link and the
    blank lines at either end."""
    lines = content_of_transcript(text).split("\n")
    at = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    heading = lines[at] if at < len(lines) and lines[at].startswith("# ") else None
    rest = lines[at + 1 :] if heading is not None else lines[at:]
    while rest and not rest[0].strip():
        rest.pop(0)
    while rest and not rest[-1].strip():
        rest.pop()
    return heading, [line.rstrip() for line in rest]


def _state_of(old: list[str], new: list[str], replace: bool) -> State:
    if old == new:
        return "same"
    if new[: len(old)] == old:
        return "grown"
    return "replaced" if replace else "edited"
