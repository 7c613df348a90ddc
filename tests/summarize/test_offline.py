"""The offline summarizer: vocabulary and people matching, importance, mood, bullets, invariants."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.config import PeopleConfig, VocabularyConfig, load_config
from vaultkit.model import DayInput
from vaultkit.summarize.base import validate_fields
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.text.lexicon import signals
from vaultkit.text.vocabulary import Vocabulary

REPO = Path(__file__).resolve().parents[2]
DAY = date(2026, 7, 6)


@pytest.fixture(scope="module")
def summarizer() -> OfflineSummarizer:
    config = load_config(REPO / "memory_config.json")
    return OfflineSummarizer(Vocabulary(config.vocabulary, config.people))


def example_days() -> list[DayInput]:
    memory = REPO / "vault" / "memory"
    days = []
    for note in sorted(memory.glob("????-??-??.md")):
        chats = sorted((memory / "chats" / note.stem).glob("*.md"))
        transcripts = tuple((str(p), p.read_text(encoding="utf-8")) for p in chats)
        days.append(
            DayInput(date.fromisoformat(note.stem), note.read_text(encoding="utf-8"), transcripts)
        )
    return days


def day_of(note: str, *transcripts: str) -> DayInput:
    return DayInput(DAY, note, tuple((f"chat-{i}.md", t) for i, t in enumerate(transcripts)))


def test_vocabulary_and_aliases_match_in_any_case_and_on_word_boundaries(summarizer):
    note = (
        "- Moved the HOMELAB CLUSTER to k8s, postgres stays on the NAS.\n"
        "- The nouverse core API now uses fastapi and Pydantic.\n"
        "- Dockerfile and redistribute and pytestish are not terms.\n"
    )
    fields = summarizer.summarize(day_of(note))
    assert fields.projects == ("Homelab", "Nouverse Core")
    assert fields.technologies == ("Kubernetes", "PostgreSQL")
    assert fields.libraries == ("FastAPI", "Pydantic")


def test_multi_word_terms_match_across_separators(summarizer):
    fields = summarizer.summarize(day_of("- Deployed payments-api and Nouverse_Core today."))
    assert fields.projects == ("Payments API", "Nouverse Core")


def test_terms_outside_the_vocabulary_go_to_uncategorized_never_the_main_fields(summarizer):
    day = day_of(
        "- Tried Qdrant, then `pip install polars` and Locust. Kafka next week with Qdrant."
    )
    summary = summarizer.vocabulary.summary(DAY, summarizer.summarize(day))
    assert summary.projects == summary.tags == ()
    assert "polars" in summary.uncategorized.libraries
    assert "Qdrant" in summary.uncategorized.technologies


def test_people_from_mentions_aliases_and_speakers(summarizer):
    note = "- Paired with fred on the cluster."
    chat = "# Chat\n\nMaya: hi\nRina: dinner at 7?\nMaya: sounds good\nError: not a person\n"
    fields = summarizer.summarize(day_of(note, chat))
    assert fields.people == ("Freedy", "Maya", "Rina")  # in the order the day names them


def test_speaker_labels_are_not_people(summarizer):
    chat = "User: hello\nUser: again\nAssistant: hi\nAssistant: hello\nTODO: x\nTODO: y\n"
    assert summarizer.summarize(day_of("- A day.", chat)).people == ()


def test_an_outage_or_a_migration_matters_more_than_a_dinner(summarizer):
    outage = day_of(
        "## Incident: Payments API outage\n\n"
        "- Production outage for 37 minutes after the v2.14 deploy; error rate at 61%.\n"
        "- Rolled back to v2.13.3, Redis connections recovered. Postmortem due Wednesday.\n"
        "- Decided to add an integration test against real Redis.\n"
    )
    migration = day_of(
        "- Migrated PostgreSQL 15 to 16 into Kubernetes; the architecture of Homelab changed.\n"
        "- Upgrade of pgvector, downtime 42 minutes, no data loss.\n"
    )
    dinner = day_of(
        "Quiet Sunday.\n\n"
        "- Dinner with Rina at the ramen place.\n"
        "- Watched a movie, skincare reminder done.\n"
        "- Birthday gift ideas for Sari.\n"
    )
    scores = [summarizer.summarize(d).importance for d in (outage, migration, dinner)]
    assert scores[0] >= 6 and scores[1] >= 6
    assert scores[2] <= 3


def test_importance_on_the_example_vault_follows_the_obvious_days(summarizer):
    by_day = {d.date.isoformat(): summarizer.summarize(d).importance for d in example_days()}
    big = ("2026-07-03", "2026-07-06", "2026-07-13")  # ADR, outage, postgres migration
    small = ("2026-07-05", "2026-07-16")  # movie and groceries, dentist and skincare
    assert min(by_day[d] for d in big) >= 8
    assert max(by_day[d] for d in small) <= 3


def test_negated_signal_words_do_not_count():
    assert signals("Not decided yet. We haven't decided.") == {}
    assert signals("We decided, then agreed.") == {"decision": 1, "agreement": 1}
    assert signals("Belum ada keputusan, ga jadi pindah.") == {}
    assert signals("Keputusan final: pindah ke K3s.")["decision"] == 1


def test_importance_stays_on_the_scale(summarizer):
    busy = (
        "- Final: decided the ADR, outage rollback postmortem, migrate, refactor. Penting!\n" * 50
    )
    assert summarizer.summarize(day_of(busy)).importance >= 9
    assert summarizer.summarize(day_of("- dinner movie birthday\n" * 10)).importance == 1


def test_bullets_come_from_the_note_without_markdown_or_managed_lines(summarizer):
    note = (
        "« [[2026-07-05]] | Timeline Spine\n\n"
        "# 2026-07-06\n\n"
        "## Incident\n\n"
        "- **Impact**: error rate on `/v1/charges` at 61% after the v2.14.0 deploy at 14:05.\n"
        "- Root cause: a new Redis pool per request in the idempotency middleware.\n"
        "* Gading rolled back to v2.13.3 at 14:44; Sari spotted the diff.\n"
        "1. [[Budi]] asked for a postmortem by Wednesday.\n"
        "- Budi asked for a postmortem by Wednesday!\n"
    )
    bullets = summarizer.summarize(day_of(note, "↑ [[2026-07-06]] | Daily Note\nRina: ok")).bullets
    assert 3 <= len(bullets) <= 6
    assert (
        bullets[0] == "Impact: error rate on /v1/charges at 61% after the v2.14.0 deploy at 14:05."
    )
    assert "Root cause: a new Redis pool per request in the idempotency middleware." in bullets
    assert "Budi asked for a postmortem by Wednesday." in bullets  # the wikilink made plain
    assert sum("postmortem" in b for b in bullets) <= 1
    for bullet in bullets:
        assert not bullet.startswith(("-", "*", "#", "1."))
        assert "**" not in bullet and "`" not in bullet and "[[" not in bullet
        assert "Timeline Spine" not in bullet and "Daily Note" not in bullet


def test_near_duplicates_are_dropped_and_small_talk_waits_for_a_day_without_news(summarizer):
    note = (
        "- Decided to migrate Homelab to Kubernetes after the outage.\n"
        "- Decided to migrate the Homelab to Kubernetes after the outage!\n"
        "- Bought groceries.\n- Called Rina about dinner plans for the weekend.\n"
    )
    bullets = summarizer.summarize(day_of(note)).bullets
    assert bullets == ("Decided to migrate Homelab to Kubernetes after the outage.",)
    quiet = "- Bought groceries.\n- Called Rina about dinner plans for the weekend.\n"
    assert summarizer.summarize(day_of(quiet)).bullets == (
        "Bought groceries.",
        "Called Rina about dinner plans for the weekend.",
    )


def test_long_lines_are_trimmed_at_a_word_boundary(summarizer):
    long_line = "- Kubernetes " + " ".join(f"word{i}" for i in range(100))
    bullets = summarizer.summarize(day_of(long_line)).bullets
    assert len(bullets[0]) <= 200 and bullets[0].endswith("…")
    assert bullets[0][:-1].split()[-1].startswith("word")


def test_nested_items_keep_their_label(summarizer):
    note = "- 1:1 with Budi:\n  - Redis upgrade plan for Q3.\n  - SQLAlchemy 2.0 after August.\n"
    bullets = summarizer.summarize(day_of(note)).bullets
    assert bullets == (
        "1:1 with Budi: Redis upgrade plan for Q3.",
        "1:1 with Budi: SQLAlchemy 2.0 after August.",
    )


def test_example_vault_days_get_3_to_6_clean_bullets(summarizer):
    for day in example_days():
        fields = summarizer.summarize(day)
        assert 3 <= len(fields.bullets) <= 6, day.date
        assert len(set(fields.bullets)) == len(fields.bullets)
        for bullet in fields.bullets:
            assert len(bullet) <= 200
            assert not bullet.startswith(("-", "#", "*", "«", "↑"))
        assert validate_fields(fields, day.date) == fields


def test_same_input_same_output(summarizer):
    days = example_days()
    first = [summarizer.summarize(d) for d in days]
    config = load_config(REPO / "memory_config.json")
    fresh = OfflineSummarizer(Vocabulary(config.vocabulary, config.people))
    assert [fresh.summarize(d) for d in days] == first


def test_empty_day_still_gets_valid_fields(summarizer):
    fields = summarizer.summarize(day_of(""))
    assert fields.bullets and fields.mood == "neutral" and 1 <= fields.importance <= 10


lines = st.one_of(
    st.text(max_size=120),
    st.sampled_from(
        [
            "- ",
            "# ",
            "## Incident",
            "« [[2026-07-05]] | Timeline Spine",
            "```",
            "  - x:",
            "Rina: hi",
        ]
    ),
    st.builds(lambda a, b: f"{a}: {b}", st.text(max_size=12), st.text(max_size=40)),
)


@settings(max_examples=200, deadline=None)
@given(
    note=st.lists(lines, max_size=15).map("\n".join),
    chats=st.lists(st.lists(lines, max_size=8).map("\n".join), max_size=2),
)
def test_never_raises_and_always_valid(note, chats):
    summarizer = OfflineSummarizer(
        Vocabulary(
            VocabularyConfig(
                projects=("Homelab",), technologies=("Go", "K8s"), aliases={"kube": "K8s"}
            ),
            PeopleConfig(known=("Rina",)),
        )
    )
    fields = summarizer.summarize(day_of(note, *chats))
    assert validate_fields(fields, DAY) == fields
    assert 1 <= len(fields.bullets) <= 6
    assert all(b.strip() and len(b) <= 200 for b in fields.bullets)
    assert summarizer.summarize(day_of(note, *chats)) == fields
