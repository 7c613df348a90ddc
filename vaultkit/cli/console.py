"""Output: data on stdout, messages and progress on stderr; the only place that knows rich."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any, TypeVar

from vaultkit.errors import VaultkitError

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")


class _LazyConsole:
    """A rich Console made on first use: `--json` output and plain runs never import rich."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return getattr(self._console, name)


out: Console = _LazyConsole(highlight=False, soft_wrap=False)  # type: ignore[assignment]
# Messages are never wrapped: an error is one line, whatever the terminal's (or a pipe's) width.
err: Console = _LazyConsole(stderr=True, highlight=False, soft_wrap=True)  # type: ignore[assignment]


def print_json(data: Any) -> None:
    """Data as JSON on stdout, one object, for scripts and agents."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=_default) + "\n")


def _default(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


def run(call: Callable[[], T]) -> T:
    """Run a core call; a VaultkitError becomes one line on stderr and its exit code."""
    import typer

    try:
        return call()
    except VaultkitError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        err.print("[yellow]interrupted[/]; every file is either old or new, run again to finish")
        raise typer.Exit(130) from None


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def parse_day(value: str | None, option: str) -> date | None:
    """A `YYYY-MM-DD` option value as a date; a bad one is a usage error naming the option."""
    from vaultkit.vault import parse_day as parse

    return parse(value, option)
