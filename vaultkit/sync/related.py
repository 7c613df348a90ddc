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
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import date
from typing import Protocol

from vaultkit.catalog.related import PostingChanges
from vaultkit.files.storage import digest
from vaultkit.model import KINDS, Summary
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
# One event over a few days: an incident and its postmortem the next day, a migration's weekend.
# An earlier day at most EPISODE_GAP days before that shares a term outside the vocabulary that
# no more than EPISODE_DAYS days have (the outage's service, the tool its fix brought in) is the
# same episode: it takes the first of the related dates, whatever the cosine of the whole days
# (a postmortem's words are mostly its own). Not a bullet's word, shared by chance (on LoCoMo
# dev they related days weeks apart in talk: conv-30 R@5 0.9105 -> 0.8981), and not a person, a
# vocabulary project or a tag: those run through a young vault's every few days.
EPISODE_GAP = 3
EPISODE_DAYS = 3
_EPISODE_KINDS = ("u:",)


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


def features_digest(feats: Iterable[str]) -> str:
    return digest("\n".join(sorted(feats)), 16)


class KeptPostings(Protocol):
    """A related-days state kept between runs (the catalog's): per feature, how many of the kept
    days have it and which, in date order."""

    def frequencies(self, features: Collection[str]) -> dict[str, int]: ...

    def postings(self, features: Collection[str]) -> dict[str, list[date]]: ...

    def sizes(self, days: Collection[date]) -> dict[date, int]: ...

    def tails(self, counts: Mapping[str, int]) -> dict[str, list[date]]: ...


