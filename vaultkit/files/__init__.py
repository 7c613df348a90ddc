"""The folder is the database: finding, reading and writing the vault's files.

- `layout`: which file is which (daily note, transcript, summary, entity note), for which day,
  and every vault-relative path; scans of the vault and the archive
- `document`: a markdown file split into frontmatter and body, YAML read safely
- `wikilinks`: Obsidian's link syntax, and the managed lines (timeline spine, parent link)
- `names`: file names every system a vault is synced to can hold (no device name, not too long)
- `sources`: a day's raw material, read for the summarizer and the index
- `storage`: the one writer (atomic replace, refusal of symlinks and concurrent edits)
- `lock`: one run at a time per vault
- `listing`: folder listings kept between runs, so a folder whose mtime has not moved is not
  listed again (kept by `catalog.folders`)

May import: the core modules; no other package.
"""
