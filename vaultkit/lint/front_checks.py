"""Frontmatter rules for any note: impossible dates, YAML 1.1 coercions, tags, a second block."""

from __future__ import annotations

from typing import Any

from vaultkit.files.document import top_level_keys
from vaultkit.lint.findings import Findings
from vaultkit.lint.fixes import Plan
from vaultkit.lint.frontmatter import Front
from vaultkit.text.vocabulary import unique, valid_tag


def check_generic_front(front: Front, found: Findings, plan: Plan) -> None:
    """Frontmatter rules for any note: impossible dates, coercions to quote, tags to repair."""
    for _, line, value in front.impossible:
        found.add("impossible-date", line, f"{value} is not a real date")
    mark_coercions(front, found, plan)
    data = front.data
    if not isinstance(data, dict) or "tags" not in data:
        return
    raw = data["tags"]
    items = raw if isinstance(raw, list) else _split_tags(raw)
    if items is None or not all(
        isinstance(t, str | int) and not isinstance(t, bool) for t in items
    ):
        return
    bad = [str(t) for t in items if valid_tag(str(t)) != str(t)]
    if bad:
        _report_tags(front, bad, items, found, plan)


def _report_tags(
    front: Front, bad: list[str], items: list[Any], found: Findings, plan: Plan
) -> None:
    line = front.line_of("tags")
    fixed = list(unique(t for t in (valid_tag(str(t)) for t in items) if t))
    for tag in bad:
        repaired = valid_tag(tag)
        to = f"`{repaired}`" if repaired else "nothing (dropped)"
        found.add(
            "invalid-tag",
            line,
            f"tags: {tag!r} is not a valid tag; fix writes {to}",
            front.editable,
        )
    if front.editable:
        plan.values["tags"] = fixed


def _split_tags(raw: Any) -> list[Any] | None:
    if raw is None:
        return []
    if isinstance(raw, str):
        return [t.strip() for t in raw.split(",") if t.strip()]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return [raw]
    return None


def mark_coercions(front: Front, found: Findings, plan: Plan) -> None:
    """Report coerced values; they are re-rendered quoted when their key can be rewritten."""
    for key, line, value, reads_as in front.coercions:
        fixable = front.editable and front.coerced.get(key, False)
        where = f"{key}: " if key else ""
        found.add(
            "yaml11-coercion",
            line,
            f"{where}`{value}` reads as {reads_as} in YAML 1.1 but as text in Obsidian; quote it",
            fixable,
        )
        if fixable and isinstance(front.data, dict):
            plan.values.setdefault(key, front.data.get(key))


def check_second_block(body: str, body_line: int, found: Findings) -> None:
    """A `---` block of `key: value` lines right after the frontmatter: Obsidian shows it as text."""
    stripped = body.lstrip("\n")
    if not stripped.startswith("---\n"):
        return
    end = stripped.find("\n---", 3)
    inner = stripped[4 : end + 1] if end >= 0 else ""
    if inner and top_level_keys(inner):
        line = body_line + (len(body) - len(stripped))
        found.add("second-frontmatter", line, "a second frontmatter block; merge it into the first")
