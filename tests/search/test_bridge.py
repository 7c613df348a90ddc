"""A question in one language finds the notes written in the other, with no semantic model: the
question's words bring their translations (`search.bridge`), weighed below the words themselves.
On a small vault of real files, synced and searched through the real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.search.bridge import WEIGHT, bridge, bridged
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


# A team's vault: a term's aliases, a person leaving against a PO issued and a day on leave,
# a migration's latest status against a blog post planned about it.
TEAM = {
    "2026-11-02": "Migrasi Postgres ke PG16 mulai: replikasi logical jalan dari jam 10.",
    "2026-11-05": "PO pertama keluar: VM buat K3s prod sama deposit CloudKita.",
    "2026-11-06": "Raka is on leave today, standup was ten minutes.",
    "2026-11-09": "Raka resign. Dia ngomong ke Budi tadi pagi, terus ke tim pas standup.",
    "2026-11-12": "## Postgres tuning\nDewi closed the last item of the migration checklist: "
    "autovacuum tuned on PG16, bloat on the events table down from 31% to 9%.",
    "2026-11-13": "Dewi: dua minggu sejak blog baru, traffic naik 18%.\n"
    'Next: Dewi mau nulis seri "how we migrated to PostgreSQL 16" buat blog.',
}
NOVEMBER = date(2026, 11, 16)


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory) -> Path:
    vocabulary = {
        "technologies": ["PostgreSQL"],
        "aliases": {"postgres": "PostgreSQL", "PG16": "PostgreSQL"},
    }
    people = {"known": ["Raka", "Dewi", "Budi"]}
    return synced_notes(tmp_path_factory.mktemp("team"), TEAM, vocabulary=vocabulary, people=people)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("who resigned?", "2026-11-09"),
        ("siapa yang resign?", "2026-11-09"),
        ("what's the latest on the PostgreSQL migration?", "2026-11-12"),
        ("kabar migrasi postgres gimana?", "2026-11-12"),
    ],
)
def test_a_leaving_a_term_s_aliases_and_a_planned_post_read_as_people_read_them(
    team: Path, question: str, day: str
) -> None:
    result = search(load_config(team), question, as_of=NOVEMBER)
    assert result.hits and result.hits[0].date.isoformat() == day


def test_a_terms_other_spellings_stand_for_it_and_weigh_nothing_of_their_own() -> None:
    analyzer = Analyzer(("en", "id"))
    spellings = {"postgresql": ["PostgreSQL", "postgres", "PG16"]}
    found = bridge(
        "PostgreSQL migration", analyzer.terms, (), lambda w: spellings.get(w.lower(), [w])
    )
    pg16 = analyzer.terms("PG16")[0]
    assert found.sources[pg16] == analyzer.terms("PostgreSQL")[0]
    assert pg16 not in found.weights


def test_a_vault_in_one_language_is_not_bridged() -> None:
    analyzer = Analyzer(("en",))
    assert bridge("when was my cat sick?", analyzer.terms, languages=("en",)).weights == {}


def test_explain_and_json_say_what_the_words_were_also_read_as(vault: Path) -> None:
    result = search(load_config(vault), "when was my cat sick?", as_of=AS_OF)
    assert result.focus is not None
    assert "also read as cat = kucing" in result.focus.describe()
    assert "sakit" in result.focus.as_dict()["translated"]["sick"]


# A kind of technology named in a question ("the database") stands for the vocabulary's terms
# of that kind (`text.kinds`); upgrading a laptop or chatting about a database are other days.
KINDS = {
    "2026-11-02": "Migrasi Postgres 16 selesai jam 02:10, downtime 12 menit.",
    "2026-11-04": "Ngobrol sama Budi soal database di kantor lamanya, masih pakai Excel semua.",
    "2026-11-05": "Upgrade laptop ke RAM 32 GB, akhirnya ga nge-lag lagi.",
    "2026-11-06": "Upgrade Grafana ke versi 11 selesai, dashboard aman.",
    "2026-11-10": "Redis di-upgrade ke 7.2 pas maintenance window, aman.",
}
TECH = {
    "technologies": ["PostgreSQL", "Grafana", "Redis"],
    "aliases": {"postgres": "PostgreSQL", "PG16": "PostgreSQL"},
}


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stack")
    return synced_notes(root, KINDS, vocabulary=TECH, people={"known": ["Budi"]})


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("when did we upgrade the database?", "2026-11-02"),
        ("kapan upgrade database?", "2026-11-02"),
        ("when did we upgrade the cache?", "2026-11-10"),
    ],
)
def test_a_kind_of_technology_stands_for_the_vocabulary_s_terms_of_that_kind(
    stack: Path, question: str, day: str
) -> None:
    result = search(load_config(stack), question, as_of=NOVEMBER)
    assert result.hits[0].date.isoformat() == day
    read_as = {w.casefold(): ts for w, ts in result.focus.translated}
    assert any({"PostgreSQL", "Redis"} & set(ts) for ts in read_as.values())


def test_a_kind_brings_only_what_the_vocabulary_lists() -> None:
    from vaultkit.config import VocabularyConfig
    from vaultkit.text.vocabulary import Vocabulary

    listed = Vocabulary(
        VocabularyConfig(technologies=("PostgreSQL",), aliases={"PG16": "PostgreSQL"})
    )
    assert {s.casefold() for s in listed.of_kind("Database")} == {"postgresql", "pg16"}
    assert listed.of_kind("basis data") == listed.of_kind("db")
    assert listed.of_kind("cache") == []  # Redis is a cache, but this vault does not list it
    assert listed.of_kind("laptop") == []
