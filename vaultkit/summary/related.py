"""Related days, found by the program: the earlier days whose topics overlap a day's the most.

Each day is a set of features (people, projects, tags, uncategorized terms, salient words of its
bullets). Two days are compared by the cosine of their IDF-weighted feature sets, so a rare shared
project counts for much and the owner's name, present every day, for almost nothing. Candidates come
from an inverted index, so adding one day never compares it with the whole history pairwise.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date

from vaultkit.model import KINDS, Summary

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]{3,}")
_STOP = frozenset(
    """about above after again against also because been before being below between both could
    does doing down during each from further have having here into itself just more most once only
    other ought over same should some such than that their theirs them then there these they this
    those through under until very were what when where which while will with would your yours
    today yesterday tomorrow morning evening night week made make said says told asked going""".split()
)
# Postings longer than this share of all days only add weight, never candidates: they are too common.
_COMMON_SHARE = 0.2
_MIN_COMMON = 50


def features(summary: Summary) -> frozenset[str]:
    """The topic features of a summary, prefixed by kind so a person never matches a word."""
    found = {f"p:{p.casefold()}" for p in summary.people}
    found |= {f"j:{p.casefold()}" for p in summary.projects}
    found |= {f"t:{t.casefold()}" for t in summary.tags}
    for kind in KINDS:
        found |= {f"u:{u.casefold()}" for u in summary.uncategorized.of(kind)}
    for bullet in summary.bullets:
        found |= {f"k:{w.casefold()}" for w in _WORD.findall(bullet) if w.casefold() not in _STOP}
    return frozenset(found)


class RelatedFinder:
    """Scores a day's features against every other day's through an inverted index."""

    def __init__(self, days: Mapping[date, Iterable[str]]) -> None:
        self._features = {day: frozenset(feats) for day, feats in days.items()}
        self._postings: dict[str, list[date]] = defaultdict(list)
        for day, feats in self._features.items():
            for feature in feats:
                self._postings[feature].append(day)
        self._norms: dict[date, float] = {}

    def add(self, day: date, feats: Iterable[str]) -> None:
        """Add or replace a day (after it was summarized in this run)."""
        feats = frozenset(feats)
        old = self._features.get(day, frozenset())
        for feature in old - feats:
            self._postings[feature].remove(day)
        for feature in feats - old:
            self._postings[feature].append(day)
        self._features[day] = feats
        self._norms.pop(day, None)

    def _idf(self, feature: str) -> float:
        df = len(self._postings.get(feature, ()))
        return math.log(1 + len(self._features) / df) if df else 0.0

    def _norm(self, day: date) -> float:
        # Cached for the run: one more day moves every IDF by a hair, and recomputing each
        # candidate's norm after every added day made a long run quadratic.
        if day not in self._norms:
            self._norms[day] = math.sqrt(sum(self._idf(f) ** 2 for f in self._features[day]))
        return self._norms[day]

    def related(
        self, day: date, feats: Iterable[str], limit: int, min_score: float
    ) -> tuple[date, ...]:
        """The `limit` earlier days most like `feats` with a cosine of at least `min_score`.

        Ties go to the more recent day, so the result never depends on dict order.
        """
        feats = frozenset(feats)
        if limit <= 0 or not feats:
            return ()
        common = max(_MIN_COMMON, int(_COMMON_SHARE * len(self._features)))
        candidates = {
            other
            for feature in feats
            if len(self._postings.get(feature, ())) <= common
            for other in self._postings.get(feature, ())
            if other < day
        }
        weights = {f: self._idf(f) for f in feats}
        norm = math.sqrt(sum(w * w for w in weights.values()))
        if not candidates or norm == 0:
            return ()
        scored = []
        for other in candidates:
            shared = feats & self._features[other]
            dot = sum(weights[f] ** 2 for f in shared)
            score = dot / (norm * self._norm(other)) if dot else 0.0
            if score >= min_score:
                scored.append((-score, -other.toordinal(), other))
        return tuple(other for _, _, other in sorted(scored)[:limit])
