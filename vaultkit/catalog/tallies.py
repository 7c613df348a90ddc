"""Counts kept beside the catalog's rows, so a run knows what the whole vault says without
reading every row.

- `names`: how many notes and transcripts show each name to be a person's, an animal's, a tool,
  a place or where something is
  (`summarize.evidence`; what the vault's people are, `summarize.people.vault_names`);
- `links`: how many notes and transcripts link each target (casefolded), so an entity note a
  note links is kept;
- `entities` and `mentions`: the days whose summaries name each person and project, counted
  and listed (the entity notes say how many days, the first and the last);
- `months`: each month's summarized days and its most named topics (MEMORY_INDEX.md lists
  older months by these), and in `month_topics` how often each topic comes up.

A row adds its `contribution`; a row recorded or dropped changes the counts by its new
contribution less its old, in memory, and the catalog saves them with the rows, in one
transaction. So the counts are always those of the rows saved with them (`tests/files`
rebuilds them from every row and compares). Reads give the saved counts with this run's
changes applied.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vaultkit.catalog.batched import PARAMS_AT_ONCE, select_in
from vaultkit.model import MonthTally

PERSON, ANIMAL, TOOL, PLACE, LOCATED = "p", "a", "t", "l", "w"
ENTITY_FIELDS = (("person", "people"), ("project", "projects"))
SOURCE_KINDS = frozenset({"note", "archived", "extra", "transcript"})
Entity = tuple[str, str]  # (kind, name): ("person", "Budi"), ("project", "Payments API")

TABLES = (
    "CREATE TABLE IF NOT EXISTS names (name TEXT, kind TEXT, files INTEGER, "
    "PRIMARY KEY (name, kind)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS links (target TEXT PRIMARY KEY, files INTEGER) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS entities (kind TEXT, name TEXT, days INTEGER, "
    "PRIMARY KEY (kind, name)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS mentions (kind TEXT, name TEXT, day TEXT, "
    "PRIMARY KEY (kind, name, day)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS months (month TEXT PRIMARY KEY, days INTEGER, top TEXT) "
    "WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS month_topics (month TEXT PRIMARY KEY, topics TEXT) WITHOUT ROWID",
)
TABLE_NAMES = ("names", "links", "entities", "mentions", "months", "month_topics")
MONTH_TOPICS = 8  # the most named topics kept of a month, as MEMORY_INDEX.md lists them


def entity_key(entity: Entity) -> str:
    """An entity as the catalog's pending set names it: `person\tBudi`."""
    return "\t".join(entity)


def link_key(target: str) -> str:
    """A link target as the pending set names it: `link\tbudi`."""
    return f"link\t{target}"


def day_topics(fields: Mapping[str, Any]) -> tuple[str, ...]:
    """A summarized day's topics as MEMORY_INDEX.md shows them: projects, tags, then people."""
    return (*fields["projects"], *fields["tags"], *fields["people"])


@dataclass
class Contribution:
    """What one row adds to the counts."""

    names: set[tuple[str, str]] = field(default_factory=set)  # (name, PERSON, ANIMAL, ...)
    links: set[str] = field(default_factory=set)
    mentions: set[Entity] = field(default_factory=set)
    month: str | None = None
    topics: Counter[str] = field(default_factory=Counter)


def contribution(kind: str, day: str, facts: Mapping[str, Any] | None) -> Contribution:
    """What a row of this kind and day adds, given its facts (None: no row)."""
    found = Contribution()
    if facts is None:
        return found
    if kind in SOURCE_KINDS:
        found.names = {(n, PERSON) for n in facts.get("persons") or ()}
        found.names |= {(n, ANIMAL) for n in facts.get("animals") or ()}
        found.names |= {(n, TOOL) for n in facts.get("tools") or ()}
        found.names |= {(n, PLACE) for n in facts.get("places") or ()}
        found.names |= {(n, LOCATED) for n in facts.get("located") or ()}
        found.links = {t.casefold() for t in facts.get("links") or ()}
    elif kind == "summary" and facts.get("fields") is not None:
        fields = facts["fields"]
        found.mentions = {(k, n) for k, key in ENTITY_FIELDS for n in fields.get(key) or ()}
        found.month = day[:7]
        found.topics = Counter(day_topics(fields))
    return found


