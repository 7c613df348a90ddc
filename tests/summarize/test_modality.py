"""What a day's statements say happened, and what they only plan, approve as routine, retell or
joke about, in English and Indonesian; who speaks as the author; what a sad day is; which lines
a day's bullets lead with."""

from __future__ import annotations

from datetime import date

import pytest

from tests.summarize.test_day_reading import read, terms_of
from vaultkit.model import DayInput
from vaultkit.summarize.bullets import bullets
from vaultkit.summarize.evidence import speaker_name
from vaultkit.summarize.text import day_lines
from vaultkit.text.frames import plans, routine

INCIDENT_EN = """# Incident
Checkout API down 10:12-10:59 WIB (47 minutes), 1,240 orders failed.
- Root cause: the Redis pool ran out after Monday morning's deploy.
- Fix: pool size raised to 200, redeployed at 11:30.
"""
INCIDENT_ID = """# Insiden
Checkout API down 10:12-10:59 WIB (47 menit), 1.240 order gagal.
- Akar masalah: connection pool Redis habis gara-gara deploy Senin pagi.
- Fix: pool size dinaikin ke 200, udah deploy ulang jam 11:30.
"""


@pytest.mark.parametrize(
    ("sentence", "done", "coming"),
    [
        ("Downtime window maksimal 1 jam, rencana Jumat depan.", "", "Downtime window"),
        ("We will move the cluster to K3s next week.", "", "will move"),
        ("Checkout down 47 menit, Budi akan nulis postmortem", "Checkout down 47 menit", "akan"),
        ("The outage lasted 47 minutes; Budi will write it up", "The outage lasted", "will"),
        ("Migrasi ke Postgres 16 selesai jam 22:00.", "Migrasi", ""),
    ],
)
def test_a_plan_word_governs_its_own_clause(sentence: str, done: str, coming: str) -> None:
    said, planned = plans(sentence)
    assert said.startswith(done) if done else said == ""
    assert coming in planned if coming else planned == ""


@pytest.mark.parametrize(
    "note",
    [
        "- Target kasar migrasi ke PostgreSQL 16 akhir Maret. Belum fix.\n- Review 2 PR.",
        "- Rough target: migrate to PostgreSQL 16 by the end of March, nothing fixed yet.\n"
        "- Reviewed 2 PRs.",
    ],
)
def test_a_planned_migration_weighs_less_than_one_carried_out(note: str) -> None:
    planned = read(note)
    done = read(note.replace("Target kasar migrasi", "Migrasi").replace(
        "Rough target: migrate", "Migrated"
    ).replace("akhir Maret. Belum fix", "selesai semalam").replace(
        "by the end of March, nothing fixed yet", "last night, done"
    ))  # fmt: skip
    assert planned.reading.level <= 6
    assert done.reading.level >= 8
    assert any(f.name == "a migration planned" for f in planned.reading.features)


@pytest.mark.parametrize(
    "note",
    [
        "- Downtime window maksimal 1 jam, rencana Jumat depan.\n- Ngobrol sama Dewi soal rilis.",
        "- Maintenance window of at most 1 hour, planned for next Friday.\n"
        "- Talked with Dewi about the release.",
    ],
)
def test_a_maintenance_window_booked_is_no_incident(note: str) -> None:
    reading = read(note)
    assert not any(f.name.startswith("an incident") for f in reading.reading.features)
    assert reading.fields.importance <= 5


@pytest.mark.parametrize(
    "line",
    [
        "- Udah gw approve dokumen handover dari Mbak Rina.",
        "- Approved the handover document from Rina.",
        "- Acc cuti Dimas buat Jumat.",
        "- Approved 3 PRs before lunch.",
    ],
)
def test_approving_the_days_paperwork_is_routine_not_a_decision(line: str) -> None:
    assert routine(line)
    reading = read(line)
    assert not any(f.name.startswith("a decision") for f in reading.reading.features)
    assert reading.fields.importance <= 5


