"""Links in a note's body: unlinkable wikilink targets, date links, spine and parent lines, footer.

A spine or parent line is a body's first line only; a line like it further down is the user's
text, reported as `managed-look-alike` and never touched by a fix.
"""

from __future__ import annotations

import re
from functools import lru_cache

from vaultkit.dates import DATE_PATTERN
from vaultkit.files.wikilinks import (
    FOOTER_PREFIX,
    LINK_UNSAFE,
    PARENT_LINE,
    fenced,
    find_wikilinks,
    wikilink,
)
from vaultkit.lint.context import LinkTargets
from vaultkit.lint.findings import Findings
from vaultkit.lint.fixes import Plan, footer_index
from vaultkit.pages.schema import MARKER

DATE_LIKE = re.compile(DATE_PATTERN)
_LINK_FAST = re.compile(r"\[\[([^\[\]\n]*?)\]\]")
_wikilink = lru_cache(maxsize=1 << 14)(wikilink)  # the same people and projects in every footer
_MANAGED_NAMES = {
    "spine-link": "the timeline spine link",
    "parent-link": "the link to the day's note",
    "day-link": "the link to the day's note",
}


def fast_targets(body: str) -> list[str]:
    """Every wikilink target of a body (alias and heading cut off), code blocks included: a
    quick first pass; the checks look closer only when a target may need reporting."""
    return [
        inner.split("|", 1)[0].split("#", 1)[0].strip().rstrip("\\")
        for inner in _LINK_FAST.findall(body)
    ]


def check_links(
    body: str,
    body_line: int,
    found: Findings,
    dates: bool,
    own_link: str | None = None,
    targets: list[str] | None = None,
) -> list[int]:
    """Report unlinkable targets (and, for summaries, date links); returns body offsets of date
    links. `own_link` is a summary's managed link to its own day: that date link is meant."""
    targets = fast_targets(body) if targets is None else targets
    own = _link_day(own_link)
    if not _suspicious(targets, dates, own):
        return []
    date_lines = []
    lines = body.split("\n")
    for target, offset in find_wikilinks(body, 0):
        if own_link is not None and lines[offset] == own_link:
            continue
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


def _suspicious(targets: list[str], dates: bool, own_day: str | None) -> bool:
    """Whether any link may need reporting (most bodies have none); a summary's one link to its
    own day is meant."""
    seen_own = False
    for target in targets:
        if LINK_UNSAFE.search(target):
            return True
        if dates and DATE_LIKE.fullmatch(target):
            if target != own_day or seen_own:
                return True
            seen_own = True
    return False


def _link_day(line: str | None) -> str | None:
    """The day a managed `↑ [[day]] | Daily Note` line links."""
    found = PARENT_LINE.match(line) if line else None
    return found.group(1) if found else None


def check_managed(
    body: str,
    body_line: int,
    pattern: re.Pattern[str],
    expected: str | None,
    rule: str,
    found: Findings,
    plan: Plan,
) -> None:
    """The spine (or parent) line is the body's first line, pointing to the right day.

    Only that first line is vaultkit's: a line like it further down is the note's text, reported
    (`managed-look-alike`) for the user to look at, and never removed by a fix."""
    _report_look_alikes(body, body_line, pattern, rule, found)
    current = pattern.match(body)
    if expected is None:
        if current:
            found.add(
                rule, body_line, "the first daily note links to a previous day; there is none"
            )
            plan.managed = (pattern, None)
        return
    if body.split("\n", 1)[0] == expected:
        return
    if current is None:
        message = f"missing; the first line should be `{expected}`"
    elif _target_of(expected, pattern) == current.group(1):
        message = f"blanks after the link; the first line should be `{expected}`"
    else:
        message = f"points to [[{current.group(1)}]]; expected `{expected}`"
    found.add(rule, body_line, message)
    plan.managed = (pattern, expected)


def _report_look_alikes(
    body: str, body_line: int, pattern: re.Pattern[str], rule: str, found: Findings
) -> None:
    """A warning for each line below the first, outside code, that reads like the managed line."""
    matches = [match for match in pattern.finditer(body) if match.start() > 0]
    code = fenced(body.split("\n")) if matches else []
    for match in matches:
        offset = body.count("\n", 0, match.start())
        if code[offset]:
            continue
        message = (
            f"reads like {_MANAGED_NAMES[rule]}, which only a note's first line is; vaultkit "
            "keeps it as your text: delete it if it is an old link, or write its `|` as `\\|` "
            "(Obsidian shows the same) to quote it"
        )
        found.add("managed-look-alike", body_line + offset, message)


def _target_of(line: str, pattern: re.Pattern[str]) -> str | None:
    match = pattern.match(line)
    return match.group(1) if match else None


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


def check_resolution(
    body: str,
    body_line: int,
    links: LinkTargets,
    folder: str,
    found: Findings,
    plan: Plan,
    targets: list[str] | None = None,
) -> None:
    """Every wikilink must reach exactly one file, as Obsidian resolves it, or be meant to reach
    none (a day in the archive). A link by a known alias is fixed to `[[Note|alias]]`."""
    targets = fast_targets(body) if targets is None else targets
    if not any(_unresolved(t, links, folder) for t in set(targets)):
        return
    for target, offset in find_wikilinks(body, 0):
        target = target.rstrip("\\")
        if not target or LINK_UNSAFE.search(target):
            continue  # a link inside the note, or one `unlinkable-target` reports
        reached = links.find(target, folder)
        if len(reached) > 1:
            shown = ", ".join(reached)
            found.add("ambiguous-link", body_line + offset, f"[[{target}]] names {shown}")
        elif not reached and target not in links.archived:
            note = links.aliases.get(target.casefold())
            if note is not None:
                found.add(
                    "unresolved-link",
                    body_line + offset,
                    f"[[{target}]] is an alias of [[{note}]]; Obsidian does not follow aliases "
                    f"in links: fix writes [[{note}|{target}]]",
                )
                plan.aliased[target] = note
            else:
                message = f"[[{target}]]: no note of the vault has this name (a ghost in the graph)"
                found.add("unresolved-link", body_line + offset, message, fixable=False)


def _unresolved(target: str, links: LinkTargets, folder: str) -> bool:
    if not target:
        return False
    return len(links.find(target, folder)) != 1 and target not in links.archived
