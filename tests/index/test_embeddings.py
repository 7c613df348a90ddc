"""The embeddings and hybrid backends against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.llm_server import Reply, error, fake_embedding
from vaultkit.config import load_config
from vaultkit.errors import EmbeddingError, VaultkitError
from vaultkit.index.embeddings import OpenAIEmbedder, cosine
from vaultkit.index.store import SearchIndex, refresh_index
from vaultkit.search.search import search


def configure(workspace: Path, url: str, backend: str) -> Path:
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    data["search"] = {"backend": backend, "base_url": url, "model": "test-embed", "batch_size": 4}
    path.write_text(json.dumps(data))
    return path


def test_cosine() -> None:
    assert cosine([1, 0], [1, 0]) == pytest.approx(1.0)
    assert cosine([1, 0], [0, 1]) == pytest.approx(0.0)
    assert cosine([1, 0], [-1, 0]) == pytest.approx(-1.0)
    assert cosine([0, 0], [1, 1]) == 0.0


def test_embedder_sends_a_batch_and_reads_vectors_in_order(llm_server) -> None:
    embedder = OpenAIEmbedder(llm_server.url, "m", timeout=5)
    vectors = embedder.embed(["alpha", "beta"])
    assert vectors == [fake_embedding("alpha"), fake_embedding("beta")]
    sent = llm_server.requests[0]
    assert sent.path == "/v1/embeddings" and sent.json == {"model": "m", "input": ["alpha", "beta"]}
    assert "Authorization" not in sent.headers


def test_malformed_answer_is_an_error(llm_server) -> None:
    llm_server.reply(Reply(body={"data": [{"index": 0}]}))
    with pytest.raises(EmbeddingError, match=r"data\[\]\.embedding"):
        OpenAIEmbedder(llm_server.url, "m", timeout=5).embed(["x"])


@pytest.mark.parametrize("backend", ["embeddings", "hybrid"])
def test_backend_stores_vectors_and_ranks(workspace, llm_server, backend) -> None:
    config = load_config(configure(workspace, llm_server.url, backend))
    refresh_index(config)
    with SearchIndex(config) as index:
        days = {day for day, _ in index.vectors()}
        assert days == set(index.records())
    asked = len(llm_server.requests)
    assert all(len(r.json["input"]) <= 4 for r in llm_server.requests)
    result = search(config, "kubernetes cluster", as_of=None, top_k=3)
    assert result.backend == backend and 1 <= len(result.hits) <= 3
    best = max(h.semantic for h in result.hits)
    if backend == "embeddings":  # the nearest vector scores 1; a hybrid's best need not be first
        assert best == pytest.approx(1.0)
    assert best > 0 and all(0 <= h.semantic <= 1 for h in result.hits)
    assert len(llm_server.requests) == asked + 1  # only the query: stored vectors are reused


def test_only_a_changed_day_is_embedded_again(workspace, llm_server) -> None:
    config = load_config(configure(workspace, llm_server.url, "embeddings"))
    refresh_index(config)
    asked = len(llm_server.requests)
    (config.memory_dir / "2026-07-25.md").write_text("# 2026-07-25\n\nA short new day.\n")
    refresh_index(config)
    new = llm_server.requests[asked:]
    assert len(new) == 1 and new[0].json["input"] == ["A short new day."]


def test_endpoint_failure_is_one_clear_error(workspace, llm_server, cli) -> None:
    path = configure(workspace, llm_server.url, "embeddings")
    llm_server.reply(*[error(400, "bad model")] * 3)
    with pytest.raises(VaultkitError, match="HTTP 400"):
        refresh_index(load_config(path))
    llm_server.reply(error(400, "bad model"))
    result = cli("search", "kubernetes", "-c", path)
    assert result.exit_code == 1 and "HTTP 400" in result.stderr


def test_a_dense_score_does_not_make_a_passing_mention_the_latest(tmp_path, llm_server) -> None:
    """The newest day on a topic must match the question itself, as the lexical half judges:
    a dense model gives every day some similarity (here every day the same), and the newest day
    that names the topic's key term once in passing is not where things stand."""
    root = tmp_path / "ws"
    memory = root / "vault" / "memory"
    memory.mkdir(parents=True)
    days = {
        "2026-05-04": "Sari wrote the API docs for the mobile app. Lunch at the usual place.",
        "2026-05-11": "Budi fixed a typo in the API reference. Long walk in the evening.",
        "2026-06-01": "Payments API latency: p95 at 900 ms. We started tuning the connection pool"
        " for the Payments API latency.",
        "2026-06-10": "Payments API latency update: pool tuning done, p95 down to 400 ms; the"
        " Payments API latency work moves to the query cache.",
        "2026-06-20": "Planned the offsite in Bandung with the whole team. Booked the villa, the"
        " train and a dinner. Rina asked whether the API rate limits are documented anywhere."
        " Putri brought cake for her birthday and we sang. Weather was rainy all afternoon.",
    }
    for day, text in days.items():
        (memory / f"{day}.md").write_text(f"# {day}\n\n{text}\n")
    path = root / "memory_config.json"
    path.write_text(json.dumps({"schema_version": 1, "vault": "vault"}))
    configure(root, llm_server.url, "hybrid")
    llm_server.embedding = lambda text: [0.5, 0.5, 0.5, 0.5]  # every day alike
    for backend in ("bm25", "hybrid"):
        data = json.loads(path.read_text())
        data["search"]["backend"] = backend
        path.write_text(json.dumps(data))
        result = search(load_config(path), "what's the latest on the Payments API latency?",
                        as_of=date(2026, 6, 30), top_k=3)  # fmt: skip
        assert result.backend == backend
        assert result.hits[0].date == date(2026, 6, 10), backend


def test_vectors_kept_between_searches_are_read_again_after_a_change(workspace, llm_server) -> None:
    """A process that searches again (an MCP server, eval) keeps the chunk vectors it read, and
    reads them again once a refresh changed any."""
    from vaultkit.index.embeddings import vector_matrix

    config = load_config(configure(workspace, llm_server.url, "embeddings"))
    refresh_index(config)
    with SearchIndex(config) as index:
        before = index.similarities(fake_embedding("q"))
        kept = vector_matrix(index.db, str(index.path))
    with SearchIndex(config) as index:
        assert vector_matrix(index.db, str(index.path)) is kept  # nothing changed: not read
    (config.memory_dir / "2026-07-25.md").write_text("# 2026-07-25\n\nA short new day.\n")
    refresh_index(config)
    with SearchIndex(config) as index:
        after = index.similarities(fake_embedding("q"))
    assert set(after) == set(before) | {date(2026, 7, 25)}
    assert all(after[d] == pytest.approx(s) for d, s in before.items())
