"""`vaultkit sync` and `vaultkit reconcile`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, TakeOverOption, app
from vaultkit.cli.console import (
    Column,
    counted,
    error,
    note,
    parse_day,
    print_json,
    print_table,
    progress_bar,
    run,
    say,
)

if TYPE_CHECKING:
    from vaultkit.sync.report import SyncReport


@app.command()
def sync(
    config: ConfigOption = None,
    date: Annotated[str | None, typer.Option("--date", help="Only this day, YYYY-MM-DD.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change.")] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Also regenerate summaries edited by hand (each replaced file is kept in "
            ".vaultkit/replaced/).",
        ),
    ] = False,
    resummarize: Annotated[
        bool,
        typer.Option(
            "--resummarize",
            help="Summarize again the days vaultkit summarized, notes unchanged (after an "
            "upgrade); hand edits stay unless --force.",
        ),
    ] = False,
    take_over: TakeOverOption = False,
    rescan: Annotated[
        bool,
        typer.Option(
            "--rescan",
            help="List every folder and stat every file, not only what moved and the newest "
            "month (sees an older note edited in place).",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """The daily job: summarize missing or stale days, relate, render, link, refresh the index.

    Exit 1 when a day failed, an invalid summary was kept, or the run stopped early.
    """
    from vaultkit.cli.loading import load
    from vaultkit.sync.daily import Scope
    from vaultkit.sync.daily import sync as run_sync

    with progress_bar() as progress:
        report = run(
            lambda: run_sync(
                load(config),
                only=parse_day(date, "--date"),
                dry_run=dry_run,
                force=force,
                progress=progress,
                scope=Scope(resummarize=resummarize),
                take_over=take_over,
                rescan=rescan,
            )
        )
    if json:
        print_json(report.as_dict())
    print_sync_report(report, data=not json)
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def reconcile(
    config: ConfigOption = None,
    fill: Annotated[
        bool, typer.Option("--fill", help="Generate what is missing (as sync does).")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Include summaries edited by hand.")
    ] = False,
    take_over: TakeOverOption = False,
    json: JsonOption = False,
) -> None:
    """List days whose summary is missing, stale or invalid; `--fill` generates them.

    Exit 1 when a day is listed (as lint does with findings), 0 when every summary is current.
    """
    from vaultkit.cli.loading import load
    from vaultkit.sync.plan import reconcile_plan

    if fill:
        sync(config=config, force=force, take_over=take_over, json=json)
        return
    found = run(lambda: reconcile_plan(load(config), force=force))
    plans = found.plans
    for path, reason in found.skipped:
        note("skipped", f"{path}: {reason}", "yellow")
    for note_problem in found.unusable:
        error(str(note_problem))
    if json:
        skipped = [{"path": p, "reason": r} for p, r in found.skipped]
        unusable = [u.as_dict() for u in found.unusable]
        print_json({"days": [p.as_dict() for p in plans], "skipped": skipped, "unusable": unusable})
    elif not plans and not found.unusable:
        say("every day has a valid, current summary")
    elif plans:
        columns = [Column("date"), Column("action"), Column("reason")]
        rows = [[p.day.isoformat(), p.action, p.reason] for p in plans]
        print_table(columns, rows, title="what sync would do")
    if plans or found.unusable:
        raise typer.Exit(1)


def print_sync_report(report: SyncReport, *, data: bool = True) -> None:
    """The changes as a table on stdout (unless `data` is off), and on stderr every day kept,
    failed, skipped or summarized with a warning, and why a run stopped."""
    if data and report.changes:
        columns = [Column("file"), Column("action"), Column("why")]
        rows = [[c.path, c.action, c.detail] for c in report.changes]
        print_table(columns, rows, title="would change" if report.dry_run else "changed")
    if report.idle:
        say("nothing to do: the vault is up to date")
    elif not report.changes:
        say("no file changed")
    if report.indexed or report.embedded:
        embedded = f", {counted(report.embedded, 'chunk')} embedded" if report.embedded else ""
        say(f"search index: {counted(report.indexed, 'day')} read again{embedded}")
    if report.pushed:
        say(f"AnythingLLM: {counted(len(report.pushed), 'day')} pushed or removed")
    for plan in report.kept:
        colour = "bold red" if plan.invalid else "yellow"
        note("kept", f"{plan.day}: {plan.reason} (use --force to regenerate)", colour)
    for path, reason in report.skipped:
        note("skipped", f"{path}: {reason}", "yellow")
    for what, message in report.warnings:
        note("warning:", f"{what}: {message}", "yellow")
    for unusable in report.unusable:
        error(str(unusable))
    for what, failure in report.failed:
        note("failed", f"{what}: {failure}", "bold red")
    if report.stopped:
        note("stopped:", report.stopped, "bold red")
    elif report.failed:
        say("run sync again to retry the failed days")
