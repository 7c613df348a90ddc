"""A query over many keys, a bounded number of them bound in each statement."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

PARAMS_AT_ONCE = 500  # bound parameters in one statement: SQLite allows 999 by default
T = TypeVar("T")


def chunks(items: Sequence[T]) -> Iterator[Sequence[T]]:
    """`items`, `PARAMS_AT_ONCE` at a time: the keys of one statement's IN list (the catalog's
    and the index's, SQLite's or PostgreSQL's)."""
    for at in range(0, len(items), PARAMS_AT_ONCE):
        yield items[at : at + PARAMS_AT_ONCE]


def select_in(
    db: sqlite3.Connection, query: str, keys: Sequence[Any], *before: Any
) -> list[tuple[Any, ...]]:
    """The rows of `query` over `keys`, `PARAMS_AT_ONCE` at a time: its `{marks}` are the
    placeholders of its IN list, `before` the parameters bound ahead of them."""
    rows: list[tuple[Any, ...]] = []
    for chunk in chunks(keys):
        marks = ",".join("?" * len(chunk))
        rows += db.execute(query.format(marks=marks), [*before, *chunk]).fetchall()
    return rows
