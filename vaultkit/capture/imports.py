"""`vaultkit import chatgpt|claude PATH`: a data export's conversations as transcripts.

The export is read one conversation at a time (`json_stream`), so its size does not matter;
each is saved under the vault's lock as its day's transcript (`transcripts`), and the days
written are re-indexed `REINDEX_BATCH` files at a time. A conversation the reader cannot read is skipped and
named; one that holds no words is skipped quietly. Importing again writes nothing; a
conversation that grew since is updated in place, one edited by hand is left as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta, tzinfo
from pathlib import Path
from typing import Any

from vaultkit.capture.chatgpt import read_chatgpt
from vaultkit.capture.claude import read_claude
from vaultkit.capture.conversation import Conversation, Malformed
from vaultkit.capture.exports import open_export
from vaultkit.capture.json_stream import array_items
from vaultkit.capture.transcripts import day_of, save_conversation, zone_of
from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.files.layout import Layout
from vaultkit.model import Progress
from vaultkit.workspace.keyed import Saved
from vaultkit.workspace.notes import reindex, writing

Reader = Callable[[Iterable[object], str], Iterator[Conversation | Malformed]]
# files re-indexed at a time: the index learns of the import as it goes, in memory that does
# not grow with the export
REINDEX_BATCH = 256
READERS: dict[str, Reader] = {"chatgpt": read_chatgpt, "claude": read_claude}


@dataclass
class ImportReport:
    """What an import did: each conversation saved (or, in a dry run, what would be), the ones
    skipped, the secrets taken out by kind, and warnings (an index not refreshed)."""

    dry_run: bool
    saved: list[Saved] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    empty: int = 0
    redacted: Counter[str] = field(default_factory=Counter)
    warnings: list[str] = field(default_factory=list)

    def count(self, state: str) -> int:
        return sum(1 for s in self.saved if s.state == state)

    def as_dict(self) -> dict[str, Any]:
        return {
            "dry_run": self.dry_run,
            "conversations": [s.as_dict() for s in self.saved],
            "malformed": [str(m) for m in self.malformed],
            "empty": self.empty,
            "redacted": dict(sorted(self.redacted.items())),
            "warnings": self.warnings,
        }


def import_export(
    config: Config,
    kind: str,
    path: Path,
    *,
    dry_run: bool = False,
    replace: bool = False,
    progress: Progress | None = None,
) -> ImportReport:
    """Import the conversations of a `kind` export (`chatgpt`, `claude`) at `path`."""
    reader = READERS.get(kind)
    if reader is None:
        raise UsageError(f"kind: expected one of {', '.join(READERS)}, got {kind!r}")
    layout, zone = Layout(config), zone_of(config)
    report = ImportReport(dry_run)
    written: list[Path] = []
    try:
        with open_export(path) as (stream, where, size):
            for found in reader(array_items(stream, where), where):
                if isinstance(found, Malformed):
                    report.malformed.append(found)
                elif _in_future(found, zone):
                    report.malformed.append(Malformed(_named(found, where), "starts in the future"))
                else:
                    written += _save(config, layout, found, zone, report, replace=replace)
                if len(written) >= REINDEX_BATCH:
                    report.warnings += reindex(config, written)
                    written = []
                if progress is not None:
                    progress("importing", min(stream.tell(), size), size, _title(found))
    finally:
        # what was written before a failure is in the vault: the index learns of it too
        report.warnings += reindex(config, written)
    return report


def _in_future(conversation: Conversation, zone: tzinfo) -> bool:
    """Whether it began after tomorrow (a clock gone wrong): no note is written for such a day."""
    return day_of(conversation, zone) > date.today() + timedelta(days=1)


def _named(conversation: Conversation, where: str) -> str:
    return f"{where}: conversation {conversation.key!r} ({conversation.title})"


def _title(found: Conversation | Malformed) -> str:
    return found.title[:40] if isinstance(found, Conversation) else ""


def _save(
    config: Config,
    layout: Layout,
    conversation: Conversation,
    zone: tzinfo,
    report: ImportReport,
    *,
    replace: bool,
) -> list[Path]:
    if report.dry_run:
        done = save_conversation(config, layout, conversation, zone, dry_run=True)
    else:
        with writing(layout):
            done = save_conversation(config, layout, conversation, zone, replace=replace)
    if done is None:
        report.empty += 1
        return []
    saved, written, rendered = done
    report.saved.append(saved)
    report.redacted.update(rendered.redacted)
    return written
