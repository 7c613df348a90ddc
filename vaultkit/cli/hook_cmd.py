"""`vaultkit hook ASSISTANT`: an assistant's session saved as it goes, called by its hook."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from vaultkit.cli.application import ConfigOption, app
from vaultkit.cli.console import note


@app.command()
def hook(
    assistant: Annotated[
        str,
        typer.Argument(help="The assistant calling: claude-code.", show_default=False),
    ],
    config: ConfigOption = None,
) -> None:
    """Save an assistant's session as a transcript; called by the assistant's hook.

    Reads the hook's JSON on stdin. Prints nothing on stdout and always exits 0, so the
    assistant is never held up: a problem goes to stderr and to `.vaultkit/logs/hook.log`.
    """
    payload = sys.stdin.read()
    try:
        _hook(assistant, payload, config)
    except Exception as exc:
        _log_problem(config, f"{type(exc).__name__}: {exc}")


def _hook(assistant: str, payload: str, config: Path | None) -> None:
    from vaultkit.capture.session import capture_session
    from vaultkit.cli.loading import load
    from vaultkit.errors import VaultkitError

    try:
        report = capture_session(load(config), assistant, payload)
    except VaultkitError as exc:
        _log_problem(config, str(exc))
        return
    if report.pending:
        note("pending", "the vault is busy; the next call of the hook saves this session")
    for problem in report.problems:
        _log_problem(config, problem)


def _log_problem(config: Path | None, text: str) -> None:
    """One line on stderr, and the same line in the hook's log when the vault can be found."""
    from vaultkit.redact import redact

    line = f"vaultkit hook: {redact(text)}"
    sys.stderr.write(line + "\n")
    try:
        from vaultkit.config import load_config

        logs = load_config(config).state_dir / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        with (logs / "hook.log").open("a", encoding="utf-8") as log:
            log.write(f"{stamp} {line}\n")
    except Exception:
        pass
