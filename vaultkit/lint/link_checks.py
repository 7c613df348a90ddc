"""Links in a note's body: unlinkable wikilink targets, date links, spine and parent lines, footer."""

from __future__ import annotations

import re
from functools import lru_cache

from vaultkit.links import FOOTER_PREFIX, LINK_UNSAFE, find_wikilinks, wikilink
from vaultkit.lint.findings import Findings
from vaultkit.lint.fixes import Plan, footer_index
from vaultkit.summary import MARKER
from vaultkit.vault import DATE_PATTERN

DATE_LIKE = re.compile(DATE_PATTERN)
_LINK_FAST = re.compile(r"\[\[([^\[\]\n]*?)\]\]")
_wikilink = lru_cache(maxsize=1 << 14)(wikilink)  # the same people and projects in every footer


def check_links(body: str, body_line: int, found: Findings, dates: bool) -> list[int]:
    """Report unlinkable targets (and, for summaries, date links); returns body offsets of date links."""
    if not _suspicious(body, dates):
        return []
    date_lines = []
    for target, offset in find_wikilinks(body, 0):
        target = target.rstrip("\\")
        if LINK_UNSAFE.search(target):
            found.add(
                "unlinkable-target",
                body_line + offset,
                f"[[{target}]]: Obsidian cannot link a name holding # | ^ : [ ] or \\",
            )
        elif dates and DATE_LIKE.fullmatch(target):
            found.add(
                "related-date-link",
                body_line + offset,
                f"[[{target}]]: dates live in related_dates, not as wikilinks in the body",
            )
            date_lines.append(offset)
    return date_lines


def _suspicious(body: str, dates: bool) -> bool:
    """A quick pass: whether any link may need reporting (most bodies have none)."""
    for inner in _LINK_FAST.findall(body):
        target = inner.split("|", 1)[0].split("#", 1)[0].strip().rstrip("\\")
        if LINK_UNSAFE.search(target) or (dates and DATE_LIKE.fullmatch(target)):
            return True
    return False


def check_managed(
    body: str,
    body_line: int,
    pattern: re.Pattern[str],
    expected: str | None,
    rule: str,
    found: Findings,
    plan: Plan,
) -> None:
    """The spine (or parent) line must be the body's first line, once, pointing to the right day."""
    targets = pattern.findall(body)
    first = body.split("\n", 1)[0]
    if expected is None:
        if targets:
            found.add(
                rule, body_line, "the first daily note links to a previous day; there is none"
            )
            plan.managed = (pattern, None)
        return
    if first == expected and len(targets) == 1:
        return
    if not targets:
        message = f"missing; the first line should be `{expected}`"
    elif len(targets) > 1:
        message = f"{len(targets)} such links; keep one, `{expected}`, as the first line"
    elif first.rstrip(" \t") != expected and pattern.match(first) is None:
        message = f"not the first line; expected `{expected}` there"
    else:
        message = f"points to [[{targets[0]}]]; expected `{expected}`"
    found.add(rule, body_line, message)
    plan.managed = (pattern, expected)


def check_footer(
    body: str,
    body_line: int,
    people: list[str],
    projects: list[str],
    found: Findings,
    plan: Plan,
) -> None:
    """A summary's links footer must link its people and projects, in order."""
    links = [_wikilink(name) for name in (*people, *projects)]
    expected = f"{FOOTER_PREFIX} {' · '.join(links)}" if links else ""
    lines = MARKER.sub("", body).split("\n")
    at = footer_index(lines)
    if at is None and not expected:
        return
    if at is not None and lines[at] == expected:
        return
    if at is None:
        found.add("links-footer", None, f"links footer is missing; expected `{expected}`")
    elif not expected:
        found.add(
            "links-footer",
            body_line + at,
            "links footer lists links but people and projects are empty",
        )
    else:
        found.add(
            "links-footer", body_line + at, f"links footer is out of step; expected `{expected}`"
        )
    plan.footer = expected
