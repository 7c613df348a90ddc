"""Dates as vaultkit reads them: `YYYY-MM-DD`, strict, in file names, options and tool arguments.

The vault keeps the days of `DAY_RANGE`, 1900-01-01 to 9998-12-31, and no other. Python's dates
run from year 1 to 9999, and the code steps past a day: a week either side of it (the report's
calendar rows), the month or year around it (the report's buckets of up to a thousand years),
a month back from the newest (sync's recent days). Inside the range every such step stays a
date; at the edges of Python's years one of them raises. A file named after a day outside the
range is not a day's file: the commands that list the vault say so in one line and skip it
(`day_outside`), an option or a tool argument outside it is a usage error (`parse_day`), and a
date outside it in a summary's fields is no date (`parse_date`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from vaultkit.errors import UsageError

DATE_PATTERN = r"\d{4}-\d{2}-\d{2}"
_DATE_ONLY = re.compile(DATE_PATTERN)


@dataclass(frozen=True)
class DayRange:
    """The first and the last day the vault may hold, both inclusive."""

    first: date
    last: date

    def __contains__(self, day: date) -> bool:
        return self.first <= day <= self.last

    def __str__(self) -> str:
        return f"{self.first.isoformat()} to {self.last.isoformat()}"


DAY_RANGE = DayRange(date(1900, 1, 1), date(9998, 12, 31))


def parse_day(value: str | None, name: str) -> date | None:
    """A `YYYY-MM-DD` argument as a date (None stays None); a bad one, or one outside
    `DAY_RANGE`, is a usage error naming the argument (`name`: an option like `--since`, or a
    tool argument like `since`)."""
    if value is None:
        return None
    day = _calendar_date(value)
    if day is None:
        raise UsageError(f"{name}: expected a date YYYY-MM-DD, got {value!r}")
    if day not in DAY_RANGE:
        raise UsageError(f"{name}: {value} is outside the days vaultkit keeps ({DAY_RANGE})")
    return day


def parse_date(text: str) -> date | None:
    """A strict `YYYY-MM-DD` date inside `DAY_RANGE`, or None (also for impossible ones like
    2026-02-30)."""
    day = _calendar_date(text)
    return day if day is not None and day in DAY_RANGE else None


def day_outside(text: str) -> str | None:
    """Why a real `YYYY-MM-DD` date outside `DAY_RANGE` is no day of the vault (the line a
    command says of a file named after it); None for any other text."""
    day = _calendar_date(text)
    if day is None or day in DAY_RANGE:
        return None
    return f"{text} is outside the days vaultkit keeps ({DAY_RANGE})"


def _calendar_date(text: str) -> date | None:
    if len(text) != 10 or not _DATE_ONLY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
