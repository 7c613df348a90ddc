"""What vaultkit renders: a summary file reads back as the fields it was rendered from, in the
fixed key order, and an entity note keeps the part that is the user's."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.files.document import parse_document
from vaultkit.model import Summary, Uncategorized
from vaultkit.pages.entities import END, Entity, render
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker, parse_summary, read_marker

NAMES = (
    st.text(
        alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters=" -.'/#:"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(lambda n: any(c.isalnum() for c in n))
)
BULLETS = (
    st.text(
        alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
        min_size=1,
        max_size=80,
    )
    .map(lambda t: " ".join(t.split()))
    .filter(bool)
)
SUMMARIES = st.builds(
    Summary,
    date=st.dates(date(2020, 1, 1), date(2030, 12, 31)),
    people=st.lists(NAMES, max_size=3, unique=True).map(tuple),
    projects=st.lists(NAMES, max_size=2, unique=True).map(tuple),
    tags=st.sampled_from([(), ("Kubernetes",), ("Redis", "RAG")]),
    importance=st.integers(1, 10),
    mood=st.sampled_from(["neutral", "stressed", "lega", "excited"]),
    related_dates=st.lists(st.dates(date(2020, 1, 1), date(2030, 12, 31)), max_size=2, unique=True)
    .map(sorted)
    .map(tuple),
    uncategorized=st.just(Uncategorized(libraries=("Pydantic",))),
    bullets=st.lists(BULLETS, min_size=1, max_size=4).map(tuple),
)


@settings(max_examples=60, deadline=None)
@given(SUMMARIES)
def test_a_rendered_summary_reads_back_as_its_fields(summary: Summary) -> None:
    text = add_marker(Renderer().summary(summary), "0123456789abcdef")
    back = parse_summary(parse_document(text.encode(), Path("x.summary.md")))
    assert back == summary
    marker = read_marker(text)
    assert marker is not None and marker.pristine and marker.source == "0123456789abcdef"


def test_the_keys_come_in_the_fixed_order() -> None:
    summary = Summary(
        date(2026, 7, 6), ("Gading",), (), (), 7, "neutral", (), Uncategorized(), ("x",)
    )
    keys = [line.split(":")[0] for line in Renderer().summary(summary).split("---")[1].splitlines()]
    assert [k for k in keys if k and not k.startswith(" ")] == [
        "schema_version", "date", "people", "projects", "tags", "importance", "mood",
        "related_dates", "uncategorized",
    ]  # fmt: skip


def test_an_entity_note_keeps_what_the_user_wrote_below_its_generated_part() -> None:
    entity = Entity("person", "Rina", count=1, first=date(2026, 7, 1), last=date(2026, 7, 1))
    first = render(entity, None)
    edited = first + "\nRina prefers async reviews.\n"
    entity.count, entity.last = 2, date(2026, 7, 9)
    again = render(entity, edited)
    assert again.endswith("Rina prefers async reviews.\n") and END in again
    assert "2026-07-09" in again and render(entity, again) == again
