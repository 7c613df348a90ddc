"""Text embeddings from any OpenAI-compatible `/v1/embeddings` endpoint, and cosine similarity.

Only the `embeddings` and `hybrid` search backends use this; the default `bm25` backend needs no
network. The HTTP call (retries, backoff, Retry-After) is `vaultkit.http.post_json`'s job.
"""

from __future__ import annotations

import math
import os
import sqlite3
from array import array
from collections.abc import Iterator, Sequence
from datetime import date
from typing import Any, Protocol

from vaultkit.config import Config
from vaultkit.errors import EmbeddingError, EndpointError


class Embedder(Protocol):
    """Turns texts into vectors; one vector per text, in order."""

    model: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class OpenAIEmbedder:
    """`POST {base_url}/embeddings` with `{"model", "input": [...]}`; reads `data[i].embedding`."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout: float = 30.0,
        retries: int = 3,
    ) -> None:
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model = model
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        from vaultkit.http import post_json

        try:
            answer = post_json(
                self.url,
                {"model": self.model, "input": list(texts)},
                api_key=self.api_key,
                timeout=self.timeout,
                retries=self.retries,
            )
        except EndpointError as exc:
            raise EmbeddingError(exc.message, path=exc.path, rule=exc.rule) from None
        return _vectors(answer, len(texts), self.url)


def _vectors(answer: Any, count: int, url: str) -> list[list[float]]:
    """The vectors of an embeddings answer, ordered by `index`; a malformed answer is an error."""
    try:
        items = sorted(answer["data"], key=lambda item: item.get("index", 0))
        vectors = [[float(x) for x in item["embedding"]] for item in items]
    except (KeyError, TypeError, ValueError, AttributeError):
        raise EmbeddingError(
            "the embeddings endpoint answered without data[].embedding", path=url
        ) from None
    if len(vectors) != count:
        raise EmbeddingError(
            f"asked for {count} embeddings, got {len(vectors)}", path=url
        ) from None
    return vectors


def make_embedder(config: Config) -> Embedder:
    """The embedder the config names (an OpenAI-compatible endpoint)."""
    search = config.search
    return OpenAIEmbedder(
        search.base_url,
        search.model,
        api_key=os.environ.get(search.api_key_env) or None,
        timeout=search.timeout,
    )


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity on [-1, 1]; 0 when either vector is all zeros."""
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def embed_pending(db: sqlite3.Connection, embedder: Embedder, batch_size: int) -> None:
    """Embed the chunks that have no vector yet, a batch at a time, committing each batch."""
    pending = db.execute(
        "SELECT day, idx, text FROM chunks WHERE vector IS NULL ORDER BY day, idx"
    ).fetchall()
    for i in range(0, len(pending), batch_size):
        batch = pending[i : i + batch_size]
        vectors = embedder.embed([text for _, _, text in batch])
        with db:
            db.executemany(
                "UPDATE chunks SET vector = ? WHERE day = ? AND idx = ?",
                [
                    (array("f", v).tobytes(), d, n)
                    for (d, n, _), v in zip(batch, vectors, strict=True)
                ],
            )


def stored_vectors(db: sqlite3.Connection) -> Iterator[tuple[date, array[float]]]:
    """Every stored chunk vector with its day."""
    for day, blob in db.execute("SELECT day, vector FROM chunks WHERE vector IS NOT NULL"):
        vector = array("f")
        vector.frombytes(blob)
        yield date.fromisoformat(day), vector
