"""The passage score's term-proximity bonus (BM25TP)."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from vaultkit.index.analysis import analyse_day
from vaultkit.index.bm25 import PROXIMITY_DISTANCE, DayIndex, proximity_bonus
from vaultkit.index.date_terms import day_terms, is_date_term
from vaultkit.index.turns import parse_turns
from vaultkit.search.backends import semantic_scores
from vaultkit.text.language import tokenize


def add_day(index: DayIndex, day: str, text: str) -> None:
    """Index one day's text as a refresh does (`analysis.analyse_day`, then `store_day`)."""
    index.store_day(day, analyse_day(day, text, index.terms, index.h, 0))


def test_bonus_grows_as_the_terms_come_closer() -> None:
    idf = {"camp": 2.0, "mountain": 2.0}
    near = proximity_bonus({"camp": [3], "mountain": [4]}, idf, 1.2)
    apart = proximity_bonus({"camp": [3], "mountain": [6]}, idf, 1.2)
    assert near > apart > 0
    # each term: min(1, idf) * acc * (k1 + 1) / (acc + norm) with acc = 1 / 1**2
    assert near == pytest.approx(2 * 1.0 * 1.0 * 2.2 / (1.0 + 1.2))


def test_no_bonus_for_one_term_or_beyond_the_window() -> None:
    idf = {"camp": 2.0, "mountain": 2.0}
    assert proximity_bonus({"camp": [1, 2, 3]}, idf, 1.2) == 0.0
    far = {"camp": [0], "mountain": [PROXIMITY_DISTANCE + 1]}
    assert proximity_bonus(far, idf, 1.2) == 0.0


def test_a_rare_term_counts_at_most_one_idf() -> None:
    low = proximity_bonus({"a": [0], "b": [1]}, {"a": 0.25, "b": 0.25}, 1.2)
    high = proximity_bonus({"a": [0], "b": [1]}, {"a": 5.0, "b": 5.0}, 1.2)
    assert high == pytest.approx(4 * low)  # min(1, 5) = 1 against 0.25


def _two_days() -> DayIndex:
    index = DayIndex()
    # Three turns, so each passage is the whole day. Same words, same counts, same lengths: only
    # where "camped" and "mountains" stand differs.
    add_day(
        index,
        "2023-01-01",
        "Anna: We camped in the mountains last week.\nBen: Lovely photos.\nAnna: Kids loved it.",
    )
    add_day(
        index,
        "2023-02-01",
        "Anna: We camped last week.\nBen: Lovely mountains photos.\nAnna: Kids loved it.",
    )
    add_day(index, "2023-03-01", "Anna: A quiet day at the office.\nBen: Same here.")
    return index


def test_a_passage_with_the_terms_together_wins() -> None:
    index = _two_days()
    plain = index.window_scores(["camp", "mountain"], proximity=False)
    near = index.window_scores(["camp", "mountain"])
    assert plain["2023-01-01"] == pytest.approx(plain["2023-02-01"])
    assert near["2023-01-01"] > near["2023-02-01"] * 1.1
    assert near["2023-02-01"] >= plain["2023-02-01"]
    scores = semantic_scores(index, "Where has Anna camped in the mountains?")
    assert max(scores, key=scores.__getitem__) == "2023-01-01"


def test_one_term_queries_score_plain_bm25() -> None:
    index = _two_days()
    assert index.window_scores(["camp"]) == index.window_scores(["camp"], proximity=False)


# --- the index against a plain reference --------------------------------------------------------

WORDS = ["camp", "mountain", "lake", "kayak", "pottery", "paint", "run", "book", "dt20240103"]


