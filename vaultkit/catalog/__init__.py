"""What sync remembers about the vault between runs, in `.vaultkit/catalog.sqlite`: a cache that
only saves re-reading unchanged files, rebuilt from the files when it is gone or out of date.

- `opener`: `open_catalog`, the cache emptied when the config or the templates its facts
  depend on have changed
- `store`: the `Catalog`, each file's row (day, kind, stat, facts) and one transaction per run
  over the stores beside it
- `facts`: the typed facts of a note, a transcript, a summary
- `saved_rows`: the saved rows read a path, a day or a folder at a time
- `folders`: the folders' listings kept for the next run (`files.listing`)
- `tallies`: counts over the rows (names, links, entities, months)
- `related`: the related days' state (features and postings)
- `written`: which days write which words, for the days a vocabulary change affects
- `pending`: the days and entities a run must look at again
- `marks`: the run's marks and settings
- `batched`: a query over many keys, a bounded number bound in each statement

May import: the core modules, `text`, `files`, `summarize` and `pages`.
"""
