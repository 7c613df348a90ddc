"""A query over many keys, a bounded number of them bound in each statement."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

PARAMS_AT_ONCE = 500  # bound parameters in one statement, well under SQLite's limit


def select_in(
    db: sqlite3.Connection, query: str, keys: Sequence[Any], *before: Any
) -> list[tuple[Any, ...]]:
    """The rows of `query` over `keys`, `PARAMS_AT_ONCE` at a time: its `{marks}` are the
    placeholders of its IN list, `before` the parameters bound ahead of them."""
    rows: list[tuple[Any, ...]] = []
    for at in range(0, len(keys), PARAMS_AT_ONCE):
        chunk = keys[at : at + PARAMS_AT_ONCE]
        marks = ",".join("?" * len(chunk))
        rows += db.execute(query.format(marks=marks), [*before, *chunk]).fetchall()
    return rows
