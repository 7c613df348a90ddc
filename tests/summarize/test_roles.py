"""What a word's role in its sentence says, in English and Indonesian: a title inside a stall's
name, a sentence's first adverb, a list of candidates, an approval of paperwork, a move that is
no migration, a decision named for later, the day's closing word on its mood, a joke."""

from __future__ import annotations

import pytest

from tests.summarize.test_day_reading import read, terms_of


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("- Makan siang pesen nasi pecel dari Warung Bu Tini, sambelnya juara.", set()),
        ("- Makan malem di Lontong Balap Pak Gendut sama Laras, antri 20 menit.", {"Laras"}),
        ("- Nonton Agak Laen sama Laras. Masih ketawa sampe pulang.", {"Laras"}),
        ("- Kontrol ke vet sore tadi. Dokternya bilang diet tetep lanjut.", set()),
        ("- Sempet bercanda soal Kafka di standup, semua ketawa.", set()),
        ("Hari ini santai.\n- Re-test Dr. Hartono Rabu kemarin: high finding closed.", {"Hartono"}),
    ],
)
def test_a_name_in_a_stall_or_a_sentences_first_word_is_no_person(
    note: str, people: set[str]
) -> None:
    assert set(read(note).fields.people) == people


def test_the_labels_of_a_list_beside_a_person_are_people_too() -> None:
    note = (
        "Interview 3 kandidat hari ini bareng Fikri.\n"
        "- Sari: 4 tahun Go + Postgres, jawabannya rapi.\n"
        "- Joko: 2 tahun Java, masih kaku di concurrency.\n"
        "- Mega: 6 tahun, jago, tapi minta gaji di atas budget.\n"
    )
    assert {"Sari", "Joko", "Mega"} <= set(read(note, vault=["Sari bilang oke."]).fields.people)
    labels = "- Impact: 40 menit down.\n- Owner: Fikri.\n"
    assert "Impact" not in read(labels).fields.people


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("## Kandidat backend\n- Sari: 4 tahun Go + Postgres.\n- Andre: 2 tahun Java.\n", {"Sari", "Andre"}),
        ("Interviewed three candidates:\n- Maya: 5 years of Go.\n- Tomas: 3 years Python.\n", {"Maya", "Tomas"}),
        ("## Rencana\n- Backend: 3 orang\n- Frontend: 2 orang\n", set()),
        ("## Sites\n- Laikang: growth 4,1%/hari\n- Punaga: 2,7%/hari\n", set()),
    ],
)  # fmt: skip
def test_the_labels_of_a_list_of_people_are_people(note: str, people: set[str]) -> None:
    assert set(read(note).fields.people) == people


@pytest.mark.parametrize(
    "note",
    [
        "- Kak Nisa brought her dog to the office, a corgi named Biskuit.",
        "- Pake sunscreen SPF 50, reapply tiap 2 jam. Tetep gosong.",
        "- Bank Nusa ada maintenance terjadwal Sabtu, disbursement di-pause. Merchant dikabarin H-3.",
    ],
)
def test_a_pet_a_product_grade_a_bank_and_a_countdown_are_no_tools(note: str) -> None:
    assert terms_of(read(note)) == set()


@pytest.mark.parametrize(
    "note",
    [
        "- Handover doc on-call rotation dari Wulan udah gw approve. Cuma jadwal + nomor HP.",
        "Senin padat, isinya review sama approve.\n- Review 4 PR dari Fikri.",
        "- Approved 3 PRs and the on-call schedule before lunch.",
    ],
)
def test_approving_paperwork_is_an_ordinary_day(note: str) -> None:
    assert read(note).fields.importance <= 5


def test_approving_money_or_a_migration_is_a_decision() -> None:
    assert read("- Pak Budi approved Rp 96 juta for the new database nodes.").reading.level >= 7
    assert read("- Pak Budi approve migrasi Postgres ke Patroni.").reading.level >= 7


@pytest.mark.parametrize(
    "note",
    [
        "- Bang Togar nitip salam, katanya parkiran motor mau dipindah ke basement.",
        "- Sorenya Dimas video call, he's moving to Singapore for work in June.",
    ],
)
def test_a_person_or_a_parking_lot_moving_is_no_migration(note: str) -> None:
    assert read(note).fields.importance <= 3


def test_a_system_moving_is_a_migration() -> None:
    note = "- Ledger DB udah pindah ke cluster baru semalem, 38 menit downtime terencana. Beres."
    assert read(note).fields.importance >= 7


SMALL_TALK_ID = (
    "Ke pantai sama Cica. Makan jagung bakar, lihat anak-anak main layangan.\n\n"
    "Pulang beli kue buat Mama.\n\nSantai."
)
SMALL_TALK_EN = (
    "Beach day with Cica. Grilled corn, kids flying kites.\n\n"
    "Bought cake for Mom on the way home.\n\nRelaxed."
)


