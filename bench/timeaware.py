"""Write a time-aware retrieval dev set: a team's mixed Indonesian/English vault and its questions.

    python bench/timeaware.py OUT_DIR [--seed 11] [--days 420] [--end 2026-11-30]

## What it is for

vaultkit answers "what do I remember about X?" with semantic relevance (BM25 by default) plus a
day's importance and recency. Word matching alone cannot tell the *latest* status of a topic from
an older one that says the same words more often, a *decision* from the long debates before it,
or the day "two weeks ago" names. This set measures exactly that, on notes written the way the
first users write: Jakarta-casual Indonesian (gw, lu, ga, udah, kemarin, gimana, banget) mixed
with English tech words, or plain English; `Name: text` chat lines (Gading, Rina, Freedy, Sari,
Budi, Putri and the assistant Nouva) and free note lines.

## What it writes (paths relative to OUT_DIR)

- `memory_config.json`: `vaultkit init`'s starter config (`default_config()`), with the topics'
  projects and technologies in its vocabulary and the team in its people (Nouva ignored).
- `vault/memory/YYYY-MM-DD.md`: raw daily notes only (no summaries, no spine links: `vaultkit
  sync` writes those). `--days` calendar days ending at `--end` (default 420 days, 2025-10-07 to
  2026-11-30: fourteen calendar months, about 300 notes), with gaps: most weekends, some leave
  days, the year-end and Lebaran holidays.
- `queries.jsonl`: one question per line, as `vaultkit eval` reads them: `{"id", "query",
  "gold_dates", "as_of", "category"}`, plus `lang` (`en`, or `id` for Indonesian and mixed),
  `topic` and `distractors` (the days a word matcher is meant to prefer; eval ignores these).

Two runs with the same arguments write the same bytes: every choice comes from a
`random.Random` seeded by (seed, what is being chosen), and nothing iterates over a set.

## The vault

24 topics (the K3s migration, Payments API latency, the restic backup, Grafana alerting, the GPU
server purchase, the blog rewrite, ...), each with a life laid out over the calendar: raised,
planned, discussed, then a status that changes several times (in progress through its steps in
order, blocked, on hold, done, reopened, being fixed, done again); about three in five topics
are still alive in the vault's last weeks. Each topic has one or two big moments (two of
different kinds, so a question names which): a final decision ("Keputusan final: ..."),
an incident with its duration and impact ("INCIDENT: ... 40 minutes, ~3,100 requests failed"),
or money approved ("Pak Budi approve Rp 87,5 juta"). Around the moments are the days that talk
about the same thing at length and decide nothing: debates that end "belum ada keputusan",
quotes still waiting for approval, near-misses ("hampir outage, tapi ga sampe down"),
postmortems that name the incident's weekday. Topics are also mentioned in passing on other
days ("btw Sari nanya soal X, tapi belum ada kabar baru"); a passing mention never states a
status. Filler fills the rest: small talk, reminders (skincare, groceries), anime, family, traffic,
and on weekdays the team's other work (reviews, standups, deploys) that names no topic.

Each topic has a keyword that only its own lines use (checked: a day names a topic's keyword
exactly when the day was written with that topic), so "the day that discusses the topic" is
well defined. Each fact ("Grafana dipindah ke port 3300") is stated on one day only (checked).

## The questions: four categories, at least 50 each, a third or more in Indonesian or mixed

- `latest`: "where do things stand with the restic backup?", "gimana kabar migrasi K3s
  sekarang?". Gold: the newest day on or before `as_of` that discusses the topic's status (a
  status update, a debate, a moment, a postmortem), never a passing mention. Every question has
  both kinds of distractor: an older status day that uses the question's words more often than
  the gold day (verbose days repeat the name and ask "status terbaru ...?" themselves), and a
  passing mention between the gold day and `as_of` (with the words "kabar", "update").
- `decision`: "when did we decide to move the homelab to K3s?", "kapan keputusan final soal GPU
  server?", "when was the big Payments API outage?". Gold: the moment's day. Every question has
  a distractor day of the same topic, on or before `as_of`, that uses the question's words more
  often than the gold day and decides nothing.
- `time`: a topic and a time phrase relative to `as_of`, in English or Indonesian: yesterday /
  kemarin, N days ago / N hari lalu, two weeks ago / 2 minggu yang lalu, last week / minggu lalu,
  this week / minggu ini, last month / bulan lalu, in March / bulan Maret (the latest March on or
  before `as_of`, never the current month), on Tuesday / hari Selasa (the latest Tuesday before
  `as_of`, 2-6 days back), since Monday / sejak hari Senin (that day through `as_of`), and
  "before this week, when did we last talk about X?" (the latest topic day before this week's
  Monday, while the topic also came up this week). Weeks start on Monday. Gold: the topic's
  days in the window (one for the phrases that name a day, and for "two weeks ago"; at most
  three otherwise), all status days: a window holding a passing mention of the topic is not
  used, nor an `as_of` that itself talks about the topic. Each window is chosen so that the
  readings a careful person might take agree: "kemarin" (which in Jakarta also means "the other
  day") has no other topic day in the five days before; "N days ago" none a day or two off; "two
  weeks ago" has one topic day within three days of `as_of` - 14, none in the days around, and it
  falls in the calendar week two weeks back; "last week" holds the same topic days as a calendar
  week and as the past seven days; "last month" has no topic day earlier in the current month. The
  topic always appears outside the window too (at least two more days), so the topic words alone
  cannot find it. `as_of` is spread over the last five months; some questions name who spoke
  ("what did Rina say about ... last week?"), only when that person spoke about the topic on every
  gold day.
- `fact`: a control: "which port did we move Grafana to?", "berapa harga GPU server yang
  disetujui?". One gold day, where the detail is stated (once in the whole vault), never before
  the decision that made it possible.

"More often" counts the question's exact words (lowercase, without function words, no
stemming) in the whole note. Questions are numbered per category (`latest-001`, ...).

Every gold date is a note's date and on or before the question's `as_of`; `as_of` varies per
question. A careful human with a calendar can answer every question from the notes; a word
matcher is meant to fail `latest` and `decision` and cannot do `time` at all.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import pairwise
from pathlib import Path

END_DATE = date(2026, 11, 30)
DAYS = 420
SEED = 11
MARKER = "Time-aware retrieval dev set written by bench/timeaware.py."
ASSISTANT = "Nouva"
PEOPLE = ["Gading", "Rina", "Freedy", "Sari", "Budi", "Putri", "Dimas", ASSISTANT]
PEOPLE_ALIASES = {"Fred": "Freedy", "Pak Budi": "Budi", "Mbak Sari": "Sari"}
TEAM = ["Gading", "Rina", "Freedy", "Sari", "Budi", "Putri"]  # who chats about anything
ID_SHARE = 0.6  # share of a note's blocks written in Indonesian
QUESTION_ID_SHARE = 0.45  # share of questions asked in Indonesian (or mixed)
TIME_WINDOW_DAYS = 150  # time questions are asked in the vault's last five months

WEEKDAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "id": ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"],
}
MONTHS = {
    "en": [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ],
    "id": [
        "Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September",
        "Oktober", "November", "Desember",
    ],
}  # fmt: skip


# --- the topics ---------------------------------------------------------------------------------

Pair = tuple[str, str]  # (English, Indonesian)


@dataclass(frozen=True)
class Moment:
    """A topic's big moment and the material for the days around it that decide nothing."""

    kind: str  # "decision", "incident" or "approval"
    lines: tuple[tuple[str, ...], tuple[str, ...]]  # the moment's lines, English and Indonesian
    questions: tuple[Pair, ...]  # (lang, question)
    debate: Pair = ("", "")  # decision: the open question ("whether to ...")
    pro: Pair = ("", "")  # decision: a line for it
    con: Pair = ("", "")  # decision: a line against it
    symptom: Pair = ("", "")  # incident: what a near-miss looked like
    cause: Pair = ("", "")  # incident: the postmortem's finding
    quotes: tuple[
        str, ...
    ] = ()  # approval: amounts quoted before (Rp juta), never the approved one


@dataclass(frozen=True)
class Fact:
    """A detail stated on one day only, and the questions that ask for it."""

    lines: Pair
    value: str | Pair  # the detail as written (per language when it differs): in one note only
    questions: Pair
    on_moment: bool = False  # stated on the day of the topic's first moment
    on_done: bool = False  # stated on the day the topic is first done

    @property
    def values(self) -> tuple[str, ...]:
        return (self.value,) if isinstance(self.value, str) else self.value


@dataclass(frozen=True)
class Topic:
    key: str
    pattern: str  # finds the topic in a note (case-insensitive); only this topic's lines match
    names: tuple[tuple[str, ...], tuple[str, ...]]  # how notes name it, English and Indonesian
    ask: Pair  # how latest and decision questions name it
    short: Pair  # how time questions name it
    terse: str  # a terse note line's name for it
    crew: tuple[str, ...]  # the owner first
    steps: tuple[str, ...]
    blockers: tuple[Pair, ...]
    done: Pair
    reopen: Pair
    why: Pair
    moments: tuple[Moment, ...]
    facts: tuple[Fact, ...]
    project: str | None = None
    techs: tuple[str, ...] = ()


