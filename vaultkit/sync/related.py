"""Related days, found by the program: the earlier days whose topics overlap a day's the most.

Each day is a set of features (people, projects, tags, uncategorized terms, the stemmed words of
its bullets). Two days are compared by the cosine of their IDF-weighted feature sets, so a rare
shared project counts for much and the owner's name, present every day, for almost nothing.

The related dates of a day are a function of the days on or before it, and of nothing else:
IDF counts those days only. So the same daily notes give the same related dates whether they are
synced at once, in batches, oldest last (a backfill), or after a crash and a resume; a new day
changes no earlier day's related dates, and an older day that arrives late changes only later
days' (which sync then rewrites). `RelatedDays` computes them in one date-ordered pass, in two
stages as search engines rank: candidates from an inverted index score by their IDF-weighted
overlap divided by the square root of their feature count (cheap: no norm to recompute), and
the best `RERANK` of them by the exact cosine as of the day. A day is never compared with the
whole history pairwise, and no day is favoured for being early (a norm taken at the day's own
date would be: IDF is small while there are few days).
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date

from vaultkit.files.storage import digest
from vaultkit.model import KINDS, Summary, SummaryFields
from vaultkit.text.language import Analyzer

# Postings longer than this share of the days so far only add weight, never candidates: common
# features (the owner's name) would make every day a candidate of every other. And never longer
# than MAX_POSTING days, as Lucene's MoreLikeThis caps a term's document frequency: a share alone
# grows with the vault, and so would each day's cost (on a generated vault a 20,000-day pass took
# 313 s, its last 4,000 days 114 s; capped, 136 s and 37 s). Under 5,000 days the share is the
# smaller and the cap changes nothing.
COMMON_SHARE = 0.2
MIN_COMMON = 50
MAX_POSTING = 1000
MIN_WORD = 4  # shorter bullet words are mostly noise as topics
RERANK = 32  # candidates scored by the exact cosine


def features(summary: Summary, analyzer: Analyzer) -> frozenset[str]:
    """The topic features of a summary, prefixed by kind so a person never matches a word."""
    found = {f"p:{p.casefold()}" for p in summary.people}
    found |= {f"j:{p.casefold()}" for p in summary.projects}
    found |= {f"t:{t.casefold()}" for t in summary.tags}
    for kind in KINDS:
        found |= {f"u:{u.casefold()}" for u in summary.uncategorized.of(kind)}
    for bullet in summary.bullets:
        found |= {
            f"k:{w}" for w in analyzer.terms(bullet) if len(w) >= MIN_WORD and not w.isdigit()
        }
    return frozenset(found)


def fields_features(fields: SummaryFields, analyzer: Analyzer) -> frozenset[str]:
    """`features` of a summary's cached fields."""
    from vaultkit.pages.schema import summary_of

    return features(summary_of(date(2000, 1, 1), fields), analyzer)


def features_digest(feats: Iterable[str]) -> str:
    return digest("\n".join(sorted(feats)), 16)


class RelatedDays:
    """Days added in date order; `related(day, feats)` ranks the days added so far for a day
    that comes next (or is being added), as of that day."""

    def __init__(self, limit: int, min_score: float) -> None:
        self.limit = limit
        self.min_score = min_score
        self._features: dict[date, frozenset[str]] = {}
        self._df: dict[str, int] = defaultdict(int)
        self._postings: dict[str, list[date]] = defaultdict(list)
        self._last: date | None = None

    def __len__(self) -> int:
        return len(self._features)

    def add(self, day: date, feats: Iterable[str]) -> None:
        """Add the next day (days come in date order)."""
        if self._last is not None and day <= self._last:
            raise ValueError(f"days must be added in date order: {day} after {self._last}")
        feats = frozenset(feats)
        for feature in feats:
            self._df[feature] += 1
            self._postings[feature].append(day)
        self._features[day] = feats
        self._last = day

    def related(self, day: date, feats: Iterable[str]) -> tuple[date, ...]:
        """The `limit` days added so far (all before `day`) most like `feats`, as of `day`, with
        a cosine of at least `min_score`; ties go to the more recent day. Sorted by date."""
        feats = frozenset(feats)
        if self.limit <= 0 or not feats or not self._features:
            return ()
        n = len(self._features) + 1  # the day itself counts, as it will once added

        weights = {f: _idf(n, self._df.get(f, 0) + 1) for f in feats}
        seen = dict(weights)  # idf of the candidates' features, each computed once

        def idf(feature: str) -> float:
            if feature not in seen:
                seen[feature] = _idf(n, self._df.get(feature, 0))
            return seen[feature]

        norm = math.sqrt(sum(w * w for w in weights.values()))
        common = min(MAX_POSTING, max(MIN_COMMON, int(COMMON_SHARE * n)))
        overlap: dict[date, float] = defaultdict(float)
        for feature in feats:
            posting = self._postings.get(feature, ())
            if len(posting) <= common:
                for other in posting:
                    overlap[other] += weights[feature] ** 2
        if not overlap or norm == 0:
            return ()
        rough = heapq.nsmallest(
            RERANK,
            overlap,
            key=lambda o: (-overlap[o] / math.sqrt(len(self._features[o])), -o.toordinal()),
        )
        scored = []
        for other in rough:
            theirs = self._features[other]
            dot = sum(weights[f] ** 2 for f in feats & theirs)  # common features too
            score = dot / (norm * math.sqrt(sum(idf(f) ** 2 for f in theirs)))
            if score >= self.min_score:
                scored.append((-score, -other.toordinal(), other))
        return tuple(sorted(other for _, _, other in sorted(scored)[: self.limit]))


def _idf(n: int, df: int) -> float:
    return math.log(1 + n / df) if df else 0.0


def related_days_of(
    days: Mapping[date, frozenset[str]], limit: int, min_score: float
) -> dict[date, tuple[date, ...]]:
    """Every day's related dates, by one date-ordered pass (what sync's pass computes)."""
    relating = RelatedDays(limit, min_score)
    out = {}
    for day in sorted(days):
        out[day] = relating.related(day, days[day])
        relating.add(day, days[day])
    return out
