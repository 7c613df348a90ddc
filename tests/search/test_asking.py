"""How a question asks, in English and Indonesian as people type them: chat spellings of the
asking words, a check of where something stands ("udah cair belum?", "did she sign yet",
"offer accepted?"), a person leaving asked with "who", and a list's lead line as the label of
its items. The readings are checked directly, the answers on a small vault of real files,
synced and searched through the real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.index.turns import parse_turns
from vaultkit.search.asking import CHAT_SPELLINGS, respell
from vaultkit.search.intent import read_query
from vaultkit.search.search import search

AS_OF = date(2029, 7, 31)


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("jadi ganti supplier gak? udh sampe mana", "jadi ganti supplier gak? udah sampai mana"),
        ("wht was the biggest thing in july", "what was the biggest thing in july"),
        ("market tour launch tgl brp?", "market tour launch tanggal berapa?"),
        ("Udh kelar?", "udah kelar?"),
        ("GA release date?", "GA release date?"),  # an acronym, not "ga"
        ("gmn kabar migrasi K3s skrg", "gimana kabar migrasi K3s sekarang"),
    ],
)
def test_chat_spellings_of_asking_words_are_written_out(typed: str, written: str) -> None:
    assert respell(typed) == written


@given(st.lists(st.sampled_from([*CHAT_SPELLINGS, "migrasi", "K3s", "offer", "?"]), max_size=8))
def test_respelling_is_idempotent_and_leaves_other_words(words: list[str]) -> None:
    text = " ".join(words)
    once = respell(text)
    assert respell(once) == once  # no written-out word is itself a chat spelling
    if not set(words) & set(CHAT_SPELLINGS):
        assert once == text


@pytest.mark.parametrize(
    "question",
    [
        "reimburse lembur pas insiden udah cair belum ya",  # "insiden" qualifies: where it stands
        "intan replacement, did she sign yet",
        "galih replacement, offer accepted?",
        "jadi ganti supplier sayur gak?",
        "invoice Kedai Senja udah dibayar apa belum?",
        "has the vendor replied already?",
    ],
)
def test_a_check_of_where_something_stands_asks_for_the_latest(question: str) -> None:
    assert read_query(question, AS_OF).intent == "latest"


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("Would Caroline pursue writing as a career option?", None),  # a hypothesis
        ("Is Melanie's daughter into painting?", None),  # a fact
        ("anything important yesterday?", "important"),  # the big day, not a status
        ("when did we decide on the new supplier?", "important"),
        ("kemarin ada bahas Tokobaru gak? apa aja?", None),  # asks what, not whether
    ],
)
def test_other_questions_are_no_status_check(question: str, intent: str | None) -> None:
    assert read_query(question, AS_OF).intent == intent


def test_a_status_check_on_a_decision_asks_for_the_newest_decision() -> None:
    reading = read_query("did we decide on the vendor yet?", AS_OF)
    assert (reading.intent, reading.events) == ("latest", "d")


def test_who_with_a_leaving_word_asks_for_the_leaving() -> None:
    assert "c" in read_query("who resigned this month?", AS_OF).events
    assert "c" in read_query("siapa yang resign bulan ini?", AS_OF).events
    assert "c" not in read_query("resign letter template", AS_OF).events


def test_a_short_line_ending_in_a_colon_heads_the_list_under_it() -> None:
    turns = parse_turns("Update migrasi Batik UI:\n- Step 2 done\n- Step 3 mulai\n", headings=True)
    assert turns[0].heading and turns[0].text == "Update migrasi Batik UI"
    assert not any(t.heading for t in turns[1:])
    plain = parse_turns("Notes:\nno list here\n", headings=True)
    assert not any(t.heading for t in plain)  # nothing listed under it
    assert parse_turns("Update migrasi Batik UI:\n- Step 2 done\n")[0].text.endswith("UI:")


DAYS = {
    "2029-07-02": "Gek Intan hosts the cooking class, as every Monday.",
    "2029-07-05": "Pagi sebelum class, Gek Intan minta waktu bicara. Dia mengundurkan diri.\n"
    "- Dapat kontrak dapur kapal pesiar, hari terakhir 10 Agustus",
    "2029-07-10": "Kandidat pengganti Intan: Gek Tri dan Bli Yan lolos ke final.\n"
    "Tri: suksma Bli\nTiang: sama-sama Gek\nTri: sampai ketemu Senin",
    "2029-07-12": "## Website\nPlugin backup diganti ke daily full backup, biar aman.",
    "2029-07-16": "Update pengganti Intan:\n"
    "- Final round selesai, Gek Tri terpilih\n"
    "- Offer dikirim Senin, jawaban paling lambat Rabu",
    "2029-07-18": "Lunch with Daniel, talked about his trip to Melbourne.",
    "2029-07-19": "Reimburse lembur pas insiden website: form sudah diisi, nunggu finance.",
    "2029-07-26": "Reimburse lembur insiden sudah cair, Rp 450.000 masuk rekening.",
    "2029-07-29": "Intan pamit ke anak-anak kelas, ramai sekali. Bli Wira masak babi guling.",
}


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    people = {"known": ["Intan", "Tri", "Yan", "Daniel", "Wira"]}
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS, people=people)


def test_a_status_check_is_answered_by_the_newest_day_that_states_it(vault: Path) -> None:
    result = search(load_config(vault), "reimburse lembur pas insiden udh cair blm?", as_of=AS_OF)
    assert result.hits[0].date == date(2029, 7, 26)  # not the incident, not the form
    assert result.focus.intent == "latest"


def test_a_list_under_a_lead_line_is_about_the_lead_lines_topic(vault: Path) -> None:
    result = search(load_config(vault), "gimana kabar pengganti Intan sekarang?", as_of=AS_OF)
    assert result.hits[0].date == date(2029, 7, 16)  # not Intan's farewell of 07-29


def test_who_left_in_a_span_puts_the_leaving_first(vault: Path) -> None:
    result = search(load_config(vault), "who resigned this month?", as_of=AS_OF)
    assert result.focus.span
    assert result.hits[0].date == date(2029, 7, 5)


@pytest.mark.parametrize(
    "question",
    [
        "when did we finaly decide on the machine for the shop, buy or rent?",
        "kapan akhirnya kita mutusin vendor WhatsApp?",
    ],
)
def test_finally_deciding_asks_for_the_last_decision(question: str) -> None:
    reading = read_query(question, AS_OF)
    assert (reading.intent, reading.events) == ("latest", "d")
    assert read_query("when did we decide on K3s?", AS_OF).intent == "important"
