"""Write a synthetic vaultkit workspace of N days, deterministically, for the benchmarks.

    python -m bench.generate OUT --days 10000 [--seed 7] [--with-summaries] [--archive]
                                 [--defects 0.02] [--no-links] [--force]

What it writes (all paths relative to OUT):

- `memory_config.json`: ~20 projects, 60 technologies, 40 libraries, aliases, 16 known people.
- `vault/memory/YYYY-MM-DD.md`: N daily notes of 1-6 KB (work bullets, decisions, incidents, small
  talk, people, projects, aliases in varied case, an occasional code span), about 2% of calendar days
  skipped so the vault has gaps. Each note carries its timeline spine line (unless `--no-links`).
- `vault/memory/chats/DATE/slug.md`: transcripts for ~30% of days, with their parent link.
- `--with-summaries`: `vault/memory/summaries/DATE.summary.md`, rendered with vaultkit's own
  Renderer and marker, the vocabulary normalized by vaultkit's Vocabulary, related dates chosen
  among earlier days sharing projects and people. They are what `vaultkit sync` would accept as fresh
  (the marker's source digest is the one sync computes), so sync has nothing to redo.
- `--archive`: daily notes go to `archive/YYYY/MM/DATE.md` and transcripts to
  `archive/chats/DATE/slug.md` instead, the layout `vaultkit archive` writes.
- `--defects RATE`: a seeded share RATE of the files gets exactly one planted lint defect each; the
  list goes to `defects.json` (`[{"path", "kind", "rule", "accept", "required"}]`, `path` relative to
  the vault root as `vaultkit lint --format json` prints it).

Every day's content comes from an RNG seeded by (seed, date), so a day reads the same in a 1k and a
100k vault, and two runs with the same arguments write the same bytes.

What a day says is drawn from the words of `bench/data/generate_words.yaml` (`day.py`); the
defects are `defects.py`'s, the summaries `summaries.py`'s; `write.py` writes the workspace
(`generate`, and `add_day` for the benchmarks that add one more day).
"""

from bench.generate.write import END_DATE, add_day, digest_tree, generate

__all__ = ["END_DATE", "add_day", "digest_tree", "generate"]
