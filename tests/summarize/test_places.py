"""A place is no person and no tool, in English and Indonesian: what the vault's files show a
name to be (a place by a word of going, nearness or a kind of place; somewhere by "di", "in",
"at"), weighed against its person's and tool's cues; everyday firms, roles and a dialect's "I"."""

from __future__ import annotations

import pytest

from tests.summarize.test_day_reading import read, terms_of
from vaultkit.summarize.offline import file_evidence

# Other days of the vault that show Pettarani and Sudiang to be places, Gowa to be somewhere.
PLACES = [
    "Briefing jam 08.30 di kantor Jalan Pettarani. Daeng Baso alihkan 9 kurir ke hub Pettarani.",
    "Dry run at the Pettarani office on Monday. Scanner di Gudang Sudiang rusak dua.",
    "Lebaran di rumah Mama di Gowa, makan burasa.",
    "Habis sholat ied pulang ke Gowa, macet.",
]


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("- Multi-warehouse: Sudiang sama Pettarani bisa satu sistem, kata Kevin.", {"Kevin"}),
        ("- Pelanggan dari Gowa kirim WA jam 11.35, link promo mati.", set()),
        ("- Kevin said Pettarani's supervisors start at 9.", {"Kevin"}),
    ],
)
def test_a_name_the_vault_shows_to_be_a_place_is_no_person(note: str, people: set[str]) -> None:
    assert set(read(note, vault=PLACES).fields.people) == people


@pytest.mark.parametrize(
    "note",
    [
        "- Makan siang di warteg Bahari sama Dimas, antri panjang.",
        "- Dimas told me about a ramen place near Kemayoran.",
        "- Mudik ke Pekalongan sama Dimas naik kereta.",
    ],
)
def test_a_name_the_day_shows_to_be_a_place_is_no_person(note: str) -> None:
    assert set(read(note).fields.people) == {"Dimas"}


def test_a_person_named_once_somewhere_stays_a_person() -> None:
    vault = ["Rapat sama Budi jam 10.", "Budi bilang rilis Jumat.", "Laptopnya masih di Budi."]
    assert "Budi" in read("- Budi fix bug login, deploy sore.", vault=vault).fields.people


def test_a_place_worked_at_is_no_tool() -> None:
    note = "- Sudiang: stock opname 1.840 lokasi rak, Odoo data master 80% loaded."
    day = read(note, vault=PLACES)
    assert "Sudiang" not in terms_of(day)
    beach = read("- Hujan, ganti ke Pantai Akkarena. Duduk di bawah pohon, makan jagung.")
    assert not terms_of(beach)


def test_a_tool_things_are_kept_in_stays_a_tool() -> None:
    vault = ["Pakai Overleaf buat draft, enak buat kolaborasi.", "Nulis di Overleaf sampai jam 2."]
    day = read("- Karin went through the manuscript in Overleaf: 14 comments.", vault=vault)
    assert "Overleaf" in terms_of(day)
    runs = file_evidence("- Semua 43 DAG jalan di Cloud Composer jam 17.40.", chat=False)
    assert not runs.places  # "jalan di": runs on, not walks in


@pytest.mark.parametrize(
    "note",
    [
        "- 212 order: Shopee 96, Tokopedia 41, WA 58. Seller Tokopedia ikut complain di grup.",
        "- Dokter bilang Bapak jangan melaut lagi, umurnya sudah 70.",
        "- Format retur disamakan sama Jabodetabek mulai Februari, sama dengan Surabaya.",
    ],
)
def test_a_firm_a_role_and_a_likeness_name_no_one(note: str) -> None:
    day = read(note)
    assert not day.fields.people
    assert not {"Shopee", "Tokopedia"} & terms_of(day)


def test_a_dialects_first_person_speaker_is_the_author() -> None:
    chat = "Sa: Besok sa tambah validasi nomor\nMama: Iye, jangan lupa makan\nSa: Iye Ma\n"
    assert "Sa" not in read("Kerja dari rumah.", chat).fields.people


@pytest.mark.parametrize(
    ("note", "tool"),
    [
        ("- Kong ke production semalem jam 21:00, reload tanpa downtime.", "Kong"),
        ("- Loki is running on staging, logs from three services.", "Loki"),
        ("Traccar is live on 9 of 14 trucks, the rest this week.", "Traccar"),
    ],
)
def test_a_name_deployed_or_running_somewhere_is_a_tool(note: str, tool: str) -> None:
    assert tool in terms_of(read(note))


def test_a_person_running_a_meeting_is_no_tool() -> None:
    day = read("- Wulan is running the retro today, then 1:1s until noon.")
    assert not terms_of(day)


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("Ke warung Mak Ijah bareng Gilang sama Sekar. Sayur lodeh, Rp 88.000.", {"Gilang", "Sekar"}),
        ("Kopi sama Mochi dititip ke Bu Rahma, tetangga.", {"Rahma"}),
        ("Follow-ups from the Radar postmortem, one week on. Dimas said PgBouncer is next.", {"Dimas"}),
        ("- Approve cuti tanggal 12-13 Mei.", set()),
        ("KRL tertahan 40 menit di antara Jatinegara sama Manggarai, berdiri terus.", set()),
    ],
)  # fmt: skip
def test_a_stalls_owner_a_pets_companion_a_label_and_a_station_are_no_people(
    note: str, people: set[str]
) -> None:
    vault = ["Mochi, kucing gw, muntah bulu lagi.", "KRL gangguan di Manggarai lagi."]
    day = read(note, vault=vault)
    assert set(day.fields.people) == people
    assert not {"Jatinegara", "Manggarai", "Ijah"} & terms_of(day)


