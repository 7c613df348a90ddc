"""AnythingLLM as the search backend: sync keeps one document per day in a workspace of the fake
server (`tests/fixtures/anythingllm_server.py`), search asks its vector search and fuses it with
BM25, and falls back to BM25 alone, saying so, when the server cannot be reached."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.anythingllm_server import (  # noqa: F401
    AnythingLLMServer,
    anythingllm_fixture,
)
from vaultkit.anythingllm.client import connect, target_of
from vaultkit.anythingllm.pushed import PushedDays
from vaultkit.config import load_config

KEY_ENV = "VAULTKIT_TEST_ANYTHINGLLM_KEY"
NOTES = {
    "2026-03-02": "Rina: we adopted a puppy named Coco, a golden retriever.\n",
    "2026-03-09": "Budi: migrasi database ke PostgreSQL 16 selesai tanpa downtime.\n",
    "2026-03-16": "Sari: I went hiking in the mountains with my sister.\n",
}
AS_OF = "2026-03-20"


@pytest.fixture
def vault(tmp_path: Path, anythingllm: AnythingLLMServer, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace whose config names the fake server; returns its config file."""
    monkeypatch.setenv(KEY_ENV, anythingllm.api_key)
    root = tmp_path / "ws"
    memory = root / "vault" / "memory"
    memory.mkdir(parents=True)
    settings = {"base_url": anythingllm.url, "workspace": "Memory", "api_key_env": KEY_ENV}
    config = {"schema_version": 1, "search": {"backend": "anythingllm", "anythingllm": settings}}
    (root / "memory_config.json").write_text(json.dumps(config))
    for day, text in NOTES.items():
        (memory / f"{day}.md").write_text(f"# {day}\n\n{text}")
    return root / "memory_config.json"


def sync(cli: Callable[..., Any], config: Path, code: int = 0) -> dict[str, Any]:
    result = cli("sync", "--json", "--config", config)
    assert result.exit_code == code, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def search(cli: Callable[..., Any], config: Path, query: str) -> dict[str, Any]:
    result = cli("search", query, "--json", "--as-of", AS_OF, "--config", config)
    assert result.exit_code == 0, result.stderr
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def documents(server: AnythingLLMServer) -> dict[str, str]:
    """Embedded location -> the day of its title, in the one workspace."""
    (slug,) = server.workspaces
    return {loc: server.files[loc]["title"].removesuffix(".txt") for loc in server.embedded(slug)}


def paths(server: AnythingLLMServer, method: str = "") -> list[str]:
    return [r.path for r in server.requests if not method or r.method == method]