TOPICS = [
    Topic(
        key="k3s",
        pattern=r"\bk3s\b",
        names=(("the K3s migration", "the move to K3s"), ("migrasi K3s", "pindahan ke K3s")),
        ask=("the K3s migration", "migrasi K3s"),
        short=("K3s", "K3s"),
        terse="K3s",
        crew=("Freedy", "Gading"),
        steps=("flashing the three NUCs", "the ingress setup", "the Longhorn volumes",
               "moving the Home Assistant stack", "the Helm charts"),
        blockers=(("the RAM for the third NUC has not arrived", "RAM buat NUC ketiga belum dateng"),
                  ("Longhorn keeps losing a replica", "Longhorn replica-nya ilang terus")),
        done=("every home service runs on the cluster and the old Compose box is off",
              "semua service udah di cluster, box Compose lama udah dimatiin"),
        reopen=("the Zigbee bridge refuses to run in a pod", "Zigbee bridge ga mau jalan di pod"),
        why=("the Compose box is a single point of failure", "box Compose itu single point of failure"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Final decision: the homelab moves from Docker Compose to K3s.",
                        "Gading signed off after Freedy's weekend test; Freedy owns the migration."),
                       ("Keputusan final: homelab pindah dari Docker Compose ke K3s.",
                        "Gading udah approve abis test weekend-nya Freedy, Freedy yang pegang migrasinya.")),
                questions=(("en", "when did we decide to move the homelab to K3s?"),
                           ("en", "when was the final decision on the K3s migration made?"),
                           ("id", "kapan keputusan final soal migrasi K3s?"),
                           ("id", "kapan kita mutusin pindah ke K3s?")),
                debate=("whether to move the homelab from Docker Compose to K3s",
                        "mau pindah homelab dari Docker Compose ke K3s atau ngga"),
                pro=("K3s gives us rolling restarts and we all know kubectl from work",
                     "K3s bisa rolling restart, kubectl juga udah biasa di kantor"),
                con=("K3s is a lot of moving parts for six containers",
                     "K3s kebanyakan moving parts buat enam container doang"),
            ),
            Moment(
                kind="incident",
                lines=(("INCIDENT: the K3s certificates expired and the cluster API was down for 2 hours (07:10-09:15).",
                        "Freedy rotated the certs by hand; nothing was lost but every service restarted."),
                       ("INSIDEN: sertifikat K3s expired, API cluster down 2 jam (07:10-09:15).",
                        "Freedy rotate cert manual, ga ada data ilang tapi semua service ke-restart.")),
                questions=(("en", "when did the K3s cluster go down because of the certificates?"),
                           ("en", "when was the big K3s outage?"),
                           ("id", "kapan cluster K3s down gara-gara sertifikat?"),
                           ("id", "insiden K3s yang parah itu kapan?")),
                symptom=("the K3s cluster warned that its certificates expire in 90 days",
                         "cluster K3s kasih warning sertifikat expire 90 hari lagi"),
                cause=("nobody knew K3s certificates last a year; a renewal check is now on the calendar",
                       "ga ada yang tau sertifikat K3s cuma setahun, sekarang ada reminder renewal"),
            ),
        ),
        facts=(
            Fact(("K3s version on all three nodes: v1.30.4+k3s1.",
                  "K3s yang kepasang versi v1.30.4+k3s1 di tiga node."),
                 "v1.30.4+k3s1",
                 ("which K3s version is installed on the nodes?", "K3s yang dipasang versi berapa?")),
            Fact(("The K3s API sits behind the VIP 10.20.0.50 (kube-vip).",
                  "API cluster K3s pakai VIP 10.20.0.50 lewat kube-vip."),
                 "10.20.0.50",
                 ("what VIP does the K3s API use?", "VIP buat API cluster K3s berapa?")),
        ),
        project="Homelab",
        techs=("Kubernetes", "Docker", "Longhorn"),
    ),
    Topic(
        key="payments",
        pattern=r"\bpayments? api\b",
        names=(("Payments API latency", "the slow Payments API"),
               ("latency Payments API", "Payments API yang lemot")),
        ask=("the Payments API latency", "latency Payments API"),
        short=("the Payments API", "Payments API"),
        terse="Payments API",
        crew=("Sari", "Gading"),
        steps=("profiling the refunds endpoint", "the connection pool tuning", "the query cache",
               "the load test"),
        blockers=(("we need a prod-like dataset and legal has not cleared it",
                   "butuh dataset mirip prod, legal belum kasih izin"),
                  ("the vendor SDK pins an old HTTP client", "SDK vendor nge-pin HTTP client versi lama")),
        done=("p99 is down to 210 ms and stayed there for a week", "p99 turun ke 210 ms dan stabil seminggu"),
        reopen=("p99 crept back up after the holiday traffic", "p99 naik lagi abis traffic liburan"),
        why=("merchants complain that refunds take seconds", "merchant pada komplain refund lama banget"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: Payments API outage 10:12-10:52 WIB, 40 minutes.",
                        "About 3,100 requests failed; Sari rolled back to v3.8.1 and the error rate went back to normal."),
                       ("INSIDEN: Payments API down 40 menit (10:12-10:52 WIB).",
                        "Sekitar 3.100 request gagal, Mbak Sari rollback ke v3.8.1, error rate normal lagi.")),
                questions=(("en", "when was the big Payments API outage?"),
                           ("en", "what day did the Payments API go down?"),
                           ("id", "kapan Payments API down parah itu?"),
                           ("id", "insiden besar Payments API kapan ya?")),
                symptom=("the Payments API p99 spiked to 900 ms and it almost went down",
                         "p99 Payments API nembus 900 ms, hampir down"),
                cause=("a config push halved the connection pool", "config push bikin connection pool tinggal setengah"),
            ),
        ),
        facts=(
            Fact(("Payments API p99 target agreed with the merchants team: 300 ms.",
                  "Target p99 Payments API yang disepakati sama tim merchant: 300 ms."),
                 "300 ms",
                 ("what p99 target did we agree for the Payments API?", "target p99 Payments API berapa?")),
            Fact(("What made refunds slow in the Payments API: an N+1 query in /v1/refunds.",
                  "Ternyata biang lemotnya refund di Payments API: N+1 query di /v1/refunds."),
                 "N+1 query",
                 ("what was making refunds slow in the Payments API?", "refund di Payments API lemot gara-gara apa?")),
        ),
        project="Payments API",
        techs=("Python",),
    ),
    Topic(
        key="restic",
        pattern=r"\brestic\b",
        names=(("the restic backup", "the backup to restic"), ("backup restic", "backup ke restic")),
        ask=("the restic backup", "backup restic"),
        short=("the restic backup", "backup restic"),
        terse="restic",
        crew=("Gading", "Freedy"),
        steps=("the B2 credentials", "the systemd timer", "the first full snapshot", "the restore drill"),
        blockers=(("the upload saturates the home uplink during calls", "upload-nya nyedot bandwidth rumah pas meeting"),
                  ("B2 rejects the application key", "application key B2 ditolak terus")),
        done=("nightly snapshots run and a restore drill passed", "snapshot tiap malam jalan, restore drill lolos"),
        reopen=("the prune step takes four hours now", "prune-nya sekarang makan empat jam"),
        why=("there is no second copy of the family photos", "foto keluarga belum ada copy kedua"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: the restic forget/prune ran with a wrong policy and deleted three weeks of snapshots.",
                        "No files lost in the end (the originals are still on disk), but we had no backup for a day; Gading paused the timer."),
                       ("INSIDEN: restic forget/prune jalan pake policy salah, snapshot tiga minggu kehapus.",
                        "Akhirnya ga ada file yang ilang (aslinya masih di disk), tapi sehari kita tanpa backup; Gading pause timer-nya.")),
                questions=(("en", "when did restic delete three weeks of our snapshots?"),
                           ("en", "when was the big restic backup incident?"),
                           ("id", "kapan snapshot restic kehapus?"),
                           ("id", "insiden backup restic yang parah itu kapan?")),
                symptom=("restic said three weeks of snapshots were missing; it was a listing bug",
                         "restic bilang snapshot tiga minggu ilang, ternyata bug listing doang"),
                cause=("the forget flags were copied from a test repo", "flag forget-nya ke-copy dari repo test"),
            ),
        ),
        facts=(
            Fact(("restic repo lives in the B2 bucket nv-restic-7f3a.", "Repo restic ditaruh di bucket B2 nv-restic-7f3a."),
                 "nv-restic-7f3a",
                 ("which B2 bucket holds the restic repository?", "bucket B2 buat restic namanya apa?")),
            Fact(("restic retention: keep 7 daily, 5 weekly, 12 monthly.", "Retention restic: simpan 7 daily, 5 weekly, 12 monthly."),
                 "7 daily, 5 weekly, 12 monthly",
                 ("what retention did we set for restic?", "retention restic diset berapa?")),
            Fact(("restic timer fires at 02:30 every night.", "Timer restic jalan tiap jam 02:30 malam."),
                 "02:30",
                 ("what time does the restic job run?", "restic jalan jam berapa?")),
        ),
        project="Homelab",
        techs=("restic",),
    ),
    Topic(
        key="grafana",
        pattern=r"\bgrafana\b",
        names=(("Grafana alerting", "the Grafana alerts"), ("alerting Grafana", "alert Grafana")),
        ask=("Grafana alerting", "alerting Grafana"),
        short=("Grafana", "Grafana"),
        terse="Grafana",
        crew=("Sari", "Freedy"),
        steps=("the contact points", "the notification policies", "silencing the noisy disk rules",
               "the dashboard cleanup"),
        blockers=(("every rule fires twice since the upgrade", "semua rule nembak dua kali abis upgrade"),
                  ("nobody owns the alert rules", "ga ada yang pegang alert rules")),
        done=("alerts reach the right people and the noise is down to a few a week",
              "alert udah nyampe ke orang yang bener, noise tinggal beberapa per minggu"),
        reopen=("the alerts went silent for two days after a token expired", "alert diem dua hari gara-gara token expired"),
        why=("half the alerts are noise and people mute the channel", "setengah alert-nya noise, orang pada mute channel"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: Alertmanager goes away, every alert rule moves to Grafana alerting.",
                        "Sari agreed to own the rules; the ADR is written."),
                       ("Keputusan final: Alertmanager dibuang, semua alert rule pindah ke Grafana alerting.",
                        "Mbak Sari setuju pegang rules-nya, ADR udah ditulis.")),
                questions=(("en", "when did we decide to drop Alertmanager for Grafana alerting?"),
                           ("en", "when was the final decision on Grafana alerting?"),
                           ("id", "kapan keputusan final soal alerting Grafana?"),
                           ("id", "kapan kita mutusin buang Alertmanager?")),
                debate=("whether to drop Alertmanager and keep only Grafana alerting",
                        "mau buang Alertmanager dan pakai Grafana alerting aja atau ngga"),
                pro=("one place for rules means Grafana alerting is easier to teach",
                     "rules di satu tempat, Grafana alerting lebih gampang diajarin"),
                con=("Alertmanager routing is more flexible than what Grafana does",
                     "routing Alertmanager lebih fleksibel daripada Grafana"),
            ),
        ),
        facts=(
            Fact(("Grafana moved to port 3300 so it stops clashing with the dev server.",
                  "Grafana dipindah ke port 3300 biar ga bentrok sama dev server."),
                 "3300",
                 ("which port did we move Grafana to?", "Grafana pindah ke port berapa?")),
            Fact(("Grafana contact point: the Telegram group #ops-alerts, Sari as the email backup.",
                  "Contact point Grafana: grup Telegram #ops-alerts, Mbak Sari backup lewat email."),
                 "#ops-alerts",
                 ("where do the Grafana alerts get sent?", "alert Grafana dikirim ke mana?")),
        ),
        techs=("Grafana", "Prometheus"),
    ),
    Topic(
        key="gpu",
        pattern=r"\bgpu\b",
        names=(("the GPU server purchase", "the GPU server"), ("beli GPU server", "pengadaan GPU server")),
        ask=("the GPU server purchase", "GPU server"),
        short=("the GPU server", "GPU server"),
        terse="GPU server",
        crew=("Freedy", "Budi"),
        steps=("the purchase order", "the rack space", "the power circuit", "the model benchmarks"),
        blockers=(("finance froze purchases until the quarter closes", "finance nge-freeze pembelian sampai tutup kuartal"),
                  ("the vendor has no 4090 cards in stock", "vendor lagi kosong stok 4090")),
        done=("the box is racked, drivers are in and the first fine-tune ran",
              "servernya udah di rack, driver kepasang, fine-tune pertama jalan"),
        reopen=("one card throttles above 80°C", "satu card throttle di atas 80°C"),
        why=("renting cloud GPUs costs more every month", "sewa GPU cloud makin mahal tiap bulan"),
        moments=(
            Moment(
                kind="approval",
                lines=(("Budi approved Rp 87,5 juta for the GPU server (2x RTX 4090, 128 GB RAM).",
                        "The PO goes out tomorrow; Freedy handles the vendor."),
                       ("Akhirnya Pak Budi approve Rp 87,5 juta buat GPU server (2x RTX 4090, 128 GB RAM).",
                        "PO keluar besok, Freedy yang urus vendornya.")),
                questions=(("en", "when was the GPU server budget approved?"),
                           ("en", "when did Budi approve the money for the GPU server?"),
                           ("id", "kapan budget GPU server di-approve?"),
                           ("id", "kapan keputusan final soal GPU server?")),
                quotes=("92", "104", "99"),
            ),
            Moment(
                kind="incident",
                lines=(("INCIDENT: the GPU server overheated and shut down 30 hours into the fine-tune; the run is lost.",
                        "A fan on card 2 died; Freedy ordered a replacement."),
                       ("INSIDEN: GPU server overheat dan mati di jam ke-30 fine-tune, run-nya ilang.",
                        "Kipas di card 2 mati, Freedy udah order gantinya.")),
                questions=(("en", "when did the GPU server overheat and shut down?"),
                           ("en", "when was the GPU server incident?"),
                           ("id", "kapan GPU server mati gara-gara overheat?"),
                           ("id", "insiden GPU server kapan?")),
                symptom=("one card on the GPU server hit 85°C, close to overheating, but nothing shut down",
                         "satu card di GPU server nyentuh 85°C, hampir overheat tapi ga sampe mati"),
                cause=("the fan curve was never set and a fan had worn out", "fan curve ga pernah diset dan satu kipas udah aus"),
            ),
        ),
        facts=(
            Fact(("Budi approved Rp 87,5 juta for the GPU server.", "Pak Budi approve Rp 87,5 juta buat GPU server."),
                 "Rp 87,5 juta",
                 ("how much did Budi approve for the GPU server?", "berapa harga GPU server yang disetujui?"),
                 on_moment=True),
            Fact(("GPU server IP on the lab VLAN: 10.20.0.77.", "IP GPU server di VLAN lab: 10.20.0.77."),
                 "10.20.0.77",
                 ("what IP does the GPU server have?", "IP GPU server berapa?")),
            Fact(("GPU server vendor: CV Mitra Komputindo in Mangga Dua.", "Vendor GPU server: CV Mitra Komputindo di Mangga Dua."),
                 "Mitra Komputindo",
                 ("which vendor sold us the GPU server?", "vendor GPU server siapa?")),
        ),
        techs=("GPU",),
    ),
    Topic(
        key="blog",
        pattern=r"\bblog\b",
        names=(("the blog rewrite", "the new blog"), ("rewrite blog", "blog baru")),
        ask=("the blog rewrite", "rewrite blog"),
        short=("the blog", "blog"),
        terse="blog",
        crew=("Gading", "Rina"),
        steps=("porting the old posts", "the RSS feed", "the dark theme", "the redirect map"),
        blockers=(("the image pipeline breaks on old posts", "pipeline gambar rusak di post lama"),
                  ("Gading has no time during the release crunch", "Gading lagi ga ada waktu, sibuk rilis")),
        done=("the new site is live and the old WordPress is archived", "site baru udah live, WordPress lama di-archive"),
        reopen=("search engines still index the old URLs", "Google masih nge-index URL lama"),
        why=("WordPress updates keep breaking the theme", "update WordPress bikin theme rusak terus"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Final decision: the blog rewrite goes with Astro, not Hugo.",
                        "Rina agreed to do the design, Gading ports the posts."),
                       ("Keputusan final: rewrite blog pakai Astro, bukan Hugo.",
                        "Rina setuju pegang desain, Gading yang port post-nya.")),
                questions=(("en", "when did we decide between Astro and Hugo for the blog?"),
                           ("en", "when was the final decision on the blog rewrite?"),
                           ("id", "kapan keputusan final soal rewrite blog?"),
                           ("id", "kapan kita mutusin blog pakai Astro?")),
                debate=("whether to rebuild the blog with Astro or Hugo", "mau bikin ulang blog pakai Astro atau Hugo"),
                pro=("Astro lets Rina write components for the blog", "Astro bikin Rina bisa bikin komponen buat blog"),
                con=("Hugo builds the blog in a second and has no node_modules", "Hugo build blog sedetik, ga ada node_modules"),
            ),
        ),
        facts=(
            Fact(("64 old posts moved to the new blog, 9 dropped.", "64 post lama udah pindah ke blog baru, 9 dibuang."),
                 ("64 old posts", "64 post lama"),
                 ("how many old posts did we move to the new blog?", "berapa post lama yang dipindah ke blog baru?")),
            Fact(("New blog domain: catatan.gading.dev.", "Domain blog baru: catatan.gading.dev."),
                 "catatan.gading.dev",
                 ("what domain does the new blog use?", "domain blog baru apa?")),
        ),
        project="Blog",
        techs=("Astro",),
    ),
    Topic(
        key="postgres",
        pattern=r"\bpostgres(ql)?\b",
        names=(("the Postgres 16 upgrade", "the Postgres upgrade"), ("upgrade Postgres 16", "upgrade Postgres")),
        ask=("the Postgres upgrade", "upgrade Postgres"),
        short=("Postgres", "Postgres"),
        terse="Postgres",
        crew=("Budi", "Sari"),
        steps=("the dry run on staging", "the extension check", "the maintenance announcement",
               "the replica rebuild"),
        blockers=(("the PostGIS extension has no build for 16 yet", "extension PostGIS belum ada build buat 16"),
                  ("ops wants a change freeze until month end", "ops minta change freeze sampe akhir bulan")),
        done=("production runs 16.4 and the old cluster is gone", "production udah di 16.4, cluster lama udah dihapus"),
        reopen=("query plans regressed on the reporting views", "query plan di reporting views jadi lambat"),
        why=("version 12 goes out of support soon", "versi 12 bentar lagi end of life"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT during the Postgres cutover: the primary went read-only for 25 minutes (01:40-02:05).",
                        "A replication slot filled the disk; Budi cleared it and we finished the upgrade."),
                       ("INSIDEN pas cutover Postgres: primary read-only 25 menit (01:40-02:05).",
                        "Replication slot bikin disk penuh, Pak Budi bersihin, upgrade tetep lanjut.")),
                questions=(("en", "when did Postgres go read-only during the upgrade?"),
                           ("en", "when was the Postgres cutover incident?"),
                           ("id", "kapan insiden cutover Postgres?"),
                           ("id", "Postgres read-only pas upgrade itu kapan?")),
                symptom=("Postgres replication lag hit 40 seconds in the cutover rehearsal on staging",
                         "replication lag Postgres sampe 40 detik pas rehearsal cutover di staging"),
                cause=("an abandoned replication slot kept WAL forever", "replication slot yang ditinggal nahan WAL terus"),
            ),
        ),
        facts=(
            Fact(("Postgres maintenance window: Sunday 01:00-03:00 WIB.", "Maintenance window Postgres: Minggu 01:00-03:00 WIB."),
                 "01:00-03:00",
                 ("when is the Postgres maintenance window?", "maintenance window Postgres jam berapa?")),
            Fact(("pg_upgrade --link took 11 min for Postgres on staging.",
                  "pg_upgrade --link cuma 11 min buat Postgres di staging."),
                 "11 min",
                 ("how long did the Postgres upgrade take on staging?", "upgrade Postgres di staging makan waktu berapa lama?")),
        ),
        techs=("PostgreSQL",),
    ),
    Topic(
        key="wifi",
        pattern=r"\bwi-?fi\b",
        names=(("the office WiFi upgrade", "the office WiFi"), ("upgrade WiFi kantor", "WiFi kantor")),
        ask=("the office WiFi upgrade", "upgrade WiFi kantor"),
        short=("the office WiFi", "WiFi kantor"),
        terse="WiFi",
        crew=("Freedy", "Budi"),
        steps=("the site survey", "the cable run to the meeting room", "the new SSIDs", "the guest network"),
        blockers=(("the building manager has not allowed drilling", "pengelola gedung belum izinin ngebor"),
                  ("the access points are stuck at customs", "access point-nya nyangkut di bea cukai")),
        done=("four access points are up and calls no longer drop", "empat access point udah nyala, call ga putus-putus lagi"),
        reopen=("the meeting room drops again when it is full", "ruang meeting drop lagi kalau rame"),
        why=("video calls drop every afternoon", "video call putus tiap sore"),
        moments=(
            Moment(
                kind="approval",
                lines=(("Budi approved Rp 14 juta for the office WiFi: four UniFi U6 Pro access points plus cabling.",),
                       ("Pak Budi approve Rp 14 juta buat upgrade WiFi kantor: empat access point UniFi U6 Pro plus kabel.",)),
                questions=(("en", "when did Budi approve the office WiFi budget?"),
                           ("en", "when was the money for the office WiFi approved?"),
                           ("id", "kapan budget WiFi kantor di-approve?"),
                           ("id", "kapan Pak Budi acc duit buat WiFi kantor?")),
                quotes=("17", "19,5", "16"),
            ),
        ),
        facts=(
            Fact(("Guest WiFi SSID: NV-Tamu, the password rotates monthly.", "SSID WiFi tamu: NV-Tamu, password ganti tiap bulan."),
                 "NV-Tamu",
                 ("what is the guest WiFi called?", "SSID WiFi tamu apa?")),
            Fact(("WiFi site survey: the dead zone is the pantry, -82 dBm.", "Hasil site survey WiFi: dead zone di pantry, -82 dBm."),
                 "-82 dBm",
                 ("where was the dead zone in the WiFi survey?", "dead zone WiFi kantor di mana?")),
        ),
        techs=("UniFi",),
    ),
    Topic(
        key="kestrel",
        pattern=r"\bkestrel\b",
        names=(("the Kestrel app release", "the Kestrel release"), ("rilis app Kestrel", "rilis Kestrel")),
        ask=("the Kestrel release", "rilis Kestrel"),
        short=("Kestrel", "Kestrel"),
        terse="Kestrel",
        crew=("Putri", "Rina"),
        steps=("the onboarding screens", "the offline mode", "the Play Store listing", "the beta group"),
        blockers=(("Apple review rejected the build over the login screen", "review Apple nolak build gara-gara login screen"),
                  ("the designer is on leave", "desainernya lagi cuti")),
        done=("3.0 is out in both stores", "3.0 udah keluar di dua store"),
        reopen=("the offline mode loses drafts on some phones", "offline mode ngilangin draft di beberapa HP"),
        why=("the old app still has the 2022 design", "app lama masih desain 2022"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: Kestrel drops iOS 15 support from 3.0 on (1.8% of users).",
                        "Putri writes the in-app notice."),
                       ("Keputusan final: Kestrel stop support iOS 15 mulai 3.0 (cuma 1,8% user).",
                        "Putri yang bikin notice di app.")),
                questions=(("en", "when did we decide to drop iOS 15 support in Kestrel?"),
                           ("en", "when was the final decision about iOS 15 in Kestrel?"),
                           ("id", "kapan kita mutusin Kestrel stop support iOS 15?"),
                           ("id", "kapan keputusan final soal iOS 15 di Kestrel?")),
                debate=("whether to drop iOS 15 support in Kestrel", "mau stop support iOS 15 di Kestrel atau ngga"),
                pro=("iOS 15 blocks the new Kestrel widgets", "iOS 15 bikin widget baru Kestrel ga bisa"),
                con=("some Kestrel merchants still use old iPads", "beberapa merchant Kestrel masih pakai iPad lama"),
            ),
            Moment(
                kind="incident",
                lines=(("INCIDENT: Kestrel 2.9 crashes on launch on Android 14; 18% of sessions crashed for 6 hours.",
                        "Putri halted the staged rollout and shipped 2.9.1 in the evening."),
                       ("INSIDEN: Kestrel 2.9 crash pas dibuka di Android 14, 18% session crash selama 6 jam.",
                        "Putri stop staged rollout, 2.9.1 keluar malamnya.")),
                questions=(("en", "when did Kestrel crash for everyone on Android 14?"),
                           ("en", "when was the big Kestrel crash?"),
                           ("id", "kapan Kestrel crash massal di Android 14?"),
                           ("id", "insiden crash Kestrel kapan?")),
                symptom=("a few Kestrel crash reports came in from Android 14 beta testers",
                         "ada beberapa crash report Kestrel dari tester Android 14 beta"),
                cause=("a new permission prompt ran before the app was ready", "prompt permission baru jalan sebelum app siap"),
            ),
        ),
        facts=(
            Fact(("Kestrel 3.0 Android download size: 38 MB.", "Ukuran download Kestrel 3.0 di Android: 38 MB."),
                 "38 MB",
                 ("how big is the Kestrel Android download?", "ukuran download Kestrel di Android berapa?")),
            Fact(("Kestrel beta group: 120 testers on TestFlight.", "Beta Kestrel: 120 tester di TestFlight."),
                 "120 tester",
                 ("how many testers are in the Kestrel beta?", "berapa tester di beta Kestrel?")),
        ),
        project="Kestrel Mobile",
        techs=("Android", "iOS"),
    ),
    Topic(
        key="runners",
        pattern=r"\brunners?\b",
        names=(("the self-hosted CI runners", "the CI runners"), ("runner CI self-hosted", "runner CI")),
        ask=("the self-hosted CI runners", "runner CI self-hosted"),
        short=("the CI runners", "runner CI"),
        terse="runners",
        crew=("Freedy", "Sari"),
        steps=("the runner images", "the cache volume", "the autoscaling script", "moving the heavy jobs"),
        blockers=(("the runner VM keeps running out of disk", "VM runner-nya disk penuh terus"),
                  ("the GitHub tokens expire every hour and the script does not refresh them",
                   "token GitHub expired tiap jam, script-nya ga refresh")),
        done=("all heavy jobs run on our runners and the Actions bill dropped", "semua job berat udah di runner kita, tagihan Actions turun"),
        reopen=("the macOS builds are slow on hosted runners again", "build macOS di hosted runner lemot lagi"),
        why=("the GitHub Actions bill doubled", "tagihan GitHub Actions naik dua kali lipat"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: CI moves to self-hosted runners on the old Proxmox box; hosted runners stay only for macOS.",),
                       ("Keputusan final: CI pindah ke runner self-hosted di box Proxmox lama, hosted runner cuma buat macOS.",)),
                questions=(("en", "when did we decide to move CI to self-hosted runners?"),
                           ("en", "when was the final decision on the CI runners?"),
                           ("id", "kapan keputusan pindah ke runner self-hosted?"),
                           ("id", "kapan kita mutusin runner CI self-hosted?")),
                debate=("whether to move CI off GitHub-hosted runners", "mau pindah CI dari runner GitHub-hosted atau ngga"),
                pro=("self-hosted runners would cut the bill by two thirds", "runner self-hosted bisa motong tagihan dua pertiga"),
                con=("someone has to patch the runners every month", "harus ada yang patch runner tiap bulan"),
            ),
        ),
        facts=(
            Fact(("GitHub Actions bill before our own runners: USD 412 a month.", "Tagihan GitHub Actions sebelum pakai runner sendiri: USD 412 sebulan."),
                 "USD 412",
                 ("how much was the Actions bill before we had our own runners?", "tagihan Actions sebelum pakai runner sendiri berapa?")),
            Fact(("Runner label for the big jobs: nv-xl (16 vCPU).", "Label runner buat job besar: nv-xl (16 vCPU)."),
                 "nv-xl",
                 ("which runner label do the big CI jobs use?", "label runner buat job besar apa?")),
        ),
        techs=("GitHub Actions", "Proxmox"),
    ),
    Topic(
        key="keycloak",
        pattern=r"\bkeycloak\b|\bsso\b",
        names=(("the Keycloak SSO rollout", "Keycloak SSO"), ("rollout SSO Keycloak", "SSO Keycloak")),
        ask=("the Keycloak SSO rollout", "SSO Keycloak"),
        short=("Keycloak", "Keycloak"),
        terse="Keycloak",
        crew=("Gading", "Sari"),
        steps=("the realm setup", "connecting Google Workspace", "the wiki login", "the admin MFA"),
        blockers=(("the LDAP sync imports disabled users", "sync LDAP ikut import user yang udah nonaktif"),
                  ("nobody wants to own the upgrades", "ga ada yang mau pegang upgrade-nya")),
        done=("every internal app logs in through SSO now", "semua app internal udah login lewat SSO"),
        reopen=("people get logged out in the middle of calls", "orang ke-logout pas lagi call"),
        why=("everyone has six passwords for internal tools", "semua orang punya enam password buat tools internal"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Final decision: we self-host Keycloak; the hosted SSO quote was too expensive.",),
                       ("Keputusan final: Keycloak self-host aja, quote SSO hosted kemahalan.",)),
                questions=(("en", "when did we decide to self-host Keycloak?"),
                           ("en", "when was the final decision on SSO?"),
                           ("id", "kapan kita mutusin self-host Keycloak?"),
                           ("id", "kapan keputusan final soal SSO?")),
                debate=("whether to self-host Keycloak or pay for a hosted SSO", "mau self-host Keycloak atau bayar SSO hosted"),
                pro=("self-hosted Keycloak costs nothing but our time", "Keycloak self-host gratis, cuma makan waktu"),
                con=("a hosted SSO means nobody gets paged for Keycloak", "SSO hosted berarti ga ada yang kena page buat Keycloak"),
            ),
        ),
        facts=(
            Fact(("Keycloak realm name: nouverse-staff.", "Nama realm Keycloak: nouverse-staff."),
                 "nouverse-staff",
                 ("what is the Keycloak realm called?", "nama realm Keycloak apa?")),
            Fact(("SSO session timeout set to 10 hours.", "Session timeout SSO diset 10 jam."),
                 ("10 hours", "10 jam"),
                 ("what session timeout did we set for SSO?", "session timeout SSO berapa jam?")),
        ),
        techs=("Keycloak",),
    ),
    Topic(
        key="tailscale",
        pattern=r"\btailscale\b|\btailnet\b",
        names=(("the Tailscale ACL cleanup", "the Tailscale ACLs"), ("beresin ACL Tailscale", "ACL Tailscale")),
        ask=("the Tailscale ACL cleanup", "ACL Tailscale"),
        short=("Tailscale", "Tailscale"),
        terse="Tailscale",
        crew=("Gading", "Freedy"),
        steps=("the tag owners", "the ACL tests", "removing old devices", "the exit node"),
        blockers=(("half the devices have no owner tag", "setengah device belum ada tag owner"),
                  ("Freedy's phone still runs an old client", "HP Freedy masih pakai client lama")),
        done=("every device is tagged and the ACL file has tests", "semua device udah di-tag, file ACL ada test-nya"),
        reopen=("the new phones were added without tags", "HP baru ke-add tanpa tag"),
        why=("ex-contractors still have devices on the tailnet", "mantan kontraktor masih punya device di tailnet"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: a Tailscale ACL push locked everyone out of the servers for 50 minutes.",
                        "Gading reverted the policy from the admin console; the ACL tests now run before every push."),
                       ("INSIDEN: push ACL Tailscale bikin semua orang ke-lockout dari server 50 menit.",
                        "Gading revert policy dari admin console, sekarang test ACL jalan sebelum push.")),
                questions=(("en", "when did a Tailscale ACL push lock us out?"),
                           ("en", "when was the Tailscale lockout?"),
                           ("id", "kapan kita ke-lockout gara-gara ACL Tailscale?"),
                           ("id", "insiden Tailscale kapan?")),
                symptom=("an ACL push kicked Freedy's phone off Tailscale for a minute",
                         "push ACL nendang HP Freedy dari Tailscale semenit"),
                cause=("a group rename left every rule matching nobody", "rename group bikin semua rule ga match siapa-siapa"),
            ),
        ),
        facts=(
            Fact(("Tailscale exit node: the office mini PC, tagged tag:exit.", "Exit node Tailscale: mini PC kantor, tag:exit."),
                 "tag:exit",
                 ("which machine is the Tailscale exit node?", "exit node Tailscale yang mana?")),
            Fact(("Tailscale device count after the cleanup: 37, down from 61.", "Device di Tailscale abis dibersihin: 37, dari 61."),
                 ("37, down from 61", "37, dari 61"),
                 ("how many devices are left on Tailscale after the cleanup?", "sisa berapa device di Tailscale abis dibersihin?"),
                 on_done=True),
        ),
        techs=("Tailscale",),
    ),
    Topic(
        key="invoice",
        pattern=r"\binvoices?\b",
        names=(("the invoice PDF bug", "the invoice PDFs"), ("bug PDF invoice", "PDF invoice")),
        ask=("the invoice PDF bug", "bug PDF invoice"),
        short=("the invoice PDFs", "PDF invoice"),
        terse="invoice PDFs",
        crew=("Sari", "Budi"),
        steps=("reproducing the rounding", "the font fallback", "the regression test", "re-sending the broken ones"),
        blockers=(("the PDF library only fails with the production fonts", "library PDF-nya cuma error pakai font production"),
                  ("finance has to sign off on every change", "tiap perubahan harus di-sign off finance")),
        done=("the PDFs render correctly and a regression test covers rupiah rounding",
              "PDF udah bener dan ada regression test buat pembulatan rupiah"),
        reopen=("Arabic-script names still break the layout", "nama huruf Arab masih bikin layout rusak"),
        why=("customers see Rp 0,01 differences", "customer liat selisih Rp 0,01"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: 212 invoices went out with the wrong VAT (11% applied twice).",
                        "Sari stopped the batch at 09:40; finance is calling the affected customers."),
                       ("INSIDEN: 212 invoice kekirim dengan PPN salah (11% kepotong dua kali).",
                        "Mbak Sari stop batch-nya jam 09:40, finance telponin customer yang kena.")),
                questions=(("en", "when did the invoices go out with the wrong VAT?"),
                           ("en", "when was the big invoice incident?"),
                           ("id", "kapan invoice kekirim dengan PPN salah?"),
                           ("id", "insiden invoice yang parah itu kapan?")),
                symptom=("a few draft invoices showed the wrong VAT before sending",
                         "beberapa draft invoice PPN-nya salah sebelum dikirim"),
                cause=("the tax step ran in the template and again in the service", "pajak dihitung di template dan di service juga"),
            ),
        ),
        facts=(
            Fact(("The invoice PDFs now use the Inter 4.0 font.", "PDF invoice sekarang pakai font Inter 4.0."),
                 "Inter 4.0",
                 ("which font do the invoice PDFs use now?", "PDF invoice sekarang pakai font apa?")),
            Fact(("invoice PDF generation: 1.4 s per page before the fix.", "Generate PDF invoice: 1,4 detik per halaman sebelum fix."),
                 ("1.4 s", "1,4 detik"),
                 ("how slow was invoice PDF generation before the fix?", "generate PDF invoice dulu berapa detik per halaman?")),
        ),
        techs=("Python",),
    ),
    Topic(
        key="cloudflare",
        pattern=r"\bcloudflare\b",
        names=(("the DNS move to Cloudflare", "moving DNS to Cloudflare"), ("pindah DNS ke Cloudflare", "migrasi DNS ke Cloudflare")),
        ask=("the DNS move to Cloudflare", "pindah DNS ke Cloudflare"),
        short=("Cloudflare", "Cloudflare"),
        terse="Cloudflare",
        crew=("Gading", "Freedy"),
        steps=("exporting the zone files", "lowering the TTLs", "the registrar switch", "the page rules"),
        blockers=(("the registrar wants a signed letter for the .id domain", "registrar minta surat buat domain .id"),
                  ("the mail records keep failing DKIM checks", "record email gagal cek DKIM terus")),
        done=("all zones are on Cloudflare and the old DNS host is cancelled", "semua zone udah di Cloudflare, DNS lama udah di-cancel"),
        reopen=("a subdomain still resolves to the old host", "satu subdomain masih resolve ke host lama"),
        why=("the old DNS host had two outages this year", "DNS host lama udah dua kali down tahun ini"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: every DNS zone moves to Cloudflare; the free plan is enough.",),
                       ("Keputusan final: semua zone DNS pindah ke Cloudflare, plan gratis cukup.",)),
                questions=(("en", "when did we decide to move DNS to Cloudflare?"),
                           ("en", "when was the final decision on moving DNS to Cloudflare?"),
                           ("id", "kapan keputusan pindah DNS ke Cloudflare?"),
                           ("id", "kapan kita mutusin pakai Cloudflare buat DNS?")),
                debate=("whether to move all DNS to Cloudflare", "mau pindah semua DNS ke Cloudflare atau ngga"),
                pro=("Cloudflare gives us an API for every record", "Cloudflare ada API buat tiap record"),
                con=("putting every domain on Cloudflare is one more lock-in", "semua domain di Cloudflare itu lock-in lagi"),
            ),
            Moment(
                kind="incident",
                lines=(("INCIDENT: a wrong MX record on Cloudflare took company mail down for 5 hours.",
                        "Gading restored the record from the zone export; mail queued and arrived late."),
                       ("INSIDEN: record MX salah di Cloudflare, email kantor down 5 jam.",
                        "Gading balikin record dari zone export, email ke-queue dan nyampe telat.")),
                questions=(("en", "when did the wrong MX record on Cloudflare take mail down?"),
                           ("en", "when was the Cloudflare mail outage?"),
                           ("id", "kapan email down gara-gara record Cloudflare salah?"),
                           ("id", "insiden email Cloudflare kapan?")),
                symptom=("a wrong TXT record on Cloudflare broke mail checks for a few minutes, mail kept flowing",
                         "record TXT salah di Cloudflare bikin cek email error beberapa menit, email tetep jalan"),
                cause=("an import tool on Cloudflare rewrote the MX priority", "tool import di Cloudflare nimpa prioritas MX"),
            ),
        ),
        facts=(
            Fact(("Cloudflare now hosts 9 domains.", "Sekarang 9 domain di Cloudflare."),
                 ("9 domains", "9 domain"),
                 ("how many domains did we move to Cloudflare?", "berapa domain yang dipindah ke Cloudflare?")),
            Fact(("TTL during the Cloudflare move: 300 seconds.", "TTL selama pindah ke Cloudflare: 300 detik."),
                 ("300 seconds", "300 detik"),
                 ("what TTL did we use during the Cloudflare move?", "TTL pas pindah ke Cloudflare berapa?")),
        ),
        techs=("Cloudflare",),
    ),
    Topic(
        key="intern",
        pattern=r"\bintern(s|ship)?\b|\bmagang\b",
        names=(("hiring the intern", "the internship hiring"), ("rekrut anak magang", "cari anak magang")),
        ask=("hiring the intern", "rekrut anak magang"),
        short=("the intern", "anak magang"),
        terse="intern hiring",
        crew=("Budi", "Gading"),
        steps=("Dimas's accounts", "the onboarding buddy", "the first tickets", "the mid-term review"),
        blockers=(("HR has not signed the headcount", "HR belum acc headcount"),
                  ("the campus needs an MoU first", "kampusnya minta MoU dulu")),
        done=("Dimas started and his first PR is merged", "Dimas udah mulai dan PR pertamanya udah merge"),
        reopen=("we need a second intern for the mobile team", "butuh satu anak magang lagi buat tim mobile"),
        why=("the backlog of small tickets keeps growing", "tiket-tiket kecil numpuk terus"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: we hire Dimas as the backend intern, he starts on the 1st.",
                        "Nadia was close; Budi sends both emails today."),
                       ("Keputusan final: anak magang yang diambil Dimas, mulai tanggal 1.",
                        "Nadia juga bagus tapi kalah tipis; Pak Budi kirim email ke dua-duanya hari ini.")),
                questions=(("en", "when did we decide to hire Dimas as the intern?"),
                           ("en", "when was the intern hiring decision made?"),
                           ("id", "kapan keputusan ambil Dimas buat magang?"),
                           ("id", "kapan kita mutusin anak magang yang diambil?")),
                debate=("which intern candidate to hire, Dimas or Nadia", "mau ambil anak magang yang mana, Dimas atau Nadia"),
                pro=("Dimas did the best take-home for the intern role", "take-home Dimas paling bagus buat posisi magang"),
                con=("Nadia interviewed better and wants a longer internship", "Nadia interview-nya lebih oke, mau magang lebih lama"),
            ),
        ),
        facts=(
            Fact(("Intern stipend: Rp 3,5 juta per month.", "Uang saku anak magang: Rp 3,5 juta per bulan."),
                 "Rp 3,5 juta",
                 ("how much is the intern stipend?", "uang saku anak magang berapa?")),
            Fact(("Dimas's intern take-home was a URL shortener in FastAPI, 48 hours.",
                  "Take-home anak magang yang dikerjain Dimas: URL shortener pakai FastAPI, 48 jam."),
                 "URL shortener",
                 ("what was the intern take-home task?", "take-home buat anak magang apa?"),
                 on_moment=True),
        ),
        techs=("FastAPI",),
    ),
    Topic(
        key="laptops",
        pattern=r"\blaptops?\b",
        names=(("the new laptops for the team", "the laptop refresh"), ("laptop baru buat tim", "ganti laptop tim")),
        ask=("the laptop refresh", "laptop baru buat tim"),
        short=("the new laptops", "laptop baru"),
        terse="laptops",
        crew=("Budi", "Freedy"),
        steps=("the purchase order", "the data migration", "collecting the old machines",
               "the MDM enrollment"),
        blockers=(("prices jumped after the rupiah dropped", "harga naik gara-gara rupiah melemah"),
                  ("the distributor only has 3 of the 6 units", "distributor cuma ada 3 dari 6 unit")),
        done=("everyone has the new machine and the old ones were sold to the staff",
              "semua udah pegang yang baru, yang lama dijual ke karyawan"),
        reopen=("two of the new ones have flickering screens", "dua yang baru layarnya kedip-kedip"),
        why=("builds take twenty minutes on the old ones", "build di yang lama makan dua puluh menit"),
        moments=(
            Moment(
                kind="approval",
                lines=(("Budi approved Rp 96 juta for six new laptops (ThinkPad T14 Gen 5).",),
                       ("Pak Budi approve Rp 96 juta buat enam laptop baru (ThinkPad T14 Gen 5).",)),
                questions=(("en", "when was the laptop budget approved?"),
                           ("en", "when did Budi approve the new laptops?"),
                           ("id", "kapan budget laptop baru di-approve?"),
                           ("id", "kapan Pak Budi acc laptop baru?")),
                quotes=("108", "115", "101"),
            ),
        ),
        facts=(
            Fact(("New laptop asset tags start at NV-LT-101.", "Asset tag laptop baru mulai dari NV-LT-101."),
                 "NV-LT-101",
                 ("what do the new laptop asset tags start at?", "asset tag laptop baru mulai dari berapa?")),
        ),
        techs=("ThinkPad",),
    ),
    Topic(
        key="oncall",
        pattern=r"\bon-?call\b",
        names=(("the on-call rotation", "the on-call schedule"), ("jadwal on-call", "rotasi on-call")),
        ask=("the on-call rotation", "jadwal on-call"),
        short=("on-call", "on-call"),
        terse="on-call",
        crew=("Gading", "Budi"),
        steps=("the PagerDuty schedule", "the handover checklist", "the escalation policy",
               "the first month's review"),
        blockers=(("people disagree about weekend pay", "belum sepakat soal uang weekend"),
                  ("Freedy refuses nights until the noisy alerts are fixed", "Freedy ogah jaga malam sebelum alert berisik dibenerin")),
        done=("the weekly rotation runs and handovers happen every Monday", "rotasi mingguan jalan, handover tiap Senin"),
        reopen=("two people left the rotation", "dua orang keluar dari rotasi"),
        why=("Gading gets paged every night", "Gading kena page tiap malam"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: a weekly on-call rotation of four people, Rp 750 ribu per weekend on-call.",),
                       ("Keputusan final: rotasi on-call mingguan empat orang, Rp 750 ribu per weekend.",)),
                questions=(("en", "when did we decide how the on-call rotation works?"),
                           ("en", "when was the final decision on the on-call rotation?"),
                           ("id", "kapan keputusan soal jadwal on-call?"),
                           ("id", "kapan kita mutusin rotasi on-call?")),
                debate=("how the on-call rotation should work", "rotasi on-call mau kayak gimana"),
                pro=("a weekly on-call shift is easier to plan around", "shift on-call mingguan lebih gampang diatur"),
                con=("a week of on-call is too long with a newborn", "seminggu on-call kelamaan buat yang punya bayi"),
            ),
        ),
        facts=(
            Fact(("The on-call handover doc lives at wiki/ops/oncall-handover.", "Dokumen handover on-call ada di wiki/ops/oncall-handover."),
                 "wiki/ops/oncall-handover",
                 ("where is the on-call handover doc?", "dokumen handover on-call di mana?")),
        ),
        techs=("PagerDuty",),
    ),
    Topic(
        key="sparrow",
        pattern=r"\bsparrow\b",
        names=(("the Sparrow chatbot", "Sparrow"), ("chatbot Sparrow", "Sparrow")),
        ask=("the Sparrow chatbot", "chatbot Sparrow"),
        short=("Sparrow", "Sparrow"),
        terse="Sparrow",
        crew=("Sari", "Gading"),
        steps=("the FAQ ingestion", "the evaluation set", "the handoff to a human agent", "the WhatsApp channel"),
        blockers=(("answers cite the wrong policy pages", "jawabannya nyitir halaman policy yang salah"),
                  ("the WhatsApp Business verification is pending", "verifikasi WhatsApp Business masih pending")),
        done=("Sparrow answers 70% of the FAQ tickets without a human", "Sparrow jawab 70% tiket FAQ tanpa orang"),
        reopen=("it started making up refund rules", "mulai ngarang aturan refund"),
        why=("support answers the same ten questions all day", "support jawab sepuluh pertanyaan yang sama seharian"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Final decision: Sparrow switches to bge-m3 embeddings; the eval went from 61% to 78%.",),
                       ("Keputusan final: Sparrow ganti ke embedding bge-m3, eval naik dari 61% ke 78%.",)),
                questions=(("en", "when did we decide which embedding model Sparrow uses?"),
                           ("en", "when was the final decision on the Sparrow embeddings?"),
                           ("id", "kapan keputusan model embedding Sparrow?"),
                           ("id", "kapan kita mutusin embedding buat Sparrow?")),
                debate=("which embedding model Sparrow should use", "Sparrow mau pakai model embedding apa"),
                pro=("a multilingual model would help Sparrow with Indonesian questions",
                     "model multilingual bikin Sparrow lebih ngerti pertanyaan bahasa Indonesia"),
                con=("a bigger embedding model makes Sparrow slower", "model embedding yang gede bikin Sparrow lemot"),
            ),
        ),
        facts=(
            Fact(("Sparrow eval set: 240 real customer questions.", "Eval set Sparrow: 240 pertanyaan customer asli."),
                 ("240 real", "240 pertanyaan"),
                 ("how many questions are in the Sparrow eval set?", "eval set Sparrow isinya berapa pertanyaan?")),
            Fact(("Sparrow hands off to a human after 2 failed answers.", "Sparrow oper ke manusia setelah 2 jawaban gagal."),
                 ("2 failed answers", "2 jawaban gagal"),
                 ("after how many failed answers does Sparrow hand off to a human?", "Sparrow oper ke orang setelah berapa jawaban gagal?")),
        ),
        project="Sparrow Chatbot",
        techs=("RAG",),
    ),
    Topic(
        key="redis",
        pattern=r"\bredis\b",
        names=(("the Redis memory problem", "the Redis cache"), ("masalah memory Redis", "Redis yang penuh")),
        ask=("the Redis memory problem", "masalah memory Redis"),
        short=("Redis", "Redis"),
        terse="Redis",
        crew=("Sari", "Freedy"),
        steps=("the key audit", "setting maxmemory", "the eviction policy", "moving the sessions out"),
        blockers=(("we cannot restart it without logging everyone out", "ga bisa restart tanpa nendang semua user"),
                  ("the key audit needs a replica and there is none", "audit key butuh replica, replica-nya ga ada")),
        done=("memory is stable under an eviction policy", "memory udah stabil pakai eviction policy"),
        reopen=("a new feature stores whole carts in it", "fitur baru nyimpen seluruh cart di situ"),
        why=("memory grows 2% a day and nobody knows why", "memory naik 2% sehari, ga ada yang tau kenapa"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: Redis hit maxmemory and evicted the sessions; everyone was logged out for 25 minutes (19:05-19:30).",),
                       ("INSIDEN: Redis kena maxmemory, session ke-evict, semua user ke-logout 25 menit (19:05-19:30).",)),
                questions=(("en", "when did Redis log everyone out?"),
                           ("en", "when was the Redis incident?"),
                           ("id", "kapan Redis bikin semua user ke-logout?"),
                           ("id", "insiden Redis kapan?")),
                symptom=("Redis memory touched 95%; if it fills up everyone gets logged out",
                         "memory Redis nyentuh 95%, kalau penuh semua user bisa ke-logout"),
                cause=("sessions had no TTL and shared the cache's memory", "session ga ada TTL dan sharing memory sama cache"),
            ),
        ),
        facts=(
            Fact(("Redis maxmemory set to 6 GB.", "maxmemory Redis diset 6 GB."),
                 "6 GB",
                 ("what maxmemory did we give Redis?", "maxmemory Redis berapa?")),
        ),
        techs=("Redis",),
    ),
    Topic(
        key="landing",
        pattern=r"\blanding page\b",
        names=(("the landing page redesign", "the landing page"), ("redesign landing page", "landing page baru")),
        ask=("the landing page redesign", "redesign landing page"),
        short=("the landing page", "landing page"),
        terse="landing page",
        crew=("Rina", "Putri"),
        steps=("the hero copy", "the pricing section", "the mobile layout", "the launch checklist"),
        blockers=(("legal has not cleared the testimonials", "legal belum acc testimoni"),
                  ("Rina is swamped with other design work", "Rina lagi banjir kerjaan desain lain")),
        done=("the new page is live and sign-ups went up", "page baru udah live, sign-up naik"),
        reopen=("the pricing table confuses people on mobile", "tabel harga bikin bingung di HP"),
        why=("the bounce rate is 70%", "bounce rate-nya 70%"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: variant B of the landing page wins (sign-ups +18%), variant A is dropped.",),
                       ("Keputusan final: landing page varian B yang dipakai (sign-up +18%), varian A dibuang.",)),
                questions=(("en", "when did we decide which landing page variant to keep?"),
                           ("en", "when was the final decision on the landing page?"),
                           ("id", "kapan keputusan varian landing page?"),
                           ("id", "kapan kita mutusin landing page pakai varian mana?")),
                debate=("which landing page variant to keep", "mau pakai varian landing page yang mana"),
                pro=("variant B of the landing page has the clearer pricing", "varian B landing page harganya lebih jelas"),
                con=("variant A of the landing page looks more like the brand", "varian A landing page lebih mirip brand kita"),
            ),
        ),
        facts=(
            Fact(("Landing page hero line: \"Catat semua, lupa nggak.\"", "Hero line landing page: \"Catat semua, lupa nggak.\""),
                 "Catat semua, lupa nggak",
                 ("what is the hero line on the landing page?", "tagline landing page apa?")),
        ),
        techs=("Figma",),
    ),
    Topic(
        key="nas",
        pattern=r"\bnas\b",
        names=(("the NAS disk replacement", "the NAS disks"), ("ganti disk NAS", "disk NAS")),
        ask=("the NAS disk replacement", "ganti disk NAS"),
        short=("the NAS", "NAS"),
        terse="NAS",
        crew=("Freedy", "Gading"),
        steps=("ordering the replacement disks", "the SMART checks", "the RAID rebuild", "the scrub schedule"),
        blockers=(("the 8 TB disks are out of stock", "disk 8 TB lagi kosong"),
                  ("the rebuild slows everything to a crawl", "rebuild-nya bikin semuanya lemot")),
        done=("all four disks are new and the pool is healthy", "empat disk udah baru semua, pool sehat"),
        reopen=("a second disk shows reallocated sectors", "disk kedua ada reallocated sectors"),
        why=("two disks are past five years of power-on time", "dua disk udah lewat lima tahun nyala"),
        moments=(
            Moment(
                kind="incident",
                lines=(("INCIDENT: a NAS disk died and the RAID went degraded; the file share was down for 3 hours.",),
                       ("INSIDEN: satu disk NAS mati, RAID degraded, file share down 3 jam.",)),
                questions=(("en", "when did the NAS disk die?"),
                           ("en", "when was the NAS outage?"),
                           ("id", "kapan disk NAS mati?"),
                           ("id", "kapan NAS down?")),
                symptom=("a NAS disk logged SMART errors, it has not died yet",
                         "satu disk NAS ada SMART error, belum mati sih"),
                cause=("the warnings had gone to an inbox nobody reads", "warning-nya masuk inbox yang ga pernah dibaca"),
            ),
        ),
        facts=(
            Fact(("NAS replacement disks: 4x WD Red Plus 8 TB.", "Disk pengganti NAS: 4x WD Red Plus 8 TB."),
                 "WD Red Plus",
                 ("which disks did we buy for the NAS?", "disk pengganti NAS merk apa?")),
        ),
        project="Homelab",
        techs=("ZFS",),
    ),
    Topic(
        key="tokobaru",
        pattern=r"\btokobaru\b",
        names=(("the Tokobaru onboarding", "the Tokobaru deal"), ("onboarding Tokobaru", "klien Tokobaru")),
        ask=("the Tokobaru onboarding", "onboarding Tokobaru"),
        short=("Tokobaru", "Tokobaru"),
        terse="Tokobaru",
        crew=("Budi", "Sari"),
        steps=("the data import", "the staff training", "the API keys", "the pilot stores"),
        blockers=(("their IT team is on leave", "tim IT mereka lagi cuti"),
                  ("their catalogue has 40 thousand duplicates", "katalog mereka ada 40 ribu duplikat")),
        done=("all 12 pilot stores are live", "12 toko pilot udah live"),
        reopen=("they want 30 more stores", "mereka minta 30 toko lagi"),
        why=("they are the biggest lead this year", "mereka lead paling gede tahun ini"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Final decision: we sign with Tokobaru, a 6-month pilot at a 20% discount.",),
                       ("Keputusan final: kita tanda tangan sama Tokobaru, pilot 6 bulan, diskon 20%.",)),
                questions=(("en", "when did we decide to sign with Tokobaru?"),
                           ("en", "when was the final decision on the Tokobaru deal?"),
                           ("id", "kapan keputusan final soal Tokobaru?"),
                           ("id", "kapan kita mutusin ambil deal Tokobaru?")),
                debate=("whether to take the Tokobaru deal with their discount", "mau ambil deal Tokobaru pakai diskon mereka atau ngga"),
                pro=("Tokobaru would be our biggest logo", "Tokobaru bakal jadi logo paling gede kita"),
                con=("the Tokobaru discount eats the whole margin", "diskon Tokobaru makan semua margin"),
            ),
        ),
        facts=(
            Fact(("Our contact at Tokobaru: Ibu Ratna from their ops team.", "PIC dari Tokobaru: Ibu Ratna dari tim ops mereka."),
                 "Ibu Ratna",
                 ("who is our contact at Tokobaru?", "PIC dari Tokobaru siapa?")),
        ),
        project="Tokobaru",
    ),
    Topic(
        key="loki",
        pattern=r"\bloki\b",
        names=(("the Loki log retention", "the Loki setup"), ("retention log Loki", "setup Loki")),
        ask=("the Loki log retention", "retention log Loki"),
        short=("Loki", "Loki"),
        terse="Loki",
        crew=("Freedy", "Sari"),
        steps=("the S3 bucket", "the label cleanup", "the compactor", "the query limits"),
        blockers=(("the disk fills up every weekend", "disk penuh tiap weekend"),
                  ("one service logs whole request bodies", "satu service nge-log seluruh request body")),
        done=("logs are kept as agreed and the disk sits at 40%", "log disimpan sesuai kesepakatan, disk di 40%"),
        reopen=("a noisy service blew through the ingestion limit", "satu service berisik nembus limit ingestion"),
        why=("nobody knows how long logs are kept", "ga ada yang tau log disimpen berapa lama"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: Loki keeps 14 days of app logs and 90 days of audit logs; Budi signed off the cost.",),
                       ("Keputusan final: Loki simpan log app 14 hari, audit log 90 hari; Pak Budi udah acc biayanya.",)),
                questions=(("en", "when did we decide how long Loki keeps logs?"),
                           ("en", "when was the final decision on the Loki retention?"),
                           ("id", "kapan keputusan retention Loki?"),
                           ("id", "kapan kita mutusin log Loki disimpen berapa lama?")),
                debate=("how long Loki should keep logs", "log di Loki mau disimpen berapa lama"),
                pro=("longer Loki retention helps with audits", "retention Loki yang panjang ngebantu audit"),
                con=("every extra week in Loki costs another disk", "tiap tambahan seminggu di Loki butuh disk lagi"),
            ),
        ),
        facts=(
            Fact(("Loki ingestion limit: 8 MB/s per tenant.", "Limit ingestion Loki: 8 MB/s per tenant."),
                 "8 MB/s",
                 ("what is the Loki ingestion limit?", "limit ingestion Loki berapa?")),
        ),
        techs=("Loki",),
    ),
    Topic(
        key="offsite",
        pattern=r"\boffsite\b",
        names=(("the team offsite", "the offsite"), ("offsite tim", "acara offsite")),
        ask=("the team offsite", "offsite tim"),
        short=("the offsite", "offsite"),
        terse="offsite",
        crew=("Rina", "Budi"),
        steps=("the villa deposit", "the agenda", "the bus booking", "the room list"),
        blockers=(("half the team is on leave that month", "setengah tim cuti bulan itu"),
                  ("the villa wants a 50% deposit upfront", "villa-nya minta DP 50% di depan")),
        done=("it happened and everyone came back in one piece", "udah kelar, semua pulang selamat"),
        reopen=("people want a second one next year", "anak-anak minta bikin lagi tahun depan"),
        why=("the team has not met in person since the new hires", "tim belum pernah ketemu langsung sejak anak baru masuk"),
        moments=(
            Moment(
                kind="decision",
                lines=(("Decided: the offsite is in Lembang, 2 nights at Villa Cempaka.",),
                       ("Keputusan final: offsite di Lembang, 2 malam di Villa Cempaka.",)),
                questions=(("en", "when did we decide where the offsite would be?"),
                           ("en", "when was the final decision on the team offsite?"),
                           ("id", "kapan keputusan lokasi offsite?"),
                           ("id", "kapan kita mutusin offsite di mana?")),
                debate=("where the offsite should be, Lembang or Puncak", "offsite-nya mau di mana, Lembang atau Puncak"),
                pro=("Lembang is cooler and the offsite villas are cheaper", "Lembang lebih adem, villa buat offsite lebih murah"),
                con=("Puncak is closer, the offsite bus ride is shorter", "Puncak lebih deket, perjalanan offsite lebih singkat"),
            ),
        ),
        facts=(
            Fact(("Offsite budget per head: Rp 1,2 juta.", "Budget offsite per orang: Rp 1,2 juta."),
                 "Rp 1,2 juta",
                 ("what is the offsite budget per person?", "budget offsite per orang berapa?")),
        ),
    ),
]  # fmt: skip


