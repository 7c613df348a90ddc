"""`vaultkit backfill` and `vaultkit archive`: the archive tier."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import AsOfOption, ConfigOption, JsonOption, TakeOverOption, app
from vaultkit.cli.console import (
    Column,
    note,
    parse_day,
    print_json,
    print_table,
    progress_bar,
    run,
    say,
    skipped,
)

if TYPE_CHECKING:
    from vaultkit.sync.backfill import BackfillReport
    from vaultkit.workspace.archive import ArchiveReport


@app.command()
def backfill(
    source: Annotated[
        Path | None,
        typer.Argument(
            help="Folder of old daily notes (YYYY-MM-DD.md in any subfolder); default: the archive.",
            show_default=False,
        ),
    ] = None,
    config: ConfigOption = None,
    since: Annotated[str | None, typer.Option("--since", help="First day, YYYY-MM-DD.")] = None,
    until: Annotated[str | None, typer.Option("--until", help="Last day, YYYY-MM-DD.")] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=0, help="Summarize at most N days this run.")
    ] = None,
    pause: Annotated[
        float | None,
        typer.Option(
            "--pause", min=0, help="Seconds between summarizer calls (default: from config)."
        ),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would be done.")] = False,
    take_over: TakeOverOption = False,
    json: JsonOption = False,
) -> None:
    """Summarize old daily notes from the archive, paced and resumable (run again to continue)."""
    from vaultkit.cli.loading import load
    from vaultkit.sync.backfill import backfill as run_backfill

    with progress_bar() as progress:
        report = run(
            lambda: run_backfill(
                load(config),
                source,
                since=parse_day(since, "--since"),
                until=parse_day(until, "--until"),
                limit=limit,
                pause=pause,
                dry_run=dry_run,
                progress=progress,
                take_over=take_over,
            )
        )
    if json:
        print_json(report.as_dict())
    else:
        _print_backfill(report)
    _print_backfill_problems(report)
    skipped(report.unread)
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def archive(
    config: ConfigOption = None,
    older_than: Annotated[
        int, typer.Option("--older-than", min=0, help="Archive days older than this many days.")
    ] = 30,
    as_of: AsOfOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would move.")] = False,
    json: JsonOption = False,
) -> None:
    """Move summarized days' notes and transcripts to the archive: copy, verify, then remove."""
    from vaultkit.cli.loading import load
    from vaultkit.workspace.archive import archive as run_archive

    with progress_bar() as progress:
        report = run(
            lambda: run_archive(
                load(config),
                older_than=older_than,
                as_of=parse_day(as_of, "--as-of"),
                dry_run=dry_run,
                progress=progress,
            )
        )
    if json:
        print_json(report.as_dict())
    else:
        _print_archive(report)
    for day, reason in report.skipped:
        note("kept local", f"{day}: {reason}", "yellow")
    skipped(report.unread)
    for move in report.problems:
        note("kept", f"{move.source}: {move.detail}", "bold red")
    if not report.ok:
        raise typer.Exit(1)


def _print_backfill(report: BackfillReport) -> None:
    done = "would summarize" if report.dry_run else "done"
    reasons: dict[str, list[date]] = {}
    for day, reason in report.skipped:
        reasons.setdefault(reason, []).append(day)
    rows = [[done, str(len(report.done)), _ranges(report.done)]]
    rows += [[f"skipped: {r}", str(len(days)), _ranges(days)] for r, days in reasons.items()]
    rows.append(["failed", str(len(report.failed)), _ranges([d for d, _ in report.failed])])
    columns = [Column("status"), Column("days", "right"), Column("which")]
    print_table(columns, rows, title=f"backfill from {report.source}")


def _print_backfill_problems(report: BackfillReport) -> None:
    for day, error in report.failed:
        note("failed", f"{day}: {error}", "bold red")
    for what, error in report.errors:
        note("failed", f"{what}: {error}", "bold red")
    if report.stopped:
        note("stopped:", report.stopped, "bold red")
    elif report.failed:
        say("run the same command again to retry the failed days")


def _ranges(days: list[date]) -> str:
    """Days as compact ranges: `2025-07-01..2025-07-05, 2025-07-09`."""
    spans: list[tuple[date, date]] = []
    for day in sorted(days):
        if spans and day - spans[-1][1] == timedelta(days=1):
            spans[-1] = (spans[-1][0], day)
        else:
            spans.append((day, day))
    return ", ".join(f"{a}..{b}" if a != b else str(a) for a, b in spans)


def _print_archive(report: ArchiveReport) -> None:
    if not report.moves:
        say(f"nothing to archive: no local day before {report.cutoff} is ready")
        return
    title = f"{'would move' if report.dry_run else 'moved'} to {report.archive_dir}"
    columns = [Column("day"), Column("file"), Column("archived as"), Column("status")]
    rows = [
        [m.day.isoformat(), m.source, m.target, f"{m.status}: {m.detail}" if m.detail else m.status]
        for m in report.moves
    ]
    print_table(columns, rows, title=title)