@pytest.mark.parametrize(
    ("note", "most"),
    [
        ("Kong vs the current setup, compared on latency and cost.\n- Decision next month.", 5),
        ("- Keputusan soal gateway minggu depan, nunggu angka dari tim infra.", 5),
        ("First day of fasting. Moved standup to 09:30.", 5),
        ("Hari pertama puasa, standup dimundurin.", 5),
        ("Nothing important at work today, mostly reviewing a handover doc.", 3),
        ("Ga ada yang penting hari ini. Review PR doang.", 3),
        ("Ndak ada yang penting hari ini. Pagi revisi kecil slide seminar.", 3),
        (SMALL_TALK_ID + "\n\nCica cerita bos barunya, suka rapat jam 5 sore.", 3),
        (SMALL_TALK_EN + "\n\nCica told me about her new boss, who loves 5 pm meetings.", 3),
    ],
)
def test_what_is_still_to_come_or_said_to_be_nothing_weighs_little(note: str, most: int) -> None:
    assert read(note).fields.importance <= most


def test_a_decision_made_today_for_a_later_date_weighs() -> None:
    note = "- Keputusan: pilot Jaga di 10% merchant mulai Senin depan. Owner: Fikri."
    assert read(note).reading.level >= 6  # a commitment, above a decision still to make


@pytest.mark.parametrize(
    ("note", "mood"),
    [
        (
            "- Review PR Fikri, stressful.\n- Deploy ke staging.\n\nNot bad. Productive.",
            "productive",
        ),
        ("- Kabar ga enak dari Adit, dia resign.\n- Ketawa dikit pas makan.\n\nSedih sih.", "sad"),
        ("- Rangga ketawa terus, rendangnya alot wkwk.\n\nSedih beneran wkwk.", "sad"),
        ("- Standup, review, deploy.\n- Makan siang enak.\n\nNeutral.", "neutral"),
        ("- Outage 20 menit pagi, panik.\n\nTapi akhirnya lega banget.", "relieved"),
    ],
)
def test_the_days_closing_word_is_its_mood(note: str, mood: str) -> None:
    assert read(note).fields.mood == mood


def test_a_joke_about_an_event_is_no_bullet() -> None:
    note = (
        "Sprint planning.\n"
        "- Kong to production after the re-test on April 7. Owner: Fikri.\n"
        "- Loki for production logs, Wulan, by April 16.\n"
        "- Rangga announced in standup that we are migrating the ledger to a spreadsheet. "
        "April Fools. Dewi believed him for a full minute.\n"
        "- Old primary shutdown on April 10 (Wulan).\n"
    )
    bullets = read(note).fields.bullets
    assert not any("spreadsheet" in b for b in bullets)
    assert read(note).reading.level >= 4


# Regional honorifics and kin words, first-person words and firm marks, as a Medan team lead
# writes them (Batak, Malay), beside Makassar's, Minang's, Sundanese and Javanese ones.
@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("- Ngopi sama Lae Tigor di kede depan, bahas field agent.", {"Tigor"}),
        ("- Daeng Baso cari truk sewa, dapat jam 13.00.", {"Baso"}),
        ("- Telepon Opung sama Inang soal pesta adat Sabtu.", set()),
        ("- Bang Rico sama Ito Rut review PR bareng.", {"Rico", "Rut"}),
    ],
)
def test_a_regional_honorific_or_kin_word_is_no_person(note: str, people: set[str]) -> None:
    assert set(read(note).fields.people) == people


def test_a_regional_first_person_or_kin_speaker_is_no_person() -> None:
    chat = "Awak: Inang, Sabtu awak datang\nInang: Bagus. Bawa Uti juga ya\nAwak: Iya Inang\n"
    people = set(read("Pesta adat minggu depan.", chat).fields.people)
    assert not {"Awak", "Inang"} & people


def test_a_cooperative_a_rural_bank_and_a_product_are_no_people_or_tools() -> None:
    note = (
        "- Kontrak sama KUD Sejahtera ditandatangani, 340 petani sawit.\n"
        "- Pinjaman dari BPR Dana Toba cair minggu ini.\n"
        "Lontar: Noted: Cloud Composer approved, owner Rico; rehearsal 14 July.\n"
        "- Mulai 14.00, VM Airflow dimatikan, semua DAG jalan di Cloud Composer.\n"
    )
    day = read(note)
    assert "Composer" not in day.fields.people
    assert not {"KUD Sejahtera", "Sejahtera", "BPR Dana Toba", "Dana Toba", "Mulai"} & (
        set(day.fields.people) | terms_of(day)
    )
