"""The Typer application, shared options, and the one place user errors become messages."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from vaultkit import __version__
from vaultkit.cli.commands import COMMAND_MODULES


# The order `vaultkit --help` lists commands in: the daily flow first, maintenance last.
class _OrderedGroup(TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_MODULES)}  # help lists them so
        return sorted(names, key=lambda name: rank.get(name, len(rank)))

    # The signature differs between the typer versions we allow; callers pass keywords.
    def main(self, *args: Any, **extra: Any) -> Any:
        """Run the command; a usage error (a bad option value, an unknown command) is one line
        on stderr and exit 2, not a framed box."""
        run: Any = super().main
        if not extra.pop("standalone_mode", True):
            return run(*args, standalone_mode=False, **extra)
        try:
            code = run(*args, standalone_mode=False, **extra)
        except typer.Abort:
            sys.stderr.write("aborted\n")
            sys.exit(1)
        except Exception as exc:
            if not _is_usage_error(exc):
                raise
            sys.exit(_usage_error(exc))
        sys.exit(code if isinstance(code, int) else 0)


def _is_usage_error(exc: BaseException) -> bool:
    # click's exceptions, known by their shape: typer vendors its own copy of click from 0.25 on.
    return hasattr(exc, "format_message") and isinstance(getattr(exc, "exit_code", None), int)


def _usage_error(exc: Any) -> int:
    """Print a click usage error as one line (with where to find help); returns its exit code."""
    if type(exc).__name__ == "NoArgsIsHelpError":  # `vaultkit` alone: the help, as asked
        exc.show()
        return int(exc.exit_code)
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "vaultkit"
    message = " ".join(str(exc.format_message()).split())
    from vaultkit.cli.console import error

    error(f"{where}: {message} (see `{where} --help`)")
    return int(exc.exit_code)


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
TakeOverOption = Annotated[
    bool,
    typer.Option(
        "--take-over",
        help="Make this copy of the vault the writer of a shared index another copy writes "
        "(index.store: postgres).",
    ),
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
