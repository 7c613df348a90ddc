"""The lint defects bench/generate/ plants (`--defects RATE`): which kinds there are, which lint
rule must find each, how each is written into a file, and which files get one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from bench.generate.day import Day
from vaultkit.files.wikilinks import (
    FOOTER_PREFIX,
    PARENT_LINE,
    SPINE_LINE,
    parent_line,
    set_managed_line,
    spine_line,
)

# kind -> (file type, rule name in vaultkit/lint/rules.py, other names lint may use, required)
# `vaultkit lint --format json` reports a rule by its id (VK301); bench/run/ maps names to ids
# through vaultkit.lint.rules, so this table names rules and survives renumbering. Update it when the
# lint rules change.
DEFECTS: dict[str, tuple[str, str, tuple[str, ...], bool]] = {
    "yaml-broken": ("summary", "yaml-syntax", (), True),
    "date-impossible": ("summary", "impossible-date", ("date-invalid",), True),
    "importance-11": ("summary", "importance", ("importance-range",), True),
    "importance-type": ("summary", "importance", ("wrong-type",), True),
    "unknown-project": ("summary", "unknown-term", (), True),
    "alias-not-canonical": ("summary", "alias-term", (), True),
    "wrong-field": ("summary", "wrong-field", (), True),
    "uncategorized-known": ("summary", "uncategorized-known", (), True),
    "duplicate-item": ("summary", "duplicate-item", (), True),
    "related-missing": ("summary", "related-date-missing", (), True),
    "related-self": ("summary", "related-date-self", (), True),
    "related-future": ("summary", "related-date-future", (), True),
    "related-wikilink": ("summary", "related-date-link", (), True),
    "tag-space": ("summary", "invalid-tag", (), True),
    "duplicate-key": ("summary", "duplicate-key", (), True),
    "mood-off": ("summary", "yaml11-coercion", (), True),
    "missing-field": ("summary", "missing-field", (), True),
    "extra-field": ("summary", "extra-field", (), True),
    "schema-version": ("summary", "schema-version", (), True),
    "date-mismatch": ("summary", "date-mismatch", (), True),
    "key-order": ("summary", "key-order", (), True),
    "footer-stale": ("summary", "links-footer", (), True),
    "second-frontmatter": ("summary", "second-frontmatter", (), True),
    "non-utf8-summary": ("summary", "encoding", (), True),
    "spine-missing": ("note", "spine-link", (), True),
    "spine-wrong": ("note", "spine-link", (), True),
    "non-utf8-note": ("note", "encoding", (), True),
    "wikilink-unsafe": ("note", "unlinkable-target", (), True),
    "crlf": ("note", "crlf-line-endings", (), True),
    "bom": ("note", "byte-order-mark", (), True),
    "file-name": ("note", "file-name", (), True),
    "parent-missing": ("transcript", "parent-link", (), True),
    "name-collision": ("transcript", "name-collision", (), True),
}


class Planter:
    """Which files get a defect: a seeded share `rate` of them, each kind of its file type in turn
    (a seeded order); and the list of those planted, as `defects.json` holds it."""

    def __init__(self, rate: float, seed: int, *, with_summaries: bool, archive: bool) -> None:
        self.rate = rate
        self.rng = random.Random(seed * 31 + 17)
        self.kinds: dict[str, list[str]] = {}
        for kind, (ftype, *_rest) in DEFECTS.items():
            if ftype == "summary" and not with_summaries:
                continue
            if ftype == "note" and archive:  # archived notes are outside what lint must check
                continue
            self.kinds.setdefault(ftype, []).append(kind)
        for kinds in self.kinds.values():
            self.rng.shuffle(kinds)
        self.cursor = dict.fromkeys(self.kinds, 0)
        self.planted: list[dict] = []

    def pick(self, ftype: str, index: int) -> str | None:
        """The defect for the next file of `ftype` on the `index`-th day, or None."""
        # index 0 (first day, no spine) and the defect-free last day keep things simple
        if not self.rate or ftype not in self.kinds or index == 0 or self.rng.random() >= self.rate:
            return None
        kinds = self.kinds[ftype]
        kind = kinds[self.cursor[ftype] % len(kinds)]
        self.cursor[ftype] += 1
        return kind

    def record(self, rel: str, kind: str) -> None:
        _, rule, accept, required = DEFECTS[kind]
        self.planted.append(
            {
                "path": rel,
                "kind": kind,
                "rule": rule,
                "accept": [rule, *accept],
                "required": required,
            }
        )


def relative(path: Path, vault: Path, out: Path) -> str:
    """A file's path as `vaultkit lint --format json` prints it: from the vault root, or from the
    workspace for the archive."""
    root = vault if path.is_relative_to(vault) else out
    return path.relative_to(root).as_posix()


@dataclass(frozen=True)
class Spot:
    """Where a defect goes: the file's text, its day, the vault's days and the days it skips."""

    text: str
    d: Day
    days: list[date]
    index: int
    gaps: list[date]


def plant(
    kind: str, text: str, d: Day, days: list[date], index: int, gaps: list[date]
) -> bytes | str:
    """The file's text with one defect of `kind` planted."""
    if kind not in _PLANT:
        raise ValueError(kind)
    return _PLANT[kind](Spot(text, d, days, index, gaps))


