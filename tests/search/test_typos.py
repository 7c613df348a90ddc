"""A question's typing slips are read as the words the notes hold; a word no note holds
narrows nothing; a name, a short word and a word the lexicon knows stay as typed."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.search.test_everyday import TUESDAY
from tests.search.test_everyday import vault as vault
from vaultkit.config import load_config
from vaultkit.search.search import search
from vaultkit.search.span import known_word
from vaultkit.search.typos import respelled
from vaultkit.text.language import Analyzer

NOTES = "cutover selesai migration finally happened funny received"
ANALYZER = Analyzer()
HELD = {t: 1 for t in ANALYZER.terms(NOTES)}


def held(terms: Collection[str]) -> dict[str, int]:
    return {t: HELD[t] for t in terms if t in HELD}


@pytest.mark.parametrize(
    ("query", "read"),
    [
        ("when was the cutovr", "when was the cutover"),
        ("did we finaly migrate", "did we finaly migrate"),  # a chat spelling, read elsewhere
        ("migraiton done?", "migration done?"),
        ("kapan selesia?", "kapan selesai?"),
    ],
)
def test_a_slip_is_read_as_the_word_the_notes_hold(query: str, read: str) -> None:
    assert respelled(query, ANALYZER.terms, held, known_word)[0] == read


@pytest.mark.parametrize(
    "query",
    [
        "my bunny",  # five letters: "funny" is one letter away
        "the Cutovr plan",  # a capital is a name's
        "kubernetes rollout",  # nothing one slip away
        "important meetings",  # the lexicon's word
    ],
)
def test_a_name_a_short_word_and_a_known_word_stay_as_typed(query: str) -> None:
    assert respelled(query, ANALYZER.terms, held, known_word) == (query, ())


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ?", max_size=40))
def test_respelling_is_idempotent(query: str) -> None:
    once, _ = respelled(query, ANALYZER.terms, held, known_word)
    assert respelled(once, ANALYZER.terms, held, known_word)[0] == once


def test_a_typed_slip_finds_its_day_and_says_how_it_was_read(vault: Path) -> None:
    config = load_config(vault)
    result = search(config, "when was the cutovr?", as_of=TUESDAY)
    spelled = search(config, "when was the cutover?", as_of=TUESDAY)
    assert [h.date for h in result.hits] == [h.date for h in spelled.hits]
    assert result.focus.respelled == (("cutovr", "cutover"),)
    assert "'cutovr' read as 'cutover'" in result.focus.describe()
    assert result.as_dict()["reading"]["respelled"] == {"cutovr": "cutover"}


@pytest.mark.parametrize("question", ["what happend last week?", "minggu lalu ngapain ajahh?"])
def test_a_word_no_note_holds_leaves_a_span_question(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY, top_k=10)
    assert result.focus.span
    assert sorted(h.date.isoformat() for h in result.hits) == [
        "2026-11-09", "2026-11-10", "2026-11-12", "2026-11-14"
    ]  # fmt: skip
