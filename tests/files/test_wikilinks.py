"""Obsidian's link syntax: safe note names, wikilinks that resolve, and the managed lines."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from vaultkit.files.wikilinks import (
    LINK_UNSAFE,
    SPINE_LINE,
    find_wikilinks,
    link_target,
    set_managed_line,
    spine_line,
    spine_neighbours,
    wikilink,
)


@given(st.text(min_size=1))
def test_a_link_target_is_a_safe_file_name_and_the_same_for_the_same_name(name: str) -> None:
    target = link_target(name)
    assert target == link_target(name) and target.strip() == target
    assert not LINK_UNSAFE.search(target) and "/" not in target and not target.startswith(".")
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in target)


def test_names_with_nothing_to_show_get_distinct_notes() -> None:
    assert len({link_target(n) for n in ("..", "...", "#", "?")}) == 4


def test_a_wikilink_shows_the_name_and_links_its_note() -> None:
    assert wikilink("Rina") == "[[Rina]]"
    assert wikilink("A/B Test") == "[[A-B Test|A/B Test]]"
    assert wikilink("C#") == "[[C sharp|C#]]"


def test_links_in_code_are_not_links() -> None:
    body = "See [[Rina]].\n`[[code]]`\n```\n[[fenced]]\n```\n    [[indented]]\n[[Homelab#Setup|s]]"
    assert find_wikilinks(body) == [("Rina", 1), ("Homelab", 7)]


@given(st.text(alphabet=st.characters(blacklist_characters="\r"), max_size=200))
def test_setting_the_spine_line_twice_is_setting_it_once(body: str) -> None:
    line = spine_line(date(2026, 7, 1))
    once = set_managed_line(body, SPINE_LINE, line)
    assert set_managed_line(once, SPINE_LINE, line) == once
    assert SPINE_LINE.search(once) is not None


@given(
    st.sets(st.dates(date(2020, 1, 1), date(2020, 3, 1)), max_size=30),
    st.dates(date(2020, 1, 1), date(2020, 3, 1)),
)
def test_the_spines_neighbours_are_the_nearest_days_either_side(days: set[date], day: date) -> None:
    before = max((d for d in days if d < day), default=None)
    after = min((d for d in days if d > day), default=None)
    assert spine_neighbours(sorted(days), day) == (before, after)
