"""Hybrid-scored retrieval of days with 1-hop expansion over summaries' related_dates.

    final = w_sem * S_sem + gate(S_sem) * (w_imp * importance/10 + w_rec * exp(-c * days_ago))

`S_sem` comes from a semantic backend, on [0, 1] with the best eligible day at 1. The relevance gate
(`search.relevance_gate`, width g) is 1 for a day at the top semantic score and falls linearly to 0
for a day g below it: importance and recency reorder days that are comparably relevant (the seed's
intent: the important and recent ones win) but never lift a weak match over a strong one (the seed's
failure: recency swamped relevance). With g = 1 the gate is open and the formula is DESIGN.md's
literally. Weights and c (`scoring.recency_decay`) come from the config; days count from `as_of`.

Expansion: the `search.expand_top` best direct matches each pull in their related_dates (from the
summary frontmatter sync wrote) with semantic = their own * `scoring.expansion_factor`; a day reached
twice keeps its best semantic score and records `via`; one hop only; dates not in the index are
ignored. Two guards keep it from displacing relevant days (measured in docs/retrieval.md): a related
day joins only when it has some evidence of its own (semantic >= `search.expand_min_semantic`; a
link is about the day's topics, not about this query), and its lent semantic is at most the factor
(0.7), below the relevance gate, so it never outranks a direct match with a higher semantic score.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Container, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Protocol

from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.index.embeddings import cosine
from vaultkit.index.records import DayRecord, Records
from vaultkit.index.store import SearchIndex, open_index
from vaultkit.model import Hit, Progress
from vaultkit.search.filters import NO_FILTERS, DayRange, Filters
from vaultkit.search.scoring import (
    gate_floor,
    max_normalize,
    recency,
    relevance_gate,
    semantic_scores,
)

UNKNOWN_IMPORTANCE = 5  # a day without a summary yet: the middle of 1..10, neither pushed nor sunk


@dataclass(frozen=True)
class Scoring:
    """The numbers of the hybrid score and the expansion (from the config, or a sweep)."""

    w_sem: float = 0.5
    w_imp: float = 0.3
    w_rec: float = 0.2
    decay: float = 0.01
    gate: float = 0.2
    expansion_factor: float = 0.7
    expand_top: int = 3
    expand_min_semantic: float = 0.2

    @classmethod
    def of(cls, config: Config) -> Scoring:
        weights = config.scoring.weights
        return cls(
            w_sem=weights.semantic,
            w_imp=weights.importance,
            w_rec=weights.recency,
            decay=config.scoring.recency_decay,
            gate=config.search.relevance_gate,
            expansion_factor=config.scoring.expansion_factor,
            expand_top=config.search.expand_top,
            expand_min_semantic=config.search.expand_min_semantic,
        )

    def final(self, semantic: float, importance: float, recent: float) -> float:
        """The score of a day from its three parts, each on [0, 1]."""
        bonus = self.w_imp * importance + self.w_rec * recent
        return self.w_sem * semantic + relevance_gate(semantic, self.gate) * bonus


@dataclass(frozen=True)
class SearchResult:
    """The ranked days for a query, best first, and what the user should hear about it."""

    query: str
    as_of: date
    hits: list[Hit] = field(default_factory=list)
    backend: str = "bm25"
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit search --json` object."""
        return {
            "query": self.query,
            "as_of": self.as_of.isoformat(),
            "results": [hit_dict(h) for h in self.hits],
            "warnings": list(self.warnings),
        }


def hit_dict(hit: Hit) -> dict[str, Any]:
    """One hit as JSON: DESIGN.md's keys first (`importance` is the day's 1-10, null without a
    summary), then the importance part of the score (`importance_score`, on [0, 1]) and the rest
    of the day's summary, so an agent needs no second call."""
    summary = hit.summary
    return {
        "date": hit.date.isoformat(),
        "score": round(hit.score, 6),
        "semantic": round(hit.semantic, 6),
        "importance": summary.importance if summary else None,
        "recency": round(hit.recency, 6),
        "via": hit.via.isoformat() if hit.via else None,
        "path": hit.path,
        "importance_score": round(hit.importance, 6),
        "mood": summary.mood if summary else None,
        "people": list(summary.people) if summary else [],
        "projects": list(summary.projects) if summary else [],
        "tags": list(summary.tags) if summary else [],
        "bullets": list(summary.bullets) if summary else [],
    }


class SemanticBackend(Protocol):
    """Scores days for a query on [0, 1]: the best allowed day 1, a day absent scores 0."""

    name: str

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]: ...


class BM25Backend:
    """Half whole-day BM25, half best-passage BM25, each divided by its best (retrieval.rank)."""

    name = "bm25"

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        found = semantic_scores(index.days, query, allowed=_iso(allowed))
        return {date.fromisoformat(d): s for d, s in found.items() if s > 0}


