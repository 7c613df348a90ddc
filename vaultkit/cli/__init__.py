"""The `vaultkit` command: thin wrappers that parse options, call the core, and format results.

Each command lives in a module that registers it on `app` when imported. A run imports only the
module of the command it runs (typer inspects every registered command's signature at each start,
and their imports add up): `vaultkit search` starts without loading lint, sync or graph.

May import everything; only this package imports typer and rich (ruff's banned-api rule).
"""

from __future__ import annotations

import atexit
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from vaultkit.cli.commands import COMMAND_MODULES

__all__ = ["COMMAND_MODULES", "load_commands", "main"]


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

    try:
        app()
    except SystemExit as done:
        _end(done.code)
    _end(0)


def _end(code: object) -> NoReturn:
    """End the process once its command is done: exit handlers run and the output is flushed,
    and the interpreter's teardown, freeing every module and object one by one, is left to the
    operating system, which frees them at once (about 30 ms of CPU of each `vaultkit search`,
    measured side by side on the 10k-day vault). Any other case exits the usual way: a status
    that is not a number, a thread still running, an output that cannot be written (Python
    says why). An interrupted run (130) ends even with threads running: they are the
    embedder's, in a model call whose vector nobody waits for, and joining them can hang for
    good (a Ctrl-C inside `concurrent.futures.wait` can leave a future's lock taken, which the
    worker then waits on: seen as a sync that never exited after its Ctrl-C)."""
    import threading

    from vaultkit.errors import INTERRUPTED

    threads = threading.active_count() > 1 and code != INTERRUPTED
    if not (code is None or isinstance(code, int)) or threads:
        raise SystemExit(code)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        raise SystemExit(code) from None
    os._exit(code or 0)


def __getattr__(name: str) -> Any:
    """`from vaultkit.cli import app`: the application with every command registered."""
    if name == "app":
        load_commands()
        from vaultkit.cli.application import app

        return app
    raise AttributeError(name)
