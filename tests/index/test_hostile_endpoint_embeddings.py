"""The embeddings endpoint as a stranger, on 127.0.0.1: an answer with NaN, infinities, the wrong
count or mixed sizes is an error in one line, nothing of it stored; an answer too large is cut at
the cap; and a model whose vectors changed size between runs has every chunk embedded again,
by `vaultkit sync` or `vaultkit search`, never a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.fixtures.llm_server import Reply, deep, fake_embedding, flood
from vaultkit.config import load_config
from vaultkit.errors import EmbeddingError
from vaultkit.index.embeddings import OpenAIEmbedder
from vaultkit.index.store import refresh_index


def configure(workspace: Path, url: str, **search: object) -> Path:
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    data["search"] = {
        "backend": "embeddings",
        "base_url": url,
        "model": "test-embed",
        "batch_size": 4,
        **search,
    }
    path.write_text(json.dumps(data))
    return path


def sized(numbers: int):
    """The fake server's vectors cut or stretched to `numbers` numbers."""
    return lambda text: (fake_embedding(text) * numbers)[:numbers]


def stored_sizes(workspace: Path) -> dict[int, int]:
    """How many stored vectors have each size (in numbers)."""
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "index.sqlite") as db:
        rows = db.execute(
            "SELECT length(vector) / 4, count(*) FROM chunks WHERE vector IS NOT NULL GROUP BY 1"
        )
        return dict(rows.fetchall())


def chunk_count(workspace: Path) -> int:
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "index.sqlite") as db:
        return int(db.execute("SELECT count(*) FROM chunks").fetchone()[0])


def answer(*vectors: object, indexes: list[int] | None = None) -> Reply:
    order = indexes if indexes is not None else list(range(len(vectors)))
    data = [{"index": i, "embedding": v} for i, v in zip(order, vectors, strict=True)]
    return Reply(body={"object": "list", "data": data})


NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        (answer([0.1, NAN], [0.1, 0.2]), "holding NaN, infinity or a number past float32"),
        (answer([0.1, 0.2], [-INF, 0.2]), "holding NaN, infinity or a number past float32"),
        (answer([0.1, 1e39], [0.1, 0.2]), "holding NaN, infinity or a number past float32"),
        (
            Reply(body='{"data": [{"embedding": [' + "9" * 400 + ', 1]}, {"embedding": [1, 2]}]}'),
            "holding NaN, infinity or a number past float32",
        ),
        (answer([0.1, 0.2], [0.1, 0.2, 0.3]), "vectors of 2 to 3 numbers in one answer"),
        (answer([0.1, 0.2]), "asked for 2 embeddings, got 1"),
        (answer([0.1, 0.2], [0.3, 0.4], indexes=[0, 0]), "data[].index not each of 0..1 once"),
        (answer([0.1, 0.2], [0.3, 0.4], indexes=[0, 5]), "data[].index not each of 0..1 once"),
        (answer([], []), "without data[].embedding"),
        (answer([True, False], [0.1, 0.2]), "without data[].embedding"),
        (answer(["0.1", "0.2"], [0.1, 0.2]), "without data[].embedding"),
        (Reply(body={"data": deep(50)}), "without data[].embedding"),
        (Reply(body='{"data": ' + deep(100_000) + "}"), "JSON it cannot read: nested too deeply"),
    ],
    ids=[
        "nan",
        "infinity",
        "past-float32",
        "integer-past-float",
        "mixed-sizes",
        "wrong-count",
        "index-twice",
        "index-out-of-range",
        "empty",
        "booleans",
        "strings",
        "not-a-list",
        "nested",
    ],
)
def test_an_answer_that_lies_is_one_error(llm_server, reply, said) -> None:
    llm_server.reply(reply)
    with pytest.raises(EmbeddingError) as caught:
        OpenAIEmbedder(llm_server.url, "m", timeout=5).embed(["alpha", "beta"])
    assert said in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "no-length"])
def test_an_answer_too_large_is_cut_at_the_cap(llm_server, declared) -> None:
    llm_server.reply(flood(64 << 20, declared=declared))
    with pytest.raises(EmbeddingError) as caught:
        OpenAIEmbedder(llm_server.url, "m", timeout=30, retries=3).embed(["alpha"])
    assert str(caught.value) == (
        f"POST {llm_server.url}/embeddings failed: answer larger than 8 MiB "
        "(search.max_answer_bytes, or a smaller search.batch_size)"
    )
    assert len(llm_server.requests) == 1


