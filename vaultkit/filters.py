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

    from vaultkit.config import Config
    from vaultkit.index import DayRecord


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
        from vaultkit.vault import parse_day

        return cls(
            since=parse_day(since, f"{prefix}since"),
            until=parse_day(until, f"{prefix}until"),
            person=person,
            project=project,
            tag=tag,
            min_importance=min_importance,
        )

    def canonical(self, config: Config) -> Filters:
        """The same filters with a nickname or an alias given as the config's canonical name
        (`--person Fred` is Freedy, `--tag k8s` is Kubernetes), in any case."""
        people = _folded(config.people.aliases)
        terms = _folded(config.vocabulary.aliases)
        return replace(
            self,
            person=_alias(self.person, people),
            project=_alias(self.project, terms),
            tag=_alias(self.tag.lstrip("#") if self.tag else None, terms),
        )

    @property
    def empty(self) -> bool:
        """True when no field constrains anything (`Filters()`, `NO_FILTERS`)."""
        return self == NO_FILTERS

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


NO_FILTERS = Filters()  # the default of `search` and `recall`: every day may be returned


def _folded(aliases: Mapping[str, str]) -> dict[str, str]:
    return {alias.casefold(): name for alias, name in aliases.items()}


def _alias(value: str | None, aliases: Mapping[str, str]) -> str | None:
    return aliases.get(value.casefold(), value) if value is not None else None
