"""The passage score's term-proximity bonus (BM25TP)."""

from __future__ import annotations

import pytest

from vaultkit.retrieval import DayIndex, proximity_bonus, semantic_scores
from vaultkit.retrieval.fts import PROXIMITY_DISTANCE


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
    index.add_day(
        "2023-01-01",
        "Anna: We camped in the mountains last week.\nBen: Lovely photos.\nAnna: Kids loved it.",
    )
    index.add_day(
        "2023-02-01",
        "Anna: We camped last week.\nBen: Lovely mountains photos.\nAnna: Kids loved it.",
    )
    index.add_day("2023-03-01", "Anna: A quiet day at the office.\nBen: Same here.")
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
