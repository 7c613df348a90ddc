"""What gives the hybrid score its semantic part: BM25 over the index (the default), embeddings
from an endpoint, or both fused.

`S_sem` of a day d for a query (on [0, 1], the best day 1, a day matching nothing 0):

    S_sem(d) = w_day * BM25_day(d) / max BM25_day + (1 - w_day) * P(d) / max P

where `BM25_day` scores the whole day and `P(d)` is the best BM25 of any passage of that day. Each
part is divided by its maximum over the days considered for this query ("max normalization"), so
S_sem reads "fraction of the best match": comparable across days of one query, not across queries.
Whole days find days that talk about a topic at length; passages find the one exchange where the
answer is. Measured on LoCoMo, half and half beats either alone.
"""

from __future__ import annotations

from collections.abc import Collection, Container
from datetime import date
from typing import Protocol

from vaultkit.config import Config
from vaultkit.index.bm25 import RERANK_DAYS, DayIndex
from vaultkit.index.date_terms import query_date_terms
from vaultkit.index.embeddings import min_max
from vaultkit.index.store import SearchIndex
from vaultkit.search.bridge import Spellings, bridged
from vaultkit.search.filters import DayRange
from vaultkit.search.scoring import max_normalize


class SemanticBackend(Protocol):
    """Scores days for a query on [0, 1]: the best allowed day 1, a day absent scores 0; what
    the user should hear of it (a store unreachable, so BM25 alone) goes to `warnings`."""

    name: str
    warnings: list[str]

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]: ...


class BM25Backend:
    """Half whole-day BM25, half best-passage BM25, each divided by its best (retrieval.rank)."""

    name = "bm25"

    def __init__(self, kinds: Spellings | None = None) -> None:
        self.warnings: list[str] = []
        self.kinds = kinds  # the vocabulary's terms of a kind a word names (`bridge`)

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        found = semantic_scores(index.days, query, allowed=_iso(allowed), kinds=self.kinds)
        return {date.fromisoformat(d): s for d, s in found.items() if s > 0}


class EmbeddingsBackend:
    """Cosine of the question's vector with each day's best chunk, min-max scaled over allowed
    days.

    Raw cosines of different days sit close together, so they are spread onto
    [0, 1]: the best allowed day 1, the worst 0.
    """

    name = "embeddings"

    def __init__(self) -> None:
        self.warnings: list[str] = []

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        wanted = index.embedder().embed_query(query)
        return min_max(index.similarities(wanted), allowed)


class HybridBackend:
    """BM25 and the embeddings fused (`search.fusion`): `rrf`, reciprocal rank fusion (each
    day's 1/(k + rank) in both lists, summed, k = 60, divided by the best), or `weighted`,
    `w * bm25 + (1 - w) * embeddings` (`search.hybrid_weight`) divided again by its best."""

    name = "hybrid"

    def __init__(
        self,
        weight: float,
        fusion: str = "rrf",
        dense: SemanticBackend | None = None,
        kinds: Spellings | None = None,
    ) -> None:
        self.weight = weight
        self.fusion = fusion
        self.lexical = BM25Backend(kinds)
        self.dense = dense or EmbeddingsBackend()
        self.name = self.dense.name if dense is not None else "hybrid"
        self.warnings = self.dense.warnings
        # The lexical half of the last `scores`: which days name a question's words is a
        # lexical question, and a dense score gives every day some similarity.
        self.last_lexical: dict[date, float] = {}

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        lexical = self.lexical.scores(index, query, allowed)
        self.last_lexical = lexical
        dense = self.dense.scores(index, query, allowed)
        if self.fusion == "rrf":
            fused = reciprocal_rank_fusion(lexical, dense)
        else:
            fused = {
                d: self.weight * lexical.get(d, 0.0) + (1 - self.weight) * dense.get(d, 0.0)
                for d in lexical.keys() | dense.keys()
            }
        return {d: s for d, s in max_normalize(fused).items() if s > 0}


RRF_K = 60  # Cormack, Clarke and Buettcher (2009): the constant of their experiments


def reciprocal_rank_fusion(*rankings: dict[date, float], k: int = RRF_K) -> dict[date, float]:
    """Each day's sum over the rankings of 1 / (k + its rank there), ranks from 1, ties by the
    newer day; a day absent from a ranking gets nothing from it."""
    fused: dict[date, float] = {}
    for scores in rankings:
        ordered = sorted(scores, key=lambda d: (-scores[d], -d.toordinal()))
        for rank, day in enumerate(ordered, 1):
            fused[day] = fused.get(day, 0.0) + 1.0 / (k + rank)
    return fused


def _iso(allowed: Container[date] | None) -> Container[str] | None:
    """Allowed days as ISO strings, the index's keys (a DayRange holds both kinds)."""
    if allowed is None or isinstance(allowed, DayRange):
        return allowed
    assert isinstance(allowed, Collection)
    return {d.isoformat() for d in allowed}


def lexical_part(backend: SemanticBackend) -> dict[date, float] | None:
    """The lexical scores behind the backend's last answer, when it fused them with dense ones
    (None: its scores are all there is)."""
    return backend.last_lexical if isinstance(backend, HybridBackend) else None


def make_backend(config: Config, kinds: Spellings | None = None) -> SemanticBackend:
    """The semantic backend the config names; its BM25 part reads a kind of technology a
    question names as `kinds` gives its terms (`Vocabulary.of_kind`)."""
    backend = config.search.backend
    if backend == "embeddings":
        return EmbeddingsBackend()
    if backend == "hybrid":
        return HybridBackend(config.search.hybrid_weight, config.search.fusion, kinds=kinds)
    if backend == "anythingllm":
        from vaultkit.anythingllm.backend import AnythingLLMBackend

        # Fused with BM25 as the local embeddings are: measured better than either alone.
        dense = AnythingLLMBackend(config)
        return HybridBackend(config.search.hybrid_weight, config.search.fusion, dense, kinds)
    return BM25Backend(kinds)


def semantic_scores(
    index: DayIndex,
    query: str,
    *,
    allowed: Container[str] | None = None,
    w_day: float = 0.5,
    rerank: int = RERANK_DAYS,
    kinds: Spellings | None = None,
) -> dict[str, float]:
    """S_sem on [0, 1] of every day matching the query, normalized over `allowed` days only.

    Passages are scored for the `rerank` days the whole-day score ranks best (see `postings`);
    the others keep their whole-day share.
    """
    # The dates a query names match the days' own date terms (retrieval.dates).
    terms = index.terms(query) + query_date_terms(query)
    names = index.speaker_terms()
    # The question's words in the other language, when the vault is written in both, and the
    # vocabulary's terms of a kind it names ("the database": PostgreSQL).
    extra = bridged(query, index.terms, names, index.analyzer.languages, kinds)
    # A speaker's name is in the context of each of their passages but says nothing of the topic.
    passage_terms = [t for t in terms if t not in names] or terms
    whole = index.day_scores(terms, extra)
    if allowed is not None:
        whole = {d: s for d, s in whole.items() if d in allowed}
    best_days = sorted(whole, key=lambda d: (-whole[d], d))[:rerank]
    passages = index.window_scores(passage_terms, days=best_days, extra=extra)
    whole, passages = max_normalize(whole), max_normalize(passages)
    return {
        d: w_day * whole.get(d, 0.0) + (1 - w_day) * passages.get(d, 0.0)
        for d in whole.keys() | passages.keys()
    }
