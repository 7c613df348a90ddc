"""The AnythingLLM client against a fake server that answers as AnythingLLM's source does."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable

import pytest

from tests.fixtures.anythingllm_server import (  # noqa: F401
    AnythingLLMServer,
    anythingllm_fixture,
)
from vaultkit.anythingllm.client import AnythingLLM, api_url, day_of_title
from vaultkit.errors import (
    EndpointError,
    EndpointUnavailableError,
    HTTPStatusError,
    UnusableStatusError,
    UsageError,
)

MAY_1 = "Met Dana about the garden irrigation pipes; ordered drip hoses and a timer."
MAY_2 = "Debugged the sqlite migration for the invoice tool; the index was missing."
MAY_2_AGAIN = "Rewrote the invoice tool's export to CSV; sqlite is gone from it now."


@pytest.fixture
def pauses() -> list[float]:
    return []


@pytest.fixture
def client(anythingllm: AnythingLLMServer, pauses: list[float]) -> Callable[..., AnythingLLM]:
    """A client of the fake server; keyword arguments override the defaults."""

    def make(**options: object) -> AnythingLLM:
        settings: dict[str, object] = {
            "api_key": anythingllm.api_key,
            "workspace": "Vaultkit Memory",
            "timeout": 5.0,
            "retries": 3,
            "sleep": pauses.append,
            **options,
        }
        return AnythingLLM(anythingllm.url, **settings)  # type: ignore[arg-type]

    return make


def one_line(exc: pytest.ExceptionInfo[BaseException]) -> str:
    text = str(exc.value)
    assert "\n" not in text and "Traceback" not in text
    return text


# The round trip


def test_push_search_remove_round_trip(anythingllm: AnythingLLMServer, client) -> None:
    llm = client()
    first = llm.push("2024-05-01", MAY_1)
    second = llm.push("2024-05-02", MAY_2)

    assert first.startswith("custom-documents/raw-2024-05-01-") and first.endswith(".json")
    assert anythingllm.embedded("vaultkit-memory") == [first, second]
    hits = llm.search("garden irrigation hoses", top_n=5)
    assert [day for day, _ in hits] == ["2024-05-01", "2024-05-02"]
    assert 0 < hits[0][1] <= 1 and hits[1][1] == 0.0  # no word in common: kept, with 0

    llm.remove(first)
    assert anythingllm.embedded("vaultkit-memory") == [second]
    assert first not in anythingllm.files
    assert "2024-05-01" not in [day for day, _ in llm.search("garden irrigation", top_n=5)]


def test_search_sends_the_api_fields_and_keeps_each_days_best_chunk(
    anythingllm: AnythingLLMServer, client
) -> None:
    anythingllm.chunk_chars = 20  # a day's text becomes several chunks, so several hits
    llm = client()
    llm.push("2024-05-01", MAY_1)
    llm.push("2024-05-02", MAY_2)

    hits = llm.search("garden timer sqlite", top_n=2)
    assert sorted(day for day, _ in hits) == ["2024-05-01", "2024-05-02"]
    sent = [r for r in anythingllm.requests if r.path.endswith("/vector-search")][-1].json
    assert sent == {"query": "garden timer sqlite", "topN": 6, "scoreThreshold": 0}
    assert len(llm.search("garden", top_n=1)) == 1


def test_an_update_is_remove_then_push(anythingllm: AnythingLLMServer, client) -> None:
    llm = client()
    old = llm.push("2024-05-02", MAY_2)
    llm.remove(old)
    new = llm.push("2024-05-02", MAY_2_AGAIN)

    assert new != old
    assert anythingllm.embedded("vaultkit-memory") == [new]
    assert list(anythingllm.files) == [new]
    assert llm.search("export csv", top_n=3)[0][0] == "2024-05-02"
    # Nothing of the old text is left: its words find the day only with no similarity at all
    # (a threshold of 0 keeps every hit, as the server's `score < threshold` test does).
    assert llm.search("migration index missing", top_n=3) == [("2024-05-02", 0.0)]


def test_a_late_failure_of_the_embedding_call_does_not_embed_twice(
    anythingllm: AnythingLLMServer, client, pauses: list[float]
) -> None:
    # The server embedded the document, then answered 500: the retry sends the location in
    # `deletes` and `adds` both, so it replaces that embedding instead of adding a second one.
    llm = client()
    llm.ensure_workspace()
    anythingllm.fail_next(1, path="update-embeddings", late=True)
    location = llm.push("2024-05-01", MAY_1)

    assert anythingllm.embedded("vaultkit-memory") == [location]
    assert anythingllm.vector_count("vaultkit-memory") == 1
    assert pauses == [0.5]


# The workspace


def test_a_missing_workspace_is_created_and_then_found_by_name(
    anythingllm: AnythingLLMServer, client
) -> None:
    assert anythingllm.workspaces == {}
    assert client().ensure_workspace() == "vaultkit-memory"
    sent = [r.json for r in anythingllm.requests if r.path.endswith("/workspace/new")]
    assert sent == [{"name": "Vaultkit Memory"}]

    # A later run finds it by its name (the slug differs), and one named by slug directly.
    assert client().ensure_workspace() == "vaultkit-memory"
    assert client(workspace="vaultkit-memory").ensure_workspace() == "vaultkit-memory"
    assert list(anythingllm.workspaces) == ["vaultkit-memory"]


def test_pushing_creates_the_workspace_when_missing(anythingllm: AnythingLLMServer, client) -> None:
    location = client(workspace="notes").push("2024-05-01", MAY_1)
    assert anythingllm.embedded("notes") == [location]


def test_an_older_servers_workspace_answers_are_understood() -> None:
    server = AnythingLLMServer(legacy=True).start()  # `{"workspace": null}` when unknown
    try:
        llm = AnythingLLM(server.url + "/api", server.api_key, "notes", retries=0)
        assert llm.ensure_workspace() == "notes"
        assert AnythingLLM(server.url, server.api_key, "notes").ensure_workspace() == "notes"
        assert list(server.workspaces) == ["notes"]
    finally:
        server.stop()


def test_search_of_a_missing_workspace_is_empty_and_creates_nothing(
    anythingllm: AnythingLLMServer, client
) -> None:
    assert client().search("anything", top_n=3) == []
    assert anythingllm.workspaces == {}


def test_search_of_an_empty_workspace_is_empty(anythingllm: AnythingLLMServer, client) -> None:
    anythingllm.add_workspace("Vaultkit Memory")
    assert client().search("garden", top_n=3) == []
    assert anythingllm.requests[-1].path.endswith("/vector-search")  # the server said so


def test_a_blank_query_asks_nothing(anythingllm: AnythingLLMServer, client) -> None:
    assert client().search("   ", top_n=3) == []
    assert client().search("garden", top_n=0) == []
    assert anythingllm.requests == []


# Documents gone or not embedded


def test_removing_a_document_already_deleted_is_fine(
    anythingllm: AnythingLLMServer, client
) -> None:
    llm = client()
    location = llm.push("2024-05-01", MAY_1)
    anythingllm.vanish(location)  # deleted behind the client's back

    llm.remove(location)
    llm.remove(location)
    assert anythingllm.embedded("vaultkit-memory") == []
    assert llm.search("garden", top_n=3) == []


def test_a_document_the_server_did_not_embed_is_an_error_and_deleted_again(
    anythingllm: AnythingLLMServer, client
) -> None:
    anythingllm.embedder_online = False  # update-embeddings still answers 200
    with pytest.raises(EndpointError) as caught:
        client().push("2024-05-01", MAY_1)
    message = one_line(caught)
    assert "did not embed 2024-05-01" in message and anythingllm.url in message
    assert anythingllm.files == {}


def test_the_servers_own_reason_for_an_empty_text_is_shown(client) -> None:
    with pytest.raises(HTTPStatusError) as caught:
        client().push("2024-05-01", "")
    assert caught.value.status == 422
    message = one_line(caught)
    assert message.startswith("AnythingLLM upload of 2024-05-01: POST http://127.0.0.1:")
    assert "The 'textContent' key cannot have an empty value." in message


def test_the_collector_being_offline_is_a_server_error(
    anythingllm: AnythingLLMServer, client
) -> None:
    anythingllm.collector_online = False
    with pytest.raises(UnusableStatusError) as caught:
        client(retries=0).push("2024-05-01", MAY_1)
    assert "Document processing API is not online" in one_line(caught)


def test_a_day_must_be_a_date(anythingllm: AnythingLLMServer, client) -> None:
    with pytest.raises(UsageError):
        client().push("May 1st", MAY_1)
    assert anythingllm.requests == []


# The key


def test_a_rejected_key_names_its_environment_variable(
    anythingllm: AnythingLLMServer, client
) -> None:
    llm = client(api_key="WRONG-KEY-9", key_env="ANYTHINGLLM_API_KEY")
    with pytest.raises(UnusableStatusError) as caught:
        llm.ensure_workspace()
    message = one_line(caught)
    assert caught.value.status == 403
    assert message.startswith(f"AnythingLLM at {anythingllm.url}/api/v1 rejected the API key")
    assert "No valid api key found." in message and "set ANYTHINGLLM_API_KEY" in message
    assert "WRONG-KEY-9" not in message
    assert len(anythingllm.requests) == 1  # a 403 is not retried


def test_a_rejected_key_on_a_post_and_no_key_at_all(client) -> None:
    with pytest.raises(EndpointUnavailableError) as caught:
        client(api_key="WRONG-KEY-9").search("garden", top_n=3)
    assert "rejected the API key (HTTP 403" in one_line(caught)
    assert "set " not in str(caught.value)  # no variable named, none told
    with pytest.raises(EndpointUnavailableError) as caught:
        client(api_key=None, key_env="ANYTHINGLLM_API_KEY").push("2024-05-01", MAY_1)
    assert "needs an API key and none was sent" in one_line(caught)


# Transient failures


def test_5xx_answers_are_retried_until_success(
    anythingllm: AnythingLLMServer, client, pauses: list[float]
) -> None:
    llm = client()
    anythingllm.fail_next(2)  # the GET workspace lookup
    assert llm.ensure_workspace() == "vaultkit-memory"
    anythingllm.fail_next(2, 502, path="raw-text")
    anythingllm.fail_next(1, 503, path="update-embeddings", **{"Retry-After": "3"})
    location = llm.push("2024-05-01", MAY_1)

    assert anythingllm.embedded("vaultkit-memory") == [location]
    assert pauses == [0.5, 1.0, 0.5, 1.0, 3.0]
    anythingllm.fail_next(1, path="remove-documents")  # the DELETE
    llm.remove(location)
    assert anythingllm.files == {}


def test_5xx_after_the_last_retry_is_one_line(
    anythingllm: AnythingLLMServer, client, pauses: list[float]
) -> None:
    anythingllm.fail_next(3)
    with pytest.raises(UnusableStatusError) as caught:
        client(retries=2).ensure_workspace()
    message = one_line(caught)
    assert message == (
        f"AnythingLLM workspace lookup: GET {anythingllm.url}/api/v1/workspace/Vaultkit%20Memory"
        " failed with HTTP 500 after 3 attempts: Internal Server Error"
    )
    assert pauses == [0.5, 1.0]


def test_a_timeout_is_one_line(anythingllm: AnythingLLMServer, client) -> None:
    anythingllm.stall_next(1.0, count=2)
    with pytest.raises(EndpointUnavailableError) as caught:
        client(timeout=0.1, retries=1).ensure_workspace()
    assert one_line(caught) == (
        f"AnythingLLM workspace lookup: GET {anythingllm.url}/api/v1/workspace/Vaultkit%20Memory"
        " failed after 2 attempts:"
        " timed out after 0.1 s"
    )


def test_a_timeout_on_a_post_is_one_line(anythingllm: AnythingLLMServer, client) -> None:
    llm = client(timeout=0.1, retries=0)
    llm.ensure_workspace()
    anythingllm.stall_next(1.0)
    with pytest.raises(EndpointUnavailableError) as caught:
        llm.search("garden", top_n=3)
    message = one_line(caught)
    assert message.startswith("AnythingLLM search: POST http://127.0.0.1:")
    assert message.endswith("/vector-search failed: timed out after 0.1 s")


def test_a_server_that_is_not_there() -> None:
    llm = AnythingLLM("http://127.0.0.1:9", "key", "notes", retries=0)
    with pytest.raises(EndpointUnavailableError) as caught:
        llm.ensure_workspace()
    assert one_line(caught) == (
        "AnythingLLM workspace lookup: GET http://127.0.0.1:9/api/v1/workspace/notes failed:"
        " connection refused"
    )


# The fake server itself answers as the source does


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "answer"),
    [
        ("GET", "auth", None, 200, {"authenticated": True}),
        ("POST", "workspace/new", {}, 200, {"message": "name cannot be null"}),
        ("GET", "workspace/nope", None, 200, {"workspace": []}),
        ("POST", "workspace/nope/update-embeddings", {"adds": []}, 400, "Bad Request"),
        (
            "POST",
            "workspace/nope/vector-search",
            {"query": "x"},
            400,
            {"message": "Workspace nope is not a valid workspace."},
        ),
        (
            "POST",
            "workspace/notes/vector-search",
            {"query": ""},
            400,
            {"message": "Query parameter cannot be empty."},
        ),
        (
            "POST",
            "workspace/notes/vector-search",
            {"query": "x"},
            200,
            {"results": [], "message": "No embeddings found for this workspace."},
        ),
        ("POST", "document/raw-text", {"textContent": "x", "metadata": {}}, 422, None),
        ("DELETE", "system/remove-documents", {}, 500, "Internal Server Error"),
        (
            "DELETE",
            "system/remove-documents",
            {"names": ["custom-documents/gone.json"]},
            200,
            {"success": True, "message": "Documents removed successfully"},
        ),
    ],
)
def test_the_fake_answers_as_the_source(
    anythingllm: AnythingLLMServer, method: str, path: str, body, status: int, answer
) -> None:
    anythingllm.add_workspace("notes")
    got_status, got = raw_call(anythingllm, method, path, body, key=anythingllm.api_key)
    assert got_status == status
    if answer is None:
        assert got["success"] is False and "'title'" in got["error"]
    else:
        assert got == answer


def test_the_fake_refuses_a_missing_or_wrong_key(anythingllm: AnythingLLMServer) -> None:
    for key in (None, "WRONG"):
        assert raw_call(anythingllm, "GET", "auth", None, key=key) == (
            403,
            {"error": "No valid api key found."},
        )


def raw_call(server: AnythingLLMServer, method: str, path: str, body, *, key: str | None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(
        f"{server.url}/api/v1/{path}", data=data, headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            status, raw, kind = response.status, response.read(), response.headers["Content-Type"]
    except urllib.error.HTTPError as exc:
        status, raw, kind = exc.code, exc.read(), exc.headers["Content-Type"]
    text = raw.decode("utf-8")
    return status, json.loads(text) if kind.startswith("application/json") else text


# Helpers


@pytest.mark.parametrize(
    "base",
    ["http://h:3001", "http://h:3001/", "http://h:3001/api", "http://h:3001/api/v1/"],
)
def test_api_url(base: str) -> None:
    assert api_url(base) == "http://h:3001/api/v1"


def test_day_of_title() -> None:
    assert day_of_title("2024-05-01.txt") == "2024-05-01"
    assert day_of_title("2024-05-01") == "2024-05-01"
    assert day_of_title("2024-02-30.txt") is None
    assert day_of_title("notes.txt") is None
    assert day_of_title(None) is None
