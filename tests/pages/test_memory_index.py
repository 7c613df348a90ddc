"""MEMORY_INDEX.md: a line a day for recent months, a line a month before, no dangling colon."""

from __future__ import annotations

from collections import Counter
from datetime import date

from vaultkit.catalog.tallies import top_topics
from vaultkit.model import MonthTally
from vaultkit.pages.memory_index import IndexEntry, index_context
from vaultkit.pages.render import Renderer

ENTRIES = [
    IndexEntry(date(2026, 7, 2), 4, ()),
    IndexEntry(date(2026, 7, 1), 8, ("Homelab", "Rina")),
    IndexEntry(date(2025, 1, 5), 3, ("Homelab",)),
    IndexEntry(date(2025, 1, 9), 3, ("Rina", "Homelab")),
]


def tallies() -> dict[str, MonthTally]:
    months: dict[str, tuple[int, Counter[str]]] = {}
    for entry in ENTRIES:
        month = entry.date.strftime("%Y-%m")
        days, topics = months.get(month, (0, Counter()))
        months[month] = (days + 1, topics + Counter(entry.topics))
    return {m: MonthTally(days, top_topics(topics)) for m, (days, topics) in months.items()}


def entries_of(month: str) -> list[IndexEntry]:
    return [e for e in ENTRIES if e.date.strftime("%Y-%m") == month]


def test_each_day_is_a_line_and_a_day_without_topics_ends_at_its_importance() -> None:
    text = Renderer().memory_index(index_context(tallies(), entries_of, recent_months=1))
    lines = text.splitlines()
    assert "- [[2026-07-02.summary|2026-07-02]] (4)" in lines
    assert "- [[2026-07-01.summary|2026-07-01]] (8): Homelab, Rina" in lines
    assert "- 2 days; top topics: Homelab, Rina" in lines  # by count, then by name
    assert "4 days summarized, 2025-01-05 to 2026-07-02." in text
    assert not any(line.rstrip().endswith(":") for line in lines)


def test_an_empty_vault_says_so() -> None:
    text = Renderer().memory_index(index_context({}, entries_of))
    assert "No day is summarized yet." in text
