"""A question in one language finds the notes written in the other, with no semantic model: the
question's words bring their translations (`search.bridge`), weighed below the words themselves.
On a small vault of real files, synced and searched through the real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.search.bridge import WEIGHT, bridged
from vaultkit.search.search import search
from vaultkit.text.language import Analyzer

DAYS = {
    "2026-10-01": "Mochi (kucing) sakit, muntah terus dari pagi. Bawa ke dokter hewan sore.",
    "2026-10-02": "Migrasi Postgres 16 selesai jam 02:10, downtime 12 menit.",
    "2026-10-03": "Akar masalah checkout down kemarin: pool koneksi Redis bocor.",
    "2026-10-05": "Lunch with Dewi, she told me about her new bike and the weather in Bandung.",
    "2026-10-06": "The cat food delivery came late again; the dog next door barked all night.",
    "2026-10-07": "Kerjaan biasa: review PR, standup, nulis dokumen onboarding.",
    "2026-10-08": "Hujan deres seharian, banjir di depan kos. Nonton film sampe malam.",
}
AS_OF = date(2026, 10, 9)


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("when was my cat sick?", "2026-10-01"),
        ("when did the database upgrade finish?", "2026-10-02"),
        ("what was the root cause of the checkout outage?", "2026-10-03"),
        ("kapan makan siang sama Dewi?", "2026-10-05"),
        ("kapan hujan dan banjir?", "2026-10-08"),
    ],
)
def test_a_question_finds_the_day_written_in_the_other_language(
    vault: Path, question: str, day: str
) -> None:
    result = search(load_config(vault), question, as_of=AS_OF)
    assert result.hits and result.hits[0].date.isoformat() == day


def test_a_words_translations_share_its_weight_and_repeat_none_of_its_terms() -> None:
    analyzer = Analyzer(("en", "id"))
    extra = bridged("when was my cat sick?", analyzer.terms)
    own = set(analyzer.terms("when was my cat sick?"))
    assert extra and not own & set(extra)
    assert {*analyzer.terms("kucing"), *analyzer.terms("sakit")} <= set(extra)
    assert all(0 < w <= WEIGHT for w in extra.values())
    assert bridged("when was it?", analyzer.terms) == {}  # stopwords ask for nothing


def test_a_phrase_the_table_knows_is_translated_whole() -> None:
    analyzer = Analyzer(("en", "id"))
    extra = bridged("root cause", analyzer.terms)
    assert set(analyzer.terms("akar masalah")) <= set(extra)
