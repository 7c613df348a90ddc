"""Text embeddings from any OpenAI-compatible `/v1/embeddings` endpoint, and cosine similarity.

Only the `embeddings` and `hybrid` search backends use this; the default `bm25` backend needs no
network. The HTTP call (retries, backoff, Retry-After, its deadline, the largest answer read:
`search.max_answer_bytes`) is `vaultkit.http_client.post_json`'s job.

What an endpoint answers is checked before it is stored: one vector per text, each a non-empty
list of finite numbers a float32 holds, all of one size. Anything else is an `EmbeddingError`
naming the endpoint, in one line.

Every vector of an index has one size. A fresh vector of another size than the stored ones
means the endpoint's model changed: every stored vector is dropped and embedded again, and the
refresh says so in one line (`embed_pending`). A cached vector of another size is not used.
"""

from __future__ import annotations

import math
import os
import sqlite3
from array import array
from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from vaultkit.catalog.batched import select_in
from vaultkit.config import MAX_ANSWER_BYTES, Config, SearchConfig
from vaultkit.errors import AnswerTooLargeError, EmbeddingError, EndpointError
from vaultkit.files.storage import digest
from vaultkit.index.sql import Database
from vaultkit.model import Progress


class Embedder(Protocol):
    """Turns texts into vectors; one vector per text, in order. `embed` is for what is stored
    (passages), `embed_query` for a question (models trained with prefixes embed them apart)."""

    model: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...


@runtime_checkable
class EmbedsEach(Protocol):
    """An embedder that gives each text's vector as soon as it is done, in the order they are
    done: lists of `(position in texts, vector)`, every vector as `embed` would give it."""

    def embed_each(self, texts: Sequence[str]) -> Iterator[list[tuple[int, list[float]]]]: ...


def finished_vectors(
    embedder: Embedder, texts: Sequence[str], batch_size: int
) -> Iterator[list[tuple[int, list[float]]]]:
    """The vectors of `texts` as they are done: each text's own when the embedder gives them so
    (the local model), else a request of `batch_size` texts at a time (an endpoint, where a
    request costs a round trip)."""
    if isinstance(embedder, EmbedsEach):
        yield from embedder.embed_each(texts)
        return
    for i in range(0, len(texts), batch_size):
        batch = texts[i : i + batch_size]
        yield list(enumerate(embedder.embed(batch), start=i))


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
        max_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model = model
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries
        self.max_bytes = max_bytes

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        from vaultkit.http_client import post_json

        try:
            answer = post_json(
                self.url,
                {"model": self.model, "input": list(texts)},
                api_key=self.api_key,
                timeout=self.timeout,
                retries=self.retries,
                max_bytes=self.max_bytes,
            )
        except AnswerTooLargeError as exc:
            hint = "search.max_answer_bytes, or a smaller search.batch_size"
            raise EmbeddingError(f"{exc.message} ({hint})") from None
        except EndpointError as exc:
            raise EmbeddingError(exc.message, path=exc.path, rule=exc.rule) from None
        return _vectors(answer, len(texts), self.url)

    def embed_query(self, text: str) -> list[float]:
        return self.embed([text])[0]


FLOAT32_MAX = 3.4028234663852886e38  # a vector is stored as float32: a number past this is inf


def _vectors(answer: Any, count: int, url: str) -> list[list[float]]:
    """The vectors of an embeddings answer, ordered by `index`: one per text, all of one size,
    every number finite; anything else is an EmbeddingError."""
    items = answer.get("data")
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise _malformed(url)
    if len(items) != count:
        raise EmbeddingError(f"asked for {count} embeddings, got {len(items)}", path=url)
    order = [item.get("index", n) for n, item in enumerate(items)]
    if any(type(i) is not int for i in order) or sorted(order) != list(range(count)):
        raise EmbeddingError(
            f"the embeddings endpoint answered with data[].index not each of 0..{count - 1} once",
            path=url,
        )
    by_index = dict(zip(order, items, strict=True))
    vectors = [_numbers(by_index[i].get("embedding"), url) for i in range(count)]
    sizes = sorted({len(v) for v in vectors})
    if len(sizes) > 1:
        raise EmbeddingError(
            f"the embeddings endpoint answered with vectors of {sizes[0]} to {sizes[-1]} numbers "
            "in one answer",
            path=url,
        )
    return vectors


