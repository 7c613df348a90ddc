"""Dates as vaultkit reads them: `YYYY-MM-DD`, strict, in file names, options and tool arguments."""

from __future__ import annotations

import re
from datetime import date

from vaultkit.errors import UsageError

DATE_PATTERN = r"\d{4}-\d{2}-\d{2}"
_DATE_ONLY = re.compile(DATE_PATTERN)


def parse_day(value: str | None, name: str) -> date | None:
    """A `YYYY-MM-DD` argument as a date (None stays None); a bad one is a usage error naming
    the argument (`name`: an option like `--since`, or a tool argument like `since`)."""
    if value is None:
        return None
    day = parse_date(value)
    if day is None:
        raise UsageError(f"{name}: expected a date YYYY-MM-DD, got {value!r}")
    return day


def parse_date(text: str) -> date | None:
    """A strict `YYYY-MM-DD` date, or None (also for impossible ones like 2026-02-30)."""
    if len(text) != 10 or not _DATE_ONLY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