# --- what the notes say -------------------------------------------------------------------------

# Status lines by status and language. {o}: who reports, {T}: the topic, {s1}/{s2}: steps,
# {r}: a blocker, {d}: done detail, {ro}: reopen reason, {why}, {when}.
STATUS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "raised": (
        ("{o}: we should look at {T} at some point, {why}.", "{o} brought up {T}: {why}."),
        (
            "{o}: eh kayaknya kita perlu mikirin {T} deh, {why}.",
            "{o}: gw kepikiran soal {T}, soalnya {why}.",
        ),
    ),
    "planned": (
        (
            "{o}: plan for {T}: start with {s1}, then {s2}, target {when}.",
            "{o} wrote up the plan for {T}; {s1} first, aiming for {when}.",
        ),
        (
            "{o}: oke rencananya {T} mulai dari {s1}, abis itu {s2}, target {when}.",
            "{o}: plan {T} udah gw tulis, {s1} dulu, targetnya {when}.",
        ),
    ),
    "in_progress": (
        (
            "{o}: {T} is moving, {s1} is done and {s2} is next.",
            "{o}: good progress on {T} today, finished {s1}; {s2} comes next.",
        ),
        (
            "{o}: {T} lagi jalan nih, {s1} udah beres, abis ini {s2}.",
            "{o}: progress {T} lumayan, {s1} kelar, lanjut {s2}.",
        ),
    ),
    "blocked": (
        ("{o}: {T} is blocked, {r}.", "{o}: stuck on {T} again: {r}."),
        ("{o}: {T} ke-block nih, {r}.", "{o}: {T} mentok lagi, {r}."),
    ),
    "on_hold": (
        ("{o}: let's put {T} on hold until {when}, {r}.", "{o}: parking {T} until {when}: {r}."),
        (
            "{o}: {T} di-hold dulu ya sampe {when}, {r}.",
            "{o}: {T} kita pending dulu sampe {when}, {r}.",
        ),
    ),
    "done": (
        ("{o}: {T} is done! {d}.", "{o}: closing {T}: {d}."),
        ("{o}: {T} udah beres! {d}.", "{o}: {T} selesai ya, {d}."),
    ),
    "reopened": (
        ("{o}: reopening {T}, {ro}.", "{o}: {T} is back on the table: {ro}."),
        ("{o}: {T} dibuka lagi nih, {ro}.", "{o}: {T} balik lagi, {ro}."),
    ),
    "fixing": (
        (
            "{o}: still fixing {T} ({ro}), the fix is in review.",
            "{o}: the fix on {T} is halfway, done by {when}.",
        ),
        (
            "{o}: {T} masih dibenerin ({ro}), fix-nya lagi di-review.",
            "{o}: fix {T} udah setengah jalan, kelar {when}.",
        ),
    ),
}
DONE_AGAIN = (
    ("{o}: {T} is done again, the follow-ups are closed and things are stable.",
     "{o}: {T} udah beres lagi, follow-up-nya closed, aman."),
    ("- {t}: done again, follow-ups closed.", "- {t}: beres lagi, follow-up closed."),
)  # fmt: skip
TERSE: dict[str, tuple[str, str]] = {
    "raised": ("- {t}: idea for later, {why}.", "- {t}: baru wacana, {why}."),
    "planned": (
        "- {t}: planned, {s1} first, target {when}.",
        "- {t}: planning, {s1} dulu, target {when}.",
    ),
    "in_progress": ("- {t}: {s1} done, {s2} next.", "- {t}: {s1} beres, lanjut {s2}."),
    "blocked": ("- {t}: blocked, {r}.", "- {t}: ke-block, {r}."),
    "on_hold": ("- {t}: on hold until {when}, {r}.", "- {t}: di-hold sampe {when}, {r}."),
    "done": ("- {t}: done, {d}.", "- {t}: udah done, {d}."),
    "reopened": ("- {t}: reopened, {ro}.", "- {t}: dibuka lagi, {ro}."),
    "fixing": (
        "- {t}: fixing ({ro}), in review.",
        "- {t}: lagi dibenerin ({ro}), fix-nya di-review.",
    ),
}
LABEL = {
    "raised": ("an idea, nothing planned yet", "baru wacana"),
    "planned": ("planned", "masih planning"),
    "in_progress": ("in progress", "on progress"),
    "blocked": ("blocked", "ke-block"),
    "on_hold": ("on hold", "di-hold"),
    "done": ("done", "udah done"),
    "reopened": ("reopened", "dibuka lagi"),
    "fixing": ("being fixed", "lagi dibenerin"),
}
OPENERS = (
    ("{a}: where do things stand with {T}?", "{a}: what's the current status of {T}?",
     "{a}: any update on {T}?", "{a}: what's the latest on {T}?"),
    ("{a}: gimana kabar {T} sekarang?", "{a}: {T} udah sampai mana?", "{a}: update {T} dong",
     "{a}: status terbaru {T} gimana?"),
)  # fmt: skip
RECAPS = (
    ("Nouva: Noted, {T} is now {label}.", "Nouva: Status of {T}: {label}."),
    ("Nouva: Dicatat, status {T} sekarang {label}.", "Nouva: Oke, {T} statusnya {label}."),
)
WHEN = (
    ("the end of the month", "the next sprint", "next Friday", "the long weekend", "mid-month"),
    ("akhir bulan", "sprint depan", "dua minggu lagi", "abis long weekend", "minggu depan"),
)
# A passing mention names the topic and says nothing about where it stands.
PASSING = (
    ("btw {a} asked about {T} at lunch; no news, we'll pick it up when {o} is around.",
     "{Tc} came up in standup but nobody had an update.",
     "{a}: remind me to write up my notes on {T} sometime",
     "Nouva: Reminder: {o} wanted to talk about {T} some time this week.",
     "{a}: no time for {T} today, maybe tomorrow",
     "{a} mentioned {T} over coffee, nothing new to report."),
    ("btw {a} nanya soal {T}, tapi belum ada kabar baru, nanti tanya {o} aja.",
     "{a}: eh {T} nanti aja dibahas ya, gw lagi di jalan",
     "{Tc} sempet disebut pas standup, tapi ga ada update.",
     "Nouva: Pengingat: {o} mau bahas {T} kapan-kapan.",
     "{a}: hari ini ga sempet ngurusin {T}, besok aja ya",
     "{a} sempet nyinggung {T} pas ngopi, ga ada yang baru."),
)  # fmt: skip
# A debate or a quote that comes back is not said the same way twice: three rounds each.
DEBATE = (
    (("{a}: we still have to decide {dq}.", "{p1}: {pro}.", "{p2}: {con}.",
      "{a}: ok, no decision today. let's decide by {when}.",
      "Nouva: Noted: {T} is still in planning, no final decision yet."),
     ("{a}: back to {T}: we still have to decide {dq}.",
      "{p1}: I ran the numbers again, it is closer than we thought.",
      "{p2}: I'd rather wait for one more data point.",
      "{a}: fine, still no decision. let's decide by {when}.",
      "Nouva: Noted: {T} is still in planning, no final decision yet."),
     ("{p1}: can we please decide {dq}? this has dragged on for weeks.", "{p2}: {con}.",
      "{a}: next meeting, promise. no decision today.",
      "Nouva: Noted: {T} is still in planning, no final decision yet.")),
    (("{a}: kita masih harus mutusin {dq}.", "{p1}: {pro}.", "{p2}: {con}.",
      "{a}: oke belum ada keputusan hari ini, diputusin {when} aja.",
      "Nouva: Dicatat: {T} masih planning, keputusannya belum final."),
     ("{a}: balik ke {T}: kita masih harus mutusin {dq}.",
      "{p1}: gw udah itung ulang, ternyata beda tipis.", "{p2}: gw mending nunggu satu data lagi.",
      "{a}: oke, belum ada keputusan juga. diputusin {when} ya.",
      "Nouva: Dicatat: {T} masih planning, keputusannya belum final."),
     ("{p1}: bisa ga sih kita mutusin {dq}? udah berminggu-minggu nih.", "{p2}: {con}.",
      "{a}: meeting depan ya, janji. hari ini belum ada keputusan.",
      "Nouva: Dicatat: {T} masih planning, keputusannya belum final.")),
)  # fmt: skip
QUOTE = (
    (("{a}: the quote for {T} came in at Rp {x} juta.",
      "{p1}: that's more money than Budi wanted to spend, he has to approve it first.",
      "Budi: send me two more quotes, I'm not approving the budget for {t} yet.",
      "Nouva: Noted: {T} budget not approved yet, the final decision waits for Budi."),
     ("{a}: second quote for {T}: Rp {x} juta.",
      "{p1}: better, but Budi still has to approve the money.",
      "Budi: still too much, I'm not approving the budget for {t} yet.",
      "Nouva: Noted: {T} budget not approved yet, the final decision waits for Budi."),
     ("{a}: third quote for {T} is in, Rp {x} juta; Budi wants to sleep on it.",
      "Budi: give me until Friday, no approval yet.",
      "Nouva: Noted: {T} budget not approved yet, the final decision waits for Budi.")),
    (("{a}: quote buat {T} udah masuk, Rp {x} juta.",
      "{p1}: kemahalan, harus nunggu approval Pak Budi dulu.",
      "Budi: minta dua quote lagi ya, budget {t} belum gw approve.",
      "Nouva: Dicatat: budget {T} belum di-approve, keputusan final nunggu Pak Budi."),
     ("{a}: quote kedua buat {T}: Rp {x} juta.",
      "{p1}: lebih oke, tapi tetep harus di-approve Pak Budi.",
      "Budi: masih kemahalan, budget {t} belum gw approve.",
      "Nouva: Dicatat: budget {T} belum di-approve, keputusan final nunggu Pak Budi."),
     ("{a}: quote ketiga buat {T} masuk, Rp {x} juta; Pak Budi mau mikir dulu.",
      "Budi: kasih gw waktu sampe Jumat, belum approve.",
      "Nouva: Dicatat: budget {T} belum di-approve, keputusan final nunggu Pak Budi.")),
)  # fmt: skip
NEARMISS = (
    ("{a}: {sym}.", "{p1}: that was close to an outage, we should look at {t} properly.",
     "{p2}: is this an incident? did anything go down?", "{a}: no, nothing went down.",
     "Nouva: Noted: not an incident; {T} stays {label}."),
    ("{a}: {sym}.", "{p1}: itu hampir outage loh, {t} harus dibenerin serius.",
     "{p2}: ini dihitung insiden ga? ada yang down?", "{a}: ngga, ga ada yang down.",
     "Nouva: Dicatat: bukan insiden, {T} statusnya tetep {label}."),
)  # fmt: skip
POSTMORTEM = (
    ("Postmortem for the {weekday} incident with {t}: {cause}.",
     "{a}: the action items are in the doc, {o} owns them.",
     "Nouva: Noted: postmortem done, the follow-ups on {T} are in progress."),
    ("Postmortem insiden {t} hari {weekday}: {cause}.",
     "{a}: action item udah di doc, {o} yang pegang.",
     "Nouva: Dicatat: postmortem beres, follow-up {T} lagi jalan."),
)  # fmt: skip
MOMENT_LEAD = {
    "decision": (("{o}: ok, after all the back and forth, here is where we landed.",),
                 ("{o}: oke, abis debat panjang, ini hasilnya.",)),
    "incident": (("{a}: {t} is down, is anyone looking?", "{o}: on it, pulling the logs now."),
                 ("{a}: {t} down nih, ada yang lagi cek?", "{o}: gw cek, lagi narik log.")),
    "approval": (("{o}: good news!",), ("{o}: kabar baik nih.",)),
}  # fmt: skip
MOMENT_AFTER = {
    "decision": ("{a}: agreed, let's go.", "{a}: setuju, gas."),
    "incident": ("{o}: back to normal, writing the timeline now.",
                 "{o}: udah normal lagi, gw tulis timeline-nya."),
    "approval": ("{a}: finally!", "{a}: akhirnya!"),
}  # fmt: skip
MOMENT_RECAP = {
    "decision": ("Nouva: Noted as a final decision; the work starts now.",
                 "Nouva: Dicatat sebagai keputusan final, lanjut dikerjain."),
    "incident": ("Nouva: Logged as an incident; postmortem to follow.",
                 "Nouva: Dicatat sebagai insiden, postmortem nyusul."),
    "approval": ("Nouva: Budget approved, the purchase goes ahead.",
                 "Nouva: Budget udah approved, pembelian lanjut."),
}  # fmt: skip
DECIDED_BACK = (
    "{a}: reminder that we decided this {back}, no reopening the debate.",
    "{a}: inget ya, ini udah diputusin {back}, jangan debat lagi.",
)

