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
- `mentions`: what a day says of a question's terms, turn by turn
- `proximity`: the term-proximity bonus of query terms near each other in a passage
- `records`: each indexed day's record as search reads it
- `written`: the index brought up to date with the files vaultkit has just written
- `embeddings`: chunk vectors from an embeddings endpoint; `local_embedder`: one shipped in a
  package
- `sql`: the connection the SQL runs on, SQLite or PostgreSQL; `shared`: the index on PostgreSQL,
  one writer and any number of readers

May import: the core modules, `text`, `files` and `pages` (a summary's fields).
"""
