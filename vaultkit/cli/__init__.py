"""The `vaultkit` command: thin wrappers that parse options, call the core, and format results."""

from vaultkit.cli import (  # noqa: F401  (each module registers its commands)
    archive_cmd,
    graph_cmd,
    init_cmd,
    lint_cmd,
    recall_cmd,
    search_cmd,
    sync_cmd,
)
from vaultkit.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app()