class EmbeddingsBackend:
    """Cosine of the query's vector with each day's best chunk, min-max scaled over allowed days.

    Raw cosines of different days sit close together (the seed's complaint), so they are spread onto
    [0, 1]: the best allowed day 1, the worst 0.
    """

    name = "embeddings"

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        [wanted] = index.embedder().embed([query])
        best: dict[date, float] = {}
        for day, vector in index.vectors():
            if allowed is None or day in allowed:
                similarity = cosine(wanted, vector)
                if similarity > best.get(day, -2.0):
                    best[day] = similarity
        if not best:
            return {}
        low, high = min(best.values()), max(best.values())
        if high <= low:
            return dict.fromkeys(best, 1.0)
        return {d: (s - low) / (high - low) for d, s in best.items() if s > low}


class HybridBackend:
    """`w * bm25 + (1 - w) * embeddings` (`search.hybrid_weight`), divided again by its best."""

    name = "hybrid"

    def __init__(self, weight: float) -> None:
        self.weight = weight

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        lexical = BM25Backend().scores(index, query, allowed)
        dense = EmbeddingsBackend().scores(index, query, allowed)
        fused = {
            d: self.weight * lexical.get(d, 0.0) + (1 - self.weight) * dense.get(d, 0.0)
            for d in lexical.keys() | dense.keys()
        }
        return {d: s for d, s in max_normalize(fused).items() if s > 0}


def _iso(allowed: Container[date] | None) -> Container[str] | None:
    """Allowed days as ISO strings, the index's keys (a DayRange holds both kinds)."""
    if allowed is None or isinstance(allowed, DayRange):
        return allowed
    assert isinstance(allowed, Collection)
    return {d.isoformat() for d in allowed}


def make_backend(config: Config) -> SemanticBackend:
    """The semantic backend the config names."""
    backend = config.search.backend
    if backend == "embeddings":
        return EmbeddingsBackend()
    if backend == "hybrid":
        return HybridBackend(config.search.hybrid_weight)
    return BM25Backend()


def rank(
    semantic: Mapping[date, float],
    records: Mapping[date, DayRecord],
    *,
    as_of: date,
    scoring: Scoring,
    top_k: int,
    allowed: Container[date] | None = None,
) -> list[Hit]:
    """Expand one hop from the best direct matches, score every day, return the best `top_k`."""
    best = {d: s for d, s in semantic.items() if s > 0}
    via: dict[date, date] = {}
    sources = heapq.nsmallest(scoring.expand_top, best, key=lambda d: (-best[d], -d.toordinal()))
    if scoring.expansion_factor > 0:
        for source in sources:
            summary = records[source].summary if source in records else None
            for related in summary.related_dates if summary else ():
                if related == source or related not in records:
                    continue  # a missing date is ignored
                if allowed is not None and related not in allowed:
                    continue
                if semantic.get(related, 0.0) < scoring.expand_min_semantic:
                    continue  # a link alone is no evidence: the day must speak to the query too
                lent = semantic[source] * scoring.expansion_factor
                if lent > best.get(related, 0.0):
                    best[related] = lent
                    via[related] = source
    # A day below the relevance gate scores w_sem * semantic whatever its importance and age,
    # so only the days above it, and the ones shown, need their record read.
    floor = gate_floor(scoring.gate)
    above = [d for d, s in best.items() if s > floor]
    _prefetch(records, above)
    scored = [(scoring.w_sem * sem, day, sem) for day, sem in best.items() if sem <= floor]
    for day in above:
        record = records.get(day)
        if record is not None:
            recent = recency((as_of - day).days, scoring.decay)
            scored.append((scoring.final(best[day], _importance(record), recent), day, best[day]))
    # The best top_k by a heap; all of them, sorted, if some of those have no record.
    best_first = heapq.nsmallest(top_k, scored, key=_order)
    hits = _hits(best_first, records, via, as_of, scoring)
    if len(hits) < min(top_k, len(scored)):
        hits = _hits(sorted(scored, key=_order), records, via, as_of, scoring)
    return hits[:top_k]


def _order(item: tuple[float, date, float]) -> tuple[float, int]:
    return (-item[0], -item[1].toordinal())


def _hits(
    scored: Sequence[tuple[float, date, float]],
    records: Mapping[date, DayRecord],
    via: Mapping[date, date],
    as_of: date,
    scoring: Scoring,
) -> list[Hit]:
    """Hits for scored days, best first, leaving out a day without a record."""
    _prefetch(records, [day for _, day, _ in scored])
    hits = []
    for final, day, sem in scored:
        record = records.get(day)
        if record is not None:
            recent = recency((as_of - day).days, scoring.decay)
            # Only the hits shown carry their summary: an index's record builds it on first use.
            summary = record.summary
            hits.append(
                Hit(
                    day, final, sem, _importance(record), recent, via.get(day), record.path, summary
                )
            )
    return hits