def top_topics(topics: Counter[str]) -> tuple[str, ...]:
    """The `MONTH_TOPICS` topics that come up most, the most first; ties by name."""
    ranked = sorted(((-n, t) for t, n in topics.items() if n > 0))
    return tuple(t for _, t in ranked[:MONTH_TOPICS])


class Tallies:
    """The counts as saved (read from `db` when asked) and this run's changes to them."""

    def __init__(self, db: sqlite3.Connection | None) -> None:
        self._db = db
        self._clear()

    def _clear(self) -> None:
        self._names: Counter[tuple[str, str]] = Counter()
        self._links: Counter[str] = Counter()
        self._entities: Counter[Entity] = Counter()
        self._mentions: dict[Entity, dict[str, int]] = {}  # day -> +1 added, -1 removed
        self._months: dict[str, tuple[int, Counter[str]]] = {}
        self.touched_entities: set[Entity] = set()  # named or no longer named by some day
        self.touched_links: set[str] = set()  # linked or no longer linked by some file

    def change(
        self, kind: str, day: str, old: Mapping[str, Any] | None, new: Mapping[str, Any] | None
    ) -> None:
        """A row of `kind` and `day` went from `old` facts to `new` (None: absent)."""
        before, after = contribution(kind, day, old), contribution(kind, day, new)
        self._names.update(after.names - before.names)
        self._names.subtract(before.names - after.names)
        for target in after.links ^ before.links:
            self._links[target] += 1 if target in after.links else -1
            self.touched_links.add(target)
        for entity in after.mentions ^ before.mentions:
            step = 1 if entity in after.mentions else -1
            self._entities[entity] += step
            days = self._mentions.setdefault(entity, {})
            days[day] = days.get(day, 0) + step
            self.touched_entities.add(entity)
        if before.month is not None:
            self._month(before.month, -1, before.topics, subtract=True)
        if after.month is not None:
            self._month(after.month, 1, after.topics, subtract=False)

    def _month(self, month: str, step: int, topics: Counter[str], *, subtract: bool) -> None:
        days, counts = self._months.get(month, (0, Counter()))
        if subtract:
            counts.subtract(topics)
        else:
            counts.update(topics)
        self._months[month] = (days + step, counts)

    def months_changed(self) -> bool:
        """Whether a summary this run recorded or dropped changed a month's days or topics (or
        what its day shows: a change of importance moves the day out and in again)."""
        return bool(self._months)

    # --- reads: the saved counts with this run's changes ------------------------------------

    def names(self) -> tuple[Counter[str], ...]:
        """How many files show each name to be a person's, an animal's, a tool, a place and
        where something is, in that order."""
        counts: Counter[tuple[str, str]] = Counter()
        for name, kind, n in self._saved("SELECT name, kind, files FROM names"):
            counts[(name, kind)] = n
        counts.update(self._names)
        kinds = (PERSON, ANIMAL, TOOL, PLACE, LOCATED)
        found: dict[str, Counter[str]] = {k: Counter() for k in kinds}
        for (name, kind), n in counts.items():
            if n > 0 and kind in found:
                found[kind][name] = n
        return tuple(found[kind] for kind in kinds)

    def linked(self) -> set[str]:
        """The (casefolded) targets some note or transcript links."""
        counts = Counter(dict(self._saved("SELECT target, files FROM links")))
        counts.update(self._links)
        return {target for target, n in counts.items() if n > 0}

    def entities(self) -> dict[Entity, int]:
        """Every person and project some summary names, with how many days name it."""
        counts: Counter[Entity] = Counter()
        for kind, name, n in self._saved("SELECT kind, name, days FROM entities"):
            counts[(kind, name)] = n
        counts.update(self._entities)
        return {entity: n for entity, n in counts.items() if n > 0}

    def span(self, entity: Entity) -> tuple[int, str | None, str | None]:
        """How many days name an entity, the first and the last."""
        changes = self._mentions.get(entity, {})
        added = sorted(d for d, step in changes.items() if step > 0)
        removed = [d for d, step in changes.items() if step < 0]
        count, first, last = len(added), None, None
        if self._db is not None and len(removed) <= PARAMS_AT_ONCE:
            marks = ",".join("?" * len(removed))
            query = "SELECT count(*), min(day), max(day) FROM mentions WHERE kind = ? AND name = ?"
            if removed:
                query += f" AND day NOT IN ({marks})"
            stored, first, last = self._db.execute(query, (*entity, *removed)).fetchone()
            count += stored
        elif self._db is not None:  # many days dropped at once: read the entity's days
            query = "SELECT day FROM mentions WHERE kind = ? AND name = ?"
            gone = set(removed)
            kept = [d for (d,) in self._db.execute(query, entity) if d not in gone]
            count += len(kept)
            first, last = (min(kept), max(kept)) if kept else (None, None)
        if added:
            first = min(first or added[0], added[0])
            last = max(last or added[-1], added[-1])
        return count, first, last

    def months(self) -> dict[str, MonthTally]:
        """Each month with a summarized day: how many days, and its most named topics."""
        found: dict[str, MonthTally] = {}
        for month, days, topics in self._saved("SELECT month, days, top FROM months"):
            found[month] = MonthTally(days, tuple(topics.split("\t")) if topics else ())
        for month, (days, counts) in self._counted_months().items():
            found[month] = MonthTally(days, top_topics(counts))
        return {m: t for m, t in found.items() if t.days > 0}

    def _counted_months(self) -> dict[str, tuple[int, Counter[str]]]:
        """The months this run changed: their days and topic counts, saved and changed."""
        found: dict[str, tuple[int, Counter[str]]] = {}
        query = (
            "SELECT month, days, topics FROM months JOIN month_topics USING (month) "
            "WHERE month IN ({marks})"
        )
        if self._db is not None:
            for month, days, topics in select_in(self._db, query, sorted(self._months)):
                found[month] = (days, Counter(json.loads(topics)))
        for month, (days, counts) in self._months.items():
            kept, topics = found.get(month, (0, Counter()))
            topics.update(counts)
            found[month] = (kept + days, +topics)  # unary +: drops counts <= 0
        return found

    def _saved(self, query: str) -> list[Any]:
        return [] if self._db is None else self._db.execute(query).fetchall()

    # --- saving ------------------------------------------------------------------------------

    def save(self, db: sqlite3.Connection) -> None:
        """Add this run's changes to the saved counts (in the caller's transaction)."""
        self._add(db, "names", ("name", "kind"), "files", self._names)
        self._add(db, "links", ("target",), "files", self._links)
        self._add(db, "entities", ("kind", "name"), "days", self._entities)
        for (kind, name), steps in sorted(self._mentions.items()):
            rows = [(kind, name, d) for d, step in sorted(steps.items()) if step > 0]
            db.executemany("INSERT OR IGNORE INTO mentions VALUES (?, ?, ?)", rows)
            rows = [(kind, name, d) for d, step in sorted(steps.items()) if step < 0]
            db.executemany("DELETE FROM mentions WHERE kind = ? AND name = ? AND day = ?", rows)
        for month, (days, topics) in sorted(self._counted_months().items()):
            if days <= 0:
                db.execute("DELETE FROM months WHERE month = ?", (month,))
                db.execute("DELETE FROM month_topics WHERE month = ?", (month,))
                continue
            top = "\t".join(top_topics(topics))
            db.execute("INSERT OR REPLACE INTO months VALUES (?, ?, ?)", (month, days, top))
            counts = json.dumps(dict(sorted(topics.items())), ensure_ascii=False)
            db.execute("INSERT OR REPLACE INTO month_topics VALUES (?, ?)", (month, counts))
        self._clear()  # saved: nothing of this run is pending now

    @staticmethod
    def _add(
        db: sqlite3.Connection,
        table: str,
        keys: tuple[str, ...],
        column: str,
        changes: Mapping[Any, int],
    ) -> None:
        rows = [
            (*(key if isinstance(key, tuple) else (key,)), n)
            for key, n in sorted(changes.items())
            if n
        ]
        marks = ", ".join("?" * (len(keys) + 1))
        db.executemany(
            f"INSERT INTO {table} VALUES ({marks}) ON CONFLICT ({', '.join(keys)}) "
            f"DO UPDATE SET {column} = {column} + excluded.{column}",
            rows,
        )
        db.execute(f"DELETE FROM {table} WHERE {column} <= 0")