@pytest.mark.parametrize(
    "line",
    [
        "- Approved 37 fuel reimbursements from the couriers, Rp 14.860.000 total.",
        "- Approve 23 reimbursement field agent bulan Juli, total Rp 14.350.000.",
        "- Approved the May cloud invoice, Rp 38.400.000, same as April.",
        "- Tagihan listrik gudang Rp 12.500.000 udah gw approve.",
    ],
)
def test_paperwork_with_its_amount_is_still_paperwork(line: str) -> None:
    reading = read(line + "\n- Review 2 PR sama Dewi.")
    assert not any(f.name.startswith(("a decision", "money")) for f in reading.reading.features)
    assert reading.fields.importance <= 5


@pytest.mark.parametrize(
    "line",
    [
        "- Pagar live jam 06.00 tadi pagi, sesuai keputusan 23 Juni.",
        "- The new publish rule went live at 06:00, as decided on 23 June.",
        "- Cost so far Rp 10,6 juta, a bit under the budget that Marcus approved.",
        "- Biaya bulan ini masih di bawah anggaran yang sudah disetujui Pak Budi.",
    ],
)
def test_a_decision_recalled_is_not_made_today(line: str) -> None:
    reading = read(line)
    assert not any(f.name.startswith("a decision") for f in reading.reading.features)


@pytest.mark.parametrize(
    ("preparing", "done"),
    [
        ("- Persiapan cutover Sabtu, rapat jam 11 sama Rico.", "- Cutover selesai jam 04.00."),
        ("- Preparing Saturday's cutover with Rico.", "- Cutover done at 04:00."),
    ],
)
def test_preparing_a_migration_is_its_plan(preparing: str, done: str) -> None:
    planned, carried_out = read(preparing), read(done)
    assert not any(f.name == "a migration carried out" for f in planned.reading.features)
    assert planned.fields.importance < carried_out.fields.importance


@pytest.mark.parametrize("word", ["ndak", "nda", "kagak", "tdk"])
def test_regional_negations_deny_the_event(word: str) -> None:
    reading = read(f"- Rekap bulan ini: volume naik 22%, {word} ada insiden besar.")
    assert not any(f.name.startswith("an incident") for f in reading.reading.features)


@pytest.mark.parametrize(
    "note",
    [
        "- Sidang tesis jam 09.00, lulus dengan revisi minor, paling lambat 8 September.\n"
        "- Dr. Haryo nanya soal enkripsi, Prof. Seno nutup sidangnya.",
        "- Thesis defense at 09:00: passed with minor revisions, due by 8 September.\n"
        "- Dr. Haryo asked about encryption; Prof. Seno closed the defense.",
        "- Paper ditolak reviewer 2, revisi terus kirim ke jurnal, deadline submit 20 Juli.",
    ],
)
def test_a_students_work_is_work(note: str) -> None:
    reading = read(note)
    assert reading.reading.features[0].name.startswith("ordinary work")
    assert reading.fields.importance >= 4


def test_a_decision_stays_a_decision_whatever_its_date() -> None:
    for note in (
        "- Keputusan final: kita pindah cluster ke Kubernetes minggu depan, Pak Budi approve.",
        "- Final decision: we move the cluster to Kubernetes next week, approved by Budi.",
    ):
        assert read(note).reading.level >= 8


@pytest.mark.parametrize(
    ("incident", "review"),
    [
        (
            INCIDENT_ID,
            "# Postmortem\nPostmortem buat Checkout API kemarin: down 47 menit, 1.240 order "
            "gagal.\n- Budi minta timeline lengkap.\n",
        ),
        (
            INCIDENT_EN,
            "# Postmortem\nWrote the postmortem for yesterday's Checkout API outage (47 minutes,"
            " 1,240 failed orders).\n- Budi asked for a full timeline.\n",
        ),
    ],
)
def test_the_day_after_an_outage_weighs_as_its_postmortem(incident: str, review: str) -> None:
    outage, after = read(incident), read(review)
    assert outage.reading.level >= 8
    assert 5 <= after.reading.level <= 7
    assert after.fields.importance < outage.fields.importance
    assert any(f.name == "a postmortem" for f in after.reading.features)