def _importance(record: DayRecord) -> float:
    return (record.importance or UNKNOWN_IMPORTANCE) / 10


def _prefetch(records: Mapping[date, DayRecord], days: Collection[date]) -> None:
    """Read many records in one go when the mapping is the index's lazy one."""
    if isinstance(records, Records):
        records.prefetch(days)


def search(
    config: Config,
    query: str,
    *,
    top_k: int | None = None,
    as_of: date | None = None,
    filters: Filters = NO_FILTERS,
    rescan: bool = False,
    progress: Progress | None = None,
) -> SearchResult:
    """The best days for `query`, scored by the hybrid formula with 1-hop expansion.

    Refreshes the index first (only changed days cost work; `rescan` stats every file instead of
    the quick check, for notes edited in place long ago). `as_of` is the vault as it stood that
    day: "today" for recency, and no day after it is returned (without it: today, and every day
    counts, a later one as today). The filters restrict which days may appear, expanded ones
    included.
    """
    if not query.strip():
        raise UsageError("the query is empty")
    top_k = config.search.top_k if top_k is None else top_k
    if top_k < 1:
        raise UsageError(f"top_k: expected an integer >= 1, got {top_k}")
    filters = filters.canonical(config)
    if as_of is not None:
        filters = filters.up_to(as_of)
    with open_index(config, rescan=rescan, progress=progress) as index:
        searcher = Searcher(config, index)
        result = searcher.search(query, top_k=top_k, as_of=as_of or date.today(), filters=filters)
        warnings = (*index.warnings, *searcher.filter_warnings(filters))
    return replace(result, warnings=warnings)


class Searcher:
    """Search over an open index; `eval` keeps one to run many queries (and many scorings)."""

    def __init__(self, config: Config, index: SearchIndex) -> None:
        self.config = config
        self.index = index
        self.backend = make_backend(config)
        self.records = index.records()
        self.scoring = Scoring.of(config)

    def filter_warnings(self, filters: Filters) -> list[str]:
        """A person, project or tag filter that no day of the index has, with the closest one."""
        from vaultkit.vocabulary import did_you_mean

        warnings = []
        for value, name, field_name in (
            (filters.person, "person", "people"),
            (filters.project, "project", "projects"),
            (filters.tag, "tag", "tags"),
        ):
            if value is None:
                continue
            known = {v for values in self.records.listed(field_name).values() for v in values}
            wanted = value.lstrip("#").casefold()
            if not any(v.casefold() == wanted for v in known):
                warnings.append(f"no day has the {name} {value!r}{did_you_mean(value, known)}")
        return warnings

    def semantic(
        self, query: str, filters: Filters = NO_FILTERS
    ) -> tuple[dict[date, float], Container[date] | None]:
        """The backend's scores for a query and the days the filters allow (None: every day)."""
        if filters.empty:
            return self.backend.scores(self.index, query, None), None
        allowed: Container[date]
        if filters.dates_only:  # the common case (`--as-of`): no record needs reading
            allowed = filters.day_range()
        else:
            allowed = {d for d, r in self.records.items() if filters.admits(r)}
        return self.backend.scores(self.index, query, allowed), allowed

    def search(
        self,
        query: str,
        *,
        top_k: int,
        as_of: date,
        filters: Filters = NO_FILTERS,
        scoring: Scoring | None = None,
    ) -> SearchResult:
        semantic, allowed = self.semantic(query, filters)
        hits = rank(
            semantic,
            self.records,
            as_of=as_of,
            scoring=scoring or self.scoring,
            top_k=top_k,
            allowed=allowed,
        )
        return SearchResult(query, as_of, hits, self.backend.name)


def explain(hit: Hit, scoring: Scoring) -> str:
    """The arithmetic of one hit's score, as `--explain` prints it."""
    gate = relevance_gate(hit.semantic, scoring.gate)
    via = f" (via {hit.via}: its semantic x {scoring.expansion_factor:g})" if hit.via else ""
    return (
        f"{scoring.w_sem:g}*{hit.semantic:.3f}{via} + gate {gate:.2f}*("
        f"{scoring.w_imp:g}*{hit.importance:.2f} + {scoring.w_rec:g}*{hit.recency:.3f}"
        f" [exp(-{scoring.decay:g}*days)]) = {hit.score:.4f}"
    )


__all__: Sequence[str] = (
    "NO_FILTERS",
    "BM25Backend",
    "EmbeddingsBackend",
    "Filters",
    "HybridBackend",
    "Scoring",
    "SearchResult",
    "Searcher",
    "SemanticBackend",
    "explain",
    "rank",
    "search",
)
