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
    """A table column. On a terminal the `answer` column (what a reader looks for) gets the room,
    and `detail` columns move under it when the terminal is too narrow to show them beside it.
    `colour` styles its cells on a terminal, a `colours` map styles cells by their value."""

    name: str
    justify: Justify = "left"
    answer: bool = False
    detail: bool = False
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


ANSWER_WIDTH = 30  # the least room of the answer column, on an 80-column terminal and wider
# A word, or a path up to and with its `/`. Cells hold plain spaces only (`print_table`), so a
# no-break space keeps a detail's name with its value.
_PIECES = re.compile(r"( *)([^ /]*/|[^ /]+)")
_BOND = "\u00a0"


@dataclass(frozen=True)
class _Layout:
    """How a table is drawn: its columns, their widths, and per row the details (`name: value`)
    moved under the answer, if any were."""

    columns: list[Column]
    rows: list[list[str]]
    notes: list[str]
    widths: list[int]
    boxed: bool


def _rich_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], title: str | None
) -> None:
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    layout = _layout(*_without_empty(columns, rows), stdout_console().width)
    table = Table(title=escape(title) if title else None)
    if not layout.boxed:
        table.box, table.padding, table.show_edge = box.SIMPLE_HEAD, (0, 0), False
    for column, width in zip(layout.columns, layout.widths, strict=True):
        table.add_column(
            escape(_wrapped(column.name, width)),
            justify=column.justify,
            style=column.colour,
            width=width,
            # The cells are wrapped to fit already; should one not fit, it folds rather than
            # losing its end.
            overflow="fold",
        )
    for row, note in zip(layout.rows, layout.notes, strict=True):
        cells = []
        for column, cell, width in zip(layout.columns, row, layout.widths, strict=True):
            colour = dict(column.colours).get(cell)
            text = escape(_wrapped(cell, width))
            cells.append(f"[{colour}]{text}[/]" if colour else text)
            if column.answer and note:
                cells[-1] += f"\n[dim]{escape(_wrapped(note, width))}[/]"
        table.add_row(*cells)
    stdout_console().print(table)


def _without_empty(
    columns: Sequence[Column], rows: Sequence[Sequence[str]]
) -> tuple[list[Column], list[list[str]]]:
    """The columns with a value in some row (all of them when there is no row)."""
    kept = [i for i in range(len(columns)) if not rows or any(row[i] for row in rows)]
    return [columns[i] for i in kept], [[row[i] for i in kept] for row in rows]


def _layout(columns: list[Column], rows: list[list[str]], width: int) -> _Layout:
    """The first that fits of: box lines, no box lines, then the details under the answer."""
    wish = max(ANSWER_WIDTH, width * 3 // 8)
    candidates = [(columns, rows, [""] * len(rows))]
    if any(c.answer for c in columns) and any(c.detail for c in columns):
        candidates.append(_fold_details(columns, rows))
    for shown, cells, notes in candidates:
        for boxed in (True, False):
            widths = _fit(shown, cells, notes, width - _overhead(len(shown), boxed), wish)
            if widths is not None:
                return _Layout(shown, cells, notes, widths, boxed)
    # Too narrow even so: the answer takes what is left, however little.
    shown, cells, notes = candidates[-1]
    room = width - _overhead(len(shown), False)
    widths = _fit(shown, cells, notes, room, 1) or _least(shown, cells, notes, 1)
    return _Layout(shown, cells, notes, widths, False)


def _overhead(count: int, boxed: bool) -> int:
    """The cells a table's lines and padding take: `│ a │ b │`, or `a b`."""
    return 3 * count + 1 if boxed else count - 1


def _fold_details(
    columns: list[Column], rows: list[list[str]]
) -> tuple[list[Column], list[list[str]], list[str]]:
    kept = [i for i, column in enumerate(columns) if not column.detail]
    notes = [
        " · ".join(
            f"{c.name}:{_BOND}{cell}"
            for c, cell in zip(columns, row, strict=True)
            if c.detail and cell
        )
        for row in rows
    ]
    return [columns[i] for i in kept], [[row[i] for i in kept] for row in rows], notes


def _fit(
    columns: list[Column], rows: list[list[str]], notes: list[str], room: int, wish: int
) -> list[int] | None:
    """Column widths within `room`, or None if the least widths do not fit. The other columns
    grow to their whole width first; the answer, given `wish` cells at least, takes the rest."""
    widths = _least(columns, rows, notes, wish)
    spare = room - sum(widths)
    if spare < 0:
        return None
    whole = [_natural(columns, rows, notes, i) for i in range(len(columns))]
    order = sorted(range(len(columns)), key=lambda i: columns[i].answer)
    for i in order:
        grown = min(spare, whole[i] - widths[i])
        widths[i] += grown
        spare -= grown
    return widths


def _least(columns: list[Column], rows: list[list[str]], notes: list[str], wish: int) -> list[int]:
    """The narrowest each column may be: its longest word (a date or a number is one word, so
    it is never broken); a detail its whole width (else it goes under the answer); the answer
    `wish` cells, or its whole width if less."""
    return [_least_of(columns, rows, notes, i, wish) for i in range(len(columns))]


def _least_of(
    columns: list[Column], rows: list[list[str]], notes: list[str], i: int, wish: int
) -> int:
    column, whole = columns[i], _natural(columns, rows, notes, i)
    if column.answer:
        return min(wish, whole)
    if column.detail:
        return whole
    return max(_cells(word) for text in _texts(column, rows, notes, i) for word in _words(text))


def _natural(columns: list[Column], rows: list[list[str]], notes: list[str], i: int) -> int:
    """The width of a column's longest cell, header included."""
    return max(_cells(text) for text in _texts(columns[i], rows, notes, i))


def _texts(column: Column, rows: list[list[str]], notes: list[str], i: int) -> list[str]:
    texts = [column.name, *(row[i] for row in rows)]
    return texts + notes if column.answer else texts


def _words(text: str) -> list[str]:
    return [piece for _, piece in _PIECES.findall(text)] or [""]


def _wrapped(text: str, width: int) -> str:
    """`text` in lines of at most `width` cells, broken at spaces and after a `/` (file names
    wrap by folder); only a word longer than a line is broken inside."""
    from rich.cells import chop_cells

    lines = [""]
    for space, piece in _PIECES.findall(text):
        joined = f"{lines[-1]} {piece}" if space and lines[-1] else lines[-1] + piece
        if _cells(joined) <= width or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(piece)
        if _cells(lines[-1]) > width:
            lines[-1:] = chop_cells(lines[-1], width)
    return "\n".join(lines)


def _cells(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


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
