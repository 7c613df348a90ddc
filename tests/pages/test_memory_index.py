"""MEMORY_INDEX.md: a line a day for recent months, a line a month before, no dangling colon."""

from __future__ import annotations

from datetime import date

from vaultkit.pages.memory_index import IndexEntry, index_context
from vaultkit.pages.render import Renderer


def test_each_day_is_a_line_and_a_day_without_topics_ends_at_its_importance() -> None:
    entries = [
        IndexEntry(date(2026, 7, 2), 4, ()),
        IndexEntry(date(2026, 7, 1), 8, ("Homelab", "Rina")),
        IndexEntry(date(2025, 1, 5), 3, ()),
    ]
    text = Renderer().memory_index(index_context(entries, recent_months=1))
    lines = text.splitlines()
    assert "- [[2026-07-02.summary|2026-07-02]] (4)" in lines
    assert "- [[2026-07-01.summary|2026-07-01]] (8): Homelab, Rina" in lines
    assert "- 1 day" in lines and "3 days summarized, 2025-01-05 to 2026-07-02." in text
    assert not any(line.rstrip().endswith(":") for line in lines)
