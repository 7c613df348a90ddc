"""The OpenAI-compatible summarizer and its HTTP client, against a real server on 127.0.0.1."""

from __future__ import annotations

import json
import socket
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.llm_server import Reply, chat, error, fake_embedding
from vaultkit.config import Config, SummarizerConfig, load_config
from vaultkit.errors import HTTPStatusError, SummarizerError
from vaultkit.http_client import post_json, redact_url
from vaultkit.model import DayFields, DayInput
from vaultkit.summarize import make_summarizer
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.summarize.openai import (
    ANSWER_SCHEMA,
    OpenAISummarizer,
    fields_from_answer,
    user_prompt,
)
from vaultkit.text.vocabulary import Vocabulary

REPO = Path(__file__).resolve().parents[2]
KEY_ENV = "VAULTKIT_TEST_LLM_KEY"
DAY = DayInput(
    date(2026, 7, 6),
    "# 2026-07-06\n\n- Payments API outage, 37 minutes after the v2.14.0 deploy: Redis ran out"
    " of connections, PagerDuty paged Sari. Rolled back to v2.13.3.\n- Postmortem due"
    " Wednesday.\n",
    (
        (
            "chats/2026-07-06/telegram-incident.md",
            "Gading: error rate?\nNouva: 0.3%, back to normal.",
        ),
    ),
)
GOOD = {
    "people": ["Gading", "Sari"],
    "projects": ["Payments API"],
    "technologies": ["Redis"],
    "libraries": [],
    "uncategorized": {"projects": [], "technologies": ["PagerDuty"], "libraries": []},
    "importance": 9,
    "mood": "Stressed",
    "bullets": [
        "Payments API outage of 37 minutes after the v2.14.0 deploy.",
        "- Rolled back to v2.13.3; error rate back to normal.",
        "Postmortem due Wednesday.",
    ],
}
EXPECTED = DayFields(
    people=("Gading", "Sari"),
    projects=("Payments API",),
    technologies=("Redis", "PagerDuty"),
    libraries=(),
    importance=9,
    mood="stressed",
    bullets=(
        "Payments API outage of 37 minutes after the v2.14.0 deploy.",
        "Rolled back to v2.13.3; error rate back to normal.",
        "Postmortem due Wednesday.",
    ),
)


@pytest.fixture
def vocabulary() -> Vocabulary:
    config = load_config(REPO / "memory_config.json")
    return Vocabulary(config.vocabulary, config.people)


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def make(llm_server, vocabulary, sleeps, monkeypatch):
    """An OpenAISummarizer pointed at the test server, with tiny timeouts and recorded sleeps."""
    monkeypatch.delenv(KEY_ENV, raising=False)

    def build(**overrides) -> OpenAISummarizer:
        settings = {
            "backend": "openai",
            "base_url": llm_server.url,
            "model": "test-model",
            "api_key_env": KEY_ENV,
            "timeout": 0.2,
            "retries": 2,
            **overrides,
        }
        return OpenAISummarizer(
            SummarizerConfig(**settings),
            vocabulary,
            fallback=OfflineSummarizer(vocabulary),
            sleep=sleeps.append,
        )

    return build


