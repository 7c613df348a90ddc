"""Output: data on stdout, messages and progress bars on stderr; the only place that knows rich.

On a terminal, tables and progress bars come from rich and messages are coloured. In a pipe or a
file, output is plain text: full width, never cut, no box drawing, one record per line, so `grep`,
`cut` and `git apply` read it as it is. Messages are plain lines (`warning: ...`) either way, and
colour follows `NO_COLOR` and `FORCE_COLOR` as rich does. rich is imported only for a table or a
bar on a terminal: a `--json` or piped run never loads it.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from vaultkit.errors import INTERRUPTED, VaultkitError
from vaultkit.redact import redact, redact_data

if TYPE_CHECKING:
    from rich.console import Console

    from vaultkit.model import Progress

T = TypeVar("T")
Justify = Literal["left", "right"]
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and line feed
_COLOURS = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "dim": "2", "bold": "1"}


def counted(count: int, noun: str) -> str:
    """`count` and `noun`, plural unless one: "1 day", "3 days"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def is_terminal(stream: Any) -> bool:
    """Whether a stream is an interactive terminal (a pipe, a file or a test runner is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _colour_wanted(stream: Any) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or is_terminal(stream)


def paint(text: str, colour: str | None, stream: Any = None) -> str:
    """`text` in a terminal colour (`red`, `yellow`, ...) when `stream` shows colours."""
    stream = stream if stream is not None else sys.stderr
    if colour is None or not _colour_wanted(stream):
        return text
    codes = ";".join(_COLOURS[c] for c in colour.split())
    return f"\x1b[{codes}m{text}\x1b[0m"


def say(text: str = "") -> None:
    """A message line on stderr, never with a secret (see `vaultkit.redact`) or a
    control character from the data (a name with an escape sequence would drive the terminal)."""
    _message(printable(text))


def note(label: str, text: str, colour: str | None = None) -> None:
    """`label text` on stderr, the label coloured on a terminal (`warning:`, `failed`, ...)."""
    _message(f"{paint(label, colour)} {printable(text)}")


def skipped(found: Iterable[tuple[str, str]]) -> None:
    """`skipped PATH: WHY` on stderr for each file a command did not read."""
    for path, why in found:
        note("skipped", f"{path}: {why}", "yellow")


def skipped_of(shown: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(path, why) of a result's `skipped` list, as its JSON holds it."""
    return [(s["path"], s["reason"]) for s in shown.get("skipped", [])]


def _message(line: str) -> None:
    sys.stderr.write(redact(line) + "\n")
    sys.stderr.flush()


def printable(text: str) -> str:
    """`text` without the control characters a terminal acts on (tabs and line ends stay)."""
    return _CONTROLS.sub(" ", text)


def warn(text: str) -> None:
    note("warning:", text, "yellow")


def error(text: str) -> None:
    note("error:", text, "bold red")


def echo(text: str = "") -> None:
    """A line of data on stdout (control characters made spaces, as in `say`)."""
    sys.stdout.write(printable(text) + "\n")


def print_json(data: Any) -> None:
    """Data as JSON on stdout, one object, for scripts and agents (which log it: no secret)."""
    text = json.dumps(redact_data(data), indent=2, ensure_ascii=False, default=_default)
    sys.stdout.write(text + "\n")


def _default(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


@dataclass(frozen=True)
class Column:
    """A table column: `preview` columns may be cut with an ellipsis on a terminal (never in a
    pipe); `colour` styles its cells on a terminal, a `colours` map styles cells by their value."""

    name: str
    justify: Justify = "left"
    preview: bool = False
    colour: str | None = None
    colours: tuple[tuple[str, str], ...] = ()


def print_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], *, title: str | None = None
) -> None:
    """Rows under their column names on stdout: a rich table on a terminal, plain text otherwise."""
    rows = [[" ".join(printable(str(cell)).split()) for cell in row] for row in rows]
    title = printable(title) if title else title
    if is_terminal(sys.stdout):
        _rich_table(columns, rows, title)
    else:
        sys.stdout.write(plain_table(columns, rows, title=title))


