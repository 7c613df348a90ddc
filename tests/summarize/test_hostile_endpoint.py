"""The HTTP client and the LLM summarizer against a server that trickles, floods, nests and
lies, on 127.0.0.1: every call ends by its deadline, reads at most its cap, and fails in one
line."""

from __future__ import annotations

import json
import time
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.llm_server import Reply, chat, deep, flood, trickled
from vaultkit.config import PeopleConfig, SummarizerConfig, VocabularyConfig, config_from_dict
from vaultkit.errors import (
    ConfigError,
    EndpointError,
    EndpointUnavailableError,
    HTTPStatusError,
    SummarizerError,
    SummarizerUnavailableError,
)
from vaultkit.http_client import post_json
from vaultkit.model import DayInput
from vaultkit.strict_json import JSONLimitError, loads_guarded
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.summarize.openai import OpenAISummarizer
from vaultkit.text.vocabulary import Vocabulary

DAY = DayInput(date(2026, 7, 6), "# 2026-07-06\n\n- Payments API outage, rolled back.\n")
GOOD = {
    "people": ["Gading"],
    "projects": [],
    "technologies": [],
    "libraries": [],
    "uncategorized": {"projects": [], "technologies": [], "libraries": []},
    "importance": 7,
    "mood": "tired",
    "bullets": ["Payments API outage.", "Rolled back.", "Postmortem due."],
}


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def make(llm_server, sleeps, monkeypatch):
    """An OpenAISummarizer pointed at the test server, its pauses recorded, not slept."""
    monkeypatch.delenv("VAULTKIT_TEST_LLM_KEY", raising=False)

    def build(**overrides) -> OpenAISummarizer:
        settings = {
            "backend": "openai",
            "base_url": llm_server.url,
            "model": "test-model",
            "api_key_env": "VAULTKIT_TEST_LLM_KEY",
            "timeout": 0.5,
            "retries": 0,
            **overrides,
        }
        vocabulary = Vocabulary(VocabularyConfig(), PeopleConfig())
        return OpenAISummarizer(
            SummarizerConfig(**settings),
            vocabulary,
            fallback=OfflineSummarizer(vocabulary),
            sleep=sleeps.append,
        )

    return build


def timed(call):
    started = time.monotonic()
    try:
        call()
    except Exception as exc:
        return exc, time.monotonic() - started
    return None, time.monotonic() - started


# Time: the timeout is a deadline for the whole request.


@pytest.mark.parametrize("head", [False, True], ids=["body", "head-and-body"])
def test_a_trickled_answer_ends_at_the_deadline(llm_server, head) -> None:
    # ~600 bytes at one each 50 ms: 30 s, with no single wait anywhere near the timeout
    llm_server.reply(trickled(chat(GOOD), every=0.05, head=head))
    failed, took = timed(
        lambda: post_json(f"{llm_server.url}/chat/completions", {}, timeout=0.5, retries=0)
    )
    assert isinstance(failed, EndpointUnavailableError)
    assert str(failed) == f"POST {llm_server.url}/chat/completions failed: timed out after 0.5 s"
    assert took < 2.0


def test_each_attempt_at_a_trickle_is_bounded_and_so_is_the_day(llm_server, make, sleeps) -> None:
    llm_server.reply(*[trickled(chat(GOOD), every=0.05) for _ in range(3)])
    failed, took = timed(lambda: make(timeout=0.4, retries=2).summarize(DAY))
    assert isinstance(failed, SummarizerUnavailableError)
    assert "failed after 3 attempts: timed out" in str(failed) and "\n" not in str(failed)
    assert sleeps == [0.5, 1.0]  # the backoff as before, recorded here rather than slept
    assert took < 3 * 0.4 + 1.5
    assert len(llm_server.requests) == 3


def test_a_slow_but_steady_answer_within_the_deadline_is_read(llm_server, make) -> None:
    body = json.dumps(chat(GOOD).body).encode()
    llm_server.reply(trickled(Reply(body=body), every=2.0 / len(body)))
    assert make(timeout=10).summarize(DAY).importance == 7


# Size: at most max_answer_bytes of an answer are read.


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "no-length"])
def test_a_flood_is_cut_at_the_cap_and_not_asked_for_again(llm_server, make, declared) -> None:
    llm_server.reply(*[flood(64 << 20, declared=declared) for _ in range(3)])
    failed, took = timed(lambda: make(timeout=30, retries=2).summarize(DAY))
    assert isinstance(failed, SummarizerUnavailableError)  # the run stops trying this URL
    assert str(failed) == (
        f"POST {llm_server.url}/chat/completions failed: answer larger than 8 MiB "
        "(summarizer.max_answer_bytes)"
    )
    assert len(llm_server.requests) == 1  # not retried
    assert took < 10


