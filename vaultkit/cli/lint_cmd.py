"""`vaultkit lint`."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import ConfigOption, app
from vaultkit.cli.console import err, escape, out, print_json, run

if TYPE_CHECKING:
    from vaultkit.lint import FixReport, LintReport


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
        Format, typer.Option("--format", "-f", help="Output: a table, or JSON for scripts.")
    ] = Format.table,
    fix: Annotated[bool, typer.Option("--fix", help="Repair what is safe to repair.")] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Show what --fix would change; write nothing.")
    ] = False,
) -> None:
    """Check every memory file against the schema, the vocabulary and Obsidian's rules.

    Exit 1 when any error remains, 0 when clean or only warnings, 2 for usage or config errors.
    """
    from vaultkit.config import load_config
    from vaultkit.lint import fix_vault, lint_vault

    cfg = run(lambda: load_config(config))
    if fix or diff:
        fixed = run(lambda: fix_vault(cfg, paths or None, dry_run=diff))
        _print_changes(fixed, show_diff=diff, to_stderr=output is Format.json)
        report = fixed.remaining
    else:
        report = run(lambda: lint_vault(cfg, paths or None))
    if output is Format.json:
        print_json(report.as_dict())
    else:
        _print_table(report)
    raise typer.Exit(1 if report.errors else 0)


def _print_changes(fixed: FixReport, show_diff: bool, to_stderr: bool) -> None:
    console = err if to_stderr else out
    if show_diff:
        for change in fixed.changed:
            console.print(escape(change.diff), end="")
    verb = "would fix" if fixed.dry_run else "fixed"
    for change in fixed.changed:
        err.print(f"{verb} {escape(change.path)} ({', '.join(change.rules)})")
    if not fixed.changed:
        err.print("nothing to fix")


def _print_table(report: LintReport) -> None:
    """Problems grouped under their file, one line each (like a compiler's), then the totals."""
    from itertools import groupby

    from rich.table import Table

    from vaultkit.rules import BY_ID

    if not report.problems:
        out.print(f"[green]✓[/] {report.files_checked} files checked, no problems")
        return
    for path, problems in groupby(report.problems, key=lambda p: p.path):
        out.print(f"[bold]{escape(path)}[/]")
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column("line", justify="right", no_wrap=True, min_width=5)
        table.add_column("severity", no_wrap=True)
        table.add_column("rule", no_wrap=True)
        table.add_column("message", overflow="fold")
        for problem in problems:
            colour = "red" if problem.severity == "error" else "yellow"
            rule = BY_ID.get(problem.rule)
            fixable = " [dim](fixable)[/]" if problem.fixable else ""
            table.add_row(
                str(problem.line) if problem.line else "-",
                f"[{colour}]{problem.severity}[/]",
                f"{problem.rule} {rule.name}" if rule else problem.rule,
                escape(problem.message) + fixable,
            )
        out.print(table)
    files = len({p.path for p in report.problems})
    out.print(
        f"{len(report.problems)} problems ({report.errors} errors, {report.warnings} warnings,"
        f" {report.fixable} fixable with --fix) in {files} of {report.files_checked} files checked"
    )
