"""A question of why ("why did checkout break?", "kenapa billing gagal?", "what caused ...") asks
for the day that states the cause: the line that says "akar masalah", "root cause", "penyebab",
"caused by", not the outage's day before it was found nor the follow-up after. The readings are
checked directly, the answers on a small vault of real files, synced and searched through the
real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.index.asides import event_kinds
from vaultkit.search.intent import read_query
from vaultkit.search.search import search

AS_OF = date(2029, 8, 20)

DAYS = {
    "2029-08-04": "## Insiden\nCheckout API down 10:12-10:59 (47 menit), 1.240 order gagal.\n"
    "- Rollback jam 11, Sari pantau error rate.",
    "2029-08-05": "Masih investigasi checkout kemarin. Sari curiga cache, belum ketemu.\n"
    "- Dimas cek log Redis, nihil.",
    "2029-08-06": "Akar masalah checkout ketemu: pool Redis habis setelah deploy Senin.\n"
    "- Fix: pool size dinaikkan ke 200, deploy jam 15.",
    "2029-08-09": "Postmortem checkout dibagikan ke tim. Action items: alert pool Redis, load test.",
    "2029-08-12": "Billing job failed overnight, 300 invoices not sent. Dimas is on it.",
    "2029-08-13": "Root cause of the billing failure: the cron ran in UTC, not WIB.\n"
    "- Fixed the schedule, Dimas added a test.",
    "2029-08-15": "Billing follow-up: resent the 300 invoices, customers told by email.",
    "2029-08-16": "Lunch with Sari at the new ramen place. Rain all afternoon.",
    "2029-08-17": "Login gagal untuk 2.300 user selama 35 menit pagi ini. Rollback jam 9.",
    "2029-08-18": "Login write-up for Budi:\n"
    "## Root cause\n"
    "- Token cache keyed by user only, so a device reused an expired token.\n"
    "## Fix\n"
    "- Key the cache by user and device, deployed 14.00.",
}


@pytest.mark.parametrize(
    "line",
    [
        "Akar masalah checkout ketemu: pool Redis habis setelah deploy Senin.",
        "Root cause of the billing failure: the cron ran in UTC, not WIB.",
        "Penyebabnya ternyata sertifikat SSL expired.",
        "The outage was caused by a full disk on db-2.",
    ],
)
def test_a_line_stating_a_cause_is_marked(line: str) -> None:
    assert "r" in event_kinds(line)


@pytest.mark.parametrize(
    "line",
    [
        "Masih cari akar masalah checkout, belum ketemu.",  # still looking: no cause stated
        "Lunch karena hujan, pindah ke kantin.",  # "karena" alone is every reason
        "Reminder: bahas root cause besok?",
    ],
)
def test_a_cause_still_sought_or_a_passing_reason_is_not(line: str) -> None:
    assert "r" not in event_kinds(line)


@pytest.mark.parametrize(
    "question",
    [
        "why did checkout break?",
        "kenapa checkout down kemarin?",
        "knp checkout error?",
        "what caused the billing failure?",
        "apa penyebab billing gagal?",
        "root cause billing?",
    ],
)
def test_a_why_question_asks_for_the_cause(question: str) -> None:
    reading = read_query(question, AS_OF)
    assert reading.events == "r"
    assert reading.intent == "important"


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    people = {"known": ["Sari", "Dimas", "Budi"]}
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS, people=people)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("why did checkout break?", date(2029, 8, 6)),
        ("kenapa checkout down?", date(2029, 8, 6)),
        ("what caused the billing failure?", date(2029, 8, 13)),
        ("apa penyebab billing gagal?", date(2029, 8, 13)),
        ("why did login fail for so many users?", date(2029, 8, 18)),  # under "## Root cause"
    ],
)
def test_the_day_that_states_the_cause_answers_why(vault: Path, question: str, day: date) -> None:
    result = search(load_config(vault), question, as_of=AS_OF)
    assert result.hits[0].date == day


def test_when_no_day_states_a_cause_the_question_reads_as_it_asks_otherwise(
    vault: Path,
) -> None:
    result = search(load_config(vault), "why was lunch moved?", as_of=AS_OF)
    assert result.hits and result.hits[0].date == date(2029, 8, 16)


GUESSES = {
    "2030-02-03": "## Insiden\nSearch API down 2 jam (08.00-10.00), 3.100 query gagal. Rollback.",
    "2030-02-04": "Search outage follow-up: Sari curiga index korup, Dimas curiga disk penuh, "
    "search API masih dicek. Still no cause tonight.",
    "2030-02-05": "Kerjaan biasa, review PR, makan siang sama Sari.",
}


def test_a_why_no_day_answers_reads_as_the_question_asks_otherwise(tmp_path: Path) -> None:
    """Guesses on one day, the outage on another, and no day states the cause: the why is read
    as the question asks without it (here a match: the guesses say most of search)."""
    workspace = synced_notes(tmp_path, GUESSES, people={"known": ["Sari", "Dimas"]})
    config, as_of = load_config(workspace), date(2030, 2, 6)
    why = search(config, "kenapa search API down?", as_of=as_of)
    plain = search(config, "search API down?", as_of=as_of)
    assert why.focus.reading is not None and why.focus.reading.events != "r"
    assert [h.date for h in why.hits] == [h.date for h in plain.hits]


def test_a_cause_yet_unknown_is_not_stated_and_a_long_write_up_still_is() -> None:
    assert "r" not in event_kinds("Root cause: TBD, Dimas is looking for it.")
    assert "r" not in event_kinds("Akar masalah: masih dicari, belum ketemu.")
    long = (
        "Root cause: on Wednesday the backup plugin was set to keep every full copy on the "
        "same server, 1.4 GB each, so the disk filled by Saturday morning. Nobody was looking "
        "for disk alerts because none were set."
    )
    assert "r" in event_kinds(long)  # "looking for" far from the cause says nothing of it