def test_the_cap_is_the_configured_one(llm_server, make) -> None:
    answer = chat({**GOOD, "bullets": ["A long bullet about the outage. " * 5] * 5})
    assert 1024 < len(json.dumps(answer.body)) < 4096
    llm_server.reply(answer, answer)
    with pytest.raises(SummarizerUnavailableError, match="answer larger than 1 KiB"):
        make(max_answer_bytes=1024).summarize(DAY)
    assert make(max_answer_bytes=4096).summarize(DAY).importance == 7


def test_a_content_length_that_lies_is_not_believed_past_the_cap(llm_server, make) -> None:
    body = json.dumps(chat(GOOD).body).encode()
    llm_server.reply(Reply(body=body, length=len(body) // 2), Reply(body=body, length=1 << 40))
    with pytest.raises(SummarizerError, match="not JSON"):  # read as long as it said: cut short
        make().summarize(DAY)
    with pytest.raises(SummarizerUnavailableError, match="answer larger than 8 MiB"):
        make().summarize(DAY)


@pytest.mark.parametrize(
    ("section", "value"), [("summarizer", 10), ("search", 1000), ("summarizer", "8M")]
)
def test_max_answer_bytes_is_checked_in_the_config(tmp_path: Path, section, value) -> None:
    with pytest.raises(ConfigError, match=rf"{section}\.max_answer_bytes: expected an integer"):
        config_from_dict({"schema_version": 1, section: {"max_answer_bytes": value}}, root=tmp_path)
    default = config_from_dict({"schema_version": 1}, root=tmp_path)
    assert default.summarizer.max_answer_bytes == default.search.max_answer_bytes == 8 << 20


# Shape: JSON nested too deeply or with too long a number fails its call in one line.


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        (chat(deep(100_000)), "the LLM answer is JSON that cannot be read: nested too deeply"),
        (
            chat('{"importance": ' + "7" * 5000 + "}"),
            "the LLM answer is JSON that cannot be read: a number too long",
        ),
        (
            chat("Here: " + deep(100_000) + " done"),
            "the LLM answer is JSON that cannot be read: nested too deeply",
        ),
        (
            Reply(body='{"choices": ' + deep(100_000) + "}"),
            "answered with JSON it cannot read: nested too deeply",
        ),
        (
            Reply(body='{"id": ' + "1" * 5000 + ', "choices": []}'),
            "answered with JSON it cannot read: a number too long",
        ),
    ],
    ids=[
        "content-deep",
        "content-long-number",
        "content-deep-amid-words",
        "body-deep",
        "body-long",
    ],
)
def test_hostile_json_is_one_line_for_the_day(llm_server, make, reply, said) -> None:
    llm_server.reply(reply)
    with pytest.raises(SummarizerError) as caught:
        make().summarize(DAY)
    assert not isinstance(caught.value, SummarizerUnavailableError)  # the next day may do
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_an_error_body_nested_deeply_is_still_one_line(llm_server) -> None:
    llm_server.reply(Reply(status=400, body="[" * 4000))
    with pytest.raises(HTTPStatusError) as caught:
        post_json(f"{llm_server.url}/chat/completions", {}, timeout=2, retries=0)
    assert caught.value.status == 400 and "\n" not in str(caught.value)


def test_content_parts_that_are_not_text_are_an_empty_message(llm_server, make) -> None:
    body = chat(GOOD).body
    body["choices"][0]["message"]["content"] = [{"type": "text", "text": 5}, "x"]
    llm_server.reply(Reply(body=body))
    with pytest.raises(SummarizerError, match="empty message"):
        make().summarize(DAY)


def test_the_guarded_parser() -> None:
    assert loads_guarded(b'{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}
    with pytest.raises(JSONLimitError, match="nested too deeply"):
        loads_guarded("[" * 100_000)
    with pytest.raises(JSONLimitError, match="a number too long"):
        loads_guarded("1" * 5000)
    with pytest.raises(json.JSONDecodeError):
        loads_guarded("{")
    with pytest.raises(UnicodeDecodeError):
        loads_guarded(b"\xff")


def test_an_answer_that_is_not_an_object_is_still_refused(llm_server) -> None:
    llm_server.reply(Reply(body=[1, 2]))
    with pytest.raises(EndpointError, match="JSON that is not an object"):
        post_json(f"{llm_server.url}/chat/completions", {}, timeout=2, retries=0)
