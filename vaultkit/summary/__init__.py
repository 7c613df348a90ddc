"""From a summarizer's fields to the files a person browses: a day's summary and what links it.

- `schema`: the summary file's format (keys, the vaultkit marker, reading fields back) and the
  property types Obsidian is told about
- `render`: the Jinja templates, with YAML that every reader reads back unchanged
- `related`: related days, computed from the days' features, never guessed
- `memory_index`: MEMORY_INDEX.md, a line a day for recent months, a line a month before
- `entities`: a note per person and project, so the summaries' links resolve

May import: the core modules (`errors`, `model`, `config`, `dates`, `vocabulary`) and `files`.
"""
