"""The pure arithmetic of ranking: normalized BM25, the relevance gate, recency.

`S_sem` of a day d for a query (on [0, 1], the best day 1, a day matching nothing 0):

    S_sem(d) = w_day * BM25_day(d) / max BM25_day + (1 - w_day) * P(d) / max P

where `BM25_day` scores the whole day and `P(d)` is the best BM25 of any passage of that day. Each
part is divided by its maximum over the days considered for this query ("max normalization"), so
S_sem reads "fraction of the best match": comparable across days of one query, not across queries.
Whole days find days that talk about a topic at length; passages find the one exchange where the
answer is. Measured on LoCoMo, half and half beats either alone.
"""

from __future__ import annotations

import math
from collections.abc import Container, Mapping
from typing import TypeVar

from vaultkit.index.bm25 import RERANK_DAYS, DayIndex
from vaultkit.index.date_terms import query_date_terms
from vaultkit.index.tokenize import tokenize

K = TypeVar("K")

__all__ = ["gate_floor", "max_normalize", "recency", "relevance_gate", "semantic_scores"]


def max_normalize(scores: Mapping[K, float]) -> dict[K, float]:
    """Each score divided by the largest (all-zero input stays zero)."""
    top = max(scores.values(), default=0.0)
    return {k: (v / top if top > 0 else 0.0) for k, v in scores.items()}


def semantic_scores(
    index: DayIndex,
    query: str,
    *,
    allowed: Container[str] | None = None,
    w_day: float = 0.5,
    rerank: int = RERANK_DAYS,
) -> dict[str, float]:
    """S_sem on [0, 1] of every day matching the query, normalized over `allowed` days only.

    Passages are scored for the `rerank` days the whole-day score ranks best (see `postings`);
    the others keep their whole-day share.
    """
    # The dates a query names match the days' own date terms (retrieval.dates).
    terms = tokenize(query) + query_date_terms(query)
    names = index.speaker_terms()
    # A speaker's name is in the context of each of their passages but says nothing of the topic.
    passage_terms = [t for t in terms if t not in names] or terms
    whole = index.day_scores(terms)
    if allowed is not None:
        whole = {d: s for d, s in whole.items() if d in allowed}
    best_days = sorted(whole, key=lambda d: (-whole[d], d))[:rerank]
    passages = index.window_scores(passage_terms, days=best_days)
    whole, passages = max_normalize(whole), max_normalize(passages)
    return {
        d: w_day * whole.get(d, 0.0) + (1 - w_day) * passages.get(d, 0.0)
        for d in whole.keys() | passages.keys()
    }


def relevance_gate(semantic: float, width: float) -> float:
    """How much importance and recency count for a day: 1 at the top semantic score (1.0), falling
    linearly to 0 at `width` below it. `width` 1 (or more) makes the gate open for every match."""
    if width <= 0:
        return 1.0 if semantic >= 1.0 else 0.0
    return min(1.0, max(0.0, 1.0 - (1.0 - semantic) / width))


def gate_floor(width: float) -> float:
    """A semantic score at or below which `relevance_gate` is closed (0): just under `1 - width`,
    so rounding at the edge can only put a day on the side where it is scored in full."""
    return max(0.0, 1.0 - width) - 1e-9


def recency(days_ago: float, decay: float) -> float:
    """`exp(-decay * days_ago)`; a day after `as_of` counts as today."""
    return math.exp(-decay * max(0.0, days_ago))
