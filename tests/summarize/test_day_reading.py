"""A day read as a person reads it, in English and Indonesian: who the people are (and what is
a tool, a pet, a place), an event against a joke about one, how much a day weighs, its mood and
its key lines."""

from __future__ import annotations

from datetime import date

import pytest

from vaultkit.config import PeopleConfig, VocabularyConfig
from vaultkit.model import DayInput
from vaultkit.summarize.evidence import NameEvidence
from vaultkit.summarize.offline import OfflineSummarizer, file_evidence
from vaultkit.summarize.people import vault_names
from vaultkit.text.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    VocabularyConfig(technologies=("Redis", "PostgreSQL", "Kubernetes"), libraries=("Flask",)),
    PeopleConfig(known=("Tiara",)),
)


def read(
    note: str, *chats: str, vault: list[str] | None = None, vault_chats: list[str] | None = None
):  # type: ignore[no-untyped-def]
    """The explanation of one day; `vault` and `vault_chats` the other days' notes and
    transcripts, whose evidence counts."""
    evidence = [file_evidence(text, chat=False) for text in vault or ()]
    evidence += [file_evidence(text, chat=True) for text in vault_chats or ()]
    summarizer = OfflineSummarizer(VOCABULARY, vault=vault_names(evidence, VOCABULARY))
    transcripts = tuple((f"chat{i}", text) for i, text in enumerate(chats))
    return summarizer.explain(DayInput(date(2026, 8, 3), note, transcripts))


def terms_of(explanation) -> set[str]:  # type: ignore[no-untyped-def]
    return {t for ts in explanation.new_terms.values() for t in ts}


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("- Rizal resigned today, last day Sept 30.", {"Rizal"}),
        ("- Raka resign, hari terakhir 31 Desember.", {"Raka"}),
        ("- Ngobrol sama Dewi soal kerjaan.", {"Dewi"}),
        ("- Makan siang bareng Ayu dan Fajar.", {"Ayu", "Fajar"}),
        ("- Grace's team found nothing critical.", {"Grace"}),
        ("- Dewi, tolong cek PR yang kemarin ya.", {"Dewi"}),
        ("- Pak Hendra asked why nobody had alerts.", {"Hendra"}),
        ("- Redis down lagi, Flask app juga error.", set()),
        ("- Thanks all, standup done.", set()),
    ],
)
def test_a_person_is_who_a_cue_names_and_never_a_tool_a_verb_or_a_greeting(
    note: str, people: set[str]
) -> None:
    assert set(read(note).fields.people) == people


def test_a_name_other_days_show_to_be_a_person_is_one_when_named_bare() -> None:
    note, chat = "- Coffee with Melati after standup.\n", "Rizal: PgBouncer dulu ya\n"
    day = read(
        "- Rizal fixed the cache warmup. Melati is on the login screen.",
        vault=[note],
        vault_chats=[chat],
    )
    assert set(day.fields.people) == {"Rizal", "Melati"}
    assert not terms_of(day) & {"Rizal", "Melati"}
    assert day.people_evidence == {
        "Rizal": "named bare; other days of the vault show a person",
        "Melati": "named bare; other days of the vault show a person",
    }


@pytest.mark.parametrize(
    "note",
    [
        "- Ketemu Yosef sama anjingnya, Bruno, di Tahura. Bruno makin gendut.",
        "- Took Oyen to the vet, her yearly vaccine. Oyen sat on my keyboard later.",
        "- Our cat Mochi knocked the glass over. Mochi is fine.",
    ],
)
def test_a_pet_is_no_person_and_no_tool(note: str) -> None:
    day = read(note)
    pets = {"Bruno", "Oyen", "Mochi"}
    assert not set(day.fields.people) & pets and not terms_of(day) & pets


def test_most_files_decide_what_a_name_is() -> None:
    cat = NameEvidence(animals=frozenset({"Oyen"}))
    birthday = NameEvidence(persons=frozenset({"Oyen"}))  # "Oyen ulang tahun ke-3!"
    names = vault_names([cat, cat, birthday], VOCABULARY)
    assert names.animals == {"Oyen"} and "Oyen" not in names.persons


@pytest.mark.parametrize(
    ("note", "things"),
    [
        ("- Ngopi sama Ayu di Sorai Coffee abis makan siang.", {"Sorai Coffee"}),
        ("- Lunch at Warung Nasi Ampera with Fajar and Melati.", {"Warung Nasi Ampera"}),
        ("- Makan siang di Bakso Mang Ade, ditraktir Citra.", {"Bakso Mang Ade", "Ade"}),
        ("- Nonton Gadis Kretek episode 3 sama Arga.", {"Gadis Kretek"}),
        ("- Sore jalan ke Lembang bareng Arga, macet parah di Setiabudi.", {"Lembang"}),
        ("- Heard Pras from the Growth team resigned.", {"Growth"}),
    ],
)
def test_a_place_a_meal_a_show_or_a_team_is_no_tool(note: str, things: set[str]) -> None:
    day = read(note)
    assert not terms_of(day) & things and not set(day.fields.people) & things


