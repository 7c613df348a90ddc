"""The Typer application, shared options, and the one place user errors become messages."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from vaultkit import __version__

# The order `vaultkit --help` lists commands in: the daily flow first, maintenance last.
COMMAND_ORDER = (
    "init", "sync", "reconcile", "lint", "search", "recall", "graph", "eval", "backfill", "archive",
    "mcp",
)  # fmt: skip


class _OrderedGroup(TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: rank.get(name, len(rank)))


app = typer.Typer(
    cls=_OrderedGroup,
    name="vaultkit",
    help="Keep an AI assistant's long-term memory as plain markdown you can browse in Obsidian.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        "-c",
        help="Workspace config file (default: ./memory_config.json).",
        envvar="VAULTKIT_CONFIG",
        dir_okay=True,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")
]
AsOfOption = Annotated[
    str | None,
    typer.Option("--as-of", help="The day counted as today, YYYY-MM-DD (default: today)."),
]
RescanOption = Annotated[
    bool,
    typer.Option(
        "--rescan",
        help="Check every file for changes, not only new ones and the last week's "
        "(after editing old notes in place; sync does it too).",
    ),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vaultkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Keep an AI assistant's long-term memory as plain markdown you can browse in Obsidian."""
