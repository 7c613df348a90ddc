"""A summary's terms against the vocabulary: people, projects, tags and `uncategorized`.

An unknown term under `tags` moves to `uncategorized.technologies` (tags hold technologies and
libraries; which of the two it is cannot be known). Without a safe `uncategorized` to move into,
unknown terms stay where they are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vaultkit.lint.context import Context
from vaultkit.lint.findings import Findings
from vaultkit.lint.frontmatter import Front
from vaultkit.pages.schema import UNCATEGORIZED_KEYS
from vaultkit.text.vocabulary import tag_of, term_key, unique


@dataclass
class Terms:
    """The people and projects the footer links, and the fixed values of the term fields."""

    people: list[str]
    projects: list[str]
    changed: dict[str, Any]


def check_terms(
    data: dict[Any, Any], front: Front, vocab: Context, found: Findings, editable: bool
) -> Terms | None:
    """people, projects, tags and uncategorized against the vocabulary; returns the fixed values."""
    people = _string_list(data.get("people"), "people", front.line_of("people"), found)
    projects = _string_list(data.get("projects"), "projects", front.line_of("projects"), found)
    tags = _string_list(data.get("tags"), "tags", front.line_of("tags"), found)
    unc = _read_uncategorized(data, front, found)
    if people is None or projects is None or tags is None:
        return None
    sorter = _Sorter(vocab, found, front.line_of, editable, editable and unc is not None)
    new_people = sorter.people(people)
    sorter.projects(projects)
    sorter.tags(tags)
    new_unc = sorter.uncategorized(unc)
    _report_all_duplicates(people, projects, tags, unc, front, found, editable)
    fixed_people = list(unique(new_people))
    changed: dict[str, Any] = {}
    if fixed_people != people:
        changed["people"] = fixed_people
    if sorter.can_move:
        fixed_projects = sorter.moved_changes(data, projects, tags, unc, new_unc, changed)
        return Terms(fixed_people, fixed_projects, changed)
    keep_projects = sorter.kept_changes(projects, tags, changed)
    return Terms(fixed_people, keep_projects, changed)


def _string_list(value: Any, name: str, line: int, found: Findings) -> list[str] | None:
    """A list-of-text field's items, or None (reported) when it is not one."""
    if value is None:
        return []
    if not isinstance(value, list):
        found.add("wrong-type", line, f"{name}: expected a list, got {value!r}")
        return None
    if name == "tags":  # a number is a tag to repair (`2026` -> `y2026`), not a wrong type
        value = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    bad = [v for v in value if not isinstance(v, str)]
    if bad:
        found.add("wrong-type", line, f"{name}: expected a list of text, holds {bad[0]!r}")
        return None
    return [str(v) for v in value]


def _read_uncategorized(
    data: dict[Any, Any], front: Front, found: Findings
) -> dict[str, list[str]] | None:
    """`uncategorized` as lists of text by sub-key, or None (reported) when it is not safe to edit."""
    raw = data.get("uncategorized")
    line = front.line_of("uncategorized")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        found.add("wrong-type", line, f"uncategorized: expected a mapping of lists, got {raw!r}")
        return None
    unc: dict[str, list[str]] | None = {}
    for sub in raw:
        if sub not in UNCATEGORIZED_KEYS:
            found.add("extra-field", line, f"uncategorized.{sub} is not a summary field")
            unc = None
    for sub in UNCATEGORIZED_KEYS:
        if sub not in raw:
            found.add("missing-field", line, f"required field 'uncategorized.{sub}' is missing")
    for sub in UNCATEGORIZED_KEYS:
        items = _string_list(raw.get(sub), f"uncategorized.{sub}", line, found)
        if items is None:
            unc = None
        elif unc is not None:
            unc[sub] = items
    return unc


