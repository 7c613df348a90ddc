"""The daily job, `vaultkit sync`: every step that brings the vault up to date, in order.

- `survey`: the vault as sync sees it (files by day, each file's cached facts), as a look
  made it
- `full_look`: the full look, every folder listed or its kept listing trusted
- `daily_look`: the daily look, which reads only what changed since the last run and asks the
  catalog for the rest a day at a time
- `plan`: what each day needs (create, refresh, repair, reformat, keep, fail); `reconcile`
  shows it
- `related`: related days, computed from the days' features, never guessed
- `ordered_pass`: the days summarized and related in date order (a day relates only to days
  before it, so the same notes give the same vault in any order of runs)
- `write`: a day's summary written, a hand edit kept or copied aside first
- `linking`: the links sync keeps: the timeline spine, parent links, MEMORY_INDEX.md, entity
  notes, Obsidian's settings
- `settings`: the parts of the config that shape a summary, and which days a change of them
  affects
- `report`: what a run did, and the days it has something to say of (looked at again next run)
- `daily`: the job itself (`sync`); `backfill`: the job narrowed to an archive's old days, paced

May import every stage below it: `text`, `files`, `summarize`, `pages`, `catalog`, `lint`, `index`,
`anythingllm`, `search`.
"""