# Filler: the rest of a team's day. Slots: {p} a person, and the lists below.
FILLER = (
    ("Reminder: skincare restock, {skincare}.", "Groceries: {groceries}.",
     "Watched two episodes of {anime} with Rina, so good.", "Family dinner in {place} tonight.",
     "{p}: anyone up for {food} at lunch?", "Rainy afternoon, worked from {cafe}.",
     "Nouva: Reminder: pay the electricity bill before the 20th.",
     "Called Mama, she asked about the trip to {place}.", "{p}: traffic on {road} is insane today",
     "Gym after work, leg day.", "{p}: finally finished {anime}, the ending got me",
     "Nouva: Reminder: {errand} at 4 pm.", "{p}: my kid has a fever, working from home today",
     "Bought a new plant for the desk; Rina says it will be dead in a month."),
    ("{p}: udah makan siang belum? gw laper banget", "{p}: mager banget hari ini, pengen rebahan aja",
     "{p}: macet parah di {road}, telat {n} menit nih", "{p}: ada yang mau nitip kopi? gw mau ke {cafe}",
     "{p}: semalem nonton {anime} episode baru, bagus banget sumpah",
     "{p}: {anime} season baru udah keluar belum sih?", "Nouva: Pengingat: hari ini jadwal {errand_id}.",
     "{p}: anak gw demam, gw WFH aja ya hari ini", "{p}: nyokap nelpon, nanya kapan pulang ke {place}",
     "{p}: hujan deres banget, depan kos banjir dikit", "{p}: abis gym, leg day, kaki gemeteran wkwk",
     "{p}: lunch {food} yuk", "Reminder: beli {groceries_id}", "Reminder: skincare abis, beli {skincare}",
     "{p}: weekend ini ada acara keluarga di {place}, gw off ya", "{p}: kemarin gw nyobain {food} deket kantor, enak banget",
     "{p}: minggu lalu gw ke {place}, macetnya parah", "{p}: gw ngantuk banget, semalem begadang nonton {anime}"),
)  # fmt: skip
WORK = (
    ("{p}: can someone review PR #{pr}? it's small", "Standup moved to 10:30 today.",
     "{p}: staging deploy at 3, heads up", "1:1 with Budi moved to Thursday.",
     "Sprint planning: {pts} points, a bit ambitious.", "Nouva: Reminder: timesheets are due Friday.",
     "{p}: who took the HDMI adapter from the meeting room?", "Retro notes: fewer meetings, more async.",
     "{p}: I'm out tomorrow afternoon, family stuff", "{p}: merged the lint fixes, CI is green",
     "Wrote the weekly report for Budi.", "{p}: the AC in the meeting room is dead again"),
    ("{p}: tolong review PR #{pr} dong, kecil kok", "Standup diundur jam 10.30 ya.",
     "{p}: deploy staging jam 3, FYI", "{p}: siapa yang ngambil adapter HDMI di ruang meeting?",
     "{p}: gw izin setengah hari besok, ada urusan keluarga", "Sprint planning: {pts} poin, agak ambisius sih.",
     "Nouva: Pengingat: timesheet dikumpulin hari Jumat.", "{p}: PR lint udah merge, CI ijo",
     "{p}: meeting sama vendor diundur minggu depan", "{p}: laporan mingguan buat Pak Budi udah gw kirim",
     "{p}: AC ruang meeting mati lagi, panas banget", "Retro: kurangin meeting, lebih banyak async."),
)  # fmt: skip
SLOTS = {
    "anime": ["Frieren", "Dandadan", "Solo Leveling", "Kaiju No. 8", "Spy x Family", "Blue Lock",
              "One Piece", "Sakamoto Days"],
    "food": ["warteg", "nasi padang", "bakso", "soto betawi", "mie ayam", "ramen", "gado-gado"],
    "cafe": ["Kopi Kenangan", "Fore", "Tomoro", "the cafe downstairs"],
    "road": ["Sudirman", "Gatsu", "tol Cikampek", "Fatmawati", "TB Simatupang"],
    "place": ["Bekasi", "Bogor", "Depok", "Tangerang", "Cirebon", "Semarang"],
    "groceries": ["eggs, 5 kg rice, oat milk", "dish soap, tissues, coffee", "spinach, tofu, tempeh"],
    "groceries_id": ["telur, beras 5 kg, susu oat", "sabun cuci, tisu, kopi sachet", "bayam, tahu, tempe"],
    "skincare": ["sunscreen sama toner", "moisturizer", "serum vitamin C", "facial wash"],
    "errand": ["dentist", "motorbike service", "haircut", "BPJS payment"],
    "errand_id": ["ke dokter gigi", "servis motor", "potong rambut", "bayar BPJS"],
}  # fmt: skip