def _numbers(value: Any, url: str) -> list[float]:
    """One answered vector: a non-empty list of numbers, each finite as a float32."""
    if not isinstance(value, list) or not value or any(type(x) not in (int, float) for x in value):
        raise _malformed(url)
    try:
        vector = [float(x) for x in value]
    except OverflowError:  # an integer past any float
        vector = [math.inf]
    if not all(-FLOAT32_MAX <= x <= FLOAT32_MAX for x in vector):  # NaN fails both
        raise EmbeddingError(
            "the embeddings endpoint answered with a vector holding NaN, infinity or a number "
            "past float32",
            path=url,
        )
    return vector


def _malformed(url: str) -> EmbeddingError:
    return EmbeddingError("the embeddings endpoint answered without data[].embedding", path=url)


def make_embedder(search: SearchConfig) -> Embedder:
    """The embedder the search settings name: the local model, or an OpenAI-compatible endpoint."""
    if search.embedder == "local":
        from vaultkit.index.local_embedder import LocalEmbedder

        return LocalEmbedder()
    return OpenAIEmbedder(
        search.base_url,
        search.model,
        api_key=os.environ.get(search.api_key_env) or None,
        timeout=search.timeout,
        max_bytes=search.max_answer_bytes,
    )


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity on [-1, 1]; 0 when either vector is all zeros."""
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def embed_chunks(
    db: Database,
    embedder: Embedder,
    config: Config,
    progress: Progress | None = None,
    warnings: list[str] | None = None,
    numbers: int | None = None,
) -> int:
    """`embed_pending` with the workspace's vector cache and `search.batch_size`; or, given the
    `numbers` the embedder's vectors have now, `embed_again`."""
    cache = VectorCache(config.state_dir / "vectors.sqlite")
    batch_size = config.search.batch_size
    try:
        if numbers is None:
            return embed_pending(db, embedder, batch_size, cache, progress, warnings)
        return embed_again(db, embedder, batch_size, numbers, cache, progress)
    finally:
        cache.close()


EMBEDDED_AGAIN = "every chunk is embedded again"  # how a refresh's warning says the model changed


def sizes_differ(numbers: int, stored: set[int], *, reader: bool) -> str:
    """What to say when a question's embedding has `numbers` numbers and the stored vectors
    `stored` (another model made them): they are embedded again; a reader of a shared index,
    which cannot, gets an EmbeddingError."""
    had = " and ".join(str(n) for n in sorted(stored))
    said = f"the question's embedding has {numbers} numbers, the stored vectors {had}"
    if reader:
        raise EmbeddingError(
            f"{said}: the shared index was embedded by another model than this config's "
            "search.model; use the writer's search settings, or sync the writer"
        )
    return f"{said}: {EMBEDDED_AGAIN}"


def embed_pending(
    db: Database,
    embedder: Embedder,
    batch_size: int,
    cache: VectorCache | None = None,
    progress: Progress | None = None,
    warnings: list[str] | None = None,
) -> int:
    """Give every chunk without a vector its vector: from the cache when its text was embedded
    before (by this model), else embedded, and every vector committed to the cache and the index
    as soon as it is done (with the others done by then), the progress moved on with it: an
    interrupted build keeps every chunk finished before the interrupt, and the next run embeds
    only the rest. Returns how many texts were embedded.

    A fresh vector of another size than the stored ones means the model changed: every chunk is
    embedded again, and `warnings` gets a line saying so."""
    size = VectorSize(stored_size(db))
    try:
        return _embed_pending(db, embedder, batch_size, cache, progress, size)
    except SizeChanged as change:
        if warnings is not None:
            warnings.append(
                f"the embeddings of {embedder.model!r} have {change.new} numbers now, the stored "
                f"ones {change.old}: {EMBEDDED_AGAIN}"
            )
        return embed_again(db, embedder, batch_size, change.new, cache, progress)


def embed_again(
    db: Database,
    embedder: Embedder,
    batch_size: int,
    numbers: int,
    cache: VectorCache | None = None,
    progress: Progress | None = None,
) -> int:
    """Drop every stored vector and embed every chunk again, knowing the embedder now gives
    vectors of `numbers` numbers (cached vectors of another size are not used)."""
    with db:
        db.execute("UPDATE chunks SET vector = NULL WHERE vector IS NOT NULL")
        bump_version(db)
    size = VectorSize(numbers, confirmed=True)
    return _embed_pending(db, embedder, batch_size, cache, progress, size)