def test_both_ends_of_a_route_told_as_travel_are_places() -> None:
    route = file_evidence("Bypass dari Sanur ke Renon 1 jam 10 menit, biasanya 25.", chat=False)
    assert route.places == {"Sanur", "Renon"}
    drove = file_evidence("Drove from Canggu to Ubud, 2 hours in traffic.", chat=False)
    assert drove.places == {"Canggu", "Ubud"}
    handover = file_evidence("Handover dari Budi ke Sari hari ini, dokumen lengkap.", chat=False)
    assert not handover.places  # from and to alone are said of people too


def test_a_place_most_files_show_outvotes_one_file_that_reads_it_as_a_tool() -> None:
    vault = [
        "Nyetir dari Sanur ke Renon 55 menit pagi ini.",
        "Macet parah dari Sanur ke Pererenan, 1 jam 20 menit.",
        "Dinner at Warung Sari Laut, the Sanur branch.",  # a branch of a tool's as of a shop's
    ]
    day = read("- Listrik PLN di Sanur mati dari jam 18.00, genset kantor nyala.", vault=vault)
    assert "Sanur" not in terms_of(day) and "Sanur" not in day.fields.people


@pytest.mark.parametrize(
    ("note", "people"),
    [
        ("- Gus Oka approve budget Rp 45 juta, Gek Ratih pegang runbook.", {"Oka", "Ratih"}),
        ("- Meme dan Bape datang dari Gianyar, bawa lawar.", set()),
        ("- Tut Arya sama Dayu Laksmi ikut interview sore.", {"Arya", "Laksmi"}),
    ],
)
def test_balinese_titles_and_kin_are_no_one(note: str, people: set[str]) -> None:
    assert set(read(note).fields.people) == people


def test_a_balinese_first_person_speaker_is_the_author() -> None:
    chat = "Tiang: Nggih, tiang cek sekarang\nMade: Suksma Mbok\nTiang: Sama-sama\n"
    assert set(read("Cek backup malam ini.", chat).fields.people) == {"Made"}


@pytest.mark.parametrize("holiday", ["Nyepi", "Galungan", "Waisak", "Imlek", "Maulid", "Easter"])
def test_a_holiday_is_no_term_and_no_one(holiday: str) -> None:
    day = read(f"- Deploy freeze sampai {holiday} lewat, kata Made. Pakai Terraform plan dulu.")
    assert holiday not in terms_of(day) and holiday not in day.fields.people


def test_acehnese_titles_and_first_person_are_no_one() -> None:
    chat = "Lon: Teungku, lon kirim draf kontrak malam ini\nHasan: Get, lon tunggu\n"
    day = read("- Teungku Hasan dan Ampon Baihaqi setuju termin 2 cair Senin.", chat)
    assert set(day.fields.people) == {"Hasan", "Baihaqi"}


@pytest.mark.parametrize(
    ("note", "place"),
    [
        ("Pulang lewat Bintaro, beli martabak buat orang kantor, deploy besok.", "Bintaro"),
        ("Drove home via Kemang after the release review, traffic all the way.", "Kemang"),
    ],
)
def test_a_way_home_is_a_place_not_a_channel(note: str, place: str) -> None:
    assert file_evidence(note, chat=False).places == {place}
    assert place not in terms_of(read(note))


def test_a_channel_is_still_a_tool() -> None:
    assert "Telegrix" in terms_of(read("- Alert sekarang dikirim lewat Telegrix ke grup on-call."))


@pytest.mark.parametrize(
    "note",
    [
        "- Go-live diresmikan Wali Kota di kantor Dinas Kependudukan, server siap.",
        "- Rapat sama Kasubag Umum soal invoice server dan deploy termin dua.",
        "- Met the Ministry of Health team about the API rollout next sprint.",
    ],
)
def test_a_public_office_is_no_tool(note: str) -> None:
    assert not terms_of(read(note))


def test_a_coffee_stall_is_a_place() -> None:
    day = read("- Ngopi di Warkop Bang Ali sama Zul, bahas migrasi server.")
    assert "Warkop Bang Ali" not in terms_of(day) and "Ali" not in day.fields.people


def test_pontianak_kin_and_first_person_are_no_one() -> None:
    chat = "Kamek: Ndak bisa malam ini, kamek jaga Ame\nYohan: Oke, besok bah\n"
    day = read("- Ame sama Apak telpon dari Batam. Koko Hendra bantu cek release Timbang.", chat)
    assert set(day.fields.people) == {"Yohan", "Hendra"}
