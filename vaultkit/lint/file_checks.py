"""Every check of one file: encoding, frontmatter, body links, and the rules of its kind.

One pass reads each file once and parses its YAML once; with `fix`, the same pass also yields the
repaired text.
"""

from __future__ import annotations

import re

from vaultkit.config import MEMORY_INDEX_NAME
from vaultkit.dates import DATE_PATTERN, day_outside
from vaultkit.errors import FileFormatError
from vaultkit.files.document import decode, split_frontmatter
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE, parent_line, spine_line
from vaultkit.lint.context import Context, Entry
from vaultkit.lint.findings import Findings, Result, problem
from vaultkit.lint.fixes import Plan
from vaultkit.lint.front_checks import check_generic_front, check_second_block
from vaultkit.lint.frontmatter import Front
from vaultkit.lint.link_checks import check_links, check_managed, check_resolution, fast_targets
from vaultkit.lint.rules import rule_named
from vaultkit.lint.summary_checks import check_summary
from vaultkit.lint.vault_checks import category
from vaultkit.pages.schema import SUMMARY_KEYS

_DAILY_LIKE = re.compile(DATE_PATTERN + r"\.md")
_SUMMARY_KEYS = frozenset(SUMMARY_KEYS)
# The rules whose fix re-renders frontmatter values.
_VALUE_RULES = frozenset(
    rule_named(name).id
    for name in (
        "yaml11-coercion",
        "invalid-tag",
        "unknown-term",
        "alias-term",
        "wrong-field",
        "uncategorized-known",
        "duplicate-item",
        "related-date-missing",
        "related-date-self",
        "related-date-future",
    )
)


def check_entry(entry: Entry, data: bytes | OSError, ctx: Context, fix: bool) -> Result:
    """Every check of one file; with `fix`, also the fixed text (None when nothing to write)."""
    if isinstance(data, OSError):
        reason = data.strerror or str(data)
        return Result(entry.rel, [problem("unreadable", entry.rel, None, f"cannot read: {reason}")])
    try:
        return _check_bytes(entry, data, ctx, fix)
    except RecursionError:
        message = "frontmatter nests too deeply to read"
        return Result(entry.rel, [problem("yaml-syntax", entry.rel, None, message)])


def _check_bytes(entry: Entry, data: bytes, ctx: Context, fix: bool) -> Result:
    found = Findings(entry.rel)
    try:
        text, had_bom, had_crlf = decode(data, entry.path)
    except FileFormatError as exc:
        found.add("encoding", exc.line, exc.message)
        return Result(entry.rel, found.problems)
    if had_bom:
        text = text.lstrip("\ufeff")  # a doubled BOM is still a BOM, not content
        found.add("byte-order-mark", 1, "starts with a byte order mark (BOM)")
    if had_crlf:
        found.add("crlf-line-endings", 1, "uses CRLF line endings")
    if entry.kind == "stray":
        found.add("file-name", None, _stray_message(entry))

    fm, body, body_line = split_frontmatter(text)
    front = Front.parse(fm, found) if fm is not None else None
    if fm is None and text.startswith("---\n"):
        found.add("frontmatter-shape", 1, "frontmatter opened with `---` is never closed")
    check_second_block(body, body_line, found)
    plan = Plan()
    if entry.kind == "summary":
        check_summary(entry, front, body, body_line, ctx, found, plan)
    else:
        _check_note(entry, front, body, body_line, ctx, found, plan)
    if front is not None:
        _spare_comments(front, found, plan)

    result = Result(entry.rel, found.problems, targets=fast_targets(body))
    if front is not None and isinstance(front.data, dict):
        _record_properties(entry, front, ctx, result)
    if fix and (plan or had_bom or had_crlf):
        result.fixed = plan.apply(text, front, entry.kind)
    return result


def _check_note(
    entry: Entry,
    front: Front | None,
    body: str,
    body_line: int,
    ctx: Context,
    found: Findings,
    plan: Plan,
) -> None:
    """A note that is not a summary: generic frontmatter, links, and its spine or parent line."""
    if front is not None:
        check_generic_front(front, found, plan)
    targets = fast_targets(body)
    check_links(body, body_line, found, dates=False, targets=targets)
    if ctx.links is not None:
        check_resolution(body, body_line, ctx.links, _folder(entry), found, plan, targets)
    if entry.kind == "daily" and entry.day is not None:
        previous = ctx.previous_day(entry.day)
        expected = spine_line(previous) if previous else None
        check_managed(body, body_line, SPINE_LINE, expected, "spine-link", found, plan)
    elif entry.kind == "transcript" and entry.day is not None:
        expected = parent_line(entry.day)
        check_managed(body, body_line, PARENT_LINE, expected, "parent-link", found, plan)


def _spare_comments(front: Front, found: Findings, plan: Plan) -> None:
    """No value is re-rendered when one to re-render holds a YAML comment: the rewrite would drop
    the comment, the user's text. The findings stay, not fixable, and say what to do."""
    if not plan.values.keys() & front.commented:
        return
    plan.values.clear()  # all or none: a term moves between two keys
    why = "not fixed: rewriting the value would drop its YAML comment; edit it by hand"
    found.unfix(_VALUE_RULES, why)


def _folder(entry: Entry) -> str:
    """The file's folder, relative to the vault (for links relative to the note)."""
    return entry.rel.rpartition("/")[0].casefold()


def _record_properties(entry: Entry, front: Front, ctx: Context, result: Result) -> None:
    """The file's properties and their kinds, for the vault-wide property-type vote."""
    skip = _SUMMARY_KEYS if entry.kind == "summary" else frozenset()
    for key, line in front.key_lines:
        if key in skip:
            continue
        kind = category(front.data.get(key))
        if kind is not None:
            result.props.append((key, kind, line))
    result.declared = ctx.property_types


def _stray_message(entry: Entry) -> str:
    name = entry.path.name
    parts = entry.rel.split("/")
    if (outside := day_outside(name[:10])) is not None:
        return f"{outside}; not read"
    if name.endswith(".summary.md"):
        return (
            "summary file names are YYYY-MM-DD.summary.md with a real date, in the summaries folder"
        )
    if _DAILY_LIKE.fullmatch(name):
        return f"{name[:-3]} is not a real date, or the daily note is not directly in the memory folder"
    if "chats" in parts:
        return "a transcript's file name or folder must hold its date (YYYY-MM-DD)"
    return f"unexpected file in the memory folders (daily notes are YYYY-MM-DD.md; {MEMORY_INDEX_NAME} is generated)"
