"""What vaultkit renders for a person to read in Obsidian, from summary fields.

- `schema`: the summary file's format (keys, the vaultkit marker, reading fields back) and the
  property types Obsidian is told about
- `render`: the Jinja templates, with YAML that every reader reads back unchanged
- `memory_index`: MEMORY_INDEX.md, a line a day for recent months, a line a month before
- `entities`: a note per person and project, so the summaries' links resolve

May import: the core modules, `text` and `files`.
"""
