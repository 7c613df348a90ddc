"""The lint rule catalogue: stable ids and names, severity, whether `--fix` can repair it.

A rule's id (`VK301`) never changes meaning once released; `vaultkit lint --format json` reports it
in the `rule` field. The name (`unknown-term`) is for people. `fixable` says that `--fix` repairs
the rule in the usual case; a single finding may still be unfixable (then its `fixable` is false),
for instance when the frontmatter cannot be rewritten safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Rule:
    """One lint rule."""

    id: str
    name: str
    severity: Severity
    fixable: bool
    description: str


RULES: tuple[Rule, ...] = (
    # The file itself.
    Rule("VK001", "encoding", "error", False, "The file is not valid UTF-8."),
    Rule("VK002", "byte-order-mark", "warning", True, "The file starts with a UTF-8 BOM."),
    Rule("VK003", "crlf-line-endings", "warning", True, "The file uses CRLF line endings."),
    Rule(
        "VK004",
        "file-name",
        "warning",
        False,
        "A file in the memory folders breaks the naming conventions.",
    ),
    Rule(
        "VK005",
        "name-collision",
        "error",
        False,
        "Two notes' names differ only in case; Obsidian cannot tell them apart.",
    ),
    Rule("VK006", "unreadable", "error", False, "The file cannot be read."),
    Rule(
        "VK007",
        "linked-folder",
        "warning",
        False,
        "A folder of the memory tree is a symbolic link; vaultkit does not walk it.",
    ),
    Rule(
        "VK008",
        "not-a-file",
        "error",
        False,
        "A name of a day's file is a folder, a named pipe, a socket or a device; vaultkit skips "
        "it (reading a pipe would wait forever) and cannot write a summary there.",
    ),
    # Frontmatter, as Obsidian reads it.
    Rule("VK101", "yaml-syntax", "error", False, "The frontmatter is not valid YAML."),
    Rule(
        "VK102",
        "frontmatter-shape",
        "error",
        False,
        "Frontmatter is missing where required, not closed, or not a mapping.",
    ),
    Rule(
        "VK103",
        "duplicate-key",
        "error",
        False,
        "A key appears twice (PyYAML keeps the last, Obsidian rejects it).",
    ),
    Rule(
        "VK104",
        "second-frontmatter",
        "error",
        False,
        "A second frontmatter block follows the first; Obsidian shows it as text.",
    ),
    Rule(
        "VK105",
        "yaml11-coercion",
        "error",
        True,
        "A plain value YAML 1.1 reads differently from Obsidian (`off` -> false).",
    ),
    Rule(
        "VK106",
        "property-type",
        "warning",
        False,
        "A property's type differs from the same property elsewhere in the vault.",
    ),
    Rule(
        "VK107",
        "invalid-tag",
        "error",
        True,
        "A tag Obsidian does not accept (spaces, `#`, only digits).",
    ),
    # The summary schema.
    Rule("VK201", "missing-field", "error", False, "A summary lacks a required field."),
    Rule("VK202", "extra-field", "warning", False, "A summary has a field outside the schema."),
    Rule("VK203", "wrong-type", "error", False, "A summary field has the wrong type."),
    Rule(
        "VK204",
        "schema-version",
        "error",
        False,
        "A summary's schema_version is not one this vaultkit reads.",
    ),
    Rule(
        "VK205",
        "date-mismatch",
        "error",
        False,
        "A summary's `date` differs from the date in its file name.",
    ),
    Rule("VK206", "impossible-date", "error", False, "A date that does not exist (2026-02-30)."),
    Rule("VK207", "importance", "error", False, "importance is not an integer from 1 to 10."),
    Rule("VK208", "key-order", "warning", True, "Summary keys are not in the canonical order."),
    # The controlled vocabulary.
    Rule(
        "VK301",
        "unknown-term",
        "error",
        True,
        "A project, technology or library outside the vocabulary in a main field.",
    ),
    Rule(
        "VK302",
        "alias-term",
        "error",
        True,
        "An alias or variant spelling instead of the canonical term.",
    ),
    Rule(
        "VK303",
        "wrong-field",
        "error",
        True,
        "A vocabulary term in the wrong field (a technology under projects).",
    ),
    Rule(
        "VK304",
        "uncategorized-known",
        "warning",
        True,
        "A term under uncategorized that the vocabulary now knows.",
    ),
    Rule("VK305", "duplicate-item", "warning", True, "A list holds the same item twice."),
    # related_dates.
    Rule(
        "VK401",
        "related-date-missing",
        "error",
        True,
        "A related date with no note (local or archived), or not a real date.",
    ),
    Rule("VK402", "related-date-self", "error", True, "A summary lists its own day as related."),
    Rule(
        "VK403",
        "related-date-future",
        "error",
        True,
        "A related date after the summary's own date.",
    ),
    Rule(
        "VK404",
        "related-date-link",
        "error",
        True,
        "A date written as a wikilink in a summary's body.",
    ),
    # Links.
    Rule(
        "VK501",
        "links-footer",
        "error",
        True,
        "The links footer is missing or out of step with people and projects.",
    ),
    Rule(
        "VK502",
        "spine-link",
        "error",
        True,
        "A daily note's timeline spine link is missing or wrong.",
    ),
    Rule(
        "VK503",
        "parent-link",
        "error",
        True,
        "A transcript's parent link to its daily note is missing or wrong.",
    ),
    Rule(
        "VK504",
        "unlinkable-target",
        "error",
        False,
        "A wikilink target holds characters Obsidian cannot link (: ^ [ ] \\).",
    ),
    Rule(
        "VK505",
        "day-link",
        "warning",
        True,
        "A summary's link to its own daily note (`↑ [[day]] | Daily Note`) is missing or wrong.",
    ),
    Rule(
        "VK506",
        "unresolved-link",
        "warning",
        True,
        "A wikilink that no note answers to; fixable when it names a note by an alias.",
    ),
    Rule(
        "VK507",
        "ambiguous-link",
        "warning",
        False,
        "Two notes share the name a link uses; Obsidian may open either.",
    ),
    Rule(
        "VK508",
        "unreferenced-note",
        "warning",
        False,
        "A person's or project's note that no summary names and no note links (sync removes one "
        "that holds nothing of yours).",
    ),
    Rule(
        "VK509",
        "managed-look-alike",
        "warning",
        False,
        "A line below a note's first that reads like its timeline spine or parent link: only the "
        "first line is one, so vaultkit keeps this line as the note's text and never removes it.",
    ),
)

BY_ID = {rule.id: rule for rule in RULES}
BY_NAME = {rule.name: rule for rule in RULES}


def rule_named(name: str) -> Rule:
    """The rule with this name; a KeyError is a bug in vaultkit, not a user mistake."""
    return BY_NAME[name]
