"""An assistant's hook read into a conversation: Claude Code's payload and its JSONL transcript,
written as real files (the lines shaped as Claude Code writes them)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from vaultkit.capture.conversation import ASSISTANT, USER, Conversation, Turn
from vaultkit.capture.hooks import (
    ADAPTERS,
    CLAUDE_CODE,
    HookEvent,
    cut_title,
    is_plumbing,
    read_payload,
)
from vaultkit.errors import FileFormatError, UsageError

SESSION = "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9"
ADAPTER = ADAPTERS[CLAUDE_CODE]


def at(second: int) -> str:
    return f"2026-03-05T09:00:{second:02d}.123Z"


def when(second: int) -> datetime:
    return datetime(2026, 3, 5, 9, 0, second, 123000, tzinfo=UTC)


def user(content: object, second: int = 0, **extra: object) -> dict[str, object]:
    return {
        "type": "user",
        "message": {"role": "user", "content": content},
        "timestamp": at(second),
        "sessionId": SESSION,
        "uuid": f"u{second}",
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/project",
        **extra,
    }


def assistant(
    content: object, second: int = 0, message_id: str = "msg_1", **extra: object
) -> dict[str, object]:
    return {
        "type": "assistant",
        "message": {"id": message_id, "role": "assistant", "model": "m", "content": content},
        "timestamp": at(second),
        "sessionId": SESSION,
        "uuid": f"a{second}",
        "parentUuid": f"u{second}",
        "isSidechain": False,
        "cwd": "/project",
        **extra,
    }


def text(words: str) -> dict[str, object]:
    return {"type": "text", "text": words}


def summary(words: str) -> dict[str, object]:
    return {"type": "summary", "summary": words, "leafUuid": "a9"}


def transcript(folder: Path, *lines: dict[str, object] | str, name: str = "t.jsonl") -> Path:
    path = folder / name
    with path.open("a", encoding="utf-8") as file:
        for line in lines:
            file.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


def payload(path: Path | str, event: str = "SessionEnd", **extra: object) -> dict[str, object]:
    return {
        "session_id": SESSION,
        "transcript_path": str(path),
        "cwd": "/project",
        "hook_event_name": event,
        **extra,
    }


def read(path: Path, event: str = "SessionEnd") -> Conversation:
    return ADAPTER.conversation(ADAPTER.event(payload(path, event)))


def said(conversation: Conversation) -> list[tuple[str, str]]:
    return [(turn.role, turn.text) for turn in conversation.turns]


def test_string_and_block_content_are_the_turns(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        user("Let's migrate to Postgres 16", 1),
        assistant([text("Sure: first a dump."), text("Then pg_upgrade.")], 2),
        user([text("And the replicas?")], 3),
    )
    conversation = read(path)
    assert conversation.source == "claude-code"
    assert conversation.key == SESSION
    assert conversation.assistant == "Claude"
    assert conversation.started == when(1)
    assert conversation.turns == (
        Turn(USER, "Let's migrate to Postgres 16", when(1)),
        Turn(ASSISTANT, "Sure: first a dump.\n\nThen pg_upgrade.", when(2)),
        Turn(USER, "And the replicas?", when(3)),
    )


def test_tool_thinking_and_image_blocks_are_skipped(tmp_path: Path) -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "x"}}
    path = transcript(
        tmp_path,
        user([text("What is in the log?"), image], 1),
        assistant([{"type": "thinking", "thinking": "hmm", "signature": "s"}], 2, "msg_1"),
        assistant([{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {}}], 3, "msg_1"),
        user([{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ERROR x"}], 4),
        assistant([text("The log shows one error.")], 5, "msg_2"),
    )
    assert said(read(path)) == [
        (USER, "What is in the log?"),
        (ASSISTANT, "The log shows one error."),
    ]
    assert read(path).started == when(1)


def test_sidechain_meta_and_compact_summary_lines_are_skipped(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        user("Skill body injected by Claude Code", 0, isMeta=True),
        user("Find every caller", 1),
        user("subagent prompt", 2, isSidechain=True),
        assistant([text("subagent answer")], 3, "msg_sub", isSidechain=True),
        user(
            "This session is being continued from a previous conversation", 4, isCompactSummary=True
        ),
        assistant([text("There are three callers.")], 5, "msg_main"),
    )
    conversation = read(path)
    assert said(conversation) == [
        (USER, "Find every caller"),
        (ASSISTANT, "There are three callers."),
    ]
    assert conversation.started == when(1)


@pytest.mark.parametrize(
    "plumbing",
    [
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n"
        "<command-args></command-args>",
        "<command-message>review</command-message>\n<command-name>/review</command-name>\n"
        "<command-args>408</command-args>",
        "<local-command-stdout>Set model to opus</local-command-stdout>",
        "<local-command-stderr>failed</local-command-stderr>",
        "<local-command-caveat>Caveat: The messages below were generated by the user while running "
        "local commands. DO NOT respond to these messages.</local-command-caveat>",
        "Caveat: The messages below were generated by the user while running local commands. "
        "DO NOT respond to these messages or otherwise consider them in your response.",
        "<system-reminder>\nThe date changed.\n</system-reminder>",
        "<bash-input>ls</bash-input>",
        "<bash-stdout>a.txt</bash-stdout><bash-stderr></bash-stderr>",
        "<task-notification>task done</task-notification>",
        "[Request interrupted by user]",
        "[Request interrupted by user for tool use]",
    ],
)
def test_claude_codes_plumbing_is_not_a_user_turn(tmp_path: Path, plumbing: str) -> None:
    path = transcript(
        tmp_path,
        user(plumbing, 1),
        user([text(plumbing)], 2),
        user("Gw: tolong cek log deploy kemarin", 3),
    )
    conversation = read(path)
    assert said(conversation) == [(USER, "Gw: tolong cek log deploy kemarin")]
    assert conversation.started == when(3)
    assert conversation.title == "Gw: tolong cek log deploy kemarin"
    assert is_plumbing(plumbing)


def test_words_around_a_tag_are_kept_and_a_reminder_block_beside_them_is_not(
    tmp_path: Path,
) -> None:
    path = transcript(
        tmp_path,
        user(
            [text("Why is <command-name> in my log?"), text("<system-reminder>x</system-reminder>")]
        ),
        user("<system-reminder>x</system-reminder> and then the question", 1),
        user("<command-name>/x</command-name> unclosed <command-args>", 2),
    )
    assert said(read(path)) == [
        (USER, "Why is <command-name> in my log?"),
        (USER, "<system-reminder>x</system-reminder> and then the question"),
        (USER, "<command-name>/x</command-name> unclosed <command-args>"),
    ]
    assert not is_plumbing("<b>bold</b>")


def test_one_assistant_message_split_across_lines_is_one_turn(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        user("Plan the migration", 1),
        assistant([{"type": "thinking", "thinking": "..."}], 2, "msg_A"),
        assistant([text("Step one: dump.")], 3, "msg_A"),
        assistant([{"type": "tool_use", "id": "t1", "name": "Read", "input": {}}], 4, "msg_A"),
        user([{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}], 5),
        assistant([text("Step two: restore.")], 6, "msg_A"),
        assistant([text("Done reading; here is the plan.")], 7, "msg_B"),
    )
    assert read(path).turns == (
        Turn(USER, "Plan the migration", when(1)),
        Turn(ASSISTANT, "Step one: dump.\n\nStep two: restore.", when(3)),
        Turn(ASSISTANT, "Done reading; here is the plan.", when(7)),
    )


def test_a_user_turn_between_parts_of_one_message_id_keeps_them_apart(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        assistant([text("first")], 1, "msg_A"),
        user("in between", 2),
        assistant([text("second")], 3, "msg_A"),
    )
    assert said(read(path)) == [(ASSISTANT, "first"), (USER, "in between"), (ASSISTANT, "second")]


def test_the_last_summary_line_is_the_title(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        summary("Old   topic"),
        user("Let's migrate to Postgres 16", 1),
        assistant([text("Okay.")], 2),
        summary("Postgres 16\nmigration plan"),
    )
    assert read(path).title == "Postgres 16 migration plan"


def test_without_a_summary_the_title_is_the_first_user_line_cut_at_a_word(tmp_path: Path) -> None:
    first = (
        "  Please   review the deployment pipeline for the payments service and tell me what "
        "breaks\nsecond line"
    )
    path = transcript(tmp_path, assistant([text("Hello")], 0), user(first, 1), user("later", 2))
    title = read(path).title
    assert title == "Please review the deployment pipeline for the payments"
    assert len(title) <= 60


def test_without_a_user_turn_the_title_is_the_default(tmp_path: Path) -> None:
    path = transcript(tmp_path, assistant([text("Ready when you are.")], 1))
    assert read(path).title == "Claude Code session"


def test_cut_title() -> None:
    assert cut_title("short") == "short"
    assert cut_title("a" * 60) == "a" * 60
    assert cut_title("a" * 70) == "a" * 60
    assert cut_title("word " * 20) == ("word " * 12).strip()
    assert cut_title(("x" * 59) + " tail") == "x" * 59
    assert cut_title(("x" * 60) + " tail") == "x" * 60


def test_a_half_written_last_line_is_skipped(tmp_path: Path) -> None:
    path = transcript(
        tmp_path, user("Let's migrate to Postgres 16", 1), assistant([text("Yes.")], 2)
    )
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(assistant([text("cut off here")], 3, "msg_2"))[:40])
    assert said(read(path)) == [(USER, "Let's migrate to Postgres 16"), (ASSISTANT, "Yes.")]


def test_lines_that_are_not_objects_or_not_utf8_are_skipped(tmp_path: Path) -> None:
    path = transcript(tmp_path, "[1, 2]", "null", "", "{not json", user("hi", 1))
    with path.open("ab") as file:
        file.write(
            '{"type": "user", "message": {"content": "caf\u00e9"}}'.encode("latin-1") + b"\n"
        )
    assert said(read(path)) == [(USER, "hi")]


@pytest.mark.parametrize("content", ["", "\n\n", "{broken\n[1]\n", "\xff\xfe garbage\n"])
def test_a_transcript_with_no_readable_line_is_a_file_format_error(
    tmp_path: Path, content: str
) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(content.encode("latin-1"))
    with pytest.raises(FileFormatError) as raised:
        read(path)
    assert raised.value.path == path
    assert str(path) in str(raised.value)


def test_a_transcript_without_any_time_is_a_file_format_error(tmp_path: Path) -> None:
    path = transcript(tmp_path, {"type": "user", "message": {"role": "user", "content": "hi"}})
    with pytest.raises(FileFormatError, match="time"):
        read(path)


def test_readable_lines_without_turns_start_at_the_first_time(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        {"type": "file-history-snapshot", "messageId": "m", "snapshot": {}},
        {"type": "system", "timestamp": at(4), "content": "hook ran"},
        user("<command-name>/clear</command-name>", 5),
    )
    conversation = read(path)
    assert conversation.turns == ()
    assert conversation.started == when(4)
    assert conversation.title == "Claude Code session"


def test_a_missing_transcript_or_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "gone.jsonl"
    with pytest.raises(UsageError) as raised:
        read(missing)
    assert raised.value.path == missing
    assert "gone.jsonl" in str(raised.value)
    with pytest.raises(UsageError, match="not a file"):
        read(tmp_path)


def test_times_are_aware_utc(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        {**user("offset", 0), "timestamp": "2026-03-05T16:00:01+07:00"},
        {**user("no zone", 0), "timestamp": "2026-03-05T09:00:02"},
        {**user("no time", 0), "timestamp": "yesterday"},
    )
    conversation = read(path)
    assert conversation.started == datetime(2026, 3, 5, 9, 0, 1, tzinfo=UTC)
    assert conversation.started.utcoffset() is not None
    assert [t.at for t in conversation.turns] == [
        datetime(2026, 3, 5, 9, 0, 1, tzinfo=UTC),
        datetime(2026, 3, 5, 9, 0, 2, tzinfo=UTC),
        None,
    ]


def test_the_same_session_read_as_it_grows(tmp_path: Path) -> None:
    path = transcript(
        tmp_path,
        user("Gw: tolong cek log deploy kemarin", 1),
        assistant([text("Deploy kemarin gagal di langkah migrasi.")], 2, "msg_1"),
    )
    before = read(path, "PreCompact")
    transcript(
        tmp_path,
        assistant([text("Log-nya menunjukkan timeout.")], 3, "msg_1"),
        user("Let's migrate to Postgres 16", 4),
        assistant([text("Then we pin the client to 16 too.")], 5, "msg_2"),
    )
    after = read(path, "SessionEnd")
    assert after.key == before.key == SESSION
    assert after.started == before.started == when(1)
    assert after.title == before.title == "Gw: tolong cek log deploy kemarin"
    assert said(before)[0] == said(after)[0]
    assert said(after) == [
        (USER, "Gw: tolong cek log deploy kemarin"),
        (ASSISTANT, "Deploy kemarin gagal di langkah migrasi.\n\nLog-nya menunjukkan timeout."),
        (USER, "Let's migrate to Postgres 16"),
        (ASSISTANT, "Then we pin the client to 16 too."),
    ]
    grown = after.turns[1].text
    assert grown.startswith(before.turns[1].text)
    assert len(after.turns) > len(before.turns)


def test_the_payload_is_read_into_an_event(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    text_in = json.dumps(payload(path, "PreCompact", trigger="auto", custom_instructions=""))
    event = ADAPTER.event(read_payload(text_in))
    assert event == HookEvent("claude-code", SESSION, "PreCompact", path, "/project")
    assert ADAPTER.name == "claude-code"
    no_cwd = {k: v for k, v in payload(path).items() if k != "cwd"}
    assert ADAPTER.event({**no_cwd, "reason": "prompt_input_exit"}).cwd is None


@pytest.mark.parametrize(
    ("stdin", "complaint"),
    [
        ("", "not JSON"),
        ("{session_id: x}", "not JSON"),
        ('["session_id"]', "an array"),
        ('"text"', "a string"),
        ("3", "a number"),
        ("null", "null"),
    ],
)
def test_a_payload_that_is_not_a_json_object_is_a_usage_error(stdin: str, complaint: str) -> None:
    with pytest.raises(UsageError, match=complaint):
        read_payload(stdin)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"session_id": None}, "session_id"),
        ({"session_id": ""}, "session_id"),
        ({"session_id": 42}, "session_id"),
        ({"session_id": "../../etc/passwd"}, "session_id"),
        ({"session_id": "a b"}, "session_id"),
        ({"session_id": "..."}, "session_id"),
        ({"session_id": "x" * 129}, "session_id"),
        ({"transcript_path": None}, "transcript_path"),
        ({"transcript_path": 7}, "transcript_path"),
        ({"transcript_path": ["a.jsonl"]}, "transcript_path"),
        ({"transcript_path": ""}, "transcript_path"),
        ({"hook_event_name": None}, "hook_event_name"),
    ],
)
def test_a_payload_the_adapter_cannot_read_is_a_usage_error(
    tmp_path: Path, change: dict[str, object], complaint: str
) -> None:
    given = {**payload(tmp_path / "t.jsonl"), **change}
    given = {k: v for k, v in given.items() if v is not None}
    with pytest.raises(UsageError, match=complaint):
        ADAPTER.event(read_payload(json.dumps(given)))


def test_a_safe_session_id_of_the_longest_length_is_a_key(tmp_path: Path) -> None:
    path = transcript(tmp_path, user("hi", 1))
    longest = "A-z_0.9" + "x" * 121
    conversation = ADAPTER.conversation(ADAPTER.event({**payload(path), "session_id": longest}))
    assert conversation.key == longest
