"""Backfill: the one-off migration that summarizes old daily notes found in an archive folder.

It is `sync` narrowed to the days found below the source folder (`YYYY-MM-DD.md` in any subfolder,
e.g. `2025/07/`), optionally to a date range and a number of days, with related dates refreshed
once the days are summarized. Summaries are written one by one, atomically, so a run that is
interrupted (Ctrl-C, a crash, an LLM outage) is resumed by running it again: days with a valid,
current summary are skipped.

The source defaults to the configured archive. Another folder is read as raw material for this run
only: its notes are summarized (a local or archived note of the same day wins), but they join
neither the timeline spine nor later syncs' stale checks, and nothing is copied or moved.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import ArchiveError, UsageError
from vaultkit.files.layout import Layout, scan_archive
from vaultkit.model import Progress
from vaultkit.summarize.base import Summarizer
from vaultkit.sync.daily import Scope, sync
from vaultkit.sync.report import Change


@dataclass
class BackfillReport:
    """Per day of the source: summarized now, skipped (with why), or failed (with the error)."""

    source: str
    dry_run: bool = False
    done: list[date] = field(default_factory=list)
    skipped: list[tuple[date, str]] = field(default_factory=list)
    failed: list[tuple[date, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    unread: list[tuple[str, str]] = field(default_factory=list)  # (path, why): no day's file
    changes: list[Change] = field(default_factory=list)
    stopped: str | None = None

    @property
    def ok(self) -> bool:
        return not self.failed and not self.errors and not self.stopped

    def as_dict(self) -> dict[str, object]:
        """The `vaultkit backfill --json` object."""
        return {
            "source": self.source,
            "dry_run": self.dry_run,
            "ok": self.ok,
            "done": [d.isoformat() for d in self.done],
            "skipped": [{"date": d.isoformat(), "reason": r} for d, r in self.skipped],
            "failed": [{"date": d.isoformat(), "error": e} for d, e in self.failed],
            "errors": [{"what": w, "error": e} for w, e in self.errors],
            "changes": [c.as_dict() for c in self.changes],
            "unread": [{"path": p, "reason": r} for p, r in self.unread],
            "stopped": self.stopped,
        }


def backfill(
    config: Config,
    source: Path | None = None,
    *,
    since: date | None = None,
    until: date | None = None,
    limit: int | None = None,
    pause: float | None = None,
    dry_run: bool = False,
    summarizer: Summarizer | None = None,
    progress: Progress | None = None,
    take_over: bool = False,
) -> BackfillReport:
    """Summarize the source folder's days that lack a valid summary, then relate and index once
    (`take_over`: see `sync`)."""
    if since and until and since > until:
        raise UsageError(f"since {since} is after until {until}: no day can match")
    if limit is not None and limit < 0:
        raise UsageError(f"limit: expected a number >= 0, got {limit}")
    if pause is not None and pause < 0:
        raise UsageError(f"pause: expected seconds >= 0, got {pause}")
    root = source if source is not None else config.archive_dir
    if not root.is_dir():
        raise ArchiveError(
            "source folder not found (is the NAS mounted?); nothing was done",
            path=root,
            rule="archive-missing",
        )
    is_archive = _same(root, config.archive_dir)
    chats = config.archive_dir / "chats"
    outside: list[tuple[Path, str]] = []
    days = sorted(
        day
        for day, path in scan_archive(root, outside=outside).items()
        if (since is None or day >= since)
        and (until is None or day <= until)
        and not (is_archive and chats in path.parents)
    )
    scope = Scope(days=days, limit=limit, source=None if is_archive else root, pause=pause)
    result = sync(
        config,
        dry_run=dry_run,
        summarizer=summarizer,
        progress=progress,
        scope=scope,
        take_over=take_over,
    )
    report = BackfillReport(str(root), dry_run, list(result.summarized), changes=result.changes)
    report.stopped = result.stopped
    report.unread = [(Layout(config).shown(p), f"{why}; not read") for p, why in outside]
    failed: dict[date, str] = {}
    wanted = set(days)
    for what, error in result.failed:
        day = parse_date(what)
        if day is not None and day in wanted:
            failed.setdefault(day, error)
        else:
            report.errors.append((what, error))
    report.failed = sorted(failed.items())
    why = {p.day: f"edited by hand: {p.reason}" for p in result.kept}
    why |= {day: "over --limit; the next run does it" for day in result.deferred}
    why |= {day: "not tried: the run stopped; the next run does it" for day in result.untried}
    settled = set(report.done) | set(failed)
    report.skipped = [
        (day, why.get(day, "has a valid summary")) for day in days if day not in settled
    ]
    return report


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
