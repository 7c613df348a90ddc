"""Related days as of each day (`sync.related`): the two-stage ranking finds what the exact
cosine finds, and a long vault's common features nominate no candidates (the cost of a day stays
bounded as the vault grows)."""

from __future__ import annotations

import math
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.sync.related import MAX_POSTING, RelatedDays, related_days_of

START = date(2024, 1, 1)


def cosines(days: dict[date, frozenset[str]]) -> dict[date, dict[date, float]]:
    """By the definition: each day's cosine with every earlier day it shares a feature with, IDF
    counted over the days on or before it."""
    out = {}
    ordered = sorted(days)
    for i, day in enumerate(ordered):
        seen = ordered[: i + 1]
        n = len(seen)
        df: dict[str, int] = {}
        for d in seen:
            for f in days[d]:
                df[f] = df.get(f, 0) + 1

        def vector(d: date, df: dict[str, int] = df, n: int = n) -> dict[str, float]:
            return {f: math.log(1 + n / df[f]) for f in days[d]}

        mine = vector(day)
        scored = {}
        for other in seen[:-1]:
            theirs = vector(other)
            dot = sum(w * theirs[f] for f, w in mine.items() if f in theirs)
            norms = math.sqrt(sum(w * w for w in mine.values())) * math.sqrt(
                sum(w * w for w in theirs.values())
            )
            score = dot / norms if norms else 0.0
            if dot > 0:
                scored[other] = score
        out[day] = scored
    return out


features = st.frozensets(st.sampled_from([f"k:w{i}" for i in range(12)]), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(st.lists(features, min_size=1, max_size=25))
def test_the_two_stages_find_what_the_exact_cosine_finds(sets: list[frozenset[str]]) -> None:
    days = {START + timedelta(days=i): s for i, s in enumerate(sets)}
    found = related_days_of(days, 2, 0.15)
    for day, scores in cosines(days).items():
        eligible = {d: s for d, s in scores.items() if s >= 0.15}
        assert len(found[day]) == min(2, len(eligible))
        assert all(d in eligible for d in found[day])
        left_out = [s for d, s in eligible.items() if d not in found[day]]
        # The best ones (a tie may go either way by the last bit of a float sum).
        assert all(eligible[d] >= s - 1e-12 for d in found[day] for s in left_out)


def test_a_feature_on_more_than_the_cap_of_days_nominates_no_candidates() -> None:
    n = 6 * MAX_POSTING  # the share (a fifth) is above the cap: the cap decides
    common = MAX_POSTING + MAX_POSTING // 10  # more days than the cap, fewer than a fifth
    relating = RelatedDays(2, 0.0)
    for i in range(n):
        feats = {f"k:own{i}"}
        if i % (n // common) == 0:
            feats.add("k:often")
        if i == 3:
            feats.add("k:rare")
        relating.add(START + timedelta(days=i), feats)
    last = START + timedelta(days=n)
    assert relating.related(last, {"k:often", "k:mine"}) == ()
    assert relating.related(last, {"k:rare", "k:often"}) == (START + timedelta(days=3),)
