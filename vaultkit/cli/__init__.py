"""The `vaultkit` command: thin wrappers that parse options, call the core, and format results.

Each command lives in a module that registers it on `app` when imported. A run imports only the
module of the command it runs (typer inspects every registered command's signature at each start,
and their imports add up): `vaultkit search` starts without loading lint, sync or graph.

May import everything; only this package imports typer and rich (ruff's banned-api rule).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

# Which module registers each command (tests check that it names every command exactly).
COMMAND_MODULES = {
    "init": "init_cmd",
    "sync": "sync_cmd",
    "reconcile": "sync_cmd",
    "lint": "lint_cmd",
    "search": "search_cmd",
    "recall": "recall_cmd",
    "explain": "reading_cmd",
    "vocab": "reading_cmd",
    "graph": "graph_cmd",
    "report": "report_cmd",
    "eval": "search_cmd",
    "backfill": "archive_cmd",
    "archive": "archive_cmd",
    "mcp": "mcp_cmd",
}


def load_commands(argv: Sequence[str] | None = None) -> None:
    """Register the command `argv` runs, or every command (for help, a typo, or no argv)."""
    name = next((a for a in argv if not a.startswith("-")), None) if argv is not None else None
    wanted = [COMMAND_MODULES[name]] if name in COMMAND_MODULES else COMMAND_MODULES.values()
    for module in sorted(set(wanted)):
        importlib.import_module(f"vaultkit.cli.{module}")


def main() -> None:
    """Console-script entry point."""
    load_commands(sys.argv[1:])
    from vaultkit.cli.application import app

    app()


def __getattr__(name: str) -> Any:
    """`from vaultkit.cli import app`: the application with every command registered."""
    if name == "app":
        load_commands()
        from vaultkit.cli.application import app

        return app
    raise AttributeError(name)
