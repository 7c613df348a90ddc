"""vaultkit: an AI assistant's long-term memory as plain markdown, browsable in Obsidian."""

__version__ = "0.1.0"
