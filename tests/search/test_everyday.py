"""The questions people ask of their own notes, in English and Indonesian: what happened in a
span of time, the latest status past the later passing mentions, the decision, the day a thing
was done, and which day is newer on a topic. On a small vault of real files, synced and
searched through the real index and the real command."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.search.recall import recall
from vaultkit.search.search import search

# The weeks from Monday 2026-11-02; asked on Tuesday 2026-11-17, last week is 11-09 .. 11-15.
DAYS = {
    "2026-11-02": "## Migrasi PostgreSQL\n"
    "Rencana migrasi PostgreSQL 12 ke 16: replikasi logical dulu, cutover Sabtu depan.\n"
    "Dewi: aku siapin box db-16 besok.",
    "2026-11-04": "Keputusan final: pindah ke PostgreSQL 16, cutover tanggal 14.\n"
    "Budi approved the Q4 budget for the new database box.",
    "2026-11-09": "Quiet Monday. Lunch at the usual warung with Dewi, talked about her cat.",
    "2026-11-10": "Raka resign, hari terakhir 31 Desember. Handover ke Sari mulai minggu depan.\n"
    "Gading: kaget juga, tapi ngerti.",
    "2026-11-12": "Sari: the SQLAlchemy 2.0 migration is at 60%, 14 tests still red.",
    "2026-11-14": "## Cutover\n"
    "01:00 stop writes, 01:15 connection string diganti.\n"
    "Migrasi PostgreSQL selesai! Semua service udah di PG16, downtime 22 menit.\n"
    "Gading: makasih Dewi.",
    "2026-11-16": "Rina: that's the real outage today, the coffee machine is dead haha\n"
    "Sari: not talking about the database migration before my second coffee",
    "2026-11-17": "Dewi: eh migrasi postgres kemarin gimana?\nRina: btw lunch nanti di mana?",
}
TUESDAY = date(2026, 11, 17)


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    people = {"known": ["Dewi", "Raka"]}
    return synced_notes(tmp_path_factory.mktemp("ws"), DAYS, people=people)


@pytest.mark.parametrize(
    "question",
    [
        "what happened last week?",
        "apa yang dibahas minggu lalu?",
        "minggu lalu ngapain aja?",
        "aku ngapain ae tanggal 9 sampe 15 November?",
        "what did we do Nov 9-15?",
        "rekap tgl 9 sampe 15 November dong, ngapain aja",
        "recap of Nov 9-15 please",
    ],
)
def test_a_span_question_gets_the_span_days_biggest_first(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY, top_k=10)
    days = [h.date.isoformat() for h in result.hits]
    assert sorted(days) == ["2026-11-09", "2026-11-10", "2026-11-12", "2026-11-14"]
    assert days[0] == "2026-11-14"  # the cutover outweighs the rest
    importance = [h.importance for h in result.hits]
    assert importance == sorted(importance, reverse=True)
    assert result.focus.span and "(2026-11-09 .. 2026-11-15)" in result.focus.describe()


@pytest.mark.parametrize(
    "question", ["yesterday?", "kemarin ngapain aja?", "what did we do yesterday"]
)
def test_yesterday_is_the_day_before_whatever_the_notes_say(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY)
    assert [h.date.isoformat() for h in result.hits] == ["2026-11-16"]  # "kemarin" on 11-17 aside


def test_a_span_without_notes_says_so_in_one_line(vault: Path) -> None:
    result = search(load_config(vault), "what happened last month?", as_of=date(2027, 1, 20))
    assert result.hits == []
    said = result.focus.nothing_found(result.query)
    assert said == "no notes in 'last month' (2026-12-01 .. 2026-12-31)"
    empty = search(load_config(vault), "apa yang terjadi minggu lalu", as_of=date(2026, 12, 20))
    assert not empty.hits
    assert empty.focus.nothing_found(empty.query).startswith("no notes in 'minggu lalu'")


def test_recall_of_a_span_is_its_digest(vault: Path) -> None:
    pack = recall(load_config(vault), "what happened last week?", as_of=TUESDAY, max_days=5)
    assert "of 'last week' (2026-11-09 .. 2026-11-15), the biggest first" in pack.markdown
    assert "## 2026-11-14" in pack.markdown and "2026-11-16" not in pack.markdown


@pytest.mark.parametrize(
    "question",
    [
        "what's the latest on the PostgreSQL migration?",
        "gimana kabar migrasi PostgreSQL sekarang?",
        "any update on the PostgreSQL migration?",
    ],
)
def test_latest_passes_over_jokes_put_offs_and_open_questions(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY)
    assert result.hits[0].date == date(2026, 11, 14)  # not 11-16 (banter) or 11-17 (a question)
    assert result.hits[0].ordered == "latest"


@pytest.mark.parametrize(
    "question",
    ["what did we decide about the database migration?", "apa keputusan soal migrasi PostgreSQL?"],
)
def test_the_decision_day_answers_what_was_decided(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY)
    assert result.hits[0].date == date(2026, 11, 4)


def test_who_approved_finds_the_approval(vault: Path) -> None:
    result = search(load_config(vault), "who approved the budget?", as_of=TUESDAY)
    assert result.hits[0].date == date(2026, 11, 4)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("kapan migrasi PostgreSQL selesai?", "2026-11-14"),
        ("when was the postgres migration finished?", "2026-11-14"),
        ("when did Raka say he is leaving?", "2026-11-10"),  # the note says "Raka resign"
        ("kapan Raka resign?", "2026-11-10"),
    ],
)
def test_when_it_was_done_is_the_day_it_happened(vault: Path, question: str, day: str) -> None:
    result = search(load_config(vault), question, as_of=TUESDAY)
    assert result.hits[0].date.isoformat() == day


def test_newer_is_a_newer_day_on_the_same_topic(vault: Path) -> None:
    result = search(load_config(vault), "migrasi PostgreSQL", as_of=TUESDAY)
    newer = {h.date.isoformat(): h.newer for h in result.hits}
    assert newer["2026-11-02"] == date(2026, 11, 14)  # not the SQLAlchemy migration of 11-12
    assert all(n in (None, date(2026, 11, 14)) for n in newer.values())  # nor the banter after


def test_explain_says_how_the_question_was_read_in_one_line(vault: Path) -> None:
    command = [sys.executable, "-m", "vaultkit", "search", "apa yang dibahas minggu lalu?"]
    command += ["--as-of", "2026-11-17", "--explain", "--config", str(vault)]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    read = [line for line in run.stdout.splitlines() if line.startswith("read: ")]
    assert read == [
        "read: a time span and no topic: the days of 'minggu lalu' (2026-11-09 .. 2026-11-15),"
        " the biggest first"
    ]
    command[4] = "kapan migrasi PostgreSQL selesai?"
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "intent important" in run.stdout and "topic words 'migrasi PostgreSQL'" in run.stdout


@pytest.mark.parametrize("question", ["what happened last week?", "minggu lalu ngapain aja?"])
def test_eval_scores_a_span_question_by_what_search_answers(vault: Path, question: str) -> None:
    """A span question's gold is its set of days: `eval` ranks as `search` answers, so the
    days search returns are the days eval counts (it ranked them 0 at every cut-off)."""
    from vaultkit.search.evaluate import Query, evaluate

    span = frozenset(date.fromisoformat(d) for d in ("2026-11-09", "2026-11-10", "2026-11-12",
                                                      "2026-11-14"))  # fmt: skip
    report = evaluate(load_config(vault), [Query(question, span, TUESDAY)], ks=(1, 4, 10))
    row = report.rows["all"]
    assert row.recall[4] == row.recall[10] == 1.0
    assert row.mrr == 1.0
