"""`vaultkit backfill` and `vaultkit archive`: the archive tier."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import AsOfOption, ConfigOption, JsonOption, app
from vaultkit.cli.console import err, escape, out, parse_day, print_json, run
from vaultkit.cli.sync_cmd import _progress  # the same progress bar (with ETA) as sync

if TYPE_CHECKING:
    from vaultkit.archive import ArchiveReport
    from vaultkit.backfill import BackfillReport

MAX_RANGES = 8


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
        int | None, typer.Option("--limit", help="Summarize at most N days this run.")
    ] = None,
    pause: Annotated[
        float | None,
        typer.Option("--pause", help="Seconds between summarizer calls (default: from config)."),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would be done.")] = False,
    json: JsonOption = False,
) -> None:
    """Summarize old daily notes from the archive, paced and resumable (run again to continue)."""
    from vaultkit.backfill import backfill as run_backfill
    from vaultkit.config import load_config

    with _progress(enabled=not json) as progress:
        report = run(
            lambda: run_backfill(
                load_config(config),
                source,
                since=parse_day(since, "--since"),
                until=parse_day(until, "--until"),
                limit=limit,
                pause=pause,
                dry_run=dry_run,
                progress=progress,
            )
        )
    if json:
        print_json(_backfill_dict(report))
    else:
        _print_backfill(report)
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def archive(
    config: ConfigOption = None,
    older_than: Annotated[
        int, typer.Option("--older-than", help="Archive days older than this many days.")
    ] = 30,
    as_of: AsOfOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would move.")] = False,
    json: JsonOption = False,
) -> None:
    """Move summarized days' notes and transcripts to the archive: copy, verify, then remove."""
    from vaultkit.archive import archive as run_archive
    from vaultkit.config import load_config

    report = run(
        lambda: run_archive(
            load_config(config),
            older_than=older_than,
            as_of=parse_day(as_of, "--as-of"),
            dry_run=dry_run,
        )
    )
    if json:
        print_json(_archive_dict(report))
    else:
        _print_archive(report)
    if not report.ok:
        raise typer.Exit(1)


def _backfill_dict(report: BackfillReport) -> dict[str, object]:
    return {
        "source": report.source,
        "dry_run": report.dry_run,
        "done": report.done,
        "skipped": [{"date": d, "reason": r} for d, r in report.skipped],
        "failed": [{"date": d, "error": e} for d, e in report.failed],
        "errors": [{"what": w, "error": e} for w, e in report.errors],
        "changes": [c.__dict__ for c in report.changes],
    }


def _print_backfill(report: BackfillReport) -> None:
    from rich.table import Table

    done = "would summarize" if report.dry_run else "done"
    reasons: dict[str, list[date]] = {}
    for day, reason in report.skipped:
        reasons.setdefault(reason, []).append(day)
    table = Table("status", "days", "which", title=f"backfill from {escape(report.source)}")
    table.add_row(done, str(len(report.done)), _ranges(report.done))
    for reason, days in reasons.items():
        table.add_row(f"skipped: {escape(reason)}", str(len(days)), _ranges(days))
    table.add_row("failed", str(len(report.failed)), _ranges([d for d, _ in report.failed]))
    out.print(table)
    for day, error in report.failed:
        err.print(f"[bold red]failed[/] {day}: {escape(error)}")
    for what, error in report.errors:
        err.print(f"[bold red]failed[/] {escape(what)}: {escape(error)}")
    if report.failed:
        err.print("run the same command again to retry the failed days")


def _ranges(days: list[date]) -> str:
    """Days as compact ranges: `2025-07-01..2025-07-05, 2025-07-09`."""
    spans: list[tuple[date, date]] = []
    for day in sorted(days):
        if spans and day - spans[-1][1] == timedelta(days=1):
            spans[-1] = (spans[-1][0], day)
        else:
            spans.append((day, day))
    text = [f"{a}..{b}" if a != b else str(a) for a, b in spans[:MAX_RANGES]]
    if len(spans) > MAX_RANGES:
        text.append(f"and {len(spans) - MAX_RANGES} more ranges")
    return ", ".join(text)


def _archive_dict(report: ArchiveReport) -> dict[str, object]:
    return {
        "archive": report.archive_dir,
        "as_of": report.as_of,
        "cutoff": report.cutoff,
        "dry_run": report.dry_run,
        "moves": [m.__dict__ for m in report.moves],
        "skipped": [{"date": d, "reason": r} for d, r in report.skipped],
    }


def _print_archive(report: ArchiveReport) -> None:
    from rich.table import Table

    if report.moves:
        title = f"{'would move' if report.dry_run else 'moved'} to {escape(report.archive_dir)}"
        table = Table("day", "file", "archived as", "status", title=title)
        for move in report.moves:
            status = f"{move.status}: {move.detail}" if move.detail else move.status
            table.add_row(
                move.day.isoformat(), escape(move.source), escape(move.target), escape(status)
            )
        out.print(table)
    else:
        out.print(f"nothing to archive: no local day before {report.cutoff} is ready")
    for day, reason in report.skipped:
        err.print(f"[yellow]kept local[/] {day}: {escape(reason)}")
    for move in report.problems:
        err.print(f"[bold red]kept[/] {escape(move.source)}: {escape(move.detail)}")
