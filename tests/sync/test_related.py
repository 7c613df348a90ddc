"""Related days as of each day (`sync.related`): the two-stage ranking finds what the exact
cosine finds, and a long vault's common features nominate no candidates (the cost of a day stays
bounded as the vault grows)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultkit.catalog.facts import SourceFacts
from vaultkit.catalog.store import Catalog
from vaultkit.sync.related import (
    EPISODE_DAYS,
    EPISODE_GAP,
    MAX_POSTING,
    RelatedDays,
)

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


features = st.frozensets(
    st.sampled_from([f"k:w{i}" for i in range(12)] + [f"u:t{i}" for i in range(4)]),
    min_size=1,
    max_size=6,
)


def episode_day(days: dict[date, frozenset[str]], day: date) -> date | None:
    """By the definition: the latest earlier day at most EPISODE_GAP days before `day` sharing a
    term outside the vocabulary (`u:`) that at most EPISODE_DAYS of the days on or before `day`
    have."""
    seen = [d for d in days if d <= day]
    for other in sorted((d for d in seen if 0 < (day - d).days <= EPISODE_GAP), reverse=True):
        for feature in days[day] & days[other]:
            if feature.startswith("u:") and sum(feature in days[d] for d in seen) <= EPISODE_DAYS:
                return other
    return None


@settings(max_examples=60, deadline=None)
@given(st.lists(features, min_size=1, max_size=25), st.integers(min_value=1, max_value=3))
def test_the_two_stages_find_what_the_exact_cosine_finds(
    sets: list[frozenset[str]], step: int
) -> None:
    days = {START + timedelta(days=i * step): s for i, s in enumerate(sets)}
    found = related_days_of(days, 2, 0.15)
    for day, scores in cosines(days).items():
        episode = episode_day(days, day)
        eligible = {d: s for d, s in scores.items() if s >= 0.15 and d != episode}
        others = [d for d in found[day] if d != episode]
        assert (episode in found[day]) == (episode is not None)
        assert len(found[day]) == min(2, len(eligible) + (episode is not None))
        assert all(d in eligible for d in others)
        left_out = [s for d, s in eligible.items() if d not in found[day]]
        # The best ones (a tie may go either way by the last bit of a float sum).
        assert all(eligible[d] >= s - 1e-12 for d in others for s in left_out)


def test_the_day_after_an_incident_is_its_postmortems_related_day() -> None:
    """An outage and its postmortem share the service's name, which few days have: related,
    though most of a postmortem's words are its own and an older day shares more of them."""
    days = {
        START: frozenset({"u:checkout api", "k:outag", "k:redis", "k:pool", "p:budi"}),
        START + timedelta(days=1): frozenset({"u:checkout api", "k:postmortem", "k:timelin"}),
    }
    older = {START - timedelta(days=30 + i): frozenset({"k:postmortem", "k:timelin", "p:budi"})
             for i in range(3)}  # fmt: skip
    found = related_days_of({**older, **days}, 2, 0.15)
    assert START in found[START + timedelta(days=1)]
    far = {START: days[START], START + timedelta(days=9): days[START + timedelta(days=1)]}
    assert related_days_of({**older, **far}, 2, 0.15)[START + timedelta(days=9)] == tuple(
        sorted(older)[-2:]
    )


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


def kept(
    catalog: Catalog,
    state: RelatedDays,
    days: list[date],
    feats: dict[date, frozenset[str]],
    params: str = "p",
) -> None:
    """Keep a pass's state in a real catalog, as sync does (a day's digest, its feature count)."""
    seen: dict[str, tuple[str, int] | None] = {d.isoformat(): ("x", len(feats[d])) for d in days}
    changes = state.changes()
    catalog.related_saved(params, seen, changes, whole=changes.complete)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(features, min_size=2, max_size=30),
    st.data(),
)
def test_a_resumed_state_relates_as_one_built_from_every_day(
    tmp_path: Path, sets: list[frozenset[str]], data: st.DataObject
) -> None:
    """Kept, then resumed at any later day (the days after it dropped and related again), twice
    over (a posting appended to without being read), the related dates are those of one pass."""
    days = [START + timedelta(days=i) for i in range(len(sets))]
    feats = dict(zip(days, sets, strict=True))
    expected = related_days_of(feats, 2, 0.15)
    first = data.draw(st.integers(1, len(days) - 1))
    cut = data.draw(st.integers(first, len(days)))
    catalog = Catalog(tmp_path / f"c{len(sets)}-{first}-{cut}")
    built = RelatedDays(2, 0.15)
    for day in days[:first]:
        built.add(day, feats[day])
    kept(catalog, built, days[:first], feats)
    resumed = resume(catalog, days, feats, kept_days=first, start=first)
    for day in days[first:cut]:
        assert resumed.related(day, feats[day]) == expected[day]
        resumed.add(day, feats[day])
    kept(catalog, resumed, days[:cut], feats)
    again = resume(catalog, days, feats, kept_days=cut, start=first + (cut - first) // 2)
    for day in days[first + (cut - first) // 2 :]:
        assert again.related(day, feats[day]) == expected[day]
        again.add(day, feats[day])
    catalog.close()


def resume(
    catalog: Catalog,
    days: list[date],
    feats: dict[date, frozenset[str]],
    *,
    kept_days: int,
    start: int,
) -> RelatedDays:
    """The kept state of the first `kept_days` days, resumed at `days[start]`."""
    postings = catalog.related.kept_postings("p")
    assert postings is not None
    return RelatedDays.resume(
        2,
        0.15,
        postings,
        count=kept_days,
        last=days[start - 1],
        dropped=[(d, feats[d]) for d in days[start:kept_days]],
        features_of=feats.__getitem__,
    )


def test_rows_saved_without_their_related_state_are_checked(tmp_path: Path) -> None:
    """A run that died in its pass saves the facts it learnt but not the related state they
    give: the next run compares every day's features with the kept state."""
    catalog = Catalog(tmp_path)
    state = RelatedDays(2, 0.0)
    state.add(START, {"k:a"})
    kept(catalog, state, [START], {START: frozenset({"k:a"})})
    catalog.save()
    catalog.close()
    catalog = Catalog(tmp_path)
    assert catalog.related.digests() and catalog.related_rows_checked()
    note = tmp_path / "n.md"
    note.write_text("x")
    catalog.put(note, SourceFacts("d"), day="2026-07-01", kind="note")
    catalog.save()  # no related state saved by this run
    catalog.close()
    catalog = Catalog(tmp_path)
    assert catalog.related.digests() and catalog.related.kept_postings("p") is not None
    assert not catalog.related_rows_checked()
    kept(catalog, state, [START], {START: frozenset({"k:a"})})
    catalog.close()
    catalog = Catalog(tmp_path)
    assert catalog.related_rows_checked()
    catalog.close()


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
