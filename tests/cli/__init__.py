"""Command and whole-run tests: the real `vaultkit` command in pipes and on a pseudo-terminal,
bad input, crashes, secrets, what Obsidian sees."""