# --- the calendar and the topics' lives ---------------------------------------------------------


def rng_for(seed: int, *what: object) -> random.Random:
    """An RNG for one choice: the same (seed, what) always draws the same numbers."""
    return random.Random("timeaware:" + ":".join(str(w) for w in (seed, *what)))


def holiday(day: date) -> bool:
    """Year-end and the Lebaran week (cuti bersama): few notes."""
    md = (day.month, day.day)
    return md >= (12, 24) or md <= (1, 1) or (3, 18) <= md <= (3, 24)


def calendar(seed: int, days: int, end: date) -> list[date]:
    """The days that have a note, among the `days` calendar days ending at `end`."""
    rng = rng_for(seed, "calendar")
    out = []
    for i in range(days):
        day = end - timedelta(days=days - 1 - i)
        weekday = day.weekday()
        chance = 0.35 if weekday == 5 else 0.2 if weekday == 6 else 0.93
        if holiday(day):
            chance = min(chance, 0.3)
        if rng.random() < chance or day == end:
            out.append(day)
    return out


@dataclass
class Event:
    """One day of a topic: what kind of day it is and where the topic stands after it."""

    kind: str  # status, discuss, quote, nearmiss, moment, postmortem, passing
    status: str
    index: int  # into the note days
    moment: int | None = None  # which of the topic's moments
    facts: list[int] = field(default_factory=list)


