"""The workspace around the vault: making one, and moving old notes to the archive tier.

- `init`: a new workspace (config with vocabulary, templates, folders, Obsidian's settings)
- `archive`: old raw notes moved to the archive folder, copied and verified first
- `notes`: writing a day's notes as a person or an assistant adds them: a remembered text
  appended to the daily note, a chat transcript saved, a missing note made with its spine line
  (the MCP server's `remember` and `save_transcript`), under the vault's lock

May import every stage below it, `sync` included.
"""
