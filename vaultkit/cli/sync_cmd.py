"""`vaultkit sync` and `vaultkit reconcile`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import err, escape, out, parse_day, print_json, run

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.progress import Progress, TaskID

    from vaultkit.sync import SyncReport


@app.command()
def sync(
    config: ConfigOption = None,
    date: Annotated[str | None, typer.Option("--date", help="Only this day, YYYY-MM-DD.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change.")] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Also regenerate summaries edited by hand.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """The daily job: summarize missing or stale days, relate, render, link, refresh the index."""
    from vaultkit.config import load_config
    from vaultkit.sync import sync as run_sync

    with _progress(enabled=not json) as progress:
        report = run(
            lambda: run_sync(
                load_config(config),
                only=parse_day(date, "--date"),
                dry_run=dry_run,
                force=force,
                progress=progress,
            )
        )
    if json:
        print_json(_report_dict(report))
    else:
        _print_report(report)
    if report.failed:
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
    json: JsonOption = False,
) -> None:
    """List days whose summary is missing, stale or invalid; `--fill` generates them."""
    from vaultkit.config import load_config
    from vaultkit.reconcile import reconcile_plan

    if fill:
        sync(config=config, force=force, json=json)
        return
    plans = run(lambda: reconcile_plan(load_config(config), force=force))
    if json:
        print_json(
            {"days": [{"date": p.day, "action": p.action, "reason": p.reason} for p in plans]}
        )
        return
    if not plans:
        out.print("every day has a valid, current summary")
        return
    from rich.table import Table

    table = Table("date", "action", "reason", title="what sync would do")
    for plan in plans:
        table.add_row(plan.day.isoformat(), plan.action, escape(plan.reason))
    out.print(table)


def _report_dict(report: SyncReport) -> dict[str, object]:
    return {
        "dry_run": report.dry_run,
        "changes": [c.__dict__ for c in report.changes],
        "kept": [{"date": p.day, "reason": p.reason} for p in report.kept],
        "failed": [{"what": w, "error": e} for w, e in report.failed],
    }


def _print_report(report: SyncReport) -> None:
    from rich.table import Table

    changes, kept, failed = report.changes, report.kept, report.failed
    if changes:
        title = "would change" if report.dry_run else "changed"
        table = Table("file", "action", "why", title=title)
        for change in changes:
            table.add_row(escape(change.path), change.action, escape(change.detail))
        out.print(table)
    else:
        out.print("nothing to do: the vault is up to date")
    for plan in kept:
        err.print(f"[yellow]kept[/] {plan.day}: {escape(plan.reason)} (use --force to regenerate)")
    for what, error in failed:
        err.print(f"[bold red]failed[/] {escape(what)}: {escape(error)}")


class _progress:
    """A progress bar with ETA on stderr while days are summarized; silent for JSON or no terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and err.is_terminal
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> Callable[[int, int, str], None] | None:
        return self.update if self.enabled else None

    def update(self, done: int, total: int, label: str) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        if self._bar is None:
            self._bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("summarizing", total=total)
        assert self._task is not None
        self._bar.update(self._task, completed=done, description=f"summarizing {label}")

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