def test_the_cap_is_search_max_answer_bytes(workspace: Path, llm_server) -> None:
    path = configure(workspace, llm_server.url, max_answer_bytes=1024, batch_size=16)
    with pytest.raises(EmbeddingError, match="answer larger than 1 KiB"):
        refresh_index(load_config(path))  # 16 vectors of 8 numbers: over 2 KiB of JSON


def test_nan_from_the_endpoint_fails_the_index_in_one_line_and_stores_nothing(
    workspace: Path, cli, llm_server
) -> None:
    config = configure(workspace, llm_server.url)
    llm_server.embedding = lambda text: [NAN if "Kubernetes" in text else 0.5] * 8
    result = cli("sync", "--config", config, "--json")
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    [failed] = json.loads(result.stdout)["failed"]
    assert failed["what"] == "search index" and "NaN" in failed["error"]
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "index.sqlite") as db:
        stored = [
            row[0] for row in db.execute("SELECT vector FROM chunks WHERE vector IS NOT NULL")
        ]
    assert all(b"\x00\x00\xc0\x7f" not in blob for blob in stored)  # no float32 NaN kept


def test_a_size_change_within_one_run_is_an_endpoint_error(workspace: Path, llm_server) -> None:
    config = load_config(configure(workspace, llm_server.url))
    answered: list[str] = []

    def drifting(text: str) -> list[float]:
        answered.append(text)
        return sized(8 if len(answered) <= 4 else 3)(text)

    llm_server.embedding = drifting
    with pytest.raises(EmbeddingError, match="vectors of 8 numbers, then of 3"):
        refresh_index(config)
    assert set(stored_sizes(workspace)) == {8}


def test_search_after_the_model_changed_size_embeds_again(workspace: Path, cli, llm_server) -> None:
    config = configure(workspace, llm_server.url)
    llm_server.embedding = sized(3)
    assert cli("sync", "--config", config).exit_code == 0
    assert set(stored_sizes(workspace)) == {3}

    llm_server.embedding = sized(8)  # the server now runs another model under the same name
    result = cli("search", "kubernetes cluster", "--config", config)
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    said = [line for line in result.stderr.splitlines() if "embedded again" in line]
    assert len(said) == 1
    assert "the question's embedding has 8 numbers, the stored vectors 3" in said[0]
    assert stored_sizes(workspace) == {8: chunk_count(workspace)}
    assert "2026-07" in result.stdout  # days found

    asked = len(llm_server.requests)
    again = cli("search", "kubernetes cluster", "--config", config)
    assert again.exit_code == 0 and "embedded again" not in again.stderr
    assert len(llm_server.requests) == asked + 1  # the question only


def test_sync_after_the_model_changed_size_embeds_every_chunk_again(
    workspace: Path, cli, llm_server
) -> None:
    config = configure(workspace, llm_server.url)
    llm_server.embedding = sized(3)
    assert cli("sync", "--config", config).exit_code == 0

    llm_server.embedding = sized(8)
    memory = workspace / "vault" / "memory"
    (memory / "2026-07-25.md").write_text("# 2026-07-25\n\nMoved the NAS to a new rack.\n")
    result = cli("sync", "--config", config, "--json")
    assert result.exit_code == 0, result.stderr
    assert stored_sizes(workspace) == {8: chunk_count(workspace)}  # none of 3 left beside them
    assert json.loads(result.stdout)["embedded"] == chunk_count(workspace)
    assert "every chunk is embedded again" in result.stderr

    searched = cli("search", "rack", "--config", config)
    assert searched.exit_code == 0 and "embedded again" not in searched.stderr


def test_an_index_holding_vectors_of_two_sizes_is_embedded_again(
    workspace: Path, cli, llm_server
) -> None:
    """An index from before the sizes were checked may hold vectors of two sizes."""
    config = configure(workspace, llm_server.url)
    assert cli("sync", "--config", config).exit_code == 0
    with sqlite3.connect(workspace / "vault" / ".vaultkit" / "index.sqlite") as db:
        db.execute("UPDATE chunks SET vector = ? WHERE idx = 0", (b"\x00\x00\x80\x3f" * 3,))
        db.execute("UPDATE meta SET value = value || '0' WHERE key = 'vectors'")
    result = cli("search", "kubernetes cluster", "--config", config)
    assert result.exit_code == 0, result.stderr
    assert "the stored vectors 3 and 8: every chunk is embedded again" in result.stderr
    assert set(stored_sizes(workspace)) == {8}
