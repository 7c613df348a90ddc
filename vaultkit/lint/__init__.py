"""Lint: check vault files against the summary schema, the vocabulary and Obsidian's rules; fix what is safe.

The modules follow the data flow of one run:

- `engine`: which files, read once each, the fix loop, the final report (`lint_vault`, `fix_vault`)
- `context`: what a file's checks know about the vault (its entry, vocabulary, days, property types)
- `file_checks`: every check of one file, dispatched by its kind
- `frontmatter`: the YAML node tree: key lines, duplicate keys, YAML 1.1 coercions, re-rendering
- `front_checks`, `link_checks`, `summary_checks`, `term_checks`: the rules, by what they look at
- `fixes`: the fix plan the checks fill in, applied to the text
- `vault_checks`: cross-file counting passes (property types, name collisions)
- `findings`, `reports`: what the checks produce and what lint returns
- `rules`: the catalogue of rules (stable ids, names, severity, fixable)

May import: the core modules, `text`, `files` and `pages`.
"""

from vaultkit.lint.engine import check_summary_text, fix_summary_text, fix_vault, lint_vault
from vaultkit.lint.reports import FileChange, FixReport, LintReport

__all__ = [
    "FileChange",
    "FixReport",
    "LintReport",
    "check_summary_text",
    "fix_summary_text",
    "fix_vault",
    "lint_vault",
]
