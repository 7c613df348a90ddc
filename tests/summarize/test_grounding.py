"""The gate between an LLM's answer and the file: only what the day's text bears out is kept,
in English and Indonesian, and a field left empty is the offline reading's."""

from __future__ import annotations

from datetime import date

import pytest

from vaultkit.config import PeopleConfig, VocabularyConfig
from vaultkit.model import DayFields, DayInput
from vaultkit.summarize.grounding import Gate
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.text.language import Analyzer
from vaultkit.text.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    VocabularyConfig(
        projects=("Payments API",),
        technologies=("Kubernetes", "PostgreSQL"),
        aliases={"k8s": "Kubernetes", "pg": "PostgreSQL"},
    ),
    PeopleConfig(known=("Budi", "Sari"), aliases={"Pak Budi": "Budi"}, ignore=("Nouva",)),
)
GATE = Gate(VOCABULARY, Analyzer())
EN = DayInput(
    date(2026, 7, 6),
    "# 2026-07-06\n\n- Payments API down 47 minutes after the deploy; rolled back at 10:59.\n"
    "- The k8s node pool ran out of memory. Sari wrote the postmortem.\n",
)
ID = DayInput(
    date(2026, 7, 7),
    "# 2026-07-07\n\n- Migrasi pg ke versi 16 selesai jam 22.00, downtime 12 menit.\n"
    "- Pak Budi approve jadwalnya, Sari yang jalanin.\n",
)


def offline(day: DayInput) -> DayFields:
    return OfflineSummarizer(VOCABULARY).summarize(day)


def answer(**fields: object) -> DayFields:
    base: dict[str, object] = {
        "people": ("Sari",),
        "projects": ("Payments API",),
        "technologies": ("Kubernetes",),
        "importance": 8,
        "mood": "stressed",
        "bullets": (
            "Payments API was down 47 minutes after the deploy.",
            "Rolled back at 10:59; Sari wrote the postmortem.",
        ),
    }
    return DayFields(**{**base, **fields})  # type: ignore[arg-type]


def test_a_grounded_answer_passes_unchanged() -> None:
    gated = GATE.check(answer(), EN, lambda: offline(EN))
    assert gated.fields == answer() and gated.notes == ()


@pytest.mark.parametrize("day", [EN, ID])
def test_invented_people_go_and_an_emptied_list_is_the_offline_readings(day: DayInput) -> None:
    gated = GATE.check(answer(people=("Katedrala Kadiru", "Gawin")), day, lambda: offline(day))
    assert gated.fields.people == offline(day).people
    assert "Katedrala Kadiru" not in gated.fields.people
    assert gated.notes[0] == (
        "people: Katedrala Kadiru, Gawin not in the day's text; the offline reading's"
    )


def test_a_name_the_day_says_by_an_alias_is_grounded() -> None:
    fields = answer(people=("Budi", "Sari"), technologies=("PostgreSQL",), projects=(), bullets=(
        "Migrasi pg ke versi 16 selesai jam 22.00.", "Pak Budi approve jadwalnya."))  # fmt: skip
    gated = GATE.check(fields, ID, lambda: offline(ID))
    assert gated.fields.people == ("Budi", "Sari")
    assert gated.fields.technologies == ("PostgreSQL",)


def test_an_ignored_person_is_kept_in_no_field() -> None:
    day = DayInput(EN.date, EN.note + "Nouva: noted, I'll remind you about the postmortem.\n")
    fields = answer(people=("Sari", "Nouva"), projects=("Payments API", "Nouva"))
    gated = GATE.check(fields, day, lambda: offline(day))
    assert gated.fields.people == ("Sari",)
    assert gated.fields.projects == ("Payments API",)


def test_bullets_said_twice_or_not_in_the_day_go() -> None:
    bullets = (
        "Payments API was down 47 minutes after the deploy.",
        "payments API was down 47 minutes  after the deploy.",
        "kalau bawin kalau bawin kalau bawin",
        "The team celebrated a record quarter with cake.",
        "Rolled back at 10:59; Sari wrote the postmortem.",
    )
    gated = GATE.check(answer(bullets=bullets), EN, lambda: offline(EN))
    assert gated.fields.bullets == (bullets[0], bullets[4])
    assert gated.notes == ("bullets: 3 not supported by the day's text or said twice",)


def test_no_bullet_borne_out_is_the_offline_readings_bullets() -> None:
    gated = GATE.check(answer(bullets=("Gawin Gawin Gawin",)), ID, lambda: offline(ID))
    assert gated.fields.bullets == offline(ID).bullets


@pytest.mark.parametrize("mood", ["kalau bawin", "ecstatic", ""])
def test_a_mood_off_the_list_is_the_offline_readings(mood: str) -> None:
    gated = GATE.check(answer(mood=mood), EN, lambda: offline(EN))
    assert gated.fields.mood == offline(EN).mood
    assert gated.notes == (f"mood: {mood!r} is not one of vaultkit's; the offline reading's",)


def test_the_offline_reading_is_made_only_when_a_field_needs_it() -> None:
    made: list[int] = []

    def counting() -> DayFields:
        made.append(1)
        return offline(EN)

    GATE.check(answer(), EN, counting)
    assert made == []
    GATE.check(answer(people=("Gawin",), mood="???"), EN, counting)
    assert made == [1]


def test_a_term_under_every_kind_is_of_the_first() -> None:
    fields = answer(projects=("Payments API",), technologies=("Payments API", "Kubernetes"),
                    libraries=("payments api",))  # fmt: skip
    gated = GATE.check(fields, EN, lambda: offline(EN))
    assert gated.fields.projects == ("Payments API",)
    assert gated.fields.technologies == ("Kubernetes",) and gated.fields.libraries == ()
    assert gated.notes == (
        "technologies: Payments API listed under another kind first",
        "libraries: payments api listed under another kind first",
    )


def test_a_name_said_many_times_is_named_once_in_the_note() -> None:
    gated = GATE.check(answer(people=("Sari", "Sudan", "Sudan", "Sudan")), EN, lambda: offline(EN))
    assert gated.fields.people == ("Sari",)
    assert gated.notes == ("people: Sudan not in the day's text",)