@pytest.mark.parametrize(
    "note",
    [
        "- Makan siang bareng Ayu, kopinya enak.\n"
        "- Bikin postmortem sekalian, akar masalah: kurang kafein.\n",
        "- Lunch with Ayu, the coffee was great.\n"
        "- Let's write a postmortem, root cause: not enough caffeine.\n",
    ],
)
def test_an_outage_joked_about_over_lunch_leaves_the_day_small_talk(note: str) -> None:
    assert read(note).fields.importance <= 3


@pytest.mark.parametrize(
    ("speaker", "name"),
    [("Gw", None), ("Gue", None), ("Aku", None), ("Me", None), ("I", None),
     ("Pak Budi", "Budi"), ("Dr. Lukas", "Lukas"), ("Mbak Rina", "Rina"), ("Sari", "Sari")],
)  # fmt: skip
def test_a_turns_speaker_is_a_name_without_its_title_and_never_the_author(
    speaker: str, name: str | None
) -> None:
    assert speaker_name(speaker) == name


def test_the_author_speaking_and_a_titled_speaker_make_one_person_each() -> None:
    chat = "Gw: pagi, udah deploy?\nPak Budi: udah, aman.\nGw: oke\nBudi: sip\n"
    assert read("# Chat", chat).fields.people == ("Budi",)


@pytest.mark.parametrize(
    ("note", "not_people"),
    [
        ("## Infra chat\n- Redis upgrade done.\n", {"Infra"}),
        ("- Detail chat malam itu nanti gw tulis.\n", {"Detail"}),
        ("- Mochi minta makan terus dari pagi, kucing gw emang rakus.\n", {"Mochi"}),
        ("- Mochi keeps begging for food, my cat is greedy.\n", {"Mochi"}),
        ("Team: standup jam 10\nTeam: retro jam 4\n", {"Team"}),
    ],
)
def test_headings_sentence_starters_pets_and_groups_are_no_people(
    note: str, not_people: set[str]
) -> None:
    assert not set(read(note).fields.people) & not_people


@pytest.mark.parametrize(
    "note",
    [
        "- Deploy Senin pagi ke Kubernetes, review Jumat.\n- Ketemu Mbak Rina di Indonesia.\n",
        "- Deploy on Monday to Kubernetes, Q1 review on Friday.\n- Trip to Indonesia in March.\n",
    ],
)
def test_the_calendar_titles_and_places_are_never_terms(note: str) -> None:
    found = {t.casefold() for t in terms_of(read(note))}
    assert not found & {"senin", "jumat", "mbak", "indonesia", "monday", "friday", "q1", "march"}


@pytest.mark.parametrize(
    "note",
    [
        "- Kabar ga enak dari kantor pusat hari ini. Sedih sih.\n",
        "- Makan di warteg, rendangnya alot. Sedih.\n",
        "- Bad news from the vet about Mochi today. So sad.\n",
        "- Nenek masuk rumah sakit, dirawat di Malang.\n",
    ],
)
def test_a_sad_day_is_sad(note: str) -> None:
    assert read(note).fields.mood == "sad"


def test_not_sad_is_not_sad() -> None:
    assert read("- Ga sedih kok, malah seneng banget rilisnya lancar.\n").fields.mood != "sad"


@pytest.mark.parametrize("note", [INCIDENT_ID, INCIDENT_EN])
def test_an_outages_bullets_lead_with_what_happened_then_cause_and_fix(note: str) -> None:
    note += "- 10:59 error rate normal lagi.\n- Pagi semua, thanks for the help.\n"
    bullets = read(note).fields.bullets
    assert bullets[0].startswith("Checkout API down 10:12-10:59")
    assert any(b.startswith(("Root cause", "Akar masalah")) for b in bullets)
    assert any(b.startswith("Fix:") for b in bullets)


