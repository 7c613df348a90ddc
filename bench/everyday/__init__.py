"""Write the everyday-questions dev set and score vaultkit's search on it.

    python -m bench.everyday OUT_DIR [--seed 24]
    python -m bench.everyday score OUT_DIR [--semantic] [--pythonpath TREE] [--cli]

## What it is for

The questions people ask of their own notes: "what happened last week?", "kemarin ngapain aja?",
"status migrasi postgres gimana?", "what did we decide about the database migration?", "siapa
yang approve budget?", "kapan migrasi PostgreSQL selesai?", "when did Raka say he is leaving?".
The hard part is what held-out sets have: after each topic's latest real status, and around its
decision and done days, many later days name the topic in passing (banter, "not talking about the
migration before my second coffee", "belum mau bahas migrasi sebelum ngopi", "no news on the
budget", a list of other things, "eh migrasi gimana?" with no answer), and other topics use the
same words (a "SQLAlchemy 2.0 migration", "Migrasi CDN ke CloudKita").

## The vault (OUT_DIR/vault/memory, 29 June - 27 November 2026)

A team's notes (Gading, Rina, Raka, Dewi, Sari, Budi, the assistant Nouva) in Jakarta-casual
Indonesian, English, or both, as `Name: text` chat lines and free lines, some days with `## `
sections. Most of the days, and every day that matters, are written by hand in
`bench/data/everyday_days.yaml`, each with its planted importance, the topics it is *about*
(with the kind of day: raised, plan, discuss, progress, blocked, status, decision, announce,
start, done, incident, postmortem) and the topics it names only in passing. Eleven topics
(`bench/data/everyday_topics.yaml`): the database migration to PostgreSQL 16, the Q4 budget,
Raka resigning, the K3s move, the on-call rotation, the CDN vendor contract, the blog rewrite, a
Payments API outage, hiring Raka's replacement, the offsite, the SQLAlchemy 2.0 migration. The
other days are generated small talk and other work, some with a passing mention
(`everyday_filler.yaml`); 15-23 August is a holiday with no notes. A line that matches a topic's
pattern is always on a day labelled with that topic (checked), so a passing mention is never
mistaken for gold.

## What it writes (relative to OUT_DIR)

- `memory_config.json` (BM25; `score --semantic` runs a hybrid copy), `vault/memory/DAY.md`;
- `days.jsonl`: per note day `date`, `planted_importance`, `subjects`, `mentions`, `lang`;
- `queries.jsonl`: as `vaultkit eval` reads them (`id`, `query`, `gold_dates`, `as_of`,
  `category`) plus `lang` (en, id), `kind`, `topic`, `distractors`, and for spans `span` (first,
  last) and `biggest` (the span's days of the highest planted importance).

## The questions (`questions.py`)

- `span`: no topic. Yesterday is as_of - 1; last week the Monday-Sunday week before as_of's week;
  two weeks ago the week before that; last month the calendar month before as_of's; a month by
  name its latest occurrence that has started (in November, "in November" is this November up to
  as_of, "in December" last December). Gold: the span's note days (none: the answer should be
  empty); as_of on every weekday, some after the vault's end or after the holiday.
- `latest`: gold the newest day on or before as_of whose subject is the topic; distractors the
  passing mentions after it.
- `decision`, `done`: gold the topic's day of the asked kind (the decision, the approval, the day
  it went live, the day Raka said he resigns, his last day).
- `newer`: bare topic queries ("database migration") late in the vault; the score checks the
  results' `newer` markers point at a day about the same topic.
- `plain`: ordinary topic questions with unique words, so regressions show.
- `everyday`: a new user's ten questions (a mix of the above).

Two runs with the same arguments write the same bytes.

## The modules

`write` (the config and the files written), `data` (the vault: hand-written days, filler,
topics, the consistency check), `questions`, `score` (the `score` command) and `worker` (the
searches, in a process of their own; run as a script, so `--pythonpath` can swap vaultkit).
"""
