"""The indexed days as search reads them: each day's record (its summary, where it lives), read
lazily from the `days` table."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from vaultkit.catalog.batched import chunks
from vaultkit.index.sql import Database
from vaultkit.model import Summary
from vaultkit.pages.schema import summary_of


@dataclass(frozen=True)
class DayRecord:
    """What search needs of an indexed day besides its text: its summary and where it lives."""

    day: date
    path: str
    summary: Summary | None

    @property
    def importance(self) -> int | None:
        return self.summary.importance if self.summary else None

    def values(self, name: str) -> tuple[str, ...]:
        """The summary's `people`, `projects` or `tags` (none without a summary)."""
        return tuple(getattr(self.summary, name)) if self.summary else ()


class _StoredRecord(DayRecord):
    """A record read from the index: importance is read with the row, the Summary is rebuilt from
    the stored fields only when asked for, and filters' values come from the fields as stored."""

    _records: Records
    _importance: int | None

    def __init__(self, records: Records, day: date, path: str, importance: int | None) -> None:
        # Not DayRecord.__init__: a `summary` in the instance would hide the cached property.
        object.__setattr__(self, "day", day)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "_records", records)
        object.__setattr__(self, "_importance", importance)

    @cached_property
    def summary(self) -> Summary | None:
        fields = self._records.fields(self.day)
        return summary_of(self.day, fields) if fields is not None else None

    @property
    def importance(self) -> int | None:
        return self._importance

    def values(self, name: str) -> tuple[str, ...]:
        return self._records.listed(name).get(self.day, ())


class Records(Mapping[date, DayRecord]):
    """Every indexed day, read lazily: a query reads the few days it scores or shows.

    Reading every day's row cost more than the query itself on a large vault; a day's path and
    importance are read when first asked for (`prefetch` reads many in one go), its Summary when
    shown, and a filter's list field (people, projects, tags) for every day when first filtered on.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._records: dict[date, DayRecord | None] = {}
        self._every: list[date] | None = None
        self._values: dict[str, dict[date, tuple[str, ...]]] = {}

    def prefetch(self, days: Iterable[date]) -> None:
        """Read the rows of these days (those not read yet) in a few queries."""
        wanted = sorted({d for d in days if d not in self._records})
        for chunk in chunks(wanted):
            part = [d.isoformat() for d in chunk]
            self._records.update(dict.fromkeys(chunk))
            self._read(f"WHERE day IN ({','.join('?' * len(part))})", part)

    def _read(self, where: str, params: Sequence[str]) -> None:
        importance = self._db.json_field("fields", "importance")
        rows = self._db.execute(f"SELECT day, path, {importance} FROM days {where}", params)
        for day, path, found in rows:
            when = date.fromisoformat(day)
            self._records[when] = _StoredRecord(self, when, path, _json(found))

    def __getitem__(self, day: date) -> DayRecord:
        if day not in self._records:
            self.prefetch([day])
        found = self._records[day]
        if found is None:
            raise KeyError(day)
        return found

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.get(day) is not None

    def __iter__(self) -> Iterator[date]:
        if self._every is None:
            self._read("ORDER BY day", ())
            self._every = sorted(d for d, r in self._records.items() if r is not None)
        return iter(self._every)

    def __len__(self) -> int:
        if self._every is not None:
            return len(self._every)
        return int(self._db.execute("SELECT count(*) FROM days").fetchone()[0])

    def fields(self, day: date) -> dict[str, Any] | None:
        """The stored summary fields of a day (None when it has no summary)."""
        row = self._db.execute("SELECT fields FROM days WHERE day = ?", (day.isoformat(),))
        found = row.fetchone()
        return json.loads(found[0]) if found and found[0] else None

    def listed(self, name: str) -> dict[date, tuple[str, ...]]:
        """One list field (`people`, `projects`, `tags`) of every summarized day."""
        if name not in self._values:
            value = self._db.json_field("fields", name)
            rows = self._db.execute(f"SELECT day, {value} FROM days WHERE fields IS NOT NULL")
            self._values[name] = {
                date.fromisoformat(day): tuple(json.loads(found)) for day, found in rows if found
            }
        return self._values[name]


def _json(value: Any) -> Any:
    """A JSON field as SQL gave it: SQLite a number as a number, PostgreSQL as JSON text."""
    return json.loads(value) if isinstance(value, str) else value
