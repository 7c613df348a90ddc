"""`vaultkit lint`."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import (
    counted,
    echo,
    is_terminal,
    note,
    paint,
    print_json,
    progress_bar,
    run,
    say,
)

if TYPE_CHECKING:
    from vaultkit.lint import FixReport, LintReport
    from vaultkit.lint.findings import Problem


class Format(StrEnum):
    table = "table"
    json = "json"


@app.command()
def lint(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Files or folders to check (default: the whole memory folder)."),
    ] = None,
    config: ConfigOption = None,
    output: Annotated[
        Format,
        typer.Option("--format", "-f", help="Output: lines for people, or json (as --json)."),
    ] = Format.table,
    json: JsonOption = False,
    fix: Annotated[bool, typer.Option("--fix", help="Repair what is safe to repair.")] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Print what --fix would change as a patch (git apply takes it); write nothing.",
        ),
    ] = False,
) -> None:
    """Check every memory file against the schema, the vocabulary and Obsidian's rules.

    One line per problem: `path:line: severity rule: message`. Exit 1 when any error remains, 0
    when clean or only warnings, 2 for usage or config errors.
    """
    from vaultkit.cli.loading import load
    from vaultkit.lint import fix_vault, lint_vault

    as_json = json or output is Format.json
    cfg = run(lambda: load(config))
    with progress_bar() as progress:
        if fix or diff:
            fixed = run(
                lambda: fix_vault(
                    cfg, paths or None, dry_run=diff, diff_base=Path.cwd(), progress=progress
                )
            )
            report = fixed.now
        else:
            report = run(lambda: lint_vault(cfg, paths or None, progress=progress))
    if fix or diff:
        if as_json:
            print_json(fixed.as_dict())
        elif diff:
            sys.stdout.write("".join(change.diff for change in fixed.changed))
        _say_changes(fixed)
        if diff:
            _print_totals(report)
        elif not as_json:
            _print_problems(report)
    elif as_json:
        print_json(report.as_dict())
    else:
        _print_problems(report)
    raise typer.Exit(1 if report.errors else 0)


def _say_changes(fixed: FixReport) -> None:
    verb = "would fix" if fixed.dry_run else "fixed"
    for change in fixed.changed:
        note(verb, f"{change.path} ({', '.join(change.rules)})", "green")
    if fixed.dry_run:
        say("nothing was written (--diff); run `vaultkit lint --fix` to apply")
    elif not fixed.changed:
        say("nothing to fix")


def _print_problems(report: LintReport) -> None:
    """One line per problem (like a compiler's), then the totals on stderr."""
    from vaultkit.lint.rules import BY_ID

    colour = is_terminal(sys.stdout)
    for problem in report.problems:
        rule = BY_ID.get(problem.rule)
        echo(problem_line(problem, rule.name if rule else "", colour))
    _print_totals(report)


def problem_line(problem: Problem, name: str, colour: bool = False) -> str:
    """`path:line: severity VK301 unknown-term: message (fixable)`, on one line."""
    where = f"{problem.path}:{problem.line}" if problem.line else problem.path
    severity: str = problem.severity
    if colour:
        severity = paint(severity, "red" if severity == "error" else "yellow", sys.stdout)
    rule = f"{problem.rule} {name}" if name else problem.rule
    message = " ".join(problem.message.split())
    fixable = " (fixable)" if problem.fixable else ""
    return f"{where}: {severity} {rule}: {message}{fixable}"


def _print_totals(report: LintReport) -> None:
    """The counts, on stderr: a message, not data."""
    if not report.problems:
        say(f"{paint('✓', 'green')} {counted(report.files_checked, 'file')} checked, no problems")
        return
    files = len({p.path for p in report.problems})
    counts = ", ".join(
        (counted(report.errors, "error"), counted(report.warnings, "warning"), f"{report.fixable}")
    )
    say(
        f"{counted(len(report.problems), 'problem')} ({counts} fixable with --fix) in {files} of "
        f"{counted(report.files_checked, 'file')} checked"
    )
