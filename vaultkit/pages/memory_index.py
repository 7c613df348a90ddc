"""MEMORY_INDEX.md: a compact index of days, every day for recent months and a line per older month.

It grows by a line a month, not a line a day, so it stays small as years pass. The older
months' lines come from the catalog's month tallies (`files.tallies`): rendering it reads the
summaries of the recent months only. Topics are shown as plain text (`plain_line`): a name a
summary holds makes no link and hides nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from vaultkit.files.wikilinks import plain_line
from vaultkit.model import MonthTally

RECENT_MONTHS = 3
TOPICS_PER_DAY = 5  # a listed day's; an older month's are `tallies.MONTH_TOPICS`


@dataclass(frozen=True)
class IndexEntry:
    """One summarized day as the index shows it."""

    date: date
    importance: int
    topics: tuple[str, ...]


def index_context(
    months: Mapping[str, MonthTally],
    entries_of: Callable[[str], list[IndexEntry]],
    recent_months: int = RECENT_MONTHS,
) -> dict[str, Any]:
    """The template context: months (`YYYY-MM`) newest first, the recent ones listed day by day
    (`entries_of` gives a month's summarized days), the others by their tallies."""
    ordered = sorted(months, reverse=True)
    shown = []
    for rank, month in enumerate(ordered):
        name = date(int(month[:4]), int(month[5:]), 1).strftime("%B %Y")
        tally = months[month]
        if rank < recent_months:
            listed = [
                {
                    "date": e.date.isoformat(),
                    "importance": e.importance,
                    "topics": [plain_line(t) for t in e.topics[:TOPICS_PER_DAY]],
                }
                for e in sorted(entries_of(month), key=lambda e: e.date, reverse=True)
            ]
            shown.append({"name": name, "days": listed, "count": tally.days, "topics": []})
        else:
            topics = [plain_line(t) for t in tally.top]
            shown.append({"name": name, "days": [], "count": tally.days, "topics": topics})
    first = min((e.date for e in entries_of(ordered[-1])), default=None) if ordered else None
    last = max((e.date for e in entries_of(ordered[0])), default=None) if ordered else None
    return {
        "months": shown,
        "days_total": sum(t.days for t in months.values()),
        "first_day": first.isoformat() if first else "-",
        "last_day": last.isoformat() if last else "-",
    }
