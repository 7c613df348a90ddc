"""Write a time-aware retrieval dev set: a team's mixed Indonesian/English vault and its questions.

    python -m bench.timeaware OUT_DIR [--seed 11] [--days 420] [--end 2026-11-30]

The topics and every phrase the notes and the questions use are data, in
`bench/data/timeaware_topics.yaml` and `bench/data/timeaware_phrases.yaml`, read by `data.py`;
the code that lays them out is in `vault.py`, `questions.py` and `when.py`, and `write.py` writes
the files.

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