def script(topic: Topic, rng: random.Random) -> list[list[tuple[str, str, int | None]]]:
    """A topic's life as slots of (kind, status, moment); a moment and its postmortem share one."""
    first = topic.moments[0]
    slots: list[list[tuple[str, str, int | None]]] = [
        [("status", "raised", None)],
        [("status", "planned", None)],
    ]
    if first.kind == "decision":
        slots += [[("discuss", "planned", None)]] * rng.choice((2, 2, 3))
        slots += [[("moment", "planned", 0)]]
    elif first.kind == "approval":
        slots += [[("quote", "planned", None)]] * rng.choice((2, 3))
        slots += [[("moment", "planned", 0)]]
    else:
        slots += [[("status", "in_progress", None)], [("nearmiss", "in_progress", None)]]
        if rng.random() < 0.5:
            slots += [[("status", "blocked", None)]]
        slots += [[("status", "in_progress", None)]]
        slots += [[("moment", "in_progress", 0), ("postmortem", "in_progress", 0)]]
    slots += [[("status", "in_progress", None)]]
    if rng.random() < 0.7:
        slots += [[("status", rng.choice(("blocked", "on_hold")), None)]]
        slots += [[("status", "in_progress", None)]]
    slots += [[("status", "done", None)]]
    if len(topic.moments) > 1:
        slots += [[("nearmiss", "done", None)]]
        slots += [[("moment", "in_progress", 1), ("postmortem", "in_progress", 1)]]
        slots += [[("status", "done", None)]]
    elif rng.random() < 0.55:
        slots += [[("status", "reopened", None)], [("status", "fixing", None)]]
        if rng.random() < 0.5:
            slots += [[("status", "done", None)]]
    return slots


