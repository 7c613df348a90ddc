"""`Filters`: which days `search` and `recall` may return (dates, people, projects, tags, importance).

Kept apart from `search` so that `recall` and the CLI can build one without loading the index.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from vaultkit.errors import UsageError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from vaultkit.config import PeopleConfig, VocabularyConfig
    from vaultkit.index.records import DayRecord


@dataclass(frozen=True)
class Filters:
    """Which days may be returned; None means no constraint, so `Filters()` admits every day.

    Text matches ignore case, and a tag may be given with or without its `#`.
    """

    since: date | None = None
    until: date | None = None
    person: str | None = None
    project: str | None = None
    tag: str | None = None
    min_importance: int | None = None

    def __post_init__(self) -> None:
        if self.since and self.until and self.since > self.until:
            raise UsageError(
                f"since {self.since} is after until {self.until}: no day can match",
                rule="date-range",
            )
        low = self.min_importance
        if low is not None and not (type(low) is int and 1 <= low <= 10):
            raise UsageError(
                f"min_importance: expected an integer from 1 to 10, got {low!r}",
                rule="importance-range",
            )

    def up_to(self, as_of: date) -> Filters:
        """The same filters with no day after `as_of`: the vault as it stood that day."""
        if self.since and self.since > as_of:
            raise UsageError(
                f"since {self.since} is after as_of {as_of}: no day can match", rule="date-range"
            )
        if self.until is not None and self.until <= as_of:
            return self
        return replace(self, until=as_of)

    @classmethod
    def parse(
        cls,
        *,
        since: str | None = None,
        until: str | None = None,
        person: str | None = None,
        project: str | None = None,
        tag: str | None = None,
        min_importance: int | None = None,
        prefix: str = "--",
    ) -> Filters:
        """Filters from their text form; a bad date is a usage error naming `prefix` + field."""
        from vaultkit.dates import parse_day

        return cls(
            since=parse_day(since, f"{prefix}since"),
            until=parse_day(until, f"{prefix}until"),
            person=person,
            project=project,
            tag=tag,
            min_importance=min_importance,
        )

    def canonical(self, people: PeopleConfig, vocabulary: VocabularyConfig) -> Filters:
        """The same filters with a nickname (`people.aliases`) or an alias (`vocabulary.aliases`)
        given as its canonical name (`--person Fred` is Freedy, `--tag k8s` is Kubernetes), in
        any case."""
        nicknames = _folded(people.aliases)
        terms = _folded(vocabulary.aliases)
        return replace(
            self,
            person=_alias(self.person, nicknames),
            project=_alias(self.project, terms),
            tag=_alias(self.tag.lstrip("#") if self.tag else None, terms),
        )

    @property
    def empty(self) -> bool:
        """True when no field constrains anything (`Filters()`, `NO_FILTERS`)."""
        return self == NO_FILTERS

    @property
    def dates_only(self) -> bool:
        """True when only `since` and `until` are set: the days are known without their records."""
        return replace(self, since=None, until=None).empty

    def day_range(self) -> DayRange:
        return DayRange(self.since, self.until)

    def admits(self, record: DayRecord) -> bool:
        """Whether the day of `record` passes every filter that is set."""
        if (self.since and record.day < self.since) or (self.until and record.day > self.until):
            return False
        wanted = [(self.person, "people"), (self.project, "projects"), (self.tag, "tags")]
        for value, attribute in wanted:
            if value is not None:
                have = {v.casefold() for v in record.values(attribute)}
                if value.lstrip("#").casefold() not in have:
                    return False
        if self.min_importance is not None:
            return record.importance is not None and record.importance >= self.min_importance
        return True


@dataclass(frozen=True)
class DayRange:
    """Every day from `since` to `until` (either open), as a container of dates or ISO strings
    (which sort as the dates do): a date filter needs no list of the vault's days."""

    since: date | None = None
    until: date | None = None

    def __contains__(self, day: object) -> bool:
        if isinstance(day, str):
            return (self.since is None or day >= self.since.isoformat()) and (
                self.until is None or day <= self.until.isoformat()
            )
        if not isinstance(day, date):
            return False
        return (self.since is None or day >= self.since) and (
            self.until is None or day <= self.until
        )


NO_FILTERS = Filters()  # the default of `search` and `recall`: every day may be returned


def _folded(aliases: Mapping[str, str]) -> dict[str, str]:
    return {alias.casefold(): name for alias, name in aliases.items()}


def _alias(value: str | None, aliases: Mapping[str, str]) -> str | None:
    return aliases.get(value.casefold(), value) if value is not None else None
