"""Moving old raw material (daily notes and transcripts) to the archive folder, safely.

Layout below the archive folder (`paths.archive` in the config, typically a NAS mount):

    <archive>/YYYY/MM/YYYY-MM-DD.md        a daily note
    <archive>/chats/<same path as below memory/chats/>   a transcript

A file moves in four steps: copy (temp file, fsync, rename, fsync of the folder), read the copy
back and compare its SHA-256 with the local file, check that the local file did not change
meanwhile, and only then remove the local file. A run that dies leaves the file local, archived,
or both (identical); the next run finishes the move. A different file already at the target is
never overwritten: it is reported and both files stay. The one exception is a target that is a
strict prefix of the local file (a copy truncated by an earlier tool): it holds nothing the local
file lacks, so it is replaced.

Only days whose summary is valid and current are archived: retrieval works on the local
summaries, so a day must be summarized before its raw note may leave the machine. (A summary
could still be made later from the archive by `backfill`, but only while the NAS is mounted.)
Summaries, MEMORY_INDEX.md and the search index stay local.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Literal

from vaultkit.catalog.opener import open_catalog
from vaultkit.config import Config
from vaultkit.dates import DAY_RANGE
from vaultkit.errors import ArchiveError, UsageError, VaultkitError
from vaultkit.files.layout import Layout, outside_days
from vaultkit.files.lock import vault_lock
from vaultkit.files.storage import digest, file_digest, fsync_dir, read_bytes, write_bytes_atomic
from vaultkit.model import Progress
from vaultkit.sync.full_look import full_look
from vaultkit.sync.plan import plan_days
from vaultkit.text.vocabulary import Vocabulary

DEFAULT_OLDER_THAN = 30
Status = Literal["archived", "would-archive", "conflict", "changed"]


@dataclass(frozen=True)
class Move:
    """One file's outcome; paths relative to the vault (source) and the archive (target)."""

    day: date
    source: str
    target: str
    status: Status
    detail: str = ""

    def as_dict(self) -> dict[str, str]:
        return {
            "day": self.day.isoformat(),
            "source": self.source,
            "target": self.target,
            "status": self.status,
            "detail": self.detail,
        }


@dataclass
class ArchiveReport:
    """What an archive run moved, kept because of a conflict, and skipped (no current summary)."""

    as_of: date
    cutoff: date
    archive_dir: str
    dry_run: bool = False
    moves: list[Move] = field(default_factory=list)
    skipped: list[tuple[date, str]] = field(default_factory=list)
    unread: list[tuple[str, str]] = field(default_factory=list)  # (path, why): no day's file

    @property
    def problems(self) -> list[Move]:
        """Files that stayed local because the target differs or the local file changed."""
        return [m for m in self.moves if m.status in ("conflict", "changed")]

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, object]:
        """The `vaultkit archive --json` object."""
        return {
            "archive": self.archive_dir,
            "as_of": self.as_of.isoformat(),
            "cutoff": self.cutoff.isoformat(),
            "dry_run": self.dry_run,
            "ok": self.ok,
            "moves": [m.as_dict() for m in self.moves],
            "skipped": [{"date": d.isoformat(), "reason": r} for d, r in self.skipped],
            "unread": [{"path": p, "reason": r} for p, r in self.unread],
        }


Writer = Callable[[Path, bytes], None]


def note_target(archive_dir: Path, day: date) -> Path:
    """Where a daily note goes in the archive: `YYYY/MM/YYYY-MM-DD.md`."""
    return archive_dir / f"{day:%Y}" / f"{day:%m}" / f"{day.isoformat()}.md"


def archive(
    config: Config,
    *,
    older_than: int = DEFAULT_OLDER_THAN,
    as_of: date | None = None,
    dry_run: bool = False,
    progress: Progress | None = None,
    write: Writer = write_bytes_atomic,
) -> ArchiveReport:
    """Move the raw material of summarized days older than `older_than` days to the archive;
    `write` puts a copy in place (atomically: a test gives one that fails)."""
    if older_than < 0:
        raise UsageError(f"older_than: expected a number of days >= 0, got {older_than}")
    as_of = as_of or date.today()
    # A span reaching before the vault's first day archives nothing (and no date is that old).
    span = min(older_than, (as_of - DAY_RANGE.first).days)
    cutoff = as_of - timedelta(days=span)
    report = ArchiveReport(as_of, cutoff, str(config.archive_dir), dry_run)
    check_archive(config.archive_dir, writable=not dry_run)
    if dry_run:
        _archive(config, report, progress, write)
        return report
    with vault_lock(config.state_dir):
        _archive(config, report, progress, write)
    return report


def check_archive(root: Path, *, writable: bool = True) -> None:
    """Fail with one clear line when the archive folder is missing, not a folder, or read-only."""
    if not root.exists():
        raise ArchiveError(
            "archive folder not found (is the NAS mounted?); nothing was moved",
            path=root,
            rule="archive-missing",
        )
    if not root.is_dir():
        raise ArchiveError(
            "archive path is not a folder; nothing was moved", path=root, rule="archive-missing"
        )
    if not writable:
        return
    try:  # a real write, not os.access: a read-only mount or a full disk only shows on writing
        fd, probe = tempfile.mkstemp(prefix=".vaultkit-probe.", suffix=".tmp", dir=root)
        try:
            os.write(fd, b"vaultkit")
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        raise ArchiveError(
            f"archive folder is not writable ({_reason(exc)}); nothing was moved",
            path=root,
            rule="archive-unwritable",
        ) from None