def lay_out(topic: Topic, seed: int, days: list[date], late: bool) -> list[Event]:
    """A topic's events placed on note days (weekdays preferred), then its passing mentions."""
    rng = rng_for(seed, "life", topic.key)
    slots = script(topic, rng)
    n = len(days)
    start = rng.randint(0, int(0.5 * n))
    end = n - 1 - rng.randint(0, 12) if late else start + rng.randint(int(0.35 * n), int(0.6 * n))
    end = min(end, n - 1)
    need = 6 * len(slots)
    if end - start < need:
        start = max(0, end - need)
    weights = [rng.uniform(0.6, 1.4) for _ in slots[1:]]
    total = sum(weights)
    positions = [start]
    for w in weights:
        positions.append(positions[-1] + w / total * (end - start))
    indices: list[int] = []
    for pos in positions:
        i = max(round(pos), indices[-1] + 4 if indices else 0)
        # prefer a weekday: the team works on weekdays
        for j in (i, i + 1, i + 2):
            if j < n and days[j].weekday() < 5:
                i = j
                break
        indices.append(min(i, n - 1))
    events: list[Event] = []
    for slot, i in zip(slots, indices, strict=True):
        if i >= n or (events and i <= events[-1].index):
            continue  # no room left at the end of the vault
        for offset, (kind, status, moment) in enumerate(slot):
            j = i + (rng.randint(1, 3) if offset else 0)
            if j >= n:
                break
            events.append(Event(kind, status, j, moment))
    # the facts: each on its own day of the work (never before a decision), or where it belongs
    plain = [e for e in events if e.kind == "status" and e.status in ("in_progress", "done")]
    for f, fact in enumerate(topic.facts):
        if fact.on_moment:
            target = next((e for e in events if e.kind == "moment" and e.moment == 0), None)
        elif fact.on_done:
            target = next((e for e in events if e.status == "done"), None)
        else:
            free = [e for e in plain if not e.facts] or plain
            target = rng.choice(free) if free else None
        if target is None:
            raise SystemExit(f"{topic.key}: no day for fact {f}; use more --days")
        target.facts.append(f)
    # passing mentions between status days and after the last one
    taken = {e.index for e in events}
    passing: list[Event] = []
    bounds = [e.index for e in events] + [n]
    for a, b in pairwise(bounds):
        if b - a < 3:
            continue
        for _ in range(2):
            if rng.random() < 0.6:
                j = rng.randint(a + 1, b - 1)
                if j not in taken:
                    taken.add(j)
                    passing.append(Event("passing", "", j))
    return sorted(events + passing, key=lambda e: e.index)


# --- writing the notes --------------------------------------------------------------------------


@dataclass
class Block:
    """The lines one topic (or the filler) adds to a day."""

    topic: str | None
    event: Event | None
    lang: int  # 0 English, 1 Indonesian
    lines: list[str]

    @property
    def speakers(self) -> list[str]:
        names = [line.split(":", 1)[0] for line in self.lines if ":" in line]
        return sorted({n for n in names if n in PEOPLE and n != ASSISTANT})


def others(owner: str, rng: random.Random, k: int) -> list[str]:
    return rng.sample([p for p in TEAM if p != owner], k)


def render(
    topic: Topic, event: Event, day: date, days: list[date], events: list[Event], seed: int
) -> Block:
    """The lines of one topic's event on its day."""
    rng = rng_for(seed, "render", topic.key, day.isoformat())
    lang = 1 if rng.random() < ID_SHARE else 0
    owner = topic.crew[0] if rng.random() < 0.7 else rng.choice(topic.crew)
    asker, p1, p2 = others(owner, rng, 3)
    name = rng.choice(topic.names[lang])
    slots = {
        "o": owner, "a": asker, "p1": p1, "p2": p2, "T": name, "Tc": name[0].upper() + name[1:],
        "t": topic.terse,
        "r": rng.choice(topic.blockers)[lang],
        "d": topic.done[lang], "ro": topic.reopen[lang], "why": topic.why[lang],
        "when": rng.choice(WHEN[lang]),
    }  # fmt: skip
    earlier = [e for e in events if e.index < event.index]
    slots["label"] = LABEL[event.status][lang] if event.status else ""
    # the work moves through the steps in order
    done_steps = sum(1 for e in earlier if e.kind == "status" and e.status == "in_progress")
    if event.status == "planned":
        done_steps = 0
    # "mulai dari ingress setup": Indonesian has no article
    named = [s.removeprefix("the ") for s in topic.steps] if lang else list(topic.steps)
    named.append(("the final checks", "final check")[lang])
    slots["s1"] = named[min(done_steps, len(named) - 2)]
    slots["s2"] = named[min(done_steps + 1, len(named) - 1)]
    round_ = sum(1 for e in earlier if e.kind == event.kind) % 3
    lines: list[str] = []
    kind = event.kind
    if kind == "passing":
        lines.append(rng.choice(PASSING[lang]).format(**slots))
        return Block(topic.key, event, lang, lines)
    if kind == "status":
        if event.status == "done" and any(e.status == "done" for e in earlier):
            lines.append(DONE_AGAIN[rng.random() < 0.5][lang].format(**slots))
        elif event.status == "raised":
            lines.append(rng.choice(STATUS["raised"][lang]).format(**slots))
        elif rng.random() < 0.5:  # verbose: asked, answered, recapped; the name said three times
            lines.append(rng.choice(OPENERS[lang]).format(**slots))
            lines.append(rng.choice(STATUS[event.status][lang]).format(**slots))
            lines.append(rng.choice(RECAPS[lang]).format(**slots))
        else:
            lines.append(TERSE[event.status][lang].format(**slots))
        decided = [
            days[e.index]
            for e in events
            if e.kind == "moment" and topic.moments[e.moment or 0].kind == "decision"
        ]
        if decided and decided[0] < day and rng.random() < 0.3:
            when = decided[0]
            if (when.year, when.month) == (day.year, day.month):
                back = ("earlier this month", "awal bulan ini")[lang]
            elif lang:
                back = f"dari bulan {MONTHS['id'][when.month - 1]}"
            else:
                back = f"back in {MONTHS['en'][when.month - 1]}"
            lines.append(DECIDED_BACK[lang].format(back=back, **slots))
    elif kind == "discuss":
        m = topic.moments[event.moment or 0]
        lines += [
            line.format(dq=m.debate[lang], pro=m.pro[lang], con=m.con[lang], **slots)
            for line in DEBATE[lang][round_]
        ]
    elif kind == "quote":
        m = topic.moments[0]
        x = m.quotes[round_ % len(m.quotes)]
        lines += [line.format(x=x, **slots) for line in QUOTE[lang][round_]]
    elif kind == "nearmiss":
        m = next(m for m in topic.moments if m.kind == "incident")
        lines += [line.format(sym=m.symptom[lang], **slots) for line in NEARMISS[lang]]
    elif kind == "moment":
        m = topic.moments[event.moment or 0]
        lines += [line.format(**slots) for line in MOMENT_LEAD[m.kind][lang]]
        lines += list(m.lines[lang])
        lines.append(MOMENT_AFTER[m.kind][lang].format(**slots))
        lines.append(MOMENT_RECAP[m.kind][lang].format(**slots))
    elif kind == "postmortem":
        m = topic.moments[event.moment or 0]
        incident = next(e for e in events if e.kind == "moment" and e.moment == event.moment)
        weekday = WEEKDAYS[("en", "id")[lang]][days[incident.index].weekday()]
        lines += [
            line.format(weekday=weekday, cause=m.cause[lang], **slots) for line in POSTMORTEM[lang]
        ]
    for f in event.facts:
        fact = topic.facts[f].lines[lang]
        if any(v in line for line in lines for v in topic.facts[f].values):
            continue  # the moment's own lines state it
        lines.append(f"{owner}: {fact}" if rng.random() < 0.5 else f"- {fact}")
    return Block(topic.key, event, lang, lines)


def filler(seed: int, day: date, weekend: bool) -> list[Block]:
    """Small talk and reminders (more on weekends), and on weekdays the team's other work, in
    blocks of one to three lines."""
    rng = rng_for(seed, "filler", day.isoformat())
    blocks = []
    counts = ((FILLER, rng.randint(2, 4)), (WORK, 0 if weekend else rng.randint(2, 4)))
    for bank, count in counts:
        for _ in range(count):
            lang = 1 if rng.random() < ID_SHARE else 0
            lines = []
            for line in rng.sample(bank[lang], rng.choice((1, 1, 2, 3))):
                slots = {k: rng.choice(v) for k, v in SLOTS.items()}
                numbers = {"n": rng.randint(15, 50), "pr": rng.randint(100, 900)}
                numbers["pts"] = rng.randint(20, 45)
                lines.append(line.format(p=rng.choice(TEAM), **numbers, **slots))
            blocks.append(Block(None, None, lang, lines))
    return blocks


@dataclass
class Vault:
    days: list[date]
    notes: dict[date, str]
    events: dict[str, list[Event]]  # topic -> its events, in order
    blocks: dict[date, list[Block]]

    def mention_days(self, key: str, *, passing: bool = True) -> list[date]:
        return [self.days[e.index] for e in self.events[key] if passing or e.kind != "passing"]