class _Sorter:
    """Sends each term to the field it belongs in, reporting every term that is not there yet."""

    def __init__(
        self,
        vocab: Context,
        found: Findings,
        line: Callable[[str], int],
        editable: bool,
        can_move: bool,
    ) -> None:
        self.vocab, self.found, self.line = vocab, found, line
        self.editable, self.can_move = editable, can_move
        self.new_projects: list[str] = []
        self.new_tags: list[str] = []
        self.moved: dict[str, list[str]] = {k: [] for k in UNCATEGORIZED_KEYS}

    def people(self, names: list[str]) -> list[str]:
        new_people = []
        for name in names:
            canonical = self.vocab.person(name)
            if canonical != name:
                message = f"people: {name!r} is written {canonical!r}"
                self.found.add("alias-term", self.line("people"), message, self.editable)
            new_people.append(canonical)
        return new_people

    def projects(self, terms: list[str]) -> None:
        line = self.line("projects")
        for term in terms:
            entry = self.vocab.lookup(term)
            if entry is None:
                message = f"projects: {term!r} is not in the vocabulary; it belongs in uncategorized.projects"
                self.found.add("unknown-term", line, message, self.can_move)
                self.moved["projects"].append(term)
            elif entry[0] == "projects":
                if entry[1] != term:
                    message = f"projects: {term!r} is written {entry[1]!r}"
                    self.found.add("alias-term", line, message, self.editable)
                self.new_projects.append(entry[1])
            else:
                message = f"projects: {term!r} is one of the {entry[0]}; it belongs in tags as {tag_of(entry[1])!r}"
                self.found.add("wrong-field", line, message, self.editable)
                self.new_tags.append(tag_of(entry[1]))

    def tags(self, tags: list[str]) -> None:
        line = self.line("tags")
        for tag in tags:
            bare = tag.strip().lstrip("#").strip()
            entry = self.vocab.lookup(bare) if bare else None
            if entry is None:
                message = f"tags: {tag!r} is not in the vocabulary; it belongs in uncategorized.technologies"
                self.found.add("unknown-term", line, message, self.can_move)
                if bare:
                    self.moved["technologies"].append(bare)
            elif entry[0] == "projects":
                message = f"tags: {tag!r} is a project; it belongs in projects as {entry[1]!r}"
                self.found.add("wrong-field", line, message, self.editable)
                self.new_projects.append(entry[1])
            else:
                canonical = tag_of(entry[1])
                if canonical != tag:
                    rule = "invalid-tag" if tag_of(tag) != tag else "alias-term"
                    message = f"tags: {tag!r} is written {canonical!r}"
                    self.found.add(rule, line, message, self.editable)
                self.new_tags.append(canonical)

    def uncategorized(self, unc: dict[str, list[str]] | None) -> dict[str, list[str]]:
        """The new uncategorized lists: known terms leave, moved unknown terms arrive."""
        new_unc: dict[str, list[str]] = {}
        for sub in UNCATEGORIZED_KEYS:
            kept = []
            for term in (unc or {}).get(sub, []):
                entry = self.vocab.lookup(term)
                if entry is None or unc is None:
                    kept.append(term)
                    continue
                self._known(sub, term, entry)
            new_unc[sub] = kept + self.moved[sub]
        return new_unc

    def _known(self, sub: str, term: str, entry: tuple[str, str]) -> None:
        target = "projects" if entry[0] == "projects" else "tags"
        canonical = entry[1] if target == "projects" else tag_of(entry[1])
        message = f"uncategorized.{sub}: {term!r} is in the vocabulary now; it belongs in {target} as {canonical!r}"
        self.found.add("uncategorized-known", self.line("uncategorized"), message, self.editable)
        (self.new_projects if target == "projects" else self.new_tags).append(canonical)

    def moved_changes(
        self,
        data: dict[Any, Any],
        projects: list[str],
        tags: list[str],
        unc: dict[str, list[str]] | None,
        new_unc: dict[str, list[str]],
        changed: dict[str, Any],
    ) -> list[str]:
        """Record the fixed projects, tags and uncategorized; returns the fixed projects."""
        fixed_projects = list(unique(self.new_projects))
        fixed_tags = list(unique(self.new_tags))
        if fixed_projects != projects:
            changed["projects"] = fixed_projects
        if fixed_tags != tags:
            changed["tags"] = fixed_tags
        fixed_unc = {sub: list(unique(new_unc[sub])) for sub in UNCATEGORIZED_KEYS}
        if fixed_unc != {sub: (unc or {}).get(sub, []) for sub in UNCATEGORIZED_KEYS} or (
            any(self.moved.values()) and "uncategorized" not in data
        ):
            changed["uncategorized"] = fixed_unc
        return fixed_projects

    def kept_changes(
        self, projects: list[str], tags: list[str], changed: dict[str, Any]
    ) -> list[str]:
        """Record fixed projects and tags with unknown terms kept in place; returns the projects."""
        keep_projects = list(unique([*self.new_projects, *self.moved["projects"]]))
        unknown_tags = (t for t in tags if self.vocab.lookup(t.strip().lstrip("#")) is None)
        keep_tags = list(unique([*self.new_tags, *unknown_tags]))
        if self.editable and keep_projects != projects:
            changed["projects"] = keep_projects
        if self.editable and keep_tags != tags:
            changed["tags"] = keep_tags
        return keep_projects


def _report_all_duplicates(
    people: list[str],
    projects: list[str],
    tags: list[str],
    unc: dict[str, list[str]] | None,
    front: Front,
    found: Findings,
    editable: bool,
) -> None:
    for key, raw in (("people", people), ("projects", projects), ("tags", tags)):
        _report_duplicates(key, raw, front.line_of(key), found, editable)
    if unc is not None:
        line = front.line_of("uncategorized")
        for sub in UNCATEGORIZED_KEYS:
            _report_duplicates(f"uncategorized.{sub}", unc.get(sub, []), line, found, editable)


def _report_duplicates(
    key: str, items: list[str], line: int, found: Findings, editable: bool
) -> None:
    seen: set[str] = set()
    for item in items:
        k = term_key(item)
        if k in seen:
            found.add("duplicate-item", line, f"{key}: {item!r} is listed twice", editable)
        seen.add(k)
