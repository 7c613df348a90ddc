"""The hybrid score, in one place: the formula, the relevance gate, recency, the 1-hop expansion.

    final = w_sem * S_sem + gate(S_sem) * (w_imp * importance/10 + w_rec * exp(-c * days_ago))

`S_sem` comes from a semantic backend, on [0, 1] with the best eligible day at 1. The relevance gate
(`search.relevance_gate`, width g) is 1 for a day at the top semantic score and falls linearly to 0
for a day g below it: importance and recency reorder days that are comparably relevant (the
important and recent ones win) but never lift a weak match over a strong one (without the gate,
recency swamped relevance: docs/retrieval.md). With g = 1 the gate is open and the formula is the
plain weighted sum. Weights and c (`scoring.recency_decay`) come from the config; days count from `as_of`.

Expansion: the `search.expand_top` best direct matches each pull in their related_dates (from the
summary frontmatter sync wrote) with semantic = their own * `scoring.expansion_factor`; a day reached
twice keeps its best semantic score and records `via`; one hop only; dates not in the index are
ignored. Two guards keep it from displacing relevant days (measured in docs/retrieval.md): a related
day joins only when it has some evidence of its own (semantic >= `search.expand_min_semantic`; a
link is about the day's topics, not about this query), and its lent semantic is at most the factor
(0.7), below the relevance gate, so it never outranks a direct match with a higher semantic score.
"""

from __future__ import annotations

import datetime as dt
import heapq
import math
from collections.abc import Collection, Container, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from vaultkit.config import Config
from vaultkit.index.records import DayRecord, Records
from vaultkit.model import Summary
from vaultkit.search.focus import Focus, intent_part, prior


@dataclass(frozen=True)
class Hit:
    """One day in a search result, with its score broken into the hybrid formula's parts.

    `semantic`, `importance` and `recency` are each on [0, 1] before weighting; `via` is the date
    whose related_dates pulled this day in by 1-hop expansion, or None for a direct match.
    """

    date: dt.date
    score: float
    semantic: float
    importance: float
    recency: float
    via: dt.date | None
    path: str
    summary: Summary | None = None
    newer: dt.date | None = None  # a newer day on the question's topic: this one may be stale
    ordered: str | None = None  # the intent that placed this day ("latest", "first", "important")


K = TypeVar("K")

LEAD = 1  # topic days `latest` and `first` put first
MIN_SEMANTIC = 0.2  # a topic day that leads matches at least a fifth as well as the best day
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


def rank(
    semantic: Mapping[date, float],
    records: Mapping[date, DayRecord],
    *,
    as_of: date,
    scoring: Scoring,
    top_k: int,
    allowed: Container[date] | None = None,
    focus: Focus | None = None,
) -> list[Hit]:
    """Expand one hop from the best direct matches, score every day, return the best `top_k`.

    With a `focus` whose reading has an intent, the days on the question's topic come first in
    the intent's order (see `focus`); the others keep the hybrid score."""
    focus = focus or Focus()
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
    intent = focus.intent
    ordered = _leaders(focus, best, records)
    above = [d for d, s in best.items() if s > floor or d in ordered]
    _prefetch(records, above)
    scored = [
        (scoring.w_sem * sem, day, sem)
        for day, sem in best.items()
        if sem <= floor and day not in ordered
    ]
    for day in above:
        record = records.get(day)
        if record is None:
            continue
        importance = _importance(record)
        if intent is not None and day in ordered:
            part = intent_part(focus, day, importance, best[day])
            scored.append((1.0 + part, day, best[day]))
            continue
        recent = recency((as_of - day).days, scoring.decay)
        scored.append((scoring.final(best[day], importance, recent), day, best[day]))
    # The best top_k by a heap; all of them, sorted, if some of those have no record.
    best_first = heapq.nsmallest(top_k, scored, key=_order)
    hits = _hits(best_first, records, via, as_of, scoring, focus, ordered)
    if len(hits) < min(top_k, len(scored)):
        hits = _hits(sorted(scored, key=_order), records, via, as_of, scoring, focus, ordered)
    return hits[:top_k]


