"""What lint and `--fix` return: the public report objects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vaultkit.model import Problem


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
    """What `--fix` changed, and the lint report of the vault as it is after the fix."""

    changed: tuple[FileChange, ...]
    remaining: LintReport
    dry_run: bool = False