def plain_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], *, title: str | None = None
) -> str:
    """Columns aligned with two spaces, every cell whole, no trailing blanks."""
    widths = [len(c.name) for c in columns]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    lines = [title] if title else []
    for cells in ([c.name for c in columns], *rows):
        parts = [
            cell.rjust(width) if column.justify == "right" else cell.ljust(width)
            for column, cell, width in zip(columns, cells, widths, strict=True)
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def _rich_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], title: str | None
) -> None:
    from rich.markup import escape
    from rich.table import Table

    # rich honours ratios only in an expanded table; in another it squeezes every column without
    # one to nothing (the dates and scores of `search` vanished on a terminal).
    previews = any(column.preview for column in columns)
    table = Table(title=escape(title) if title else None, expand=previews)
    width = stdout_console().width
    whole = _whole_width(columns, rows, 3) <= width  # the data whole, inside box lines
    if previews and not whole:
        # Too narrow for that: drop the box lines, keep the cells whole.
        from rich import box

        table.box, table.padding, table.show_edge = box.SIMPLE_HEAD, (0, 0), False
        whole = _whole_width(columns, rows, 1) <= width
    for i, column in enumerate(columns):
        table.add_column(
            column.name,
            justify=column.justify,
            style=column.colour,
            no_wrap=column.preview,
            overflow="ellipsis" if column.preview else "fold",
            ratio=1 if column.preview else None,
            # A date or a score is never broken over two lines; previews give way instead.
            min_width=_widest(column, rows, i) if whole and not column.preview else None,
        )
    for row in rows:
        cells = []
        for column, cell in zip(columns, row, strict=True):
            colour = dict(column.colours).get(cell)
            cells.append(f"[{colour}]{escape(cell)}[/]" if colour else escape(cell))
        table.add_row(*cells)
    stdout_console().print(table)


def _widest(column: Column, rows: Sequence[Sequence[str]], i: int) -> int:
    return max([len(column.name), *(len(row[i]) for row in rows)])


def _whole_width(columns: Sequence[Column], rows: Sequence[Sequence[str]], gap: int) -> int:
    """The width of the data columns whole and a little of each preview, `gap` between them."""
    data = sum(_widest(c, rows, i) if not c.preview else 6 for i, c in enumerate(columns))
    return data + gap * len(columns) + 1


@functools.cache
def stdout_console() -> Console:
    """rich's Console on stdout (a terminal's width, colours unless NO_COLOR)."""
    from rich.console import Console

    return Console(highlight=False)


@functools.cache
def stderr_console() -> Console:
    """rich's Console on stderr, where progress bars go."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


REDRAW_SECONDS = 0.1  # a bar is drawn again at most this often (rich's own pace is 0.1 s)


class _Bar:
    """A progress bar with ETA on stderr: one line per stage (`summarizing`, `indexing`), started
    at the first report, so a run with nothing to do shows nothing."""

    def __init__(self) -> None:
        self._progress: Any = None
        self._tasks: dict[str, Any] = {}
        self._drawn = 0.0

    def __call__(self, stage: str, done: int, total: int, item: str = "") -> None:
        if self._progress is None:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("[progress.description]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                TextColumn("{task.fields[item]}", style="dim"),
                console=stderr_console(),
                transient=True,
                # Drawn from this thread as the work reports: with no refresh thread, the core
                # may fork workers (`vaultkit.parallel`) without a lock held by another thread.
                auto_refresh=False,
            )
            self._progress.start()
        if stage not in self._tasks:
            self._tasks[stage] = self._progress.add_task(stage, total=total, item=item)
        self._progress.update(self._tasks[stage], completed=done, total=total, item=item)
        now = time.monotonic()
        if now - self._drawn >= REDRAW_SECONDS or done >= total:
            self._progress.refresh()
            self._drawn = now

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()  # also shows the cursor again


@contextlib.contextmanager
def progress_bar() -> Iterator[Progress | None]:
    """A progress callback for the core while stderr is a terminal, else None (nothing drawn)."""
    if not is_terminal(sys.stderr):
        yield None
        return
    bar = _Bar()
    try:
        yield bar
    finally:
        bar.stop()


def run(call: Callable[[], T]) -> T:
    """Run a core call; a VaultkitError becomes one line on stderr and its exit code. A bug's
    traceback that would show a secret is shown without it (exit 1)."""
    import typer

    try:
        return call()
    except VaultkitError as exc:
        error(str(exc))
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        note("interrupted:", "every file is either old or new; run again to finish", "yellow")
        raise typer.Exit(INTERRUPTED) from None
    except Exception as exc:
        shown = "".join(traceback.format_exception(exc))
        if redact(shown) == shown:
            raise
        sys.stderr.write(redact(shown))
        raise typer.Exit(1) from None


def parse_day(value: str | None, option: str) -> date | None:
    """A `YYYY-MM-DD` option value as a date; a bad one is a usage error naming the option."""
    from vaultkit.dates import parse_day as parse

    return parse(value, option)