def _leaders(
    focus: Focus, best: Mapping[date, float], records: Mapping[date, DayRecord]
) -> set[date]:
    """The topic days the intent puts first (none without an intent). `latest` and `first` ask
    for one day, the newest or the oldest: it leads and the rest keep the hybrid score, so the
    days after it are the most relevant ones, not merely the next in date; when the question
    names an event ("the latest decision"), it is the newest (oldest) day that states one.
    `important` asks for the topic's events: every topic day that states one of the kind asked
    leads (by importance), or, when none does, the weightiest topic day. A topic day must match at least
    `MIN_SEMANTIC` as well as the best day: one that merely names the topic's key terms in
    passing is not what the question asks for. With a fused backend the match is the lexical
    one (`focus.evidence`): a dense score gives every day some similarity."""
    if focus.intent is None:
        return set()
    evidence = focus.evidence if focus.evidence is not None else best
    # The latest status is the newest day about the topic, not its newest passing mention.
    pool = focus.about if focus.intent == "latest" and focus.about else focus.on_topic
    days = [d for d in pool if d in best and evidence.get(d, 0.0) >= MIN_SEMANTIC]
    _prefetch(records, days)
    parts = {
        d: intent_part(focus, d, _importance(records[d]), best[d]) for d in days if d in records
    }
    events = {d for d in parts if d in focus.eventful}
    if focus.intent == "important" and events:
        return events
    if focus.asks_done:
        return set()  # "when did she join": no topic day says it was done, so none leads
    if events:  # "the latest decision": the newest of the days that state one
        parts = {d: p for d, p in parts.items() if d in events}
    return set(heapq.nlargest(LEAD, parts, key=lambda d: (parts[d], d.toordinal())))


def _order(item: tuple[float, date, float]) -> tuple[float, int]:
    return (-item[0], -item[1].toordinal())


def _hits(
    scored: Sequence[tuple[float, date, float]],
    records: Mapping[date, DayRecord],
    via: Mapping[date, date],
    as_of: date,
    scoring: Scoring,
    focus: Focus,
    ordered: Container[date],
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
                    day,
                    final,
                    sem,
                    _importance(record),
                    recent,
                    via.get(day),
                    record.path,
                    summary,
                    newer=focus.newer(day),
                    ordered=focus.intent if day in ordered else None,
                )
            )
    return hits


def _importance(record: DayRecord) -> float:
    return (record.importance or UNKNOWN_IMPORTANCE) / 10


def _prefetch(records: Mapping[date, DayRecord], days: Collection[date]) -> None:
    """Read many records in one go when the mapping is the index's lazy one."""
    if isinstance(records, Records):
        records.prefetch(days)


def explain(hit: Hit, scoring: Scoring, focus: Focus | None = None) -> str:
    """The arithmetic of one hit's score, as `--explain` prints it."""
    text = _arithmetic(hit, scoring)
    window = focus.window if focus else None
    if window is not None and hit.ordered != "span":
        off = window.distance(hit.date)
        where = "in the window" if off == 0 else f"{off} day{'s' if off != 1 else ''} off"
        text += f"; semantic x window prior {prior(window, hit.date):.2f} ({where})"
    if hit.newer is not None:
        text += f"; newer on this topic: {hit.newer}"
    return text


def _arithmetic(hit: Hit, scoring: Scoring) -> str:
    if hit.ordered == "span":
        return f"span: a day of the span, by importance {hit.importance * 10:.0f} (rank {hit.score:.4f})"
    if hit.ordered == "important":
        return (
            f"important: a day on the topic, 1 + (10*{hit.importance:.1f} + semantic"
            f" {hit.semantic:.3f})/11 = {hit.score:.4f}"
        )
    if hit.ordered is not None:
        newer = "newer" if hit.ordered == "latest" else "older"
        return (
            f"{hit.ordered}: a day on the topic, 1 + 1/(1 + topic days {newer})"
            f" = {hit.score:.4f} (semantic {hit.semantic:.3f})"
        )
    gate = relevance_gate(hit.semantic, scoring.gate)
    via = f" (via {hit.via}: its semantic x {scoring.expansion_factor:g})" if hit.via else ""
    return (
        f"{scoring.w_sem:g}*{hit.semantic:.3f}{via} + gate {gate:.2f}*("
        f"{scoring.w_imp:g}*{hit.importance:.2f} + {scoring.w_rec:g}*{hit.recency:.3f}"
        f" [exp(-{scoring.decay:g}*days)]) = {hit.score:.4f}"
    )


def max_normalize(scores: Mapping[K, float]) -> dict[K, float]:
    """Each score divided by the largest (all-zero input stays zero)."""
    top = max(scores.values(), default=0.0)
    return {k: (v / top if top > 0 else 0.0) for k, v in scores.items()}


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
