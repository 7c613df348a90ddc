"""The derived search index in `<vault>/.vaultkit/index.sqlite`: built from the files, never
trusted over them (delete it and the next search rebuilds it).

- `store`: the SQLite file (its identity, corruption recovery, one transaction per refresh) and
  the records search reads
- `refresh`: which files changed since the last refresh, found without reading them
- `daytext`: the text a day is indexed by, from its notes, transcripts and summary
- `turns`, `date_terms`: turns and passages, and the days' date terms (terms: `language`)
- `asides`: lines that name a topic without its status, and lines that state an event
- `bm25`: day and passage BM25 postings in plain SQLite tables, and which query terms a day
  names outside its asides and in its events
- `embeddings`: chunk vectors from an embeddings endpoint

May import: the core modules, `files`, `summarize` (its lexicon) and `summary`.
"""
