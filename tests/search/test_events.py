"""The lines that state an event, as the summary reads them: an outage told by its duration and
its failed orders is an incident though no word says "outage"; a postmortem retelling
yesterday's outage is follow-up work; a plan is a status but nothing done; a title in quotes
says nothing of the day. On real files, synced and searched through the real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.index.asides import event_kinds
from vaultkit.index.turns import Turn, parse_turns
from vaultkit.search.search import search

DAYS = {
    "2026-10-05": "## Insiden checkout\n"
    "Checkout API down 10:12-10:59 WIB (47 menit), 1.240 order gagal.\n"
    "Akar masalah: pool koneksi Redis bocor setelah deploy jam 09:50.\n"
    "Fix: rollback ke versi lama jam 10:55. Bayu nulis postmortem besok.",
    "2026-10-06": "## Postmortem\n"
    "Postmortem for yesterday's checkout outage with Fikri and Wulan. We went through the "
    "timeline and the root cause again.\n"
    "Follow-up: connection pool limits in the client, Fikri, by Friday.",
    "2026-10-07": "Kerjaan biasa, review PR.",
    "2026-10-08": "Lunch at the warung, talked about the weekend.",
}


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS)


@pytest.mark.parametrize(
    "question",
    [
        "what was the root cause of the checkout outage?",
        "apa akar masalah checkout down?",
        "why did checkout go down?",
    ],
)
def test_the_outage_day_answers_its_root_cause_before_the_postmortem(
    vault: Path, question: str
) -> None:
    result = search(load_config(vault), question, as_of=date(2026, 10, 10))
    assert [h.date.isoformat() for h in result.hits[:2]] == ["2026-10-05", "2026-10-06"]


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("Checkout API down 10:12-10:59 WIB (47 menit), 1.240 order gagal.", "is"),
        ("Postmortem for yesterday's checkout outage with Fikri and Wulan.", "s"),
        ("Postmortem insiden checkout kemarin, akar masalah udah ketemu.", "s"),
        ("Rencana migrasi PostgreSQL 12 ke 16: replikasi logical dulu, cutover Sabtu depan.", "s"),
        ('Next: Dewi mau nulis seri "how we migrated to PostgreSQL 16" buat blog.', ""),
        ("Migrasi PostgreSQL selesai, semua service udah di PG16.", "cs"),
        ("Rina: that's the real outage today, the coffee machine is dead haha", ""),
    ],
)
def test_a_line_states_what_happened_not_what_it_plans_quotes_or_retells(
    line: str, kinds: str
) -> None:
    assert event_kinds(line) == kinds


def test_a_word_that_speaks_once_is_a_label_and_its_words_are_the_lines() -> None:
    note = "K3s: VM lama udah dimatiin semua.\nSari: backup jalan.\nSari: aman."
    assert parse_turns(note) == [
        Turn("", "K3s: VM lama udah dimatiin semua."),
        Turn("Sari", "backup jalan."),
        Turn("Sari", "aman."),
    ]


STATUS_DAYS = {
    "2026-10-28": "## Go-live K3s prod\nProd went live di K3s, zero downtime. VM lama belum "
    "dimatiin (tunggu seminggu).\nSari: akhirnya.\nGading: pizza buat yang begadang.",
    "2026-11-03": "Lunch with Sari, she talked about K3s for a minute, then about her cat.",
    "2026-11-10": "K3s: VM docker-compose lama udah dimatiin semua. Hemat Rp 9 juta/bulan.",
}


@pytest.fixture(scope="module")
def statuses(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), STATUS_DAYS)


@pytest.mark.parametrize("question", ["how is the K3s move going?", "kabar migrasi K3s gimana?"])
def test_a_status_written_as_a_topics_label_is_its_latest(statuses: Path, question: str) -> None:
    result = search(load_config(statuses), question, as_of=date(2026, 11, 15))
    assert result.hits[0].date.isoformat() == "2026-11-10"


def test_a_heading_is_a_turn_of_its_own_only_when_asked_and_a_date_is_no_heading() -> None:
    note = "# 2026-11-13\n\n## Budget review\nSpend at 61%, on track.\n## 14:30\nLunch."
    assert parse_turns(note) == [Turn("", "Spend at 61%, on track."), Turn("", "Lunch.")]
    assert parse_turns(note, headings=True) == [
        Turn("", "Budget review", heading=True),
        Turn("", "Spend at 61%, on track."),
        Turn("", "Lunch."),
    ]


HEADED_DAYS = {
    "2026-11-03": "## Anggaran Q4\nRealisasi Q4 baru 40%, sisa aman.\nRina: laporan tiap bulan.",
    "2026-11-13": "## Budget review\nRina's monthly report: spend at 61% with 7 weeks left.\n"
    "Savings from the CDN contract cover the offsite. No changes needed.",
    "2026-11-20": "Lunch with Rina, she joked the budget pays for nothing fun, then talked "
    "about her trip.\nSari: the pager was quiet all week.\nGading: new keyboard arrived.",
}


@pytest.fixture(scope="module")
def headed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), HEADED_DAYS)


@pytest.mark.parametrize("question", ["any update on the budget?", "kabar budget gimana?"])
def test_a_sections_heading_says_what_its_lines_are_about(headed: Path, question: str) -> None:
    """ "## Budget review" over one line that says where the budget stands: the day is about
    the budget, and the newest such day is its latest; a later passing joke is not."""
    result = search(load_config(headed), question, as_of=date(2026, 11, 25))
    assert result.hits[0].date.isoformat() == "2026-11-13"


# A project's name is the thing done: the day that says it is done answers "when was it
# finished", not the plan whose heading names the migration and whose target says "done by".
PROJECT = {
    "2027-09-02": "## Batik UI v2 migration: the plan\n"
    "Moving Batik UI off the old hardcoded styles to design tokens.\n"
    "Plan: audit the v1 components, build the tokens pipeline, swap 31 screens to v2.\n"
    "Target: done by end of September. Owners: me and Yudhi.",
    "2027-09-10": "Batik UI migration: the audit is through, 40 of 63 components stay for v2.",
    "2027-09-16": "Batik UI: 14 of 31 screens on v2 components. Yudhi fixed the tokens build.",
    "2027-09-29": "Batik UI v2 is done!\n"
    "The last 7 screens shipped on v2 components; all 31 screens are on v2 now.",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    return synced_notes(root, PROJECT, vocabulary={"projects": ["Batik UI"]})


@pytest.mark.parametrize(
    "question",
    ["Kapan migrasi Batik UI ke v2 selesai?", "when was the Batik UI v2 migration done?"],
)
def test_the_day_a_project_is_done_answers_when_it_was_finished(
    project: Path, question: str
) -> None:
    result = search(load_config(project), question, as_of=date(2027, 10, 5))
    assert result.hits[0].date == date(2027, 9, 29)


# When a thing the incident left behind was done: the day it was done, not the incident's.
AFTERMATH = {
    "2026-10-05": "Checkout API down 10:12-10:59 WIB (47 menit), 1.240 order gagal.\n"
    "Sekitar 300 pembayaran nyangkut di status pending.",
    "2026-10-07": "Pembayaran yang nyangkut udah beres dicocokin semua sama finance, 300 dari 300.\n"
    "The reconciliation of the stuck payments is done.",
    "2026-10-08": "Lunch at the warung, talked about the weekend.",
}


@pytest.fixture(scope="module")
def aftermath(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("aftermath"), AFTERMATH)


@pytest.mark.parametrize(
    "question",
    [
        "pembayaran yang nyangkut gara-gara insiden itu beres dicocokin kapan?",
        "when was the reconciliation of the payments stuck in the incident done?",
    ],
)
def test_when_the_incidents_aftermath_was_done_is_the_day_it_was_done(
    aftermath: Path, question: str
) -> None:
    result = search(load_config(aftermath), question, as_of=date(2026, 10, 20))
    assert result.hits[0].date == date(2026, 10, 7)
    assert result.focus.reading is not None and "i" not in result.focus.reading.events