def build_vault(seed: int, days: int, end: date) -> Vault:
    note_days = calendar(seed, days, end)
    late_rng = rng_for(seed, "late")
    late = set(late_rng.sample([t.key for t in TOPICS], len(TOPICS) * 3 // 5))
    events = {t.key: lay_out(t, seed, note_days, t.key in late) for t in TOPICS}
    blocks: dict[date, list[Block]] = {d: [] for d in note_days}
    for topic in TOPICS:
        for event in events[topic.key]:
            day = note_days[event.index]
            blocks[day].append(render(topic, event, day, note_days, events[topic.key], seed))
    notes = {}
    for day in note_days:
        rng = rng_for(seed, "note", day.isoformat())
        day_blocks = blocks[day] + filler(seed, day, day.weekday() >= 5)
        rng.shuffle(day_blocks)
        blocks[day] = day_blocks
        body = "\n\n".join("\n".join(b.lines) for b in day_blocks)
        notes[day] = f"# {day.isoformat()}\n\n{body}\n"
    vault = Vault(note_days, notes, events, blocks)
    check_vault(vault)
    return vault


def check_vault(vault: Vault) -> None:
    """A topic's keyword is in a note exactly when the note has that topic's lines; every fact's
    value is in one note only."""
    problems = []
    for topic in TOPICS:
        pattern = re.compile(topic.pattern, re.IGNORECASE)
        tagged = set(vault.mention_days(topic.key))
        for day, text in vault.notes.items():
            if bool(pattern.search(text)) != (day in tagged):
                problems.append(
                    f"{day} {topic.key}: keyword {'found' if day not in tagged else 'missing'}"
                )
        for f, fact in enumerate(topic.facts):
            found = [d for d, text in vault.notes.items() if any(v in text for v in fact.values)]
            if len(found) != 1:
                problems.append(f"{topic.key} fact {f} ({fact.value!r}) in {len(found)} notes")
    if problems:
        raise SystemExit("inconsistent vault:\n" + "\n".join(problems[:40]))


# --- the questions ------------------------------------------------------------------------------

_STOP = set(
    """a an the of to in on at for and or is are was were be do did does we our us you i it this
    that what when where which who how with about from by as any s re ll now things there up
    yang di ke dari dan atau itu ini ya sih dong deh kok nih aja kita gw lu ada apa kapan soal
    buat sama""".split()
)


def words(text: str) -> list[str]:
    """Lowercase words, without function words: the question's words a note might repeat."""
    return [w for w in re.findall(r"[\w+.-]+", text.lower().replace("?", "")) if w not in _STOP]


def overlap(query: str, text: str) -> int:
    """How often the note uses the question's words (exact words, no stemming)."""
    wanted = set(words(query))
    counts = Counter(re.findall(r"[\w+.-]+", text.lower()))
    return sum(counts[w] for w in sorted(wanted))


@dataclass
class Question:
    category: str
    query: str
    gold: list[date]
    as_of: date
    lang: str
    topic: str
    distractors: list[date] = field(default_factory=list)

    def as_dict(self, qid: str) -> dict[str, object]:
        return {
            "id": qid,
            "query": self.query,
            "gold_dates": [d.isoformat() for d in self.gold],
            "as_of": self.as_of.isoformat(),
            "category": self.category,
            "lang": self.lang,
            "topic": self.topic,
            "distractors": [d.isoformat() for d in self.distractors],
        }


LATEST = (
    ("where do things stand with {T}?", "what's the latest on {T}?",
     "what is the current status of {T}?", "any news on {T}? where are we now?"),
    ("gimana kabar {T} sekarang?", "status terbaru {T} apa?", "{T} udah sampai mana sekarang?",
     "update terakhir soal {T} gimana?"),
)  # fmt: skip
LATEST_PLAN = ("what is the current plan for {T}?", "rencana {T} sekarang gimana?")
PLANNING = ("planned", "in_progress", "blocked", "on_hold", "reopened", "fixing")
DECOYS = ("discuss", "quote", "nearmiss", "postmortem")  # days that talk like a moment


def pick_lang(rng: random.Random) -> int:
    return 1 if rng.random() < QUESTION_ID_SHARE else 0


def latest_questions(vault: Vault, seed: int) -> list[Question]:
    """Up to three per topic: a status day, an as_of after a later passing mention and before the
    next status day, and a wording that an older status day matches better than the gold day."""
    out = []
    days = vault.days
    for topic in TOPICS:
        rng = rng_for(seed, "latest", topic.key)
        events = vault.events[topic.key]
        status = [e for e in events if e.kind != "passing"]
        spots = []
        for k, gold in enumerate(status[1:], 1):
            nxt = status[k + 1].index if k + 1 < len(status) else len(days)
            later = [e.index for e in events if e.kind == "passing" and gold.index < e.index < nxt]
            if later:
                spots.append((gold, status[:k], later, rng.randint(later[0], nxt - 1)))
        rng.shuffle(spots)
        used: Counter[str] = Counter()
        chosen = []
        for gold, older, later, as_of_i in spots:
            lang = pick_lang(rng)
            templates = list(LATEST[lang])
            if gold.status in PLANNING and gold.kind == "status":
                templates.append(LATEST_PLAN[lang])
            rng.shuffle(templates)
            templates.sort(key=lambda t: used[t])  # the least used wording first
            for template in templates:
                query = template.format(T=topic.ask[lang])
                mine = overlap(query, vault.notes[days[gold.index]])
                beaten = [
                    days[e.index]
                    for e in older
                    if overlap(query, vault.notes[days[e.index]]) > mine
                ]
                if not beaten:
                    continue
                used[template] += 1
                if rng.random() < 0.3:
                    query = query[0].upper() + query[1:]
                passing = [days[i] for i in later if i <= as_of_i]
                where = [days[gold.index]], days[as_of_i]
                lang_code = ("en", "id")[lang]
                chosen.append(
                    Question("latest", query, *where, lang_code, topic.key, beaten[-3:] + passing)
                )
                break
            if len(chosen) == 3:
                break
        out += sorted(chosen, key=lambda q: q.as_of)
    return out


def decision_questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    days = vault.days
    n = len(days)
    for topic in TOPICS:
        events = vault.events[topic.key]
        for m, moment in enumerate(topic.moments):
            rng = rng_for(seed, "decision", topic.key, m)
            event = next((e for e in events if e.kind == "moment" and e.moment == m), None)
            if event is None or event.index >= n - 1:
                continue  # the vault ended before this moment
            gold = days[event.index]
            questions = list(moment.questions)
            rng.shuffle(questions)
            # asked soon after, and long after, when the vault leaves room for both; a third
            # asking in between in case one of them finds no wording with a decoy
            soon = min(n - 1, event.index + 45)
            spots = [
                rng.randint(event.index + 1, soon),
                rng.randint(soon, n - 1),
                rng.randint(event.index + 1, n - 1),
            ]
            used: list[str] = []
            for as_of_i in spots:
                if len(used) == 2:
                    break
                as_of = days[as_of_i]
                for lang, query in questions:
                    if query in used:
                        continue
                    mine = overlap(query, vault.notes[gold])
                    beaten = [
                        e
                        for e in events
                        if e is not event
                        and e.index <= as_of_i
                        and e.kind != "passing"
                        and overlap(query, vault.notes[days[e.index]]) > mine
                    ]
                    # the days written to be mistaken for the moment first, then the rest
                    beaten.sort(key=lambda e: (e.kind not in DECOYS, -e.index))
                    beaten = sorted(days[e.index] for e in beaten[:4])
                    if beaten:
                        used.append(query)
                        out.append(
                            Question("decision", query, [gold], as_of, lang, topic.key, beaten)
                        )
                        break
    return out


def fact_questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    days = vault.days
    n = len(days)
    for topic in TOPICS:
        for f, fact in enumerate(topic.facts):
            rng = rng_for(seed, "fact", topic.key, f)
            event = next(e for e in vault.events[topic.key] if f in e.facts)
            langs = [pick_lang(rng)]
            if rng.random() < 0.5:
                langs.append(1 - langs[0])
            for lang in langs:
                as_of = days[rng.randint(event.index, n - 1)]
                gold = [days[event.index]]
                lang_code = ("en", "id")[lang]
                out.append(
                    Question("fact", fact.questions[lang], gold, as_of, lang_code, topic.key)
                )
    return out


# Time phrases: each kind of phrase names a window of days relative to as_of.
def monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def last_weekday(as_of: date, weekday: int) -> date:
    """The latest such weekday strictly before as_of."""
    back = (as_of.weekday() - weekday) % 7 or 7
    return as_of - timedelta(days=back)


def month_back(as_of: date, month: int) -> tuple[date, date]:
    """The latest `month` on or before as_of: its first and last day."""
    year = as_of.year if month <= as_of.month else as_of.year - 1
    first = date(year, month, 1)
    following = date(year + (month == 12), month % 12 + 1, 1)
    return first, following - timedelta(days=1)


@dataclass(frozen=True)
class Window:
    """The days a time phrase names, and the days around them that must hold no topic day (so
    that every reading a careful person might take gives the same answer)."""

    kind: str
    first: date
    last: date
    arg: int = 0  # N days, k weeks, a weekday (0 Monday) or a month (1 January)
    guard: tuple[tuple[date, date], ...] = ()


MAX_GOLD = {"yesterday": 1, "days_ago": 1, "weeks_ago": 1, "weekday": 1}  # the others: 3


def windows(as_of: date, rng: random.Random) -> list[Window]:
    """The time phrases that can be asked on as_of, with their windows and guards."""
    d = timedelta
    m = monday(as_of)
    out = [Window("yesterday", as_of - d(1), as_of - d(1), guard=((as_of - d(6), as_of - d(2)),))]
    n = rng.randint(2, 10)
    t = as_of - d(n)
    out.append(
        Window("days_ago", t, t, n, ((t - d(2), t - d(1)), (t + d(1), min(t + d(2), as_of))))
    )
    for k in (2, 3):
        # about as_of - 7k, and in the calendar week k weeks back; nothing else nearby
        t = as_of - d(7 * k)
        week = m - d(7 * k)
        first, last = max(t - d(3), week), min(t + d(3), week + d(6))
        guard = ((t - d(6), first - d(1)), (last + d(1), t + d(6)))
        out.append(Window("weeks_ago", first, last, k, guard))
    # the calendar week before, which must hold what "the past seven days" holds
    guard = ((m - d(7), as_of - d(8)), (m, as_of - d(1)))
    out.append(Window("last_week", m - d(7), m - d(1), guard=guard))
    if as_of >= m + d(2):
        out.append(Window("this_week", m, as_of))
    if as_of.day <= 12:
        first = as_of.replace(day=1)
        previous = first - d(1)
        out.append(
            Window("last_month", previous.replace(day=1), previous, guard=((first, as_of - d(1)),))
        )
    month = rng.choice([mo for mo in range(1, 13) if mo != as_of.month])
    out.append(Window("month", *month_back(as_of, month), month))
    weekday = (as_of.weekday() - rng.randint(2, 6)) % 7
    target = last_weekday(as_of, weekday)
    out.append(Window("weekday", target, target, weekday))
    weekday = (as_of.weekday() - rng.randint(2, 5)) % 7
    out.append(Window("since", last_weekday(as_of, weekday), as_of, weekday))
    return out


TIME_EN = {
    "yesterday": "yesterday", "days_ago": "{n} days ago", "weeks_ago": "{k} weeks ago",
    "last_week": "last week", "this_week": "this week", "last_month": "last month",
    "month": "in {month}", "weekday": "on {weekday}",
}  # fmt: skip
TIME_ID = {
    "yesterday": "kemarin", "days_ago": "{n} hari {ago}", "weeks_ago": "{k} minggu {ago}",
    "last_week": "minggu lalu", "this_week": "minggu ini", "last_month": "bulan lalu",
    "month": "bulan {month}", "weekday": "hari {weekday}",
}  # fmt: skip
NUMBERS = (
    ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    ["", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan", "sepuluh"],
)
ABOUT = (
    ("what did we discuss about {T} {when}?", "what came up about {T} {when}?",
     "{When}, what did we say about {T}?"),
    ("apa yang dibahas soal {T} {when}?", "{when} ngobrolin apa soal {T}?",
     "{when} ada bahas {T} ga? apa aja?"),
)  # fmt: skip
ABOUT_PERSON = ("what did {P} say about {T} {when}?", "{P} ngomong apa soal {T} {when}?")
SINCE = ("what happened with {T} since {weekday}?", "ada apa aja soal {T} sejak hari {weekday}?")
BEFORE = (
    "before this week, when did we last talk about {T}?",
    "sebelum minggu ini, terakhir kali kita bahas {T} kapan?",
)
TIME_TARGET = {
    "yesterday": 8, "days_ago": 8, "weeks_ago": 9, "last_week": 10, "this_week": 8,
    "last_month": 8, "month": 10, "weekday": 9, "since": 6, "before": 6,
}  # fmt: skip


def say_when(window: Window, lang: int, rng: random.Random) -> str:
    """The time phrase in words: "two weeks ago", "3 hari yang lalu", "bulan Maret"."""
    spelled = NUMBERS[lang][window.arg] if window.arg <= 10 and rng.random() < 0.5 else window.arg
    if window.kind == "weeks_ago" and lang == 0:
        spelled = NUMBERS[0][window.arg]  # "2 weeks ago" reads oddly in English
    names = ("en", "id")[lang]
    return (TIME_EN, TIME_ID)[lang][window.kind].format(
        n=spelled,
        k=spelled,
        ago=rng.choice(("lalu", "yang lalu")),
        month=MONTHS[names][window.arg - 1] if window.kind == "month" else "",
        weekday=WEEKDAYS[names][window.arg] if window.kind == "weekday" else "",
    )


@dataclass(frozen=True)
class TimeCandidate:
    window: Window
    as_of: date
    topic: str
    gold: tuple[date, ...]


def time_candidates(vault: Vault, seed: int) -> dict[str, list[TimeCandidate]]:
    """Every (time phrase, as_of, topic) whose window holds 1-3 status days of the topic, no
    passing mention, nothing in its guards, and at least two more topic days outside it."""
    days = vault.days
    end = days[-1]
    mentions = {t.key: vault.mention_days(t.key) for t in TOPICS}
    status_days = {t.key: set(vault.mention_days(t.key, passing=False)) for t in TOPICS}
    out: dict[str, list[TimeCandidate]] = {kind: [] for kind in TIME_TARGET}
    for as_of in (d for d in days if (end - d).days < TIME_WINDOW_DAYS):
        for window in windows(as_of, rng_for(seed, "windows", as_of.isoformat())):
            for topic in TOPICS:
                seen = [d for d in mentions[topic.key] if d <= as_of]
                if seen and seen[-1] == as_of:
                    continue  # asked on a day that talks about it: "this week" might mean today
                gold = [d for d in seen if window.first <= d <= window.last]
                if not gold or len(gold) > MAX_GOLD.get(window.kind, 3):
                    continue
                if any(d not in status_days[topic.key] for d in gold):
                    continue
                if any(a <= d <= b for d in seen for a, b in window.guard):
                    continue
                if len(seen) - len(gold) >= 2:
                    out[window.kind].append(TimeCandidate(window, as_of, topic.key, tuple(gold)))
        # "before this week": the latest topic day before Monday, while the topic came up this week
        m = monday(as_of)
        for topic in TOPICS:
            seen = [d for d in mentions[topic.key] if d <= as_of]
            before = [d for d in seen if d < m]
            if seen and seen[-1] == as_of:
                continue
            if len(before) >= 3 and before[-1] in status_days[topic.key] and seen[-1] >= m:
                window = Window("before", before[-1], before[-1])
                out["before"].append(TimeCandidate(window, as_of, topic.key, (before[-1],)))
    return out


def time_questions(vault: Vault, seed: int) -> list[Question]:
    rng = rng_for(seed, "time")
    mentions = {t.key: vault.mention_days(t.key) for t in TOPICS}
    speakers = {
        (b.topic, day): b.speakers for day, bs in vault.blocks.items() for b in bs if b.topic
    }
    topics = {t.key: t for t in TOPICS}
    out = []
    for kind, pool in time_candidates(vault, seed).items():
        rng.shuffle(pool)
        chosen: list[TimeCandidate] = []
        for c in pool:  # one question per topic and as_of for each kind of phrase
            if all(c.topic != o.topic and c.as_of != o.as_of for o in chosen):
                chosen.append(c)
            if len(chosen) == TIME_TARGET[kind]:
                break
        for c in chosen:
            topic, window = topics[c.topic], c.window
            lang = pick_lang(rng)
            ref = topic.short[lang]
            if kind == "before":
                query = BEFORE[lang].format(T=ref)
            elif kind == "since":
                query = SINCE[lang].format(T=ref, weekday=WEEKDAYS[("en", "id")[lang]][window.arg])
            else:
                when = say_when(window, lang, rng)
                common = sorted(set.intersection(*(set(speakers[(c.topic, d)]) for d in c.gold)))
                if common and rng.random() < 0.35:
                    query = ABOUT_PERSON[lang].format(P=rng.choice(common), T=ref, when=when)
                else:
                    template = rng.choice(ABOUT[lang])
                    query = template.format(T=ref, when=when, When=when[0].upper() + when[1:])
            outside = [d for d in mentions[c.topic] if d <= c.as_of and d not in c.gold]
            lang_code = ("en", "id")[lang]
            question = Question("time", query, list(c.gold), c.as_of, lang_code, c.topic)
            question.distractors = outside[-4:]
            out.append(question)
    return out


def questions(vault: Vault, seed: int) -> list[Question]:
    out = []
    for make in (latest_questions, decision_questions, time_questions, fact_questions):
        out += make(vault, seed)
    for q in out:
        for d in q.gold:
            if d not in vault.notes or d > q.as_of:
                raise SystemExit(f"bad gold {d} for {q.query!r} as of {q.as_of}")
    return out


# --- the workspace ------------------------------------------------------------------------------


def config_dict() -> dict[str, object]:
    """vaultkit's starter config with the topics' vocabulary and the team."""
    from vaultkit.workspace.init import default_config

    config = default_config()
    config["_about"] = MARKER
    vocabulary = config["vocabulary"]
    projects = list(vocabulary["projects"])
    technologies = list(vocabulary["technologies"])
    for topic in TOPICS:
        if topic.project and topic.project not in projects:
            projects.append(topic.project)
        technologies += [t for t in topic.techs if t not in technologies]
    vocabulary["projects"] = projects
    vocabulary["technologies"] = technologies
    config["people"] = {
        **config["people"],
        "known": PEOPLE,
        "aliases": PEOPLE_ALIASES,
        "ignore": [ASSISTANT],
    }
    return config


def write(out: Path, seed: int, days: int, end: date) -> dict[str, object]:
    if out.exists() and any(out.iterdir()):
        config = out / "memory_config.json"
        if not config.exists() or MARKER not in config.read_text(encoding="utf-8"):
            raise SystemExit(f"{out} is not empty and was not written by this script")
        shutil.rmtree(out)
    vault = build_vault(seed, days, end)
    qs = questions(vault, seed)
    memory = out / "vault" / "memory"
    memory.mkdir(parents=True)
    (out / "memory_config.json").write_text(json.dumps(config_dict(), indent=2) + "\n")
    for day, text in vault.notes.items():
        (memory / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")
    counts: Counter[str] = Counter()
    lines = []
    for q in qs:
        counts[q.category] += 1
        lines.append(
            json.dumps(q.as_dict(f"{q.category}-{counts[q.category]:03d}"), ensure_ascii=False)
        )
    (out / "queries.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    langs = Counter(f"{q.category}/{q.lang}" for q in qs)
    return {
        "notes": len(vault.notes),
        "first": vault.days[0].isoformat(),
        "last": vault.days[-1].isoformat(),
        "questions": dict(sorted(counts.items())),
        "languages": dict(sorted(langs.items())),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--days", type=int, default=DAYS, help="calendar days (default 420)")
    parser.add_argument("--end", type=date.fromisoformat, default=END_DATE, help="the last day")
    args = parser.parse_args(argv)
    stats = write(args.out, args.seed, args.days, args.end)
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