def test_the_bullets_of_a_day_of_banter_are_what_the_day_did() -> None:
    note = (
        "- Ngopi bareng Ayu sama Melati di pantry, ngomongin film horor terbaru.\n"
        "- Yosef: days since last incident: 13 wkwk\n"
        "- Ayu: no outage today, jangan di-jinx\n"
    )
    reading = read(note)
    assert reading.fields.importance <= 3
    assert reading.fields.bullets[0].startswith("Ngopi bareng Ayu")


def test_a_day_reads_the_same_whatever_day_it_is() -> None:
    assert read(INCIDENT_ID).day == date(2026, 8, 3)


@pytest.mark.parametrize(
    "note",
    [
        "Arisan keluarga di rumah Tante Ros. Giliran saya narik, dapat Rp 6.000.000. "
        "Tante Ros masak konro.",
        "Bruno dibawa ke klinik hewan, harus nginep dua malam. Biaya awal Rp 1.750.000. Sedih.",
        "Paid the school fee for the second semester, Rp 9.500.000, at the campus bank. "
        "Then lunch at the warung.",
        "Iki got his Lebaran money from his uncles: Rp 1.350.000. He wants a new ball.",
    ],
)
def test_what_family_life_pays_or_gets_is_no_weighty_money(note: str) -> None:
    """A vet's bill, an arisan, a school fee, THR: however large, a day of family life."""
    assert read(note).fields.importance <= 3


@pytest.mark.parametrize(
    "note",
    [
        "The ring: bought three weeks ago in Blok M, Rp 15 juta, hidden in a drawer.",
        "Akhirnya beli GPU baru buat homelab, RTX 4090, Rp 32 juta.",
        "Invoice ke klien Kawung Rp 12.000.000 udah dikirim, jatuh tempo 30 hari.",
        "Sent the client the invoice for the API work, Rp 12.000.000, due in 30 days.",
    ],
)
def test_a_big_purchase_or_money_of_work_weighs(note: str) -> None:
    assert read(note).reading.level >= 6


# A business's operations are work as a software team's are: parcels held up or damaged are
# harm counted, and "paket" (a parcel) names no library.
PARCELS = [
    "Truk vendor ndak berangkat semalam. Akibatnya 1.200 paket tertahan di Gudang Sudiang, "
    "telat 1-2 hari. Paket berangkat lagi jam 14.30 pakai truk sewa, Rp 4,5 juta.",
    "The line-haul partner's truck never left: 1,200 parcels held at the warehouse, one to two "
    "days late. We hired a truck for Rp 4.5 million and the packages left at 14:30.",
]


@pytest.mark.parametrize("note", PARCELS)
def test_parcels_held_up_are_a_day_of_consequence(note: str) -> None:
    day = read(note)
    assert day.fields.importance >= 6
    assert not terms_of(day)  # no "tertahan" or "berangkat" library, no "Gudang Sudiang" tool


@pytest.mark.parametrize(
    ("note", "library"),
    [
        ("Pakai library zod buat validasi form.", "zod"),
        ("Installed the package lodash for the date helpers.", "lodash"),
    ],
)
def test_a_library_cue_still_names_a_lowercase_library(note: str, library: str) -> None:
    assert library in {t.casefold() for t in terms_of(read(note))}


def test_a_doubt_in_the_next_sentence_leaves_a_decision_standing() -> None:
    for note in (
        "Bapak masuk RS.\n\nKeputusan: cutover website ditunda ke Sabtu 28 April. Saya ndak "
        "mungkin begadang di dua tempat.",
        "Dad is in hospital.\n\nDecision: the website cutover moves to Saturday 28 April. I "
        "can't possibly stay up in two places.",
    ):
        assert read(note).fields.importance >= 6


