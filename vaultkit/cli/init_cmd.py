"""`vaultkit init`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from vaultkit.cli.application import JsonOption, app
from vaultkit.cli.console import echo, print_json, run, say


@app.command()
def init(
    directory: Annotated[Path, typer.Argument(help="Folder of the new workspace.")] = Path("."),
    json: JsonOption = False,
) -> None:
    """Create a workspace: config with vocabulary, vault folders, templates. Never overwrites."""
    from vaultkit.workspace.init import init_workspace

    created = run(lambda: init_workspace(directory))
    if json:
        print_json({"created": [_shown(p) for p in created]})
        return
    for path in created:
        echo(f"created {_shown(path)}")
    if not created:
        say(f"nothing to do: {directory} is already a workspace")


def _shown(path: Path) -> str:
    """A path relative to the current folder when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