def _archive(
    config: Config, report: ArchiveReport, progress: Progress | None, write: Writer
) -> None:
    catalog = open_catalog(config, read_only=True)
    try:
        found = full_look(config, catalog)
        found.vault_names(Vocabulary(config.vocabulary, config.people))  # read the days with them
        plans = {p.day: p for p in plan_days(found)}
    finally:
        catalog.close()
    layout = found.layout
    report.unread = outside_days(layout, found.files.strays)
    days = sorted(d for d in found.files.daily if d < report.cutoff)
    for done, day in enumerate(days):
        if progress is not None:
            progress("archiving", done, len(days), day.isoformat())
        summary = found.summary(day)
        plan = plans.get(day)
        if summary is None or summary.problem or (plan and plan.action != "keep"):
            reason = plan.reason if plan else "no valid summary"
            report.skipped.append((day, f"{reason}; run `vaultkit sync` first"))
            continue
        files = [
            (path, layout.archive_chats_dir / path.relative_to(layout.chats_dir))
            for path in found.files.transcripts.get(day, [])
        ]
        files.append(
            (found.files.daily[day], found.archive.get(day) or note_target(layout.archive_dir, day))
        )
        _move_day(layout, day, files, report, write)


def _move_day(
    layout: Layout,
    day: date,
    files: list[tuple[Path, Path]],
    report: ArchiveReport,
    write: Writer,
) -> None:
    """Move a day's files together: check every target, copy and verify all, then remove all.

    A conflict anywhere keeps the whole day local; a failing copy stops the run before any local
    file of the day is removed.
    """
    moves = [_File(layout, day, source, target) for source, target in files]
    conflicts = [m for m in moves if m.conflict]
    if conflicts:
        report.moves += [m.result("conflict", m.conflict) for m in conflicts]
        report.skipped.append((day, "a file of this day is in conflict; the day stays local"))
        return
    if report.dry_run:
        report.moves += [m.result("would-archive", m.note) for m in moves]
        return
    for move in moves:
        move.copy(write, already=sum(m.status == "archived" for m in report.moves))
    for move in moves:
        report.moves.append(move.remove_local())
        if report.moves[-1].status == "archived":
            _remove_empty_parents(move.source.parent, stop=layout.chats_dir)


class _File:
    """One file on its way to the archive: read once, checked, copied, verified, removed."""

    def __init__(self, layout: Layout, day: date, source: Path, target: Path) -> None:
        self.day, self.source, self.target = day, source, target
        self.rel_source = layout.rel(source)
        self.rel_target = os.path.relpath(target, layout.archive_dir).replace(os.sep, "/")
        self.data = read_bytes(source)
        self.digest = digest(self.data)
        self.existing = _read_or_none(target)
        self.conflict = ""
        self.note = ""
        if self.existing == self.data:
            self.note = "already copied"
        elif self.existing is not None and not _truncated_copy(self.existing, self.data):
            self.conflict = "a different file is already in the archive; both kept"

    def result(self, status: Status, detail: str = "") -> Move:
        return Move(self.day, self.rel_source, self.rel_target, status, detail)

    def copy(self, write: Writer, *, already: int) -> None:
        """Copy (`write`: temp file, fsync, rename, fsync dir) and check the copy's SHA-256."""
        try:
            _remove_stale_copies(self.target)
            if self.existing != self.data:
                write(self.target, self.data)
            if file_digest(self.target) != self.digest:
                raise ArchiveError("the copy in the archive does not match the local file")
        except (VaultkitError, OSError) as exc:
            message = exc.message if isinstance(exc, VaultkitError) else _reason(exc)
            raise ArchiveError(
                f"cannot archive: {message}; no local file of {self.day} was removed "
                f"({already} files archived before)",
                path=self.target,
                rule="archive-write-failed",
            ) from None

    def remove_local(self) -> Move:
        """Remove the local file, unless it changed since it was copied."""
        if file_digest(self.source) != self.digest:
            return self.result("changed", "changed while it was archived; local file kept")
        self.source.unlink()
        fsync_dir(self.source.parent)
        return self.result("archived", self.note)


def _read_or_none(path: Path) -> bytes | None:
    try:
        return read_bytes(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ArchiveError(
            f"cannot read the archive ({_reason(exc)}); this day stays local, nothing was removed",
            path=path,
            rule="archive-read",
        ) from None


def _truncated_copy(existing: bytes, data: bytes) -> bool:
    """A target that is a strict prefix of the local file: an interrupted copy, nothing of its own."""
    return len(existing) < len(data) and data.startswith(existing)


def _remove_stale_copies(target: Path) -> None:
    """Delete temp files an interrupted copy of this very file left next to its target."""
    if target.parent.is_dir():
        for stale in target.parent.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def _remove_empty_parents(folder: Path, *, stop: Path) -> None:
    """Remove a transcript folder the move emptied (and its empty parents) below `stop`."""
    while folder != stop and stop in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        fsync_dir(folder.parent)
        folder = folder.parent


def _reason(exc: OSError) -> str:
    reasons = {
        errno.ENOSPC: "disk full",
        errno.EROFS: "read-only file system",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENOTDIR: "a file is in the way of a folder",
        errno.EEXIST: "a file is in the way of a folder",
    }
    return reasons.get(exc.errno or 0, exc.strerror or str(exc))
