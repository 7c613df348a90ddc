"""`vaultkit import chatgpt|claude PATH`: a chat history export as transcripts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import (
    Column,
    counted,
    note,
    print_json,
    print_table,
    progress_bar,
    run,
    say,
)

if TYPE_CHECKING:
    from vaultkit.capture.imports import ImportReport

import_app = typer.Typer(
    name="import",
    help="Import a chat history export as transcripts, one per conversation.",
    no_args_is_help=True,
)
app.add_typer(import_app, name="import")

ExportArgument = Annotated[
    Path,
    typer.Argument(
        help="The export's conversations.json, the folder holding it, or the export's zip.",
        show_default=False,
    ),
]
DryRunOption = Annotated[
    bool, typer.Option("--dry-run", help="List what would be written; write nothing.")
]
ReplaceOption = Annotated[
    bool,
    typer.Option(
        "--replace",
        help="Rewrite transcripts edited since they were imported (each is named).",
    ),
]


@import_app.command("chatgpt")
def import_chatgpt(
    path: ExportArgument,
    config: ConfigOption = None,
    dry_run: DryRunOption = False,
    replace: ReplaceOption = False,
    json: JsonOption = False,
) -> None:
    """Import ChatGPT's data export (Settings > Data controls > Export data)."""
    _import("chatgpt", path, config, dry_run, replace, json)


@import_app.command("claude")
def import_claude(
    path: ExportArgument,
    config: ConfigOption = None,
    dry_run: DryRunOption = False,
    replace: ReplaceOption = False,
    json: JsonOption = False,
) -> None:
    """Import Claude's data export (Settings > Privacy > Export data)."""
    _import("claude", path, config, dry_run, replace, json)


def _import(
    kind: str, path: Path, config: Path | None, dry_run: bool, replace: bool, json: bool
) -> None:
    from vaultkit.capture.imports import import_export
    from vaultkit.cli.loading import load

    with progress_bar() as progress:
        report = run(
            lambda: import_export(
                load(config), kind, path, dry_run=dry_run, replace=replace, progress=progress
            )
        )
    if json:
        print_json(report.as_dict())
    else:
        _print_import(report)
    for malformed in report.malformed:
        note("skipped", str(malformed), "yellow")
    for saved in report.saved:
        if saved.state == "edited":
            note("left", f"{saved.path}: edited since it was imported (--replace rewrites it)")
        elif saved.state == "replaced":
            note("replaced", f"{saved.path}: edited since it was imported; rewritten", "yellow")
    for warning in report.warnings:
        note("warning", warning, "yellow")
    if report.malformed:
        raise typer.Exit(1)


def _print_import(report: ImportReport) -> None:
    rows = [
        [s.day.isoformat(), s.state, s.path]
        for s in report.saved
        if s.state != "same" or report.dry_run
    ]
    if rows:
        print_table([Column("day"), Column("state"), Column("transcript")], rows)
    verb = "would write" if report.dry_run else "wrote"
    written = sum(1 for s in report.saved if s.written)
    said = f"{verb} {counted(written, 'transcript')}; {report.count('same')} already there"
    if report.redacted:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(report.redacted.items()))
        said += f"; secrets redacted: {kinds}"
    say(said)