class RelatedDays:
    """Days added in date order; `related(day, feats)` ranks the days added so far for a day
    that comes next (or is being added), as of that day.

    Built from nothing, every day is added. `resume` starts instead from a state kept between
    runs (`KeptPostings`), reading the postings of the features the days it relates have and
    the counts of their candidates' features, not every day: the cost follows the days related.
    `features_of` gives the features of a kept day (a candidate)."""

    def __init__(
        self,
        limit: int,
        min_score: float,
        *,
        kept: KeptPostings | None = None,
        features_of: Callable[[date], Iterable[str]] | None = None,
    ) -> None:
        self.limit = limit
        self.min_score = min_score
        self._kept = kept
        self._features_of = features_of
        self._features: dict[date, frozenset[str]] = {}
        self._count = 0
        self._df: dict[str, int] = {}  # every feature's when built; read or counted when resumed
        self._postings: dict[str, list[date]] = {}
        self._appended: dict[str, list[date]] = {}  # resumed: days added to an unread posting
        self._truncated: dict[str, int] = {}  # resumed: days dropped off an unread posting's end
        self._changed: set[str] = set()  # resumed: the features whose postings changed
        self._last: date | None = None

    @classmethod
    def resume(
        cls,
        limit: int,
        min_score: float,
        kept: KeptPostings,
        *,
        count: int,
        last: date | None,
        dropped: Iterable[tuple[date, Iterable[str]]],
        features_of: Callable[[date], Iterable[str]],
    ) -> RelatedDays:
        """The state kept of `count` days, the last of them `last`, less the `dropped` days
        (kept days after `last`, with the features they were kept with), which the pass
        relates again or has lost. ValueError: a dropped day is not in its postings."""
        state = cls(limit, min_score, kept=kept, features_of=features_of)
        state._count = count
        lost = [(day, frozenset(feats)) for day, feats in dropped]
        ends: dict[str, list[date]] = {}  # each feature's dropped days: its posting's last ones
        for day, feats in sorted(lost):
            for feature in feats:
                ends.setdefault(feature, []).append(day)
        state._read_frequencies(ends)
        tails = kept.tails({f: len(days) for f, days in ends.items()})
        for feature, days in ends.items():
            if tails.get(feature) != days:
                raise ValueError(f"the kept days of {feature!r} do not end with {days}")
            state._df[feature] -= len(days)
            state._truncated[feature] = len(days)  # a posting as long as the vault: not read
        state._changed |= set(ends)
        state._count -= len(lost)
        state._last = last
        return state

    def __len__(self) -> int:
        return self._count

    def add(self, day: date, feats: Iterable[str]) -> None:
        """Add the next day (days come in date order)."""
        if self._last is not None and day <= self._last:
            raise ValueError(f"days must be added in date order: {day} after {self._last}")
        feats = frozenset(feats)
        if self._kept is None:
            for feature in feats:
                self._df[feature] = self._df.get(feature, 0) + 1
                self._postings.setdefault(feature, []).append(day)
        else:
            self._read_frequencies(feats)
            for feature in feats:
                self._df[feature] += 1
                posting = self._postings.get(feature)
                if posting is not None:
                    posting.append(day)
                elif self._df[feature] == 1:  # a new feature: nothing stored to append to
                    self._postings[feature] = [day]
                else:
                    self._appended.setdefault(feature, []).append(day)
            self._changed |= feats
        self._features[day] = feats
        self._count += 1
        self._last = day

    def related(self, day: date, feats: Iterable[str]) -> tuple[date, ...]:
        """The `limit` days added so far (all before `day`) most like `feats`, as of `day`, with
        a cosine of at least `min_score`; ties go to the more recent day. Sorted by date."""
        feats = frozenset(feats)
        if self.limit <= 0 or not feats or not self._count:
            return ()
        n = self._count + 1  # the day itself counts, as it will once added
        if self._kept is not None:
            self._read_frequencies(feats)
        df = self._df
        weights = {f: _idf(n, df.get(f, 0) + 1) for f in feats}
        norm = math.sqrt(sum(w * w for w in weights.values()))
        common = min(MAX_POSTING, max(MIN_COMMON, int(COMMON_SHARE * n)))
        nominating = [f for f in feats if 0 < df.get(f, 0) <= common]
        if self._kept is not None:
            self._read_postings(nominating)
        overlap: dict[date, float] = defaultdict(float)
        for feature in nominating:
            for other in self._postings[feature]:
                overlap[other] += weights[feature] ** 2
        if not overlap or norm == 0:
            return ()
        sizes = self._sizes(overlap)
        rough = heapq.nsmallest(
            RERANK,
            overlap,
            key=lambda o: (-overlap[o] / math.sqrt(sizes[o]), -o.toordinal()),
        )
        if self._kept is not None:
            self._read_frequencies({f for other in rough for f in self._day(other)})
        seen = dict(weights)  # idf of the candidates' features, each computed once

        def idf(feature: str) -> float:
            if feature not in seen:
                seen[feature] = _idf(n, df.get(feature, 0))
            return seen[feature]

        def cosine(other: date) -> float:
            theirs = self._day(other)
            dot = sum(weights[f] ** 2 for f in feats & theirs)  # common features too
            return dot / (norm * math.sqrt(sum(idf(f) ** 2 for f in theirs)))

        episode = self._episode(day, feats, overlap)
        scored = []
        for other in rough:
            score = cosine(other)
            if score >= self.min_score and other != episode:
                scored.append((-score, -other.toordinal(), other))
        best = [other for _, _, other in sorted(scored)]
        picked = ([episode] if episode is not None else []) + best
        return tuple(sorted(picked[: self.limit]))

    def _episode(
        self, day: date, feats: frozenset[str], candidates: Collection[date]
    ) -> date | None:
        """The latest earlier day of `day`'s episode: at most EPISODE_GAP days before it, sharing
        a term outside the vocabulary that at most EPISODE_DAYS days have (this one counted)."""
        near = sorted((o for o in candidates if 0 < (day - o).days <= EPISODE_GAP), reverse=True)
        for other in near:
            shared = feats & self._day(other)
            if any(
                f[:2] in _EPISODE_KINDS and self._df.get(f, 0) + 1 <= EPISODE_DAYS for f in shared
            ):
                return other
        return None

    def changes(self) -> PostingChanges:
        """What to keep of this state for the next run (`resume`)."""
        if self._kept is None:
            return PostingChanges(dict(self._df), self._postings, {}, complete=True)
        changed = self._changed
        return PostingChanges(
            {f: self._df[f] for f in changed},
            {f: days for f, days in self._postings.items() if f in changed},
            {f: days for f, days in self._appended.items() if f in changed},
            complete=False,
            truncated={f: n for f, n in self._truncated.items() if f in changed},
        )

    def _sizes(self, days: Collection[date]) -> dict[date, int]:
        """How many features each of `days` has (a kept day's, from the kept state: the rough
        ranking of candidates needs no more of them)."""
        found = {day: len(feats) for day in days if (feats := self._features.get(day)) is not None}
        missing = [day for day in days if day not in found]
        if missing:
            assert self._kept is not None  # a state built from every day has every day's features
            found.update(self._kept.sizes(missing))
        return found

    def _day(self, day: date) -> frozenset[str]:
        feats = self._features.get(day)
        if feats is None:
            assert self._features_of is not None  # a kept day: only a resumed state has them
            feats = self._features[day] = frozenset(self._features_of(day))
        return feats

    def _read_frequencies(self, features: Iterable[str]) -> None:
        assert self._kept is not None  # a state built from every day has every count
        missing = [f for f in features if f not in self._df]
        if missing:
            found = self._kept.frequencies(missing)
            for feature in missing:
                self._df[feature] = found.get(feature, 0)

    def _read_postings(self, features: Iterable[str]) -> None:
        """The postings of `features` read in, less the days dropped off their end, with the
        days added to them since."""
        assert self._kept is not None  # a state built from every day has every posting
        missing = [f for f in features if f not in self._postings]
        if not missing:
            return
        self._read_frequencies(missing)
        found = self._kept.postings(missing)
        for feature in missing:
            days = found.get(feature, [])
            dropped = self._truncated.pop(feature, 0)
            days = days[: len(days) - dropped] + self._appended.pop(feature, [])
            self._postings[feature] = days


def _idf(n: int, df: int) -> float:
    return math.log(1 + n / df) if df else 0.0
