"""MEMORY_INDEX.md: a compact index of days, every day for recent months and a line per older month.

It grows by a line a month, not a line a day, so it stays small as years pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

RECENT_MONTHS = 3
TOPICS_PER_DAY = 5
TOPICS_PER_MONTH = 8


@dataclass(frozen=True)
class IndexEntry:
    """One summarized day as the index shows it."""

    date: date
    importance: int
    topics: tuple[str, ...]


def index_context(
    entries: Iterable[IndexEntry], recent_months: int = RECENT_MONTHS
) -> dict[str, Any]:
    """The template context: months newest first, recent ones listed day by day."""
    by_month: dict[str, list[IndexEntry]] = {}
    for entry in sorted(entries, key=lambda e: e.date, reverse=True):
        by_month.setdefault(entry.date.strftime("%Y-%m"), []).append(entry)
    months = []
    for rank, (month, days) in enumerate(by_month.items()):
        name = date(int(month[:4]), int(month[5:]), 1).strftime("%B %Y")
        if rank < recent_months:
            listed = [
                {
                    "date": e.date.isoformat(),
                    "importance": e.importance,
                    "topics": e.topics[:TOPICS_PER_DAY],
                }
                for e in days
            ]
            months.append({"name": name, "days": listed, "count": len(days), "topics": []})
        else:
            counts = Counter(t for e in days for t in e.topics)
            top = [t for t, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
            months.append(
                {"name": name, "days": [], "count": len(days), "topics": top[:TOPICS_PER_MONTH]}
            )
    all_days = [e.date for days in by_month.values() for e in days]
    return {
        "months": months,
        "days_total": len(all_days),
        "first_day": min(all_days).isoformat() if all_days else "-",
        "last_day": max(all_days).isoformat() if all_days else "-",
    }