@pytest.mark.parametrize(
    "note",
    [
        "Lazy Saturday, coto with Arman.\n\nHeavy rain again tonight. Hope the warehouse is fine.",
        "Sabtu santai, makan coto sama Arman.\n\nHujan deras lagi malam ini. Semoga gudang aman.",
    ],
)
def test_work_said_in_passing_in_a_line_of_small_talk_is_small_talk(note: str) -> None:
    assert read(note).fields.importance <= 3


@pytest.mark.parametrize(
    "note",
    [
        "## Checkout broken: no shipping rates\n- From 07.00 to 16.30, 9 hours 30 minutes, "
        'checkout showed "Ongkir tidak tersedia"\n- Fix: moved the client to the v2 endpoint',
        "## Checkout rusak: ongkir hilang\n- Dari 07.00 sampai 16.30, 9 jam 30 menit, semua "
        'alamat "Ongkir tidak tersedia"\n- Fix: client pindah ke endpoint v2',
    ],
)
def test_trouble_in_a_heading_with_its_harm_below_is_an_incident(note: str) -> None:
    reading = read(note)
    assert any(f.name.startswith("an incident") for f in reading.reading.features)
    assert reading.fields.importance >= 8


@pytest.mark.parametrize(
    "note",
    [
        "- Standup: Dimas lapor 3 bug kecil di dashboard merchant, semua udah ada tiket.",
        "- Dimas found 3 minor bugs in the merchant dashboard, all ticketed.",
        "- PgBouncer is live, zero errors. Relieved, honestly. That incident was bugging me.",
        "- PgBouncer udah live. Lega, insiden itu bikin kepikiran seminggu.",
    ],
)
def test_minor_trouble_or_an_incident_pointed_at_is_no_incident(note: str) -> None:
    assert not any(f.name.startswith("an incident") for f in read(note).reading.features)


def test_the_line_of_the_days_weightiest_event_is_a_bullet() -> None:
    note = (
        "- Checkout p95 turun dari 820 ms ke 410 ms, 3.400 request per menit.\n"
        "- Error rate 0,2% dari 1.200 order, Rp 4 juta refund diproses.\n"
        "- Deploy 14.00, 37 menit, 2 rollback di staging.\n"
        "- Tim ngobrol soal rencana tahun depan.\n"
    )
    lines = day_lines(DayInput(date(2026, 1, 5), note))
    plan = "Tim ngobrol soal rencana tahun depan."
    assert plan not in bullets(lines, [], frozenset())[0]
    assert plan in bullets(lines, [], frozenset(), weightiest=plan)[0]


@pytest.mark.parametrize(
    ("note", "incident"),
    [
        (
            "- Checkout API down 10:12-10:59 WIB (47 menit).\n- Akar masalah: pool Redis habis.",
            True,
        ),
        ("- The checkout API was down from 10:12 to 10:59 (47 minutes).", True),
        ("- Grafana sempet lemot 5 menit pagi tadi, katanya lagi mikir.", False),
        ("- Celery beat schedule was drifting by 2 min, a timezone bug in the config.", False),
        ("Wifi rumah down 2 jam, nonton drakor ga bisa.", False),
    ],
)
def test_a_system_down_for_a_time_is_an_incident(note: str, incident: bool) -> None:
    found = any(f.name.startswith("an incident") for f in read(note).reading.features)
    assert found is incident


def test_a_question_that_goes_on_in_lowercase_decides_nothing() -> None:
    chat = (
        "Budi: can we please decide whether to move the homelab from Docker Compose to K3s? "
        "this has dragged on for weeks.\n"
    )
    assert not any(f.name.startswith("a decision") for f in read("", chat).reading.features)
    decided = read("- Keputusan final: homelab pindah dari Docker Compose ke K3s.")
    assert any(f.name == "a decision on a migration" for f in decided.reading.features)
