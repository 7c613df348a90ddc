"""The real-model test server itself (tools/llm_server.mjs, through tests/fixtures/real_llm.py):
that it answers the request shapes real local servers take, the way they answer them, before
any summarizer test leans on it. Not vaultkit's summarizer: that has tests of its own.

Each model call costs about a second (SmolLM2-135M on one CPU thread): about ten in all.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import jsonschema  # with the dev extra (the MCP SDK requires it)
import pytest

from tests.fixtures.real_llm import RealLLMServers

# Bounded like the summarizer's schema, so that a small model held to it by the grammar ends
# its JSON well within max_tokens: strings have a maxLength, lists a maxItems.
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "maxLength": 60},
        "people": {"type": "array", "maxItems": 3, "items": {"type": "string", "maxLength": 30}},
        "importance": {"type": "integer", "minimum": 1, "maximum": 10},
        "mood": {"type": "string", "enum": ["happy", "sad", "tired", "neutral"]},
        "urgent": {"type": "boolean"},
    },
    "required": ["title", "people", "importance", "mood", "urgent"],
    "additionalProperties": False,
}
SYSTEM = "You summarize a note. Answer with one JSON object."
NOTE_EN = "Payments API outage, 37 minutes. Gading rolled back to v2.13.3. Sari wants a postmortem."
NOTE_ID = (
    "Rapat dengan Budi dan Sari tentang migrasi database ke PostgreSQL. Budi lelah, "
    "server produksi mati selama tiga puluh menit. Besok kami harus memperbaiki cadangan."
)


def post(url: str, body: Any, timeout: float = 120) -> tuple[int, dict[str, Any]]:
    """POST JSON to `url` + /chat/completions: (status, parsed body), errors included."""
    request = urllib.request.Request(
        f"{url}/chat/completions",
        data=body if isinstance(body, bytes) else json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def ask(note: str, **extra: Any) -> dict[str, Any]:
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": note}]
    return {"messages": messages, "max_tokens": 200, "temperature": 0, **extra}


def json_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """OpenAI's, LM Studio's and llama-server's shape."""
    return {
        "type": "json_schema",
        "json_schema": {"name": "note", "strict": True, "schema": schema},
    }


def content(answer: dict[str, Any]) -> str:
    text = answer["choices"][0]["message"]["content"]
    assert isinstance(text, str)
    return text


def test_models_lists_the_model(real_llm: str) -> None:
    with urllib.request.urlopen(f"{real_llm}/models", timeout=10) as response:
        listing = json.loads(response.read())
    assert listing["object"] == "list"
    assert [m["id"] for m in listing["data"]] == ["SmolLM2-135M-Instruct"]


def test_json_schema_answer_validates(real_llm: str) -> None:
    status, answer = post(real_llm, ask(NOTE_EN, response_format=json_schema(SCHEMA)))
    assert status == 200, answer
    assert answer["object"] == "chat.completion"
    assert answer["choices"][0]["message"]["role"] == "assistant"
    assert answer["choices"][0]["finish_reason"] == "stop"
    jsonschema.validate(json.loads(content(answer)), SCHEMA)  # types, required keys, bounds
    usage = answer["usage"]
    assert usage["prompt_tokens"] > 20
    assert 0 < usage["completion_tokens"] <= 200
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]


def test_indonesian_prompt(real_llm: str) -> None:
    status, answer = post(real_llm, ask(NOTE_ID, response_format=json_schema(SCHEMA)))
    assert status == 200, answer
    jsonschema.validate(json.loads(content(answer)), SCHEMA)
    # the Indonesian note is longer than the English one, and counted as such
    _, english = post(real_llm, ask(NOTE_EN, max_tokens=1))
    assert answer["usage"]["prompt_tokens"] > english["usage"]["prompt_tokens"]


def test_max_tokens_cuts_the_answer(real_llm: str) -> None:
    status, answer = post(real_llm, ask(NOTE_EN, max_tokens=3, response_format=json_schema(SCHEMA)))
    assert status == 200, answer
    assert answer["choices"][0]["finish_reason"] == "length"
    assert answer["usage"]["completion_tokens"] == 3
    with pytest.raises(json.JSONDecodeError):
        json.loads(content(answer))  # cut mid-object, as real servers leave it


def test_same_request_same_answer(real_llm: str) -> None:
    """Sampling too (temperature above 0) repeats with the same seed; sent at once, the two are
    queued and served one after the other."""
    body = ask(NOTE_EN, max_tokens=24, temperature=0.9, seed=1234)
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: post(real_llm, body), range(2)))
    assert [status for status, _ in answers] == [200, 200]
    first, second = (content(answer) for _, answer in answers)
    assert first == second
    assert first.strip()


def test_json_object_with_and_without_schema(real_llm: str) -> None:
    status, answer = post(
        real_llm, ask(NOTE_EN, response_format={"type": "json_object", "schema": SCHEMA})
    )
    assert status == 200, answer
    jsonschema.validate(json.loads(content(answer)), SCHEMA)
    status, answer = post(
        real_llm,
        ask("Describe a cat as JSON.", max_tokens=8, response_format={"type": "json_object"}),
    )
    assert status == 200, answer
    assert content(answer).lstrip().startswith("{")  # JSON mode: an object, maybe cut short


def test_json_object_only_mode(real_llm_servers: RealLLMServers) -> None:
    url = real_llm_servers.url("json-object-only")
    status, answer = post(url, ask(NOTE_EN, response_format=json_schema(SCHEMA)))
    assert status == 500
    assert "json_schema" in answer["error"]["message"]
    status, answer = post(
        url, ask(NOTE_EN, response_format={"type": "json_object", "schema": SCHEMA})
    )
    assert status == 200, answer
    jsonschema.validate(json.loads(content(answer)), SCHEMA)


def test_no_format_mode_ignores_response_format(real_llm_servers: RealLLMServers) -> None:
    url = real_llm_servers.url("no-format")
    body = ask("Say hello to Budi.", max_tokens=16, response_format=json_schema(SCHEMA))
    status, answer = post(url, body)
    assert status == 200, answer
    assert not content(answer).lstrip().startswith("{")


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"{not json", 400),
        ({"messages": []}, 400),
        ({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 0}, 400),
        (
            {"messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "xml"}},
            400,
        ),
        ({"messages": [{"role": "user", "content": "hi"}], "stream": True}, 400),
    ],
)
def test_bad_requests_get_an_error_body(real_llm: str, body: Any, status: int) -> None:
    got, answer = post(real_llm, body, timeout=10)
    assert got == status
    assert answer["error"]["message"]
    assert answer["error"]["code"] == status
    with urllib.request.urlopen(f"{real_llm}/models", timeout=10) as response:
        assert response.status == 200  # still serving