def _fm_replace(text: str, key: str, new_line: str | None) -> str:
    """Replace the frontmatter line starting with `key:` (None deletes it)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"{key}:"):
            if new_line is None:
                del lines[i]
            else:
                lines[i] = new_line
            return "\n".join(lines)
    raise ValueError(f"no {key} line")


def _fm_get(text: str, key: str) -> str:
    for line in text.split("\n"):
        if line.startswith(f"{key}:"):
            return line.split(":", 1)[1].strip()
    raise ValueError(key)


def _unknown_project(s: Spot) -> str:
    projects = _fm_get(s.text, "projects").strip("[]")
    inner = ", ".join(p for p in (projects, "Zephyr Portal") if p)
    return _fm_replace(s.text, "projects", f"projects: [{inner}]")


def _related_missing(s: Spot) -> str:
    before = [g for g in s.gaps if g < s.d.day]
    ghost = before[-1] if before else s.days[0] - timedelta(days=3)
    return _fm_replace(s.text, "related_dates", f"related_dates: [{ghost.isoformat()}]")


def _related_wikilink(s: Spot) -> str:
    target = s.days[s.index - 1].isoformat()
    text = _fm_replace(s.text, "related_dates", f"related_dates: [{target}]")
    footer = f"\n\n---\n{FOOTER_PREFIX}"
    return text.replace(footer, f"\n- See [[{target}]] for the background.{footer}", 1)


def _date_mismatch(s: Spot) -> str:
    other = s.days[s.index - 1] if s.index else s.days[s.index + 1]
    return _fm_replace(s.text, "date", f"date: {other.isoformat()}")


def _footer_stale(s: Spot) -> str:
    lines = s.text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(FOOTER_PREFIX):
            lines[i] = f"{FOOTER_PREFIX} [[Somebody Else]]"
    return "\n".join(lines)


def _second_frontmatter(s: Spot) -> str:
    day_link = parent_line(s.d.day)  # the summary's first body line
    return s.text.replace(f"---\n{day_link}", f"---\n---\nextra: block\n---\n{day_link}", 1)


def _non_utf8(s: Spot) -> bytes:
    data = s.text.encode("utf-8")
    cut = data.rfind(b"\n", 0, len(data) // 2) + 1
    return data[:cut] + b"Caf\xe9 au lait \xff\xfe with Rina.\n" + data[cut:]


def _spine_wrong(s: Spot) -> str:
    wrong = s.days[s.index - 2] if s.index >= 2 else s.days[0] - timedelta(days=10)
    return set_managed_line(s.text, SPINE_LINE, spine_line(wrong))


def _uncategorized_known(s: Spot) -> str:
    text = s.text.replace("  technologies: [", "  technologies: [Kubernetes, ", 1)
    return text.replace("[Kubernetes, ]", "[Kubernetes]")


def _key_order(s: Spot) -> str:
    mood = _fm_get(s.text, "mood")
    text = _fm_replace(s.text, "mood", None)
    return _fm_replace(text, "date", f"date: {_fm_get(text, 'date')}\nmood: {mood}")


_PLANT: dict[str, Callable[[Spot], str | bytes]] = {
    "yaml-broken": lambda s: _fm_replace(s.text, "people", "people: [" + ", ".join(s.d.people)),
    "date-impossible": lambda s: _fm_replace(s.text, "date", f"date: {s.d.day.year}-02-30"),
    "importance-11": lambda s: _fm_replace(s.text, "importance", "importance: 11"),
    "importance-type": lambda s: _fm_replace(s.text, "importance", "importance: high"),
    "unknown-project": _unknown_project,
    "alias-not-canonical": lambda s: _fm_replace(s.text, "projects", "projects: [payments]"),
    "duplicate-item": lambda s: _fm_replace(
        s.text, "people", f"people: [{s.d.people[0]}, {s.d.people[0]}]"
    ),
    "related-missing": _related_missing,
    "related-self": lambda s: _fm_replace(
        s.text, "related_dates", f"related_dates: [{s.d.day.isoformat()}]"
    ),
    "related-wikilink": _related_wikilink,
    "tag-space": lambda s: _fm_replace(s.text, "tags", "tags: [GitHub Actions, Python]"),
    "duplicate-key": lambda s: _fm_replace(
        s.text, "mood", f"mood: {_fm_get(s.text, 'mood')}\nmood: calm"
    ),
    "mood-off": lambda s: _fm_replace(s.text, "mood", "mood: off"),
    "missing-field": lambda s: _fm_replace(s.text, "mood", None),
    "extra-field": lambda s: _fm_replace(
        s.text, "mood", f"mood: {_fm_get(s.text, 'mood')}\nweather: sunny"
    ),
    "schema-version": lambda s: _fm_replace(s.text, "schema_version", "schema_version: 2"),
    "date-mismatch": _date_mismatch,
    "footer-stale": _footer_stale,
    "second-frontmatter": _second_frontmatter,
    "non-utf8-summary": _non_utf8,
    "non-utf8-note": _non_utf8,
    "spine-missing": lambda s: set_managed_line(s.text, SPINE_LINE, None),
    "spine-wrong": _spine_wrong,
    "wikilink-unsafe": lambda s: (
        s.text.rstrip("\n") + "\n\nSee [[Ops: Runbook|runbook]] before the next deploy.\n"
    ),
    "wrong-field": lambda s: _fm_replace(s.text, "projects", "projects: [Docker]"),
    "uncategorized-known": _uncategorized_known,
    "related-future": lambda s: _fm_replace(
        s.text, "related_dates", f"related_dates: [{s.days[s.index + 1].isoformat()}]"
    ),
    "key-order": _key_order,
    "bom": lambda s: "\ufeff" + s.text,
    "crlf": lambda s: s.text.replace("\n", "\r\n"),
    "parent-missing": lambda s: set_managed_line(s.text, PARENT_LINE, None),
}
