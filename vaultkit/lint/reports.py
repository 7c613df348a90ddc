"""What lint and `--fix` return: the public report objects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vaultkit.lint.findings import Problem


@dataclass(frozen=True)
class LintReport:
    """What lint found: how many files it read and every problem, sorted by path and line."""

    files_checked: int
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.severity == "warning")

    @property
    def fixable(self) -> int:
        return sum(1 for p in self.problems if p.fixable)

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit lint --format json` object."""
        return {
            "files_checked": self.files_checked,
            "problems": [p.as_dict() for p in self.problems],
        }


@dataclass(frozen=True)
class FileChange:
    """One file `--fix` rewrote (or would rewrite): its path, the rules repaired, a unified diff."""

    path: str
    rules: tuple[str, ...]
    diff: str


@dataclass(frozen=True)
class FixReport:
    """What `--fix` changed, and the lint reports of the vault after the fix and before it (a dry
    run leaves the vault as it was before)."""

    changed: tuple[FileChange, ...]
    remaining: LintReport
    dry_run: bool = False
    before: LintReport | None = None

    @property
    def now(self) -> LintReport:
        """The vault as it is after this run: as before for a dry run."""
        return self.before if self.dry_run and self.before is not None else self.remaining

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit lint --fix --json` object: the lint report plus what was (or would be)
        changed."""
        return {
            **self.now.as_dict(),
            "dry_run": self.dry_run,
            "changes": [
                {"path": c.path, "rules": list(c.rules), "diff": c.diff} for c in self.changed
            ],
        }
