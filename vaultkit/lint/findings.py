"""What the checks of one file produce: its problems and, for `--fix`, its repaired text."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace

from vaultkit.lint.rules import Severity, rule_named


@dataclass(frozen=True)
class Problem:
    """One lint finding, in the shape of `vaultkit lint --format json`."""

    path: str
    line: int | None
    rule: str
    severity: Severity
    message: str
    fixable: bool = False

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "fixable": self.fixable,
        }


def problem(
    name: str, rel: str, line: int | None, message: str, fixable: bool | None = None
) -> Problem:
    """A Problem of the rule `name`; `fixable` overrides the rule's default when the fix is unsafe."""
    rule = rule_named(name)
    return Problem(
        rel, line, rule.id, rule.severity, message, rule.fixable if fixable is None else fixable
    )


class Findings:
    """Collects one file's problems."""

    def __init__(self, rel: str) -> None:
        self.rel = rel
        self.problems: list[Problem] = []

    def add(self, name: str, line: int | None, message: str, fixable: bool | None = None) -> None:
        self.problems.append(problem(name, self.rel, line, message, fixable))

    def unfix(self, rules: Collection[str], why: str) -> None:
        """The fixable problems of `rules` (ids) made not fixable, their messages saying why."""
        self.problems = [
            replace(p, fixable=False, message=f"{p.message} ({why})")
            if p.fixable and p.rule in rules
            else p
            for p in self.problems
        ]


@dataclass
class Result:
    """One file checked: its problems, its fixed text, and its properties for the vault-wide vote."""

    rel: str
    problems: list[Problem]
    fixed: str | None = None
    props: list[tuple[str, str, int]] = field(default_factory=list)  # (key, category, line)
    declared: dict[str, str] = field(default_factory=dict)  # property types from types.json
    targets: list[str] = field(default_factory=list)  # its wikilinks' targets