@pytest.mark.parametrize(
    ("note", "tool"),
    [
        ("- Sisa 12 server block Nginx di-port ke Traefik hari ini.", "Traefik"),
        ("- The Celery workers were idle all morning, the queue kept growing.", "Celery"),
        ("- Deploy pipeline moved to Buildkite, config review tomorrow.", "Buildkite"),
        ("- Hari ini akhirnya Redis diganti Valkey, aman.", "Valkey"),
        ("- Opsi ingress: Traefik (bundled) vs tetap Kubernetes ingress-nginx.", "Traefik"),
        ("- Queue: Flask or Quart for the webhook side.", "Quart"),
        ("- Storage: Longhorn atau PostgreSQL di NAS, belum diputusin.", "Longhorn"),
    ],
)
def test_a_name_in_a_sentence_about_work_is_a_tool(note: str, tool: str) -> None:
    assert tool in terms_of(read(note))


@pytest.mark.parametrize(
    "note",
    [
        "- Sore: Tiara atau Rizal yang jaga on-call, terserah.",
        "- Monday vs Tuesday for the release, nobody cares.",
        "- Redis or later, whatever works.",
    ],
)
def test_only_a_known_tool_makes_the_name_beside_it_a_tool(note: str) -> None:
    assert not terms_of(read(note)) - {"Redis"}


BANTER = [
    """Slow day, nothing shipped.

- The coffee machine died again. Yosef: "that's the real outage today". Everyone laughed.
- Melati is not talking about the Postgres migration before her second coffee.
- Lunch at the usual place with Fajar.""",
    """Hari yang tenang. No outage today, no pages, nothing.

- Yosef bikin stiker "days since last incident: 13" di monitor, ketawa semua.
- Rizal nanya "kalo Postgres kita pindah ke Aurora gimana?", cuma wacana.
- Ngopi bareng Ayu di pantry.""",
    """Nothing happened at work, in the best way.

- Yosef: "ini insiden paling parah bulan ini, Fajar curang". Ketawa semua.
- Gilang announced he's "migrating" his desk next to the window. Approved by nobody lol.""",
]


@pytest.mark.parametrize("note", BANTER)
def test_banter_about_incidents_and_migrations_is_small_talk(note: str) -> None:
    day = read(note)
    assert day.fields.importance <= 3, day.reading.features
    assert day.fields.mood != "stressed"


def test_a_real_incident_with_its_signs_weighs() -> None:
    note = """## Insiden checkout

Jam 12:02 - 12:50 (48 menit) checkout error di production.

- Akar masalah: maxmemory-policy allkeys-lru di Redis.
- Impact: 3,400 failed orders, Rp 120 juta.
"""
    day = read(note)
    assert day.fields.importance >= 8
    bullets = " ".join(day.fields.bullets)
    assert "Akar masalah: maxmemory-policy allkeys-lru" in bullets
    assert "3,400 failed orders, Rp 120 juta" in bullets
    assert "Insiden checkout" not in day.fields.bullets  # a heading is not a bullet


@pytest.mark.parametrize(
    ("note", "low", "high"),
    [
        ("- Raka resign, hari terakhir 31 Desember. Tim kaget.", 6, 7),
        ("- Citra resigned, she told Pak Hendra this morning.", 6, 7),
        ("- Joko mungkin pindah ke tim kita tahun depan.", 1, 5),
        ("- Small blip on staging, nobody noticed. Not important.", 1, 5),
    ],
)
def test_people_events_weigh_and_what_may_happen_does_not(note: str, low: int, high: int) -> None:
    assert low <= read(note).reading.level <= high


@pytest.mark.parametrize(
    "note", ["Lega akhirnya ada keputusan soal database.", "Finally shipped it. Relieved."]
)
def test_relief_is_a_mood_of_its_own(note: str) -> None:
    assert read(note).fields.mood == "relieved"


def test_a_quiet_days_small_human_thing_beats_saying_nothing_happened() -> None:
    note = (
        "- Nggak ada kerjaan penting.\n- Ngopi sama Dewi di Sorai Coffee, dia cerita mau lamaran.\n"
    )
    bullets = read(note).fields.bullets
    assert any("Dewi" in b for b in bullets)
    assert "Nggak ada kerjaan penting." not in bullets or len(bullets) > 1