def test_sync_pushes_each_day_once_and_a_second_sync_sends_nothing(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    report = sync(cli, vault)
    assert sorted(report["pushed"]) == sorted(NOTES)
    assert sorted(documents(anythingllm).values()) == sorted(NOTES)
    text = next(iter(anythingllm.files.values()))["pageContent"]
    assert text.startswith("# 2026-03-02\n") and "golden retriever" in text

    anythingllm.requests.clear()
    again = sync(cli, vault)
    assert again["pushed"] == [] and again["ok"]
    assert paths(anythingllm, "POST") == [] and paths(anythingllm, "DELETE") == []


def test_an_edited_day_is_replaced_and_a_deleted_day_removed(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    sync(cli, vault)
    before = {day: loc for loc, day in documents(anythingllm).items()}
    memory = vault.parent / "vault" / "memory"
    (memory / "2026-03-09.md").write_text("# 2026-03-09\n\nBudi: rollback ke PostgreSQL 15.\n")
    (memory / "2026-03-16.md").unlink()
    (memory / "summaries" / "2026-03-16.summary.md").unlink()  # the day is gone, its summary too

    report = sync(cli, vault)

    assert sorted(report["pushed"]) == ["2026-03-09", "2026-03-16"]
    now = {day: loc for loc, day in documents(anythingllm).items()}
    assert sorted(now) == ["2026-03-02", "2026-03-09"]
    assert now["2026-03-02"] == before["2026-03-02"]
    assert now["2026-03-09"] != before["2026-03-09"]
    assert before["2026-03-09"] not in anythingllm.files  # no upsert: removed, then added
    assert before["2026-03-16"] not in anythingllm.files
    assert "rollback" in anythingllm.files[now["2026-03-09"]]["pageContent"]


def test_a_file_touched_without_a_change_sends_nothing(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    sync(cli, vault)
    note = vault.parent / "vault" / "memory" / "2026-03-02.md"
    note.write_text(note.read_text())  # a new time, the same text
    os.utime(note, ns=(1, 1))
    anythingllm.requests.clear()
    assert sync(cli, vault)["pushed"] == []
    assert paths(anythingllm, "POST") == []


def test_a_document_deleted_behind_our_back_is_pushed_again(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    sync(cli, vault)
    location = next(loc for loc, day in documents(anythingllm).items() if day == "2026-03-16")
    anythingllm.vanish(location)
    assert sync(cli, vault)["pushed"] == ["2026-03-16"]
    assert sorted(documents(anythingllm).values()) == sorted(NOTES)


def test_a_failed_push_fails_the_run_and_the_next_sync_retries_it(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    anythingllm.fail_next(3, path="raw-text")  # the first day's upload, with its 2 retries
    report = sync(cli, vault, code=1)
    assert [f["what"] for f in report["failed"]] == ["AnythingLLM 2026-03-02"]
    assert "500" in report["failed"][0]["error"]
    assert sorted(documents(anythingllm).values()) == ["2026-03-09", "2026-03-16"]

    assert sync(cli, vault)["pushed"] == ["2026-03-02"]
    assert sorted(documents(anythingllm).values()) == sorted(NOTES)


def test_a_server_that_stays_down_stops_the_push_with_the_days_left(
    cli: Callable[..., Any],
    vault: Path,
    anythingllm: AnythingLLMServer,
) -> None:
    memory = vault.parent / "vault" / "memory"
    for day in range(20, 28):
        (memory / f"2026-02-{day}.md").write_text(f"# 2026-02-{day}\n\nRina: day {day}.\n")
    anythingllm.fail_next(100, path="raw-text")
    report = sync(cli, vault, code=1)
    assert len(report["failed"]) == 3
    assert "stopped" in report["stopped"] and "8 days left" in report["stopped"]
    anythingllm.clear_faults()
    assert len(sync(cli, vault)["pushed"]) == 11


def test_a_push_cut_short_leaves_no_second_copy(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    """A run killed after the upload and before it recorded the location: the store says the push
    was in flight, the workspace holds a copy of the day nobody knows of. The next sync removes it."""
    config = load_config(vault)
    settings = config.search.anythingllm
    with PushedDays(config.state_dir, target_of(settings)) as store:
        store.start("2026-03-02", "fingerprint", "digest")
    stray = connect(settings).push("2026-03-02", "an earlier copy")

    sync(cli, vault)

    assert sorted(documents(anythingllm).values()) == sorted(NOTES)
    assert stray not in anythingllm.files


def test_a_rejected_key_is_one_line_naming_the_variable(
    cli: Callable[..., Any], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(KEY_ENV, "wrong")
    report = sync(cli, vault, code=1)
    (failure,) = report["failed"]
    assert "rejected the API key" in failure["error"] and KEY_ENV in failure["error"]
    assert "\n" not in failure["error"]


def test_search_fuses_the_workspace_with_bm25(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    sync(cli, vault)
    anythingllm.requests.clear()
    found = search(cli, vault, "puppy golden retriever")
    assert found["results"][0]["date"] == "2026-03-02"
    assert found["warnings"] == []
    (asked,) = [r for r in anythingllm.requests if r.path.endswith("/vector-search")]
    assert asked.json["query"] == "puppy golden retriever"
    indonesian = search(cli, vault, "kapan migrasi database selesai?")
    assert indonesian["results"][0]["date"] == "2026-03-09"


def test_the_workspace_similarities_enter_the_semantic_score(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    """Fusion, not decoration: the same days, scored otherwise than by BM25 alone."""
    sync(cli, vault)
    query = "Rina Budi Sari"  # each day names one of them: BM25 ties them
    fused = {h["date"]: h["semantic"] for h in search(cli, vault, query)["results"]}
    anythingllm.fail_next(1, status=500, path="vector-search")
    alone = search(cli, vault, query)
    assert any("BM25 alone" in w for w in alone["warnings"])
    lexical = {h["date"]: h["semantic"] for h in alone["results"]}
    assert fused != lexical
    assert sorted(lexical) == sorted(fused)


def test_search_falls_back_to_bm25_when_the_server_is_down(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer
) -> None:
    sync(cli, vault)
    anythingllm.stop()
    found = search(cli, vault, "hiking mountains")
    assert found["results"][0]["date"] == "2026-03-16"
    (warning,) = found["warnings"]
    assert "AnythingLLM" in warning and "searched with BM25 alone" in warning


def test_search_before_any_push_says_to_sync(cli: Callable[..., Any], vault: Path) -> None:
    from vaultkit.config import load_config as load
    from vaultkit.search.search import search as core_search

    result = core_search(load(vault), "hiking", top_k=3)
    assert any("run `vaultkit sync`" in w for w in result.warnings)


def test_eval_asks_a_dead_server_once(
    cli: Callable[..., Any], vault: Path, anythingllm: AnythingLLMServer, tmp_path: Path
) -> None:
    sync(cli, vault)
    queries = tmp_path / "q.jsonl"
    lines = [
        {"query": "puppy", "gold_dates": ["2026-03-02"], "as_of": AS_OF},
        {"query": "hiking", "gold_dates": ["2026-03-16"], "as_of": AS_OF},
        {"query": "PostgreSQL", "gold_dates": ["2026-03-09"], "as_of": AS_OF},
    ]
    queries.write_text("".join(json.dumps(q) + "\n" for q in lines))
    anythingllm.requests.clear()
    anythingllm.fail_next(10, status=503, path="vector-search")
    result = cli("eval", queries, "--json", "--config", vault)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["results"]["all"]["recall"]["1"] == 1.0
    assert len([p for p in paths(anythingllm) if p.endswith("/vector-search")]) == 1
