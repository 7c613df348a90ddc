"""The workspace around the vault: making one, and moving old notes to the archive tier.

- `init`: a new workspace (config with vocabulary, templates, folders, Obsidian's settings)
- `archive`: old raw notes moved to the archive folder, copied and verified first

May import every stage below it, `sync` included.
"""
