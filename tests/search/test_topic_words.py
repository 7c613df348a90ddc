"""The topic words a question is read with, as `search --explain` shows them: what the days are
about, never a question word or a function word, in English and Indonesian."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.search.intent import read_query
from vaultkit.search.search import search
from vaultkit.text.language import STOPWORDS

DAYS = {
    "2026-11-04": "Budi approved the Q4 budget for the new database box.\n"
    "Keputusan final: pindah ke PostgreSQL 16, cutover tanggal 14.",
    "2026-11-10": "Raka resign, hari terakhir 31 Desember. Handover ke Sari.",
    "2026-11-14": "Migrasi PostgreSQL selesai! Semua service udah di PG16.",
}
TUESDAY = date(2026, 11, 17)
ASKING = {
    "what", "who", "when", "where", "which", "how", "did", "does", "do", "was", "were", "a",
    "an", "the", "about", "soal", "tentang", "apa", "siapa", "kapan", "di", "mana", "dimana",
    "gimana", "bagaimana", "yang", "dong", "sih", "whose", "mengapa", "s",
}  # fmt: skip


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS, people={"known": ["Raka", "Budi"]})


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what did we decide about the database migration?", "database migration"),
        ("who approved the budget?", "budget"),
        ("what's a good venue for the offsite?", "good venue offsite"),
        ("where is the PostgreSQL runbook?", "PostgreSQL runbook"),
        ("apa keputusan soal migrasi database?", "migrasi database"),
        ("siapa yang approve budget Q4 dong?", "budget Q4"),
        ("kapan migrasi PostgreSQL selesai?", "migrasi PostgreSQL"),
        ("di mana runbook PostgreSQL sih?", "runbook PostgreSQL"),
        ("gimana tentang offsite yang di Bandung?", "offsite Bandung"),
    ],
)
def test_topic_words_hold_no_question_or_function_word(question: str, words: str) -> None:
    subject = read_query(question, TUESDAY).subject
    assert subject == words
    assert not {w.casefold() for w in subject.split()} & (ASKING | STOPWORDS)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("who resigned?", ""),
        ("siapa yang resign?", ""),
        ("anything important yesterday?", ""),
        ("resigned?", "resigned"),
        ("keluar?", "keluar"),
    ],
)
def test_a_question_of_an_event_alone_has_no_other_topic(question: str, words: str) -> None:
    assert read_query(question, TUESDAY).subject == words


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what did we decide about the database migration?", "'database migration'"),
        ("kapan migrasi PostgreSQL selesai?", "'migrasi PostgreSQL'"),
        ("siapa yang approve budget?", "'budget'"),
    ],
)
def test_explain_shows_the_topic_words(vault: Path, question: str, words: str) -> None:
    command = [sys.executable, "-m", "vaultkit", "search", question, "--as-of", "2026-11-17"]
    command += ["--explain", "--config", str(vault)]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    read = [line for line in run.stdout.splitlines() if line.startswith("read: ")]
    assert len(read) == 1 and f"topic words {words}," in read[0]


@pytest.mark.parametrize(
    ("question", "name"),
    [("When did Raka resign?", "Raka"), ("kapan Raka resign?", "Raka")],
)
def test_a_name_after_the_question_words_is_still_a_name(
    vault: Path, question: str, name: str
) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY)
    assert result.focus.reading is not None
    assert result.focus.reading.subject.split()[0] == name
    assert result.hits[0].date == date(2026, 11, 10)