def _embed_pending(
    db: Database,
    embedder: Embedder,
    batch_size: int,
    cache: VectorCache | None,
    progress: Progress | None,
    size: VectorSize,
) -> int:
    pending = db.execute(
        "SELECT day, idx, text FROM chunks WHERE vector IS NULL ORDER BY day, idx"
    ).fetchall()
    if not pending:
        return 0
    keys = [chunk_key(embedder.model, text) for _, _, text in pending]
    known = size.usable(cache.get(keys)) if cache is not None else {}
    if known:
        _store(db, pending, keys, known)
    texts = {k: t for (_, _, t), k in zip(pending, keys, strict=True) if k not in known}
    order = list(texts)
    if progress is not None:
        progress("embedding", 0, len(order))
    done = 0
    for finished in finished_vectors(embedder, [texts[k] for k in order], batch_size):
        size.check(v for _, v in finished)
        blobs = {order[i]: array("f", v).tobytes() for i, v in finished}
        if cache is not None:
            cache.put(blobs)
        _store(db, pending, keys, blobs)
        done += len(blobs)
        if progress is not None:
            progress("embedding", done, len(order))
    return done


_FLOAT_BYTES = array("f").itemsize


def stored_size(db: Database) -> int | None:
    """How many numbers the stored vectors have (one of them: they have one size); None when
    none is stored."""
    row = db.execute(
        "SELECT length(vector) FROM chunks WHERE vector IS NOT NULL LIMIT 1"
    ).fetchone()
    return None if row is None else int(row[0]) // _FLOAT_BYTES


class SizeChanged(Exception):
    """The embedder gives vectors of `new` numbers, the stored ones have `old`."""

    def __init__(self, old: int, new: int) -> None:
        super().__init__(old, new)
        self.old, self.new = old, new


@dataclass
class VectorSize:
    """How many numbers every vector of an index has: `numbers` (None while unknown), and
    whether the embedder gave that size in this run (`confirmed`) or it is what was stored."""

    numbers: int | None
    confirmed: bool = False

    def usable(self, blobs: dict[str, bytes]) -> dict[str, bytes]:
        """The cached vectors of this size (of the first one's, while the size is unknown)."""
        if self.numbers is None and blobs:
            self.numbers = len(next(iter(blobs.values()))) // _FLOAT_BYTES
        return {k: b for k, b in blobs.items() if len(b) == _FLOAT_BYTES * (self.numbers or 0)}

    def check(self, vectors: Iterable[Sequence[float]]) -> None:
        """Fresh vectors: of the size stored (SizeChanged when the stored ones differ) and of
        the size given before in this run (an EmbeddingError when not)."""
        for vector in vectors:
            if self.numbers is not None and len(vector) != self.numbers:
                if self.confirmed:
                    raise EmbeddingError(
                        f"the embedder answered with vectors of {self.numbers} numbers, then "
                        f"of {len(vector)}: its model changed during the run?"
                    )
                raise SizeChanged(self.numbers, len(vector))
            self.numbers, self.confirmed = len(vector), True


def _store(
    db: Database, pending: Sequence[Sequence[Any]], keys: Sequence[str], blobs: dict[str, bytes]
) -> None:
    """The chunks' vectors among `blobs` (by key), committed at once."""
    with db:
        db.executemany(
            "UPDATE chunks SET vector = ? WHERE day = ? AND idx = ?",
            [(blobs[k], d, n) for (d, n, _), k in zip(pending, keys, strict=True) if k in blobs],
        )
        bump_version(db)


def chunk_key(model: str, text: str) -> str:
    """A chunk's key in the cache: its model and its text, so an edit elsewhere in the day or a
    rebuilt index never embeds it again."""
    return digest(f"{model}\n{text}", 32)