def test_good_answer_becomes_fields_and_the_prompt_carries_the_vocabulary(llm_server, make):
    llm_server.reply(chat(GOOD))
    assert make().summarize(DAY) == EXPECTED

    [request] = llm_server.requests
    assert request.path == "/v1/chat/completions"
    sent = request.json
    assert sent["model"] == "test-model"
    system, user = sent["messages"]
    assert system["role"] == "system" and user["role"] == "user"
    for term in ("Nouverse Core", "Payments API", "Kubernetes", "PostgreSQL", "FastAPI", "pytest"):
        assert term in system["content"]
    for person in ("Gading", "Rina", "Freedy", "Sari", "Budi"):
        assert person in system["content"]
    assert "k8s -> Kubernetes" in system["content"] and "fred -> Freedy" in system["content"]
    assert "uncategorized" in system["content"] and "Never invent dates" in system["content"]
    assert "Date: 2026-07-06" in user["content"] and "Rolled back to v2.13.3" in user["content"]
    assert "telegram-incident.md" in user["content"] and "Nouva: 0.3%" in user["content"]
    assert sent["response_format"]["type"] == "json_schema"
    schema = sent["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["importance"] == {"type": "integer", "minimum": 1, "maximum": 10}
    assert "related_dates" not in schema["properties"]


def test_no_authorization_header_without_a_key(llm_server, make):
    llm_server.reply(chat(GOOD))
    make().summarize(DAY)
    assert "Authorization" not in llm_server.requests[0].headers


def test_authorization_header_with_a_key_and_the_key_never_in_messages(
    llm_server,
    make,
    monkeypatch,
):
    monkeypatch.setenv(KEY_ENV, "sk-test-secret")
    llm_server.reply(chat(GOOD), error(401, "bad key sk-test-secret"))
    summarizer = make()
    summarizer.summarize(DAY)
    assert llm_server.requests[0].headers["Authorization"] == "Bearer sk-test-secret"
    with pytest.raises(SummarizerError) as caught:
        summarizer.summarize(DAY)
    assert "sk-test-secret" not in str(caught.value)
    assert "HTTP 401" in str(caught.value)
    assert len(llm_server.requests) == 2  # a 401 is not retried


def test_timeout_then_success(llm_server, make, sleeps):
    llm_server.reply(Reply(delay=2.0), chat(GOOD))
    assert make().summarize(DAY) == EXPECTED
    assert sleeps == [0.5]
    assert len(llm_server.requests) == 2


def test_500_then_success(llm_server, make, sleeps):
    llm_server.reply(error(500), error(502), chat(GOOD))
    assert make().summarize(DAY) == EXPECTED
    assert sleeps == [0.5, 1.0]  # exponential backoff, no jitter


def test_429_waits_as_long_as_retry_after_says(llm_server, make, sleeps):
    llm_server.reply(error(429, "slow down", **{"Retry-After": "3"}), chat(GOOD))
    assert make().summarize(DAY) == EXPECTED
    assert sleeps == [3.0]


def test_503_retry_after_is_capped_and_a_date_form_falls_back_to_backoff(llm_server, make, sleeps):
    llm_server.reply(
        error(503, **{"Retry-After": "86400"}),
        error(503, **{"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}),
        chat(GOOD),
    )
    assert make().summarize(DAY) == EXPECTED
    assert sleeps == [60.0, 1.0]


def test_gives_up_after_the_retries_with_a_one_line_message(llm_server, make, sleeps):
    llm_server.reply(error(500, "boom\nwith a second line"), error(500), error(500, "still down"))
    with pytest.raises(SummarizerError) as caught:
        make().summarize(DAY)
    message = str(caught.value)
    assert message == (
        f"POST {llm_server.url}/chat/completions failed with HTTP 500 after 3 attempts: still down"
    )
    assert "\n" not in message
    assert sleeps == [0.5, 1.0]
    assert len(llm_server.requests) == 4  # and json_object asked once: the server is down


def test_timeouts_to_the_end_give_up(llm_server, make, sleeps):
    llm_server.reply(Reply(delay=2.0), Reply(delay=2.0))
    with pytest.raises(SummarizerError, match=r"failed after 2 attempts: timed out"):
        make(retries=1).summarize(DAY)


def test_unreachable_server(vocabulary, sleeps):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = SummarizerConfig(
        backend="openai", base_url=f"http://127.0.0.1:{port}/v1", model="m", timeout=0.2, retries=1
    )
    with pytest.raises(SummarizerError) as caught:
        OpenAISummarizer(
            config, vocabulary, fallback=OfflineSummarizer(vocabulary), sleep=sleeps.append
        ).summarize(DAY)
    assert str(caught.value) == (
        f"POST http://127.0.0.1:{port}/v1/chat/completions failed after 2 attempts: "
        "connection refused"
    )
    assert sleeps == [0.5]


def test_malformed_json_is_refused(llm_server, make):
    llm_server.reply(chat('{"importance": 5, "bullets": ["a", '))
    with pytest.raises(SummarizerError, match=r"2026-07-06: the LLM answer is not valid JSON"):
        make().summarize(DAY)


def test_a_response_that_is_not_json_at_all_is_refused(llm_server, make):
    llm_server.reply(Reply(body="<html>proxy error</html>"))
    with pytest.raises(SummarizerError, match="answered with something that is not JSON"):
        make().summarize(DAY)


@pytest.mark.parametrize("importance", [0, 11, -3, 7.5, "7", True, None])
def test_out_of_range_or_mistyped_importance_is_the_offline_readings(
    llm_server, make, vocabulary, importance
):
    llm_server.reply(chat({**GOOD, "importance": importance}))
    fields = make().summarize(DAY)
    assert fields.importance == OfflineSummarizer(vocabulary).summarize(DAY).importance
    assert fields.notes == (
        f"importance: {json.dumps(importance)} is not an integer 1-10; the offline reading's",
    )
    with pytest.raises(SummarizerError, match=r"importance .* not an integer 1\.\.10"):
        fields_from_answer(json.dumps({**GOOD, "importance": importance}), DAY)  # no fallback


@pytest.mark.parametrize(
    ("key", "value", "complaint"),
    [
        ("people", "Gading", "`people` that is not a list"),
        ("projects", [1, 2], "`projects` with a non-string item"),
        ("technologies", [{"name": "Redis"}], "`technologies` with a non-string item"),
        ("bullets", "one bullet", "`bullets` that is not a list"),
        ("bullets", [], "no bullets"),
        ("bullets", ["  ", ""], "no bullets"),
        ("uncategorized", ["Qdrant"], "`uncategorized` that is not an object"),
        ("mood", 3, "mood that is not a short string"),
        ("libraries", ["x" * 500], "`libraries` with an overlong item"),
    ],
)
def test_wrong_types_are_refused(llm_server, make, key, value, complaint):
    llm_server.reply(chat({**GOOD, key: value}))
    with pytest.raises(SummarizerError, match=complaint):
        make().summarize(DAY)


def test_a_missing_importance_is_the_offline_readings(llm_server, make):
    answer = {k: v for k, v in GOOD.items() if k != "importance"}
    llm_server.reply(chat(answer))
    assert make().summarize(DAY).notes == (
        "importance: null is not an integer 1-10; the offline reading's",
    )


def test_extra_fields_and_invented_dates_are_ignored(llm_server, make):
    answer = {
        **GOOD,
        "related_dates": ["2031-02-30", "2026-07-01"],
        "date": "1999-01-01",
        "summary": "An invented field.",
    }
    llm_server.reply(chat(answer))
    assert make().summarize(DAY) == EXPECTED


def test_rejected_response_format_falls_back_to_json_in_text(llm_server, make):
    fenced = "Here you go:\n```json\n" + json.dumps(GOOD, indent=2) + "\n```"
    llm_server.reply(
        error(400, "response_format json_schema is not supported"),
        chat(fenced),
        chat(json.dumps(GOOD)),
    )
    summarizer = make()
    first_day = summarizer.summarize(DAY)
    assert first_day.notes == (
        "the endpoint refused response_format json_schema; asking with json_object",
    )
    assert replace(first_day, notes=()) == EXPECTED
    first, second = (r.json for r in llm_server.requests)
    assert first["response_format"]["type"] == "json_schema"
    assert second["response_format"] == {"type": "json_object", "schema": ANSWER_SCHEMA}
    assert summarizer.summarize(DAY) == EXPECTED  # said once a run
    assert llm_server.requests[2].json["response_format"]["type"] == "json_object"


def test_a_500_to_json_schema_then_json_object_taken_is_llama_cpp_pythons_way(
    llm_server, make, sleeps
):
    llm_server.reply(error(500, "boom"), error(500, "boom"), error(500, "boom"), chat(GOOD))
    summarizer = make()
    assert summarizer.summarize(DAY).notes == (
        "the endpoint refused response_format json_schema; asking with json_object",
    )
    assert [r.json["response_format"]["type"] for r in llm_server.requests] == [
        "json_schema", "json_schema", "json_schema", "json_object",
    ]  # fmt: skip


def test_a_server_that_takes_no_format_is_asked_in_plain_text(llm_server, make):
    llm_server.reply(error(400, "no json_schema"), error(400, "no json_object"), chat(GOOD))
    fields = make().summarize(DAY)
    assert fields.notes == (
        "the endpoint refused response_format json_schema, json_object; asking with text",
    )
    assert "response_format" not in llm_server.requests[2].json


def test_a_400_without_response_format_is_not_retried(llm_server, make, sleeps):
    llm_server.reply(error(400, "bad"), error(400, "bad"), error(400, "context too long"))
    with pytest.raises(SummarizerError, match="HTTP 400: context too long"):
        make().summarize(DAY)
    assert len(llm_server.requests) == 3 and sleeps == []


def test_answers_without_content_are_refused(llm_server, make):
    llm_server.reply(Reply(body={"choices": []}), chat(""))
    summarizer = make()
    with pytest.raises(SummarizerError, match=r"no choices\[0\].message.content"):
        summarizer.summarize(DAY)
    with pytest.raises(SummarizerError, match="empty message"):
        summarizer.summarize(DAY)


def test_the_day_is_cut_to_max_input_chars(llm_server, make):
    long_day = DayInput(date(2026, 7, 6), "\n".join(f"- line {i} " + "x" * 50 for i in range(500)))
    llm_server.reply(chat(GOOD))
    make(max_input_chars=2000).summarize(long_day)
    user = llm_server.requests[0].json["messages"][1]["content"]
    assert len(user) < 2100 and user.endswith("[... the rest of the day is cut ...]")
    assert len(user_prompt(DAY, 24000)) < 24000


def test_json_parsing_tolerates_fences_and_chatter():
    for text in (
        json.dumps(GOOD),
        "```json\n" + json.dumps(GOOD) + "\n```",
        "```\n" + json.dumps(GOOD) + "\n```",
        "Sure! " + json.dumps(GOOD) + " Hope that helps.",
    ):
        assert fields_from_answer(text, DAY) == EXPECTED
    with pytest.raises(SummarizerError, match="is JSON but not an object"):
        fields_from_answer("[1, 2]", DAY)


def test_registry_builds_the_openai_summarizer(tmp_path, vocabulary):
    config = Config(root=tmp_path, summarizer=SummarizerConfig(backend="openai", model="m"))
    summarizer = make_summarizer(config, vocabulary)
    assert isinstance(summarizer, OpenAISummarizer) and summarizer.name == "openai"
    assert make_summarizer(Config(root=tmp_path), vocabulary).name == "offline"


def test_client_serves_embeddings_for_a_later_backend(llm_server):
    answer = post_json(
        f"{llm_server.url}/embeddings", {"model": "e", "input": ["a", "b"]}, timeout=1, retries=0
    )
    assert [d["embedding"] for d in answer["data"]] == [fake_embedding("a"), fake_embedding("b")]
    assert llm_server.requests[0].path == "/v1/embeddings"


def test_client_error_carries_the_status(llm_server):
    llm_server.reply(error(404, "no such model"))
    with pytest.raises(HTTPStatusError) as caught:
        post_json(f"{llm_server.url}/embeddings?api-key=secret", {}, timeout=1, retries=3)
    assert caught.value.status == 404 and caught.value.detail == "no such model"
    assert "secret" not in str(caught.value)


def test_redact_url_drops_credentials_and_query():
    assert redact_url("https://user:pw@api.example.com:8443/v1/x?key=abc#f") == (
        "https://api.example.com:8443/v1/x"
    )
    assert redact_url("http://127.0.0.1/v1") == "http://127.0.0.1/v1"
