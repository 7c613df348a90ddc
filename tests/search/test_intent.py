"""What a question asks beyond its topic, in English and Indonesian: the newest day on the topic,
the first, the big one; asides that name a topic without news; superseded days in search and
recall. On a small vault of real files, synced and searched through the real index."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.index.asides import event_kinds, is_aside
from vaultkit.search.intent import read_query
from vaultkit.search.recall import recall
from vaultkit.search.search import search

AS_OF = date(2026, 6, 30)


@pytest.mark.parametrize(
    ("question", "intent", "topic"),
    [
        ("where do things stand with the K3s migration?", "latest", "with the K3s migration"),
        ("what's the latest on the restic backup?", "latest", "what's the on the restic backup"),
        ("gimana kabar migrasi K3s sekarang?", "latest", "migrasi K3s"),
        ("status terbaru backup restic apa?", "latest", "backup restic apa"),
        ("Rencana rekrut anak magang masih jalan?", "latest", "Rencana rekrut anak magang jalan"),
        ("when did we first talk about Keycloak?", "first", "when did we talk about Keycloak"),
        ("kapan pertama kali bahas Keycloak?", "first", "kapan bahas Keycloak"),
        ("when was the final decision on the CI runners?", "important", None),
        ("kapan keputusan final soal GPU server?", "important", None),
        ("insiden Redis yang parah itu kapan?", "important", None),
        ("kapan kita mutusin pakai Cloudflare buat DNS?", "important", None),  # lexicon's word
        ("when did the Payments API go down?", "important", None),
        ("how big is the Kestrel Android download?", None, None),  # a size, not the big one
        ("which port did we move Grafana to?", None, None),
        # An adjective of the big one asks for it when it stands for an event or qualifies one,
        ("what was the biggest outage of the K3s cluster?", "important", None),
        ("what was important about the K3s migration?", "important", None),
        ("apa yang paling penting soal migrasi K3s?", "important", None),
        ("apa hal penting soal K3s?", "important", None),
        # not when it describes something else: those questions ask about that.
        ("What important values does John want to teach his kids?", None, None),
        ("What was one of the biggest challenges John faced at work?", None, None),
        ("Why does Maria think it's important for kids to visit memorials?", None, None),
        ("What symbols are important to Caroline?", None, None),
        ("kenapa olahraga penting buat Rina?", None, None),
        ("apa nilai penting yang diajarkan Budi?", None, None),
    ],
)
def test_the_intent_of_a_question(question: str, intent: str | None, topic: str | None) -> None:
    reading = read_query(question, AS_OF)
    assert reading.intent == intent
    if topic is not None:
        assert reading.topic == topic
    if intent != "latest" and intent != "first":
        assert reading.topic == question.rstrip("?") or reading.topic == question


def test_the_subject_leaves_out_the_words_of_the_kind_of_day() -> None:
    reading = read_query("when was the final decision on the K3s migration made?", AS_OF)
    assert "decision" in reading.topic and "decision" not in reading.subject
    assert "K3s migration" in reading.subject
    assert reading.events == "d"
    assert read_query("insiden Redis kapan?", AS_OF).events == "i"
    assert read_query("what was the big one for the blog?", AS_OF).events == "di"
    assert read_query("the latest decision on payments", AS_OF).events == "d"


def test_a_time_phrase_is_read_into_a_window_and_out_of_the_topic() -> None:
    reading = read_query("apa yang dibahas soal K3s minggu lalu?", AS_OF)  # a Tuesday
    assert reading.window is not None
    assert (reading.window.start, reading.window.end) == (date(2026, 6, 22), date(2026, 6, 28))
    assert "minggu" not in reading.topic and "K3s" in reading.topic


@pytest.mark.parametrize(
    "line",
    [
        "btw Sari asked about the K3s migration at lunch; no news, we'll pick it up later.",
        "The GPU server purchase came up in standup but nobody had an update.",
        "Gading sempet nyinggung upgrade Postgres pas ngopi, ga ada yang baru.",
        "btw Rina nanya soal SSO Keycloak, tapi belum ada kabar baru.",
        "Rina: eh latency Payments API nanti aja dibahas ya, gw lagi di jalan",
        "Nouva: Pengingat: Budi mau bahas restic kapan-kapan.",
        "Putri: no time for the blog today, maybe tomorrow",
        "Rilis Kestrel sempet disebut pas standup, tapi ga ada update.",  # "rilis" names it
        "Rina: that's the real outage today, the migration can wait haha",  # a joke
        "Sari: not talking about the database migration before my second coffee",
        "Pagi ini Sari: belum mau bahas migrasi sebelum ngopi.",
        "Dewi: eh migrasi postgres kemarin gimana?",  # asked, and nobody answers
    ],
)
def test_asides_name_a_topic_without_its_status(line: str) -> None:
    assert is_aside(line)


def test_a_question_answered_with_a_status_is_no_aside() -> None:
    question = "Budi: what's the current status of the invoice PDFs?"
    assert not is_aside(question, "Sari: still fixing the invoice PDFs, the fix is in review.")
    assert is_aside(question, "Rina: lunch at the usual place?")


@pytest.mark.parametrize(
    "line",
    [
        "Postgres: extension check beres, lanjut maintenance announcement.",
        "Sari: closing the invoice PDF bug: the PDFs render correctly.",
        "Freedy: NAS disks on hold until Friday, no update from the vendor yet.",  # a status
        "Keputusan final: homelab pindah ke K3s.",
    ],
)
def test_a_status_is_not_an_aside(line: str) -> None:
    assert not is_aside(line)


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("Keputusan final: homelab pindah dari Docker Compose ke K3s.", "ds"),
        ("Decided: Alertmanager goes away.", "ds"),
        ("Pak Budi approved Rp 87,5 juta for the GPU server.", "ds"),
        ("INCIDENT: Payments API was down for 40 minutes.", "is"),
        ("Migrasi PostgreSQL selesai! Semua service udah nunjuk ke PG16.", "cs"),
        ("Raka resign, hari terakhir 31 Desember.", "cs"),
        ("Dewi: the new blog went live this morning.", "cs"),
        ("K3s: staging in progress, prod next week.", "s"),  # a status, no event
        ("Putri: we still have to decide whether to move to K3s.", ""),  # pending
        ("Nouva: belum ada keputusan soal K3s.", ""),  # negated
        ("Gading: itu hampir outage loh.", ""),  # a near miss
        ("Rina: that's the real outage today, the coffee machine is dead haha", ""),  # a joke
        ("Sari: is the migration done?", ""),  # asked
        ("Rina: lunch at the usual place?", ""),
    ],
)
def test_events_are_decisions_and_incidents_said_outright(line: str, kinds: str) -> None:
    assert event_kinds(line) == kinds


# day: a team's notes on one topic (the K3s migration), with other days between
DAYS = {
    "2026-03-02": "Putri: we still have to decide whether to move the homelab to K3s.\n"
    "Rina: K3s is a lot of moving parts. K3s K3s migration debate, belum ada keputusan.\n"
    "Budi: let's decide on the K3s migration by the end of the month.",
    "2026-03-16": "Keputusan final: homelab pindah dari Docker Compose ke K3s.\n"
    "Gading: oke, migrasi K3s mulai minggu depan.",
    "2026-04-20": "Rina: lunch at the usual place?\nSari: sure, noon.",
    "2026-05-11": "Gading: migrasi K3s: tiga node udah jalan, tinggal Longhorn.\n"
    "Nouva: Dicatat, status migrasi K3s on progress.",
    "2026-06-08": "Rina: migrasi K3s beres, every service runs on the cluster now.\n"
    "Nouva: Status of the K3s migration: done.",
    "2026-06-22": "btw Sari nanya soal migrasi K3s, tapi belum ada kabar baru.\n"
    "Budi: laptop refresh quote is in.",
}


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    return synced_notes(tmp_path / "ws", DAYS)


@pytest.mark.parametrize(
    "question",
    [
        "where do things stand with the K3s migration?",
        "gimana kabar migrasi K3s sekarang?",
        "did the K3s migration end up working?",
        "migrasi K3s jadinya gimana?",
    ],
)
def test_latest_is_the_newest_day_that_discusses_the_topic(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=AS_OF)
    assert result.hits[0].date == date(2026, 6, 8)  # not the aside of 2026-06-22
    assert result.hits[0].ordered == "latest"
    assert result.focus.intent == "latest"


def test_as_of_moves_what_is_latest(vault: Path) -> None:
    result = search(load_config(vault), "status terbaru migrasi K3s?", as_of=date(2026, 5, 31))
    assert result.hits[0].date == date(2026, 5, 11)


def test_first_is_the_oldest_day_on_the_topic(vault: Path) -> None:
    result = search(load_config(vault), "when did we first talk about the K3s migration?")
    assert result.hits[0].date == date(2026, 3, 2)


@pytest.mark.parametrize(
    "question",
    ["when was the final decision on the K3s migration?", "kapan keputusan final soal K3s?"],
)
def test_the_decision_is_the_day_it_was_made_not_the_debate(vault: Path, question: str) -> None:
    result = search(load_config(vault), question, as_of=AS_OF)
    assert result.hits[0].date == date(2026, 3, 16)  # the debate uses the words more often


def test_older_days_on_the_topic_say_which_day_is_newer(vault: Path) -> None:
    result = search(load_config(vault), "K3s migration", as_of=AS_OF)
    rows = {row["date"]: row for row in result.as_dict()["results"]}
    assert rows["2026-03-16"]["newer"] == "2026-06-08"
    assert rows["2026-06-08"]["newer"] is None
    assert result.as_dict()["reading"]["intent"] is None


def test_recall_marks_a_superseded_day(vault: Path) -> None:
    pack = recall(load_config(vault), "rencana migrasi K3s", as_of=AS_OF, max_days=5)
    assert "> newer on this: 2026-06-08" in pack.markdown
    days = {d["date"]: d for d in pack.as_dict()["days"]}
    assert days["2026-05-11"]["newer"] == "2026-06-08"


def test_a_window_with_no_matching_day_is_left_out_and_said(vault: Path) -> None:
    result = search(load_config(vault), "K3s migration four years ago", as_of=AS_OF)
    assert result.focus.window is None and result.focus.window_note
    assert "left out" in result.focus.window_note
    assert result.hits  # the question still finds its days


def test_a_window_is_a_prior_on_the_days_around_it(vault: Path) -> None:
    result = search(load_config(vault), "what did we say about K3s in May?", as_of=AS_OF)
    assert result.hits[0].date == date(2026, 5, 11)
    result = search(load_config(vault), "K3s bulan Maret", as_of=AS_OF)
    assert result.hits[0].date.month == 3


# A weekday inside a topic, or the time asked about. Asked on Tuesday 2026-11-17: the Friday
# before is 11-13, a day of banter that names deploys in passing.
WEEKDAY_DAYS = {
    "2026-11-04": "## Deploy policy\n"
    "Decision: no more deploys on Friday, a Friday release freeze from next week.\n"
    "Keputusan: deploy hari Jumat dilarang, release freeze tiap Jumat.\n"
    "Gading: setuju, hari Jumat buat bug bash aja.",
    "2026-11-09": "Dewi: the staging box ran out of disk, cleaned up the old images.",
    "2026-11-13": "Rina: happy Friday! anyone deploying today? haha kidding\n"
    "Sari: deploy apa, makan siang dulu. Padang or warteg?",
    "2026-11-16": "Budi: the offsite venue is booked for December.",
}
TUESDAY = date(2026, 11, 17)


@pytest.fixture(scope="module")
def weekday_vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_notes(tmp_path_factory.mktemp("ws"), WEEKDAY_DAYS)


@pytest.mark.parametrize(
    "question",
    [
        "what did we decide about deploys on Friday?",
        "apa keputusan soal deploy hari Jumat?",
        "Friday release freeze",
        "release freeze hari Jumat",
    ],
)
def test_a_weekday_inside_a_topic_is_a_topic_word(weekday_vault: Path, question: str) -> None:
    result = search(load_config(weekday_vault), question, as_of=TUESDAY)
    assert result.focus.reading is not None and result.focus.reading.window is None
    assert result.hits[0].date == date(2026, 11, 4)  # the decision, not the Friday banter


@pytest.mark.parametrize(
    "question",
    [
        "what happened on Friday?",
        "Jumat kemarin ngapain?",
        "what did I do last Friday?",
        "apa yang terjadi hari Jumat?",
        "what did Rina say about deploys on Friday?",
        "Rina ngomong apa soal deploy hari Jumat?",
    ],
)
def test_a_weekday_asked_about_is_a_window(weekday_vault: Path, question: str) -> None:
    result = search(load_config(weekday_vault), question, as_of=TUESDAY)
    window = result.focus.window
    assert window is not None and window.start == window.end == date(2026, 11, 13)
    assert result.hits[0].date == date(2026, 11, 13)


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("what did we discuss about Kestrel on Tuesday?", "what did we discuss about Kestrel?"),
        ("Budi ngomong apa soal Tailscale hari Rabu?", "Budi ngomong apa soal Tailscale?"),
        ("deploys last Friday", "deploys"),
        ("deploy Jumat lalu", "deploy"),
    ],
)
def test_a_weekday_of_the_telling_or_relative_stays_a_window(question: str, topic: str) -> None:
    reading = read_query(question, TUESDAY)
    assert reading.window is not None and reading.window.kind == "weekday"
    assert reading.topic == topic


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how is the K3s move going?", "the K3s move"),
        ("how's the offsite coming along?", "the offsite"),
    ],
)
def test_how_it_is_going_asks_for_the_latest_and_names_no_topic(question: str, topic: str) -> None:
    reading = read_query(question, date(2026, 11, 15))
    assert reading.intent == "latest" and reading.topic == topic


def test_going_to_is_the_future_not_a_question_of_status() -> None:
    reading = read_query("when is Jon going to Paris?", date(2026, 11, 15))
    assert reading.intent is None and "going" in reading.topic