def _reference_windows(texts: dict[str, str], terms: list[str]) -> dict[str, float]:
    """Best passage BM25 + BM25TP per day, computed the obvious way from the texts."""
    per_day = {  # a word spelled like a date term is not one: only the day's own date is
        d: [[w for w in tokenize(t.text) if not is_date_term(w)] for t in parse_turns(x)]
        for d, x in texts.items()
    }
    passages = {  # each passage also holds its day's date terms
        d: [
            [w for turn in turns[max(0, i - 2) : i + 3] for w in turn] + day_terms(d)
            for i in range(len(turns))
        ]
        for d, turns in per_day.items()
    }
    every = [p for ps in passages.values() for p in ps]
    avg = (sum(map(len, every)) / len(every) if every else 1.0) or 1.0
    query = Counter(terms)
    idf = {}
    for t in query:
        df = sum(1 for p in every if t in p)
        if df:
            idf[t] = math.log(1 + (len(every) - df + 0.5) / (df + 0.5))
    out = {}
    for day, ps in passages.items():
        best = 0.0
        for p in ps:
            positions: dict[str, list[int]] = {}
            for at, w in enumerate(p):
                if w in idf:
                    positions.setdefault(w, []).append(at)
            if not positions:
                continue
            norm = 1.2 * (1 - 0.75 + 0.75 * len(p) / avg)
            score = sum(
                query[t] * idf[t] * len(a) * 2.2 / (len(a) + norm) for t, a in positions.items()
            )
            near = {t: a for t, a in positions.items() if not is_date_term(t)}
            if len(near) > 1:  # a date term has no place among the words
                score += proximity_bonus(near, idf, norm)
            best = max(best, score)
        if best > 0:
            out[day] = best
    return out


_turn = st.lists(st.sampled_from(WORDS), min_size=0, max_size=8).map(
    lambda ws: f"{'Anna' if len(ws) % 2 else 'Ben'}: {' '.join(ws) or 'hello'}"
)
_day_text = st.lists(_turn, min_size=0, max_size=9).map("\n".join)


@settings(max_examples=200, deadline=None)
@example(days={"2024-01-03": "Anna: camp"}, removed=set(), terms=["camp", "dt20240103"])
@example(days={"2024-01-03": "Anna: dt20240103"}, removed=set(), terms=["dt20240103"])
@given(
    days=st.dictionaries(st.sampled_from([f"2024-01-0{i}" for i in range(1, 8)]), _day_text),
    removed=st.sets(st.sampled_from([f"2024-01-0{i}" for i in range(1, 8)])),
    terms=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
)
def test_passage_scores_match_the_reference_after_adds_and_removes(
    days: dict[str, str], removed: set[str], terms: list[str]
) -> None:
    index = DayIndex()
    for day in days:
        add_day(index, day, "Anna: noise words only")  # replaced below: exercises re-indexing
    for day, text in days.items():
        add_day(index, day, text)
    for day in removed:
        index.remove_day(day)
    kept = {d: t for d, t in days.items() if d not in removed}
    expected = _reference_windows(kept, terms)
    found = index.window_scores(terms)
    assert found.keys() == expected.keys()
    for day, score in expected.items():
        assert found[day] == pytest.approx(score)
    assert index.window_scores(terms, days=list(kept)[:2]) == {
        d: s for d, s in found.items() if d in list(kept)[:2]
    }


def test_removing_every_day_leaves_empty_statistics() -> None:
    index = DayIndex()
    add_day(index, "2024-01-01", "Anna: we went camping by the lake\nBen: kayak too?")
    add_day(index, "2024-01-02", "Anna: pottery class tonight")
    index.remove_day("2024-01-01")
    index.remove_day("2024-01-02")
    db = index.db
    assert db.execute("SELECT n, total FROM rk_stats ORDER BY tbl").fetchall() == [(0, 0), (0, 0)]
    for table in ("rk_doc", "rk_post", "rk_pos", "rk_turns", "rk_pdf", "rk_speaker"):
        assert db.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,), table


def test_passages_are_scored_for_the_best_days_by_whole_day_score() -> None:
    index = DayIndex()
    add_day(index, "2024-01-01", "Anna: lake lake lake kayak by the lake")
    add_day(index, "2024-01-02", "Anna: one lake")
    add_day(index, "2024-01-03", "Anna: nothing to see")
    every = semantic_scores(index, "lake kayak")
    scores = semantic_scores(index, "lake kayak", rerank=1)
    # the second day keeps its whole-day share only: its passages were not scored
    assert scores["2024-01-01"] == 1.0
    whole = index.day_scores(["lake", "kayak"])
    assert scores["2024-01-02"] == pytest.approx(0.5 * whole["2024-01-02"] / whole["2024-01-01"])
    assert "2024-01-03" not in scores
    assert every["2024-01-02"] > scores["2024-01-02"]  # with its passage scored, it gains
