"""What a sync did, as the CLI shows it and `--json` prints it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from vaultkit.dates import parse_date
from vaultkit.files.layout import Layout
from vaultkit.sync.plan import DayPlan, Unusable


@dataclass(frozen=True)
class Change:
    """One file sync wrote (or, in a dry run, would write)."""

    path: str
    action: str
    detail: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "action": self.action, "detail": self.detail}


class Failure(NamedTuple):
    """What failed (a day, a file, a part such as the cache) and the error, in one line."""

    what: str
    error: str


class Notice(NamedTuple):
    """What a run has to tell of a day or a part, though it did its work."""

    what: str
    warning: str


class Skip(NamedTuple):
    """A file the run left alone (a path in the vault) and why."""

    path: str
    reason: str


@dataclass
class SyncReport:
    """What a sync did: files changed, days kept because a person edited them, days that failed,
    days summarized with a warning (read in part), files left alone (`skipped`: symbolic
    links), and why the run stopped early, if it did."""

    changes: list[Change] = field(default_factory=list)
    kept: list[DayPlan] = field(default_factory=list)
    failed: list[Failure] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    unusable: list[Unusable] = field(default_factory=list)  # notes it cannot use as they are
    summarized: list[date] = field(default_factory=list)
    deferred: list[date] = field(default_factory=list)  # over the run's limit
    untried: list[date] = field(default_factory=list)  # left when the run stopped early
    skipped: list[Skip] = field(default_factory=list)
    pushed: list[str] = field(default_factory=list)  # days sent to AnythingLLM (or removed)
    indexed: int = 0  # days the search index read again (or removed)
    embedded: int = 0  # chunk texts embedded (the semantic extra; not found in the vector cache)
    stopped: str | None = None
    dry_run: bool = False

    @property
    def invalid_kept(self) -> list[DayPlan]:
        """Kept hand edits that break the rules: the vault is not valid, a cron job must notice."""
        return [p for p in self.kept if p.invalid]

    @property
    def ok(self) -> bool:
        """False when a day failed, an invalid summary was kept, a note cannot be used as it is,
        or the run stopped early."""
        return not (self.failed or self.invalid_kept or self.stopped or self.unusable)

    @property
    def idle(self) -> bool:
        """True when there was nothing to do at all."""
        return not (
            self.changes
            or self.kept
            or self.failed
            or self.skipped
            or self.pushed
            or self.indexed
            or self.embedded
            or self.stopped
            or self.unusable
        )

    def as_dict(self) -> dict[str, object]:
        """The `vaultkit sync --json` object."""
        return {
            "dry_run": self.dry_run,
            "ok": self.ok,
            "changes": [c.as_dict() for c in self.changes],
            "kept": [p.as_dict() for p in self.kept],
            "failed": [{"what": w, "error": e} for w, e in self.failed],
            "warnings": [{"what": w, "warning": m} for w, m in self.warnings],
            "unusable": [u.as_dict() for u in self.unusable],
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
            "deferred": [d.isoformat() for d in self.deferred],
            "untried": [d.isoformat() for d in self.untried],
            "pushed": list(self.pushed),
            "indexed": self.indexed,
            "embedded": self.embedded,
            "stopped": self.stopped,
        }


def said_of(layout: Layout, report: SyncReport) -> set[date]:
    """The days a report has something to say of, other than what was done: a day kept, failed,
    left over, a note it could not use, a file of the day it could not write or left alone."""
    days = {p.day for p in report.kept} | set(report.deferred) | set(report.untried)
    named = [what for what, _ in report.failed] + [u.path for u in report.unusable]
    named += [path for path, _ in report.skipped]
    for what in named:
        day = parse_date(what) or _day_of(layout, what)
        if day is not None:
            days.add(day)
    return days


def _day_of(layout: Layout, shown: str) -> date | None:
    """The day of a file the report names by its path in the vault."""
    path = os.path.normpath(os.path.join(layout.vault, shown))
    known = layout.kind_of(os.path.dirname(path), os.path.basename(path))
    return date.fromisoformat(known[0]) if known else None