class VectorCache:
    """Chunk vectors by content, in their own file beside the index (`.vaultkit/vectors.sqlite`):
    derived state like the index, but the expensive part of it, so a rebuilt index (a new schema,
    another `search.index`) does not pay for the embedding again."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, timeout=30)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS vectors(key TEXT PRIMARY KEY, vector BLOB) WITHOUT ROWID"
        )

    def get(self, keys: Sequence[str]) -> dict[str, bytes]:
        query = "SELECT key, vector FROM vectors WHERE key IN ({marks})"
        return dict(select_in(self.db, query, sorted(set(keys))))

    def put(self, blobs: dict[str, bytes]) -> None:
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", blobs.items())

    def close(self) -> None:
        self.db.close()


def stored_vectors(db: Database) -> Iterator[tuple[date, array[float]]]:
    """Every stored chunk vector with its day."""
    for day, blob in _vector_rows(db):
        yield date.fromisoformat(day), _vector(blob)


def _vector(blob: bytes) -> array[float]:
    vector = array("f")
    vector.frombytes(blob)
    return vector


def _vector_rows(db: Database) -> list[tuple[str, bytes]]:
    # In one order on every store: float32 dot products of the same rows in another order
    # differ in the last bits (1.8e-6 after min-max scaling, measured).
    rows = db.execute("SELECT day, vector FROM chunks WHERE vector IS NOT NULL ORDER BY day, idx")
    return [(day, bytes(blob)) for day, blob in rows.fetchall()]


VERSION_KEY = "vectors"  # meta: bumped in the transaction of every change of the chunk vectors


def bump_version(db: Database) -> None:
    """Say that the chunk vectors changed (in the caller's transaction)."""
    db.execute(
        f"INSERT INTO meta VALUES ('{VERSION_KEY}', '1') ON CONFLICT(key) DO UPDATE "
        "SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)"
    )


class VectorMatrix:
    """The stored chunk vectors, unit length, for scoring many at once: a numpy matrix when numpy
    is installed (the semantic extra brings it), else plain lists. `sizes`: how many numbers
    the vectors have (one size, unless an index of an older vaultkit mixed them)."""

    def __init__(self, rows: list[tuple[str, bytes]]) -> None:
        self.days = [date.fromisoformat(day) for day, _ in rows]
        self.numpy: Any = None
        self.rows: list[array[float]] = []
        try:
            import numpy
        except ImportError:
            numpy = None  # type: ignore[assignment]
        self.sizes = {len(blob) // _FLOAT_BYTES for _, blob in rows}  # numbers a vector
        if numpy is None or len(self.sizes) > 1:  # two sizes: no matrix (never scored as is)
            self.rows = [_vector(blob) for _, blob in rows]
            return
        if rows:
            joined = b"".join(blob for _, blob in rows)
            matrix = numpy.frombuffer(joined, dtype=numpy.float32).reshape(len(rows), -1)
            norms = numpy.sqrt(numpy.einsum("ij,ij->i", matrix, matrix))[:, None]
            self.numpy = matrix / numpy.where(norms == 0, 1, norms)
            # Rows come day by day: where each day's rows start, for its best one in one call.
            firsts = [i for i in range(len(rows)) if i == 0 or rows[i][0] != rows[i - 1][0]]
            self.starts = numpy.array(firsts, dtype=numpy.intp)
            self.first_days = [self.days[i] for i in firsts]


# The chunk vectors of the last index read, kept for the life of the process (an MCP server,
# `eval`): reading them is most of a hybrid search (57,652 vectors at 10k days, 1.3 s of 2.6).
# Keyed by the index and its vectors' version, which every writer bumps.
_HELD: dict[str, tuple[str, VectorMatrix]] = {}


def vector_matrix(db: Database, key: str) -> VectorMatrix:
    """The index's chunk vectors, read again only when they changed since the last read."""
    row = db.execute("SELECT value FROM meta WHERE key = ?", (VERSION_KEY,)).fetchone()
    version = row[0] if row else "0"
    held = _HELD.get(key)
    if held is not None and held[0] == version:
        return held[1]
    matrix = VectorMatrix(_vector_rows(db))
    _HELD.clear()  # one index at a time: a process that reads another lets go of the last
    _HELD[key] = (version, matrix)
    return matrix


def min_max(similarities: dict[date, float], allowed: Container[date] | None) -> dict[date, float]:
    """Similarities of the allowed days spread onto [0, 1]: the best 1, the worst 0 (left out)."""
    best = {d: s for d, s in similarities.items() if allowed is None or d in allowed}
    if not best:
        return {}
    low, high = min(best.values()), max(best.values())
    if high <= low:
        return dict.fromkeys(best, 1.0)
    return {d: (s - low) / (high - low) for d, s in best.items() if s > low}


def best_cosines(matrix: VectorMatrix, wanted: Sequence[float]) -> dict[date, float]:
    """Each day's best cosine of one of its chunks with `wanted`."""
    if matrix.numpy is not None:
        import numpy

        query = numpy.asarray(wanted, dtype=numpy.float32)
        norm = float(numpy.linalg.norm(query))
        similarities = matrix.numpy @ (query / norm if norm else query)
        per_day = numpy.maximum.reduceat(similarities, matrix.starts).tolist()
        return dict(zip(matrix.first_days, per_day, strict=True))
    similarities = [cosine(wanted, row) for row in matrix.rows]
    best: dict[date, float] = {}
    for day, similarity in zip(matrix.days, similarities, strict=True):
        if similarity > best.get(day, -2.0):
            best[day] = similarity
    return best
