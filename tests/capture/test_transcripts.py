"""A conversation as its day's transcript: speakers, markdown kept whole, the day in the
workspace's time zone, secrets out, and the assistant never one of the day's people."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from vaultkit.capture.conversation import ASSISTANT, USER, Conversation, Turn
from vaultkit.capture.hooks import CLAUDE_CODE_ASSISTANT
from vaultkit.capture.transcripts import day_of, render, zone_of
from vaultkit.config import PeopleConfig, VocabularyConfig, config_from_dict
from vaultkit.text.vocabulary import ASSISTANTS, Vocabulary

STARTED = datetime(2026, 7, 11, 16, 50, tzinfo=UTC)


def conversation(*turns: Turn, title: str = "Deploy Jumat", assistant: str = "ChatGPT"):  # type: ignore[no-untyped-def]
    return Conversation("chatgpt", "c-1", title, STARTED, assistant, turns)


def test_each_turn_is_a_speakers_line_with_a_blank_line_between() -> None:
    rendered = render(
        conversation(
            Turn(USER, "Deploy Jumat aman ga?\nSoalnya Sari cuti."),
            Turn(ASSISTANT, "Aman, asal ada rollback plan."),
        ),
        "Me",
    )
    assert rendered.text == (
        "Me: Deploy Jumat aman ga?\nSoalnya Sari cuti.\n\nChatGPT: Aman, asal ada rollback plan."
    )
    assert rendered.title == "Deploy Jumat" and not rendered.redacted


def test_a_turn_opening_with_a_fence_or_a_table_keeps_its_markdown_whole() -> None:
    rendered = render(
        conversation(
            Turn(USER, "```python\nprint('hi')\n```"),
            Turn(ASSISTANT, "| a | b |\n|---|---|\n| 1 | 2 |"),
        ),
        "Gading",
    )
    assert rendered.text.splitlines()[:2] == ["Gading:", "```python"]
    assert "ChatGPT:\n| a | b |" in rendered.text


def test_secrets_and_private_parts_go_and_an_emptied_turn_is_dropped() -> None:
    key = "ghp_" + "k3Jd8Qm2Zx7Lw4Rt9Yp1Vn6Bc0Hs5Fg2Aa"  # pieces: no scanner flags it
    rendered = render(
        conversation(
            Turn(USER, f"token gw {key} jangan disebar"),
            Turn(ASSISTANT, "<private>alamat rumah</private>"),
            Turn(USER, "makasih"),
        ),
        "Me",
    )
    assert rendered.text == "Me: token gw [REDACTED:github] jangan disebar\n\nMe: makasih"
    assert dict(rendered.redacted) == {"github": 1, "private": 1}


def test_the_day_is_the_start_in_the_workspaces_zone(tmp_path: Path) -> None:
    jakarta = config_from_dict({"capture": {"time_zone": "Asia/Jakarta"}}, root=tmp_path)
    assert zone_of(jakarta) == ZoneInfo("Asia/Jakarta")
    assert day_of(conversation(), zone_of(jakarta)).isoformat() == "2026-07-11"  # 23:50 WIB
    late = Conversation(
        "claude", "c-2", "t", datetime(2026, 7, 11, 17, 5, tzinfo=UTC), "Claude", ()
    )
    assert day_of(late, zone_of(jakarta)).isoformat() == "2026-07-12"  # 00:05 WIB
    assert day_of(late, ZoneInfo("America/New_York")).isoformat() == "2026-07-11"


def test_the_assistants_that_speak_in_captured_chats_are_no_ones_people() -> None:
    for name in ("ChatGPT", "Claude", CLAUDE_CODE_ASSISTANT):
        assert name.casefold() in ASSISTANTS
        assert Vocabulary(VocabularyConfig(), PeopleConfig()).is_ignored_person(name)
    listed = Vocabulary(
        VocabularyConfig(), PeopleConfig(known=("Claude",))
    )  # a person of that name
    assert not listed.is_ignored_person("Claude")
