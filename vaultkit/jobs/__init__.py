"""The write side: the jobs that change the vault, each under the vault's lock.

- `survey`: the vault as sync sees it (files by day, each file's cached facts)
- `reconcile`: what each day needs (create, refresh, repair, reformat, keep, fail)
- `sync`: the daily job; `backfill`: sync narrowed to an archive's old days, paced
- `archive`: old raw notes moved to the archive folder, copied and verified first
- `init`: a new workspace, and the Obsidian settings a vault gets when it has none

May import every stage package below it: `files`, `summarize`, `summary`, `lint`, `index`.
"""
