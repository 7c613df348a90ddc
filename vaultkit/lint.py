"""Lint: check vault files against the summary schema, the vocabulary and Obsidian's rules; fix what is safe.

One pass reads each file once and parses its YAML once (libyaml composes the node tree, which gives
line numbers, duplicate keys and YAML 1.1 coercions; the same nodes are then constructed). Checks
and fixes come from the same computation: a check that reports a fixable problem also records the
value or the body edit that repairs it, so `--fix` then lint is clean and a second `--fix` changes
no byte. Cross-file checks (property types, name collisions) are counting passes, never pairwise.

Decisions worth knowing:
- "Future" related dates are judged against the summary's own date (lint has no --as-of): a
  related date is found among earlier days at sync time, so any later one is wrong.
- An unknown term under `tags` moves to `uncategorized.technologies` (tags hold technologies and
  libraries; which of the two it is cannot be known).
- With PATHS, the property-type vote counts only the files checked; names and days come from the
  whole vault (a scan of names, no file is opened).
"""

from __future__ import annotations

import bisect
import difflib
import json
import os
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from vaultkit.config import Config
from vaultkit.document import decode, split_frontmatter, top_level_keys
from vaultkit.errors import FileFormatError, UsageError
from vaultkit.links import (
    FOOTER_PREFIX,
    LINK_UNSAFE,
    PARENT_LINE,
    SPINE_LINE,
    find_wikilinks,
    parent_line,
    set_managed_line,
    spine_line,
    wikilink,
)
from vaultkit.model import Problem
from vaultkit.render import yaml_list, yaml_scalar
from vaultkit.rules import rule_named
from vaultkit.storage import digest, write_atomic
from vaultkit.summary import MARKER, SUMMARY_KEYS, UNCATEGORIZED_KEYS, add_marker, read_marker
from vaultkit.vault import (
    DATE_PATTERN,
    INDEX_NAME,
    SUMMARY_NAME,
    VaultFiles,
    parse_date,
    scan,
    scan_archive,
)
from vaultkit.vocabulary import Vocabulary, tag_of, term_key, unique

try:  # libyaml, as in vaultkit.document
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_STR = "tag:yaml.org,2002:str"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
# What YAML 1.2 (Obsidian) reads the same way as PyYAML's YAML 1.1; anything else is a coercion.
_YAML12_BOOL = {"true", "True", "TRUE", "false", "False", "FALSE"}
_OTHER_BREAKS = re.compile("[\r\x85\u2028\u2029]")
_SUSPECT_TAGS = frozenset({_BOOL, _INT, _FLOAT, _TIMESTAMP})
_YAML12_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)|0x[0-9a-fA-F]+")
_DATE_LIKE = re.compile(DATE_PATTERN)
_LINK_FAST = re.compile(r"\[\[([^\[\]\n]*?)\]\]")
_DATE_LINK = re.compile(
    r"(!?)\[\[\s*(" + DATE_PATTERN + r")\s*(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]"
)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_FIRST_LINE = 2  # the frontmatter's first line in the file (after the opening `---`)
_LIST_TYPES = {"multitext", "tags", "aliases", "cssclasses"}
_TERM_KINDS = ("projects", "technologies", "libraries")


# --------------------------------------------------------------------------------------- reports


@dataclass(frozen=True)
class LintReport:
    """What lint found: how many files it read and every problem, sorted by path and line."""

    files_checked: int
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.severity == "warning")

    @property
    def fixable(self) -> int:
        return sum(1 for p in self.problems if p.fixable)

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit lint --format json` object."""
        return {
            "files_checked": self.files_checked,
            "problems": [p.as_dict() for p in self.problems],
        }


@dataclass(frozen=True)
class FileChange:
    """One file `--fix` rewrote (or would rewrite): its path, the rules repaired, a unified diff."""

    path: str
    rules: tuple[str, ...]
    diff: str


@dataclass(frozen=True)
class FixReport:
    """What `--fix` changed, and the lint report of the vault as it is after the fix."""

    changed: tuple[FileChange, ...]
    remaining: LintReport
    dry_run: bool = False


# --------------------------------------------------------------------------------------- context


@dataclass(frozen=True)
class _Context:
    """What a file's checks need to know about the rest of the vault."""

    vocabulary: Vocabulary
    known_days: Collection[date] = frozenset()
    daily_days: Sequence[date] = ()  # sorted: local and archived daily notes
    property_types: dict[str, str] = field(default_factory=dict)
    _terms: dict[str, tuple[str, str] | None] = field(default_factory=dict)
    _people: dict[str, str] = field(default_factory=dict)

    def lookup(self, term: str) -> tuple[str, str] | None:
        """Vocabulary.lookup, memoized: the same terms recur in thousands of summaries."""
        try:
            return self._terms[term]
        except KeyError:
            found = self._terms[term] = self.vocabulary.lookup(term)
            return found

    def person(self, name: str) -> str:
        try:
            return self._people[name]
        except KeyError:
            canonical = self._people[name] = self.vocabulary.person(name)
            return canonical

    def previous_day(self, day: date) -> date | None:
        i = bisect.bisect_left(self.daily_days, day)
        return self.daily_days[i - 1] if i > 0 else None


@dataclass(frozen=True)
class _Entry:
    path: Path
    rel: str
    kind: str  # daily, summary, transcript, index, stray, note
    day: date | None = None


def _context(config: Config, found: VaultFiles) -> _Context:
    archived = scan_archive(config.archive_dir) if config.archive_dir.is_dir() else {}
    daily = sorted(set(found.daily) | set(archived))
    known = frozenset(daily) | frozenset(found.summaries)
    vocabulary = Vocabulary(config.vocabulary, config.people)
    return _Context(vocabulary, known, daily, _property_types(config))


def _property_types(config: Config) -> dict[str, str]:
    """Obsidian's property types: vaultkit's own, overridden by the vault's `.obsidian/types.json`."""
    from vaultkit.workspace import OBSIDIAN_TYPES

    types = dict(OBSIDIAN_TYPES["types"])
    try:
        data = json.loads((config.vault_dir / ".obsidian" / "types.json").read_text("utf-8"))
        vault_types = data.get("types") if isinstance(data, dict) else None
        if isinstance(vault_types, dict):
            types.update({k: v for k, v in vault_types.items() if isinstance(v, str)})
    except (OSError, ValueError):
        pass  # no types.json, or one Obsidian will rewrite anyway
    return types


def _entries(config: Config, found: VaultFiles) -> list[_Entry]:
    prefix = len(str(config.vault_dir)) + 1
    slash = os.sep != "/"

    def entry(path: Path, kind: str, day: date | None = None) -> _Entry:
        rel = str(path)[prefix:]  # every scanned path lies below the vault folder
        return _Entry(path, rel.replace(os.sep, "/") if slash else rel, kind, day)

    entries = [entry(p, "daily", d) for d, p in found.daily.items()]
    entries += [entry(p, "summary", d) for d, p in found.summaries.items()]
    entries += [entry(p, "transcript", d) for d, ps in found.transcripts.items() for p in ps]
    entries += [entry(p, "stray") for p in found.strays]
    if config.index_file.is_file():
        entries.append(entry(config.index_file, "index"))
    entries.sort(key=lambda e: e.rel)
    return entries


def _select(config: Config, entries: list[_Entry], paths: Sequence[Path | str]) -> list[_Entry]:
    """The entries below the given files or folders; a path outside the vault is a usage error."""
    vault = config.vault_dir.resolve()
    by_rel = {e.rel: e for e in entries}
    chosen: dict[str, _Entry] = {}
    for given in paths:
        path = Path(given).resolve()
        try:
            rel = path.relative_to(vault).as_posix()
        except ValueError:
            raise UsageError(f"{given}: not inside the vault {config.vault_dir}") from None
        if path.is_dir():
            prefix = "" if rel == "." else rel + "/"
            chosen.update((e.rel, e) for e in entries if e.rel.startswith(prefix))
        elif path.is_file():
            if not path.name.endswith(".md"):
                raise UsageError(f"{given}: not a markdown file")
            chosen[rel] = by_rel.get(rel) or _Entry(config.vault_dir / rel, rel, "note")
        else:
            raise UsageError(f"{given}: no such file or folder")
    return sorted(chosen.values(), key=lambda e: e.rel)


# ----------------------------------------------------------------------------------- public API


def lint_vault(config: Config, paths: Sequence[Path | str] | None = None) -> LintReport:
    """Check the vault's memory files (or only those below PATHS); never raises on file content."""
    found = scan(config)
    ctx = _context(config, found)
    entries = _entries(config, found)
    selected = _select(config, entries, paths) if paths else entries
    results = [_check_entry(e, _read(e.path), ctx, fix=False) for e in selected]
    return _report(results, entries, selected)


def fix_vault(
    config: Config, paths: Sequence[Path | str] | None = None, dry_run: bool = False
) -> FixReport:
    """Apply every safe fix atomically (or, dry run, only compute the diffs); returns what changed."""
    found = scan(config)
    ctx = _context(config, found)
    entries = _entries(config, found)
    selected = _select(config, entries, paths) if paths else entries
    results: list[_Result] = []
    changes: list[FileChange] = []
    for entry in selected:
        data = _read(entry.path)
        result = _check_entry(entry, data, ctx, fix=True)
        if result.fixed is not None and isinstance(data, bytes):
            new = result.fixed.encode("utf-8")
            if new != data:
                rules = tuple(sorted({p.rule for p in result.problems if p.fixable}))
                changes.append(FileChange(entry.rel, rules, _diff(entry.rel, data, result.fixed)))
                if not dry_run:
                    write_atomic(entry.path, result.fixed, expected=digest(data))
                result = _check_entry(entry, new, ctx, fix=False)
        results.append(result)
    return FixReport(tuple(changes), _report(results, entries, selected), dry_run)


def check_summary_text(
    path: Path | str,
    text: str | bytes,
    vocabulary: Vocabulary,
    known_days: Collection[date] = frozenset(),
) -> list[Problem]:
    """The problems of one summary file's content, without scanning the vault (for sync/reconcile).

    `known_days` are the days that have a note (for related_dates); the file name gives the day.
    """
    name = Path(path).name
    match = SUMMARY_NAME.match(name)
    rel = path.as_posix() if isinstance(path, Path) else path
    entry = _Entry(Path(path), rel, "summary", parse_date(match.group(1)) if match else None)
    data = text.encode("utf-8") if isinstance(text, str) else text
    ctx = _Context(vocabulary, known_days)
    return sorted(_check_entry(entry, data, ctx, fix=False).problems, key=_order)


def fix_summary_text(
    path: Path | str,
    text: str | bytes,
    vocabulary: Vocabulary,
    known_days: Collection[date] = frozenset(),
) -> str | None:
    """One summary's text with every safe fix applied, or None when the file cannot be fixed."""
    name = Path(path).name
    match = SUMMARY_NAME.match(name)
    rel = path.as_posix() if isinstance(path, Path) else path
    entry = _Entry(Path(path), rel, "summary", parse_date(match.group(1)) if match else None)
    data = text.encode("utf-8") if isinstance(text, str) else text
    return _check_entry(entry, data, _Context(vocabulary, known_days), fix=True).fixed


def _read(path: Path) -> bytes | OSError:
    try:
        return path.read_bytes()
    except OSError as exc:
        return exc


def _diff(rel: str, old: bytes, new: str) -> str:
    before = old.decode("utf-8", errors="replace").replace("\r\n", "\n").lstrip("\ufeff")
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"a/{rel}",
        tofile=f"b/{rel}",
    )
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    if not text:  # only the BOM or the line endings changed
        text = f"--- a/{rel}\n+++ b/{rel}\n(byte order mark or line endings only)\n"
    return text


def _order(problem: Problem) -> tuple[str, int, str]:
    return (problem.path, problem.line or 0, problem.rule)


# ------------------------------------------------------------------------------ cross-file checks


def _report(results: list[_Result], entries: list[_Entry], selected: list[_Entry]) -> LintReport:
    problems = [p for r in results for p in r.problems]
    problems += _name_collisions(entries, {e.rel for e in selected})
    problems += _property_type_problems(results)
    return LintReport(len(selected), tuple(sorted(problems, key=_order)))


def _name_collisions(entries: list[_Entry], selected: set[str]) -> list[Problem]:
    """Notes in one folder whose names differ only in case: one file on macOS and Windows.

    Equal names in different folders are fine (transcripts of different days share names);
    Obsidian tells them apart by path.
    """
    groups: dict[tuple[str, str], list[_Entry]] = defaultdict(list)
    for entry in entries:
        folder, _, name = entry.rel.rpartition("/")
        groups[(folder, name.casefold())].append(entry)
    problems = []
    for group in groups.values():
        if len(group) < 2:
            continue
        for entry in group:
            if entry.rel in selected:
                others = ", ".join(e.path.name for e in group if e is not entry)
                message = f"name differs only in case from {others} in the same folder"
                problems.append(_problem("name-collision", entry.rel, None, message))
    return problems


def _property_type_problems(results: list[_Result]) -> list[Problem]:
    """A property whose type differs from its declared type, or from most files that have it."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        for key, kind, _ in result.props:
            votes[key][kind] += 1
    problems = []
    for result in results:
        for key, kind, line in result.props:
            declared = result.declared.get(key)
            if declared is not None:
                expected = _category_of_type(declared)
                if expected is None or _fits(kind, expected):
                    continue
                where = "declared in .obsidian/types.json"
            else:
                counts = votes[key]
                expected = max(sorted(counts), key=lambda k: counts[k])
                if _fits(kind, expected):
                    continue
                where = f"in {counts[expected]} other file(s)"
            problems.append(
                _problem(
                    "property-type",
                    result.rel,
                    line,
                    f"property {key!r} is {kind} here but {expected} {where}",
                )
            )
    return problems


def _category_of_type(obsidian_type: str) -> str | None:
    if obsidian_type in _LIST_TYPES:
        return "list"
    if obsidian_type in ("text", "number", "checkbox", "date", "datetime"):
        return obsidian_type
    return None


def _category(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "checkbox"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, datetime):
        return "datetime"
    if isinstance(value, date):
        return "date"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, str) and parse_date(value.strip()) is not None:
        return "date"
    return "text"


def _fits(kind: str, expected: str) -> bool:
    """Whether Obsidian shows a value of `kind` in a property of type `expected` without a warning."""
    return (
        kind == expected
        or (expected == "text" and kind == "date")
        or (expected == "list" and kind in ("text", "date"))
        or (expected == "datetime" and kind == "date")
    )


# ---------------------------------------------------------------------------------- one file


@dataclass
class _Result:
    rel: str
    problems: list[Problem]
    fixed: str | None = None
    props: list[tuple[str, str, int]] = field(default_factory=list)
    declared: dict[str, str] = field(default_factory=dict)


def _problem(
    name: str, rel: str, line: int | None, message: str, fixable: bool | None = None
) -> Problem:
    rule = rule_named(name)
    return Problem(
        rel, line, rule.id, rule.severity, message, rule.fixable if fixable is None else fixable
    )


class _Findings:
    """Collects one file's problems."""

    def __init__(self, rel: str) -> None:
        self.rel = rel
        self.problems: list[Problem] = []

    def add(self, name: str, line: int | None, message: str, fixable: bool | None = None) -> None:
        self.problems.append(_problem(name, self.rel, line, message, fixable))


def _check_entry(entry: _Entry, data: bytes | OSError, ctx: _Context, fix: bool) -> _Result:
    """Every check of one file; with `fix`, also the fixed text (None when nothing to write)."""
    if isinstance(data, OSError):
        reason = data.strerror or str(data)
        return _Result(
            entry.rel, [_problem("unreadable", entry.rel, None, f"cannot read: {reason}")]
        )
    try:
        return _check_bytes(entry, data, ctx, fix)
    except RecursionError:
        message = "frontmatter nests too deeply to read"
        return _Result(entry.rel, [_problem("yaml-syntax", entry.rel, None, message)])


def _check_bytes(entry: _Entry, data: bytes, ctx: _Context, fix: bool) -> _Result:
    found = _Findings(entry.rel)
    try:
        text, had_bom, had_crlf = decode(data, entry.path)
    except FileFormatError as exc:
        found.add("encoding", exc.line, exc.message)
        return _Result(entry.rel, found.problems)
    if had_bom:
        text = text.lstrip("\ufeff")  # a doubled BOM is still a BOM, not content
        found.add("byte-order-mark", 1, "starts with a byte order mark (BOM)")
    if had_crlf:
        found.add("crlf-line-endings", 1, "uses CRLF line endings")
    if entry.kind == "stray":
        found.add("file-name", None, _stray_message(entry))

    fm, body, body_line = split_frontmatter(text)
    front = _Front.parse(fm, found) if fm is not None else None
    if fm is None and text.startswith("---\n"):
        found.add("frontmatter-shape", 1, "frontmatter opened with `---` is never closed")
    _check_second_block(body, body_line, found)

    plan = _Plan()
    if entry.kind == "summary":
        _check_summary(entry, front, body, body_line, ctx, found, plan)
    else:
        if front is not None:
            _check_generic_front(front, found, plan)
        _check_links(body, body_line, found, dates=False)
        if entry.kind == "daily" and entry.day is not None:
            previous = ctx.previous_day(entry.day)
            expected = spine_line(previous) if previous else None
            _check_managed(body, body_line, SPINE_LINE, expected, "spine-link", found, plan)
        elif entry.kind == "transcript" and entry.day is not None:
            expected = parent_line(entry.day)
            _check_managed(body, body_line, PARENT_LINE, expected, "parent-link", found, plan)

    result = _Result(entry.rel, found.problems)
    if front is not None and isinstance(front.data, dict):
        skip = set(SUMMARY_KEYS) if entry.kind == "summary" else set()
        for key, line in front.key_lines:
            kind = _category(front.data.get(key))
            if kind is not None and key not in skip:
                result.props.append((key, kind, line))
        result.declared = ctx.property_types
    if fix and (plan or had_bom or had_crlf):
        fixed = plan.apply(text, front, entry.kind)
        result.fixed = fixed
    return result


def _stray_message(entry: _Entry) -> str:
    name = entry.path.name
    parts = entry.rel.split("/")
    if name.endswith(".summary.md"):
        return (
            "summary file names are YYYY-MM-DD.summary.md with a real date, in the summaries folder"
        )
    if re.fullmatch(DATE_PATTERN + r"\.md", name):
        return f"{name[:-3]} is not a real date, or the daily note is not directly in the memory folder"
    if "chats" in parts:
        return "a transcript's file name or folder must hold its date (YYYY-MM-DD)"
    return f"unexpected file in the memory folders (daily notes are YYYY-MM-DD.md; {INDEX_NAME} is generated)"


def _check_second_block(body: str, body_line: int, found: _Findings) -> None:
    """A `---` block of `key: value` lines right after the frontmatter: Obsidian shows it as text."""
    stripped = body.lstrip("\n")
    if not stripped.startswith("---\n"):
        return
    end = stripped.find("\n---", 3)
    inner = stripped[4 : end + 1] if end >= 0 else ""
    if inner and top_level_keys(inner):
        line = body_line + (len(body) - len(stripped))
        found.add("second-frontmatter", line, "a second frontmatter block; merge it into the first")


def _check_links(body: str, body_line: int, found: _Findings, dates: bool) -> list[int]:
    """Report unlinkable targets (and, for summaries, date links); returns body offsets of date links."""
    suspicious = False
    for match in _LINK_FAST.finditer(body):
        target = match.group(1).split("|", 1)[0].split("#", 1)[0].strip().rstrip("\\")
        if LINK_UNSAFE.search(target) or (dates and _DATE_LIKE.fullmatch(target)):
            suspicious = True
            break
    if not suspicious:
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
        elif dates and _DATE_LIKE.fullmatch(target):
            found.add(
                "related-date-link",
                body_line + offset,
                f"[[{target}]]: dates live in related_dates, not as wikilinks in the body",
            )
            date_lines.append(offset)
    return date_lines


def _check_managed(
    body: str,
    body_line: int,
    pattern: re.Pattern[str],
    expected: str | None,
    rule: str,
    found: _Findings,
    plan: _Plan,
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


# ------------------------------------------------------------------------------- frontmatter


class _Front:
    """Parsed frontmatter: data, the lines of each top-level key, and what YAML 1.1 coerced."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.data: Any = None
        self.ok = False  # parsed without error
        self.editable = False  # a block mapping whose keys can be rewritten one by one
        self.key_lines: list[tuple[str, int]] = []  # (key, file line), duplicates dropped
        self.spans: dict[str, tuple[int, int, int]] = {}  # key -> (start, value end, next start)
        self.coerced: dict[str, bool] = {}  # key -> whether its (coerced) value can be re-rendered
        self.coercions: list[tuple[str, int, str, str]] = []  # (top key, line, value, reads as)
        self.impossible: list[tuple[str, int, str]] = []  # (top key, line, value)
        self.nested_duplicate = False
        self.first_lines: dict[str, int] = {}

    @classmethod
    def parse(cls, text: str, found: _Findings) -> _Front:
        front = cls(text)
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                front._inspect(node, found)
            front.data = loader.construct_document(node) if node is not None else None
            front.ok = True
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = _FIRST_LINE + mark.line if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            found.add("yaml-syntax", line, f"YAML syntax: {problem}")
            front.editable = False
        except (ValueError, TypeError, OverflowError) as exc:
            found.add("yaml-syntax", None, f"YAML value cannot be read: {exc}")
            front.editable = False
        finally:
            loader.dispose()
        if front.ok and front.data is not None and not isinstance(front.data, dict):
            found.add(
                "frontmatter-shape", _FIRST_LINE, "frontmatter is not a mapping of properties"
            )
            front.editable = False
        return front

    def _inspect(self, node: Node, found: _Findings) -> None:
        if not isinstance(node, MappingNode):
            return
        seen: set[str] = set()
        starts: list[int] = []
        # YAML also breaks lines at CR, NEL and the Unicode separators; then its line numbers are
        # not ours, so the keys cannot be cut out line by line.
        editable = not node.flow_style and not _OTHER_BREAKS.search(self.text)
        for key_node, value_node in node.value:
            line = key_node.start_mark.line
            if not isinstance(key_node, ScalarNode) or key_node.value == "<<":
                editable = False
                _walk(value_node, "", self, found)
                continue
            key = key_node.value
            if key in seen:
                found.add("duplicate-key", _FIRST_LINE + line, f"key {key!r} appears twice")
                editable = False
            else:
                seen.add(key)
                self.key_lines.append((key, _FIRST_LINE + line))
                self.first_lines[key] = _FIRST_LINE + line
            if _check_scalar(key_node, key, self):  # `on:` is the key True in YAML 1.1
                self.coerced[key] = _flat(value_node)
            if (starts and line <= starts[-1]) or key_node.start_mark.column != 0:
                editable = False
            starts.append(line)
            end = value_node.end_mark
            value_end = end.line + 1 if end.column > 0 else end.line
            self.spans[key] = (line, max(value_end, line + 1), 0)
            if isinstance(value_node, ScalarNode):  # the common case, without the walk
                coerced = _check_scalar(value_node, key, self)
            elif isinstance(value_node, SequenceNode) and all(
                isinstance(item, ScalarNode) for item in value_node.value
            ):
                coerced = False
                for item in value_node.value:
                    coerced = _check_scalar(item, key, self) or coerced
            else:
                coerced = _walk(value_node, key, self, found)
            if coerced or key in self.coerced:
                self.coerced[key] = _flat(value_node)
        total = self.text.count("\n")
        keys = list(self.spans)
        for i, key in enumerate(keys):
            start, value_end, _ = self.spans[key]
            following = self.spans[keys[i + 1]][0] if i + 1 < len(keys) else total
            self.spans[key] = (start, min(value_end, following), following)
        self.editable = editable and not self.nested_duplicate

    def line_of(self, key: str) -> int:
        return self.first_lines.get(key, _FIRST_LINE)

    def rewrite(self, values: dict[str, Any], order: Sequence[str] | None = None) -> str:
        """The frontmatter with `values` re-rendered (others kept byte for byte), keys in `order`."""
        lines = self.text.split("\n")[:-1] if self.text else []
        keys = list(self.spans)
        first = self.spans[keys[0]][0] if keys else len(lines)
        out = lines[:first]
        for key in order if order is not None else keys:
            if key in self.spans:
                start, value_end, following = self.spans[key]
                if key in values:
                    out += _render_key(key, values[key])
                    out += lines[value_end:following]
                else:
                    out += lines[start:following]
            elif key in values:
                out += _render_key(key, values[key])
        for key in keys:  # never drop a key the order did not name
            if order is not None and key not in order:
                start, _, following = self.spans[key]
                out += lines[start:following]
        return "".join(line + "\n" for line in out)


def _walk(node: Node, key: str, front: _Front, found: _Findings) -> bool:
    """Find YAML 1.1 coercions and impossible dates below a value; retag them as strings.

    Returns whether any coercion was found. Retagging makes the constructed value what Obsidian
    shows (the text `off`, not false) and keeps an impossible date from raising.
    """
    coerced = False
    stack = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, MappingNode):
            keys: set[str] = set()
            for k, v in current.value:
                if isinstance(k, ScalarNode):
                    if k.value in keys and k.value != "<<":
                        line = _FIRST_LINE + k.start_mark.line
                        found.add("duplicate-key", line, f"key {key}.{k.value} appears twice")
                        front.nested_duplicate = True
                    keys.add(k.value)
                stack.append(v)
                stack.append(k)
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, ScalarNode):
            coerced = _check_scalar(current, key, front) or coerced
    return coerced


def _check_scalar(node: ScalarNode, key: str, front: _Front) -> bool:
    """Record a plain scalar YAML 1.1 reads differently, or an impossible date; retag it as text."""
    tag = node.tag
    if node.style or tag not in _SUSPECT_TAGS:
        return False
    value = node.value
    reads_as = None
    if tag == _BOOL:
        if value not in _YAML12_BOOL:
            reads_as = "true" if value.lower() in ("yes", "on") else "false"
    elif tag == _TIMESTAMP:
        if not _real_timestamp(value):
            front.impossible.append((key, _FIRST_LINE + node.start_mark.line, value))
            node.tag = _STR
        return False
    elif (tag == _INT and not _YAML12_INT.fullmatch(value)) or (
        tag == _FLOAT and ("_" in value or ":" in value)
    ):
        reads_as = "a different number"
    if reads_as is None:
        return False
    node.tag = _STR
    front.coercions.append((key, _FIRST_LINE + node.start_mark.line, value, reads_as))
    return True


def _flat(node: Node) -> bool:
    """A value vaultkit can re-render: a scalar, a list of scalars, or a mapping of those."""

    def simple(n: Node) -> bool:
        return isinstance(n, ScalarNode) or (
            isinstance(n, SequenceNode) and all(isinstance(i, ScalarNode) for i in n.value)
        )

    if isinstance(node, MappingNode):
        return all(isinstance(k, ScalarNode) and simple(v) for k, v in node.value)
    return simple(node)


def _real_timestamp(value: str) -> bool:
    if len(value) == 10:
        try:
            date.fromisoformat(value)
        except ValueError:
            return False
        return True
    try:
        _Loader("").construct_yaml_timestamp(ScalarNode(_TIMESTAMP, value))
    except (ValueError, OverflowError, TypeError):
        return False
    return True


def _render_key(key: str, value: Any) -> list[str]:
    name = yaml_scalar(key)
    if isinstance(value, dict):
        return [f"{name}:"] + [f"  {yaml_scalar(k)}: {_inline(v)}" for k, v in value.items()]
    inline = _inline(value)
    return [f"{name}: {inline}" if inline else f"{name}:"]


def _inline(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return yaml_list(value)
    return yaml_scalar(value)


def _check_generic_front(front: _Front, found: _Findings, plan: _Plan) -> None:
    """Frontmatter rules for any note: impossible dates, coercions to quote, tags to repair."""
    for _, line, value in front.impossible:
        found.add("impossible-date", line, f"{value} is not a real date")
    _mark_coercions(front, found, plan)
    data = front.data
    if not isinstance(data, dict) or "tags" not in data:
        return
    raw = data["tags"]
    items = raw if isinstance(raw, list) else _split_tags(raw)
    if items is None or not all(
        isinstance(t, str | int) and not isinstance(t, bool) for t in items
    ):
        return
    bad = [str(t) for t in items if tag_of(str(t)) != str(t)]
    if not bad:
        return
    line = front.line_of("tags")
    fixed = list(unique(t for t in (tag_of(str(t)) for t in items) if t))
    for tag in bad:
        repaired = tag_of(tag)
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


def _mark_coercions(front: _Front, found: _Findings, plan: _Plan) -> None:
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


# ---------------------------------------------------------------------------------- fix plan


@dataclass
class _Plan:
    """The edits that repair a file's fixable problems."""

    values: dict[str, Any] = field(default_factory=dict)  # frontmatter keys to re-render
    order: list[str] | None = None  # canonical key order, when it must change
    managed: tuple[re.Pattern[str], str | None] | None = None  # spine or parent line
    unlink_lines: list[int] = field(default_factory=list)  # body offsets holding date links
    footer: str | None = None  # the footer line the body should carry ("" for none)

    def __bool__(self) -> bool:
        return bool(
            self.values
            or self.order
            or self.managed
            or self.unlink_lines
            or self.footer is not None
        )

    def apply(self, text: str, front: _Front | None, kind: str) -> str:
        """The fixed text (LF, no BOM); only the managed parts change."""
        frontmatter, body, _ = split_frontmatter(text)
        head = text[: len(text) - len(body)] if frontmatter is not None else ""
        if front is not None and (self.values or self.order):
            head = "---\n" + front.rewrite(self.values, self.order) + "---\n"
        if kind == "summary":
            return self._summary(text, head, body)
        out = head + body
        if self.managed is not None:
            pattern, line = self.managed
            if line is None or len(pattern.findall(body)) > 1:
                while pattern.search(split_frontmatter(out)[1]):
                    out = set_managed_line(out, pattern, None)
            if line is not None:
                out = set_managed_line(out, pattern, line)
        return out

    def _summary(self, text: str, head: str, body: str) -> str:
        """A summary's new text; a pristine marker is re-added so the file stays pristine."""
        marker = read_marker(text)
        tail = ""
        matches = list(MARKER.finditer(body))
        if matches and not body[matches[-1].end() :].strip():
            tail = body[matches[-1].start() :]
            body = body[: matches[-1].start()]
        if self.unlink_lines:
            body = _unlink_dates(body, set(self.unlink_lines))
        if self.footer is not None:
            body = _set_footer(body, self.footer)
        if marker is not None and marker.pristine:
            return add_marker(head + body, marker.source)
        return head + body + tail


def _unlink_dates(body: str, offsets: set[int]) -> str:
    """Date wikilinks on the given lines become plain text (their alias, else the date)."""
    lines = body.split("\n")
    for offset in offsets:
        line = lines[offset]
        pieces, last = [], 0
        for span in _CODE_SPAN.finditer(line):
            pieces.append(_DATE_LINK.sub(_plain, line[last : span.start()]))
            pieces.append(span.group(0))
            last = span.end()
        pieces.append(_DATE_LINK.sub(_plain, line[last:]))
        lines[offset] = "".join(pieces)
    return "\n".join(lines)


def _plain(match: re.Match[str]) -> str:
    return (match.group(4) or match.group(2)).strip() or match.group(2)


def _footer_index(lines: list[str]) -> int | None:
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(FOOTER_PREFIX):
            return i
    return None


def _set_footer(body: str, footer: str) -> str:
    """Replace, add or remove the links footer line (and its `---` rule), as the template writes it."""
    lines = body.split("\n")
    at = _footer_index(lines)
    if footer:
        if at is not None:
            lines[at] = footer
            return "\n".join(lines)
        core = body.rstrip("\n")
        return (core + "\n\n" if core else "") + "---\n" + footer + "\n"
    if at is None:
        return body
    start = at
    j = at - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j >= 0 and lines[j].strip() == "---":
        start = j
        while start > 0 and not lines[start - 1].strip():
            start -= 1
    rest = lines[at + 1 :]
    kept = lines[:start] + rest
    out = "\n".join(kept)
    if not rest or not "".join(rest).strip():
        out = out.rstrip("\n") + "\n" if out.strip() else ""
    return out


# ------------------------------------------------------------------------------------ summaries


def _check_summary(
    entry: _Entry,
    front: _Front | None,
    body: str,
    body_line: int,
    ctx: _Context,
    found: _Findings,
    plan: _Plan,
) -> None:
    if front is None:
        found.add("frontmatter-shape", 1, "a summary needs YAML frontmatter")
        _check_links(body, body_line, found, dates=True)
        return
    date_lines = _check_links(body, body_line, found, dates=True)
    plan.unlink_lines = date_lines
    if not front.ok or not isinstance(front.data, dict | None):
        return
    data: dict[Any, Any] = front.data or {}
    for key, line, value in front.impossible:
        if key not in ("date", "related_dates"):
            found.add("impossible-date", line, f"{key}: {value} is not a real date")
    _mark_coercions(front, found, plan)
    editable = front.editable

    for key in SUMMARY_KEYS:
        if key not in data:
            found.add("missing-field", _FIRST_LINE, f"required field {key!r} is missing")
    for key in data:
        if key not in SUMMARY_KEYS:
            line = front.line_of(str(key))
            found.add("extra-field", line, f"{key!r} is not a summary field (kept as is)")

    version = data.get("schema_version")
    if "schema_version" in data:
        line = front.line_of("schema_version")
        if type(version) is not int:
            found.add("wrong-type", line, f"schema_version: expected an integer, got {version!r}")
        elif version != 1:
            found.add(
                "schema-version", line, f"schema_version {version} is not supported (expected 1)"
            )

    own = _check_summary_date(entry, data, front, found)

    if "importance" in data:
        value = data["importance"]
        if type(value) is not int or not 1 <= value <= 10:
            found.add(
                "importance",
                front.line_of("importance"),
                f"importance: expected an integer from 1 to 10, got {value!r}",
            )
    if "mood" in data and not isinstance(data["mood"], str):
        found.add("wrong-type", front.line_of("mood"), f"mood: expected text, got {data['mood']!r}")

    terms = _check_terms(data, front, ctx, found, editable)
    if terms is not None:
        plan.values.update(terms.changed)
        people, projects = terms.people, terms.projects
        _check_footer(body, body_line, people, projects, found, plan)

    related = _check_related(data, front, own, ctx.known_days, found, editable)
    if related is not None:
        plan.values["related_dates"] = related

    present = list(front.spans)
    canonical = [k for k in SUMMARY_KEYS if k in front.spans or k in plan.values]
    canonical += [k for k in present if k not in SUMMARY_KEYS]
    if present != [k for k in canonical if k in front.spans]:
        found.add("key-order", _FIRST_LINE, "keys are not in the canonical order", editable)
        if editable:
            plan.order = canonical
    elif plan.values:
        plan.order = canonical
    if not editable:
        plan.values.clear()
        plan.order = None


def _check_summary_date(
    entry: _Entry, data: dict[Any, Any], front: _Front, found: _Findings
) -> date | None:
    if "date" not in data:
        return entry.day
    value = data["date"]
    line = front.line_of("date")
    day: date | None = None
    if isinstance(value, datetime):
        found.add("wrong-type", line, f"date: expected a day YYYY-MM-DD, got a time {value}")
    elif isinstance(value, date):
        day = value
    elif isinstance(value, str) and _DATE_LIKE.fullmatch(value.strip()):
        day = parse_date(value.strip())
        if day is None:
            found.add("impossible-date", line, f"date: {value.strip()} is not a real date")
    else:
        found.add("wrong-type", line, f"date: expected YYYY-MM-DD, got {value!r}")
    if day is not None and entry.day is not None and day != entry.day:
        found.add(
            "date-mismatch", line, f"date {day} differs from the file name's date {entry.day}"
        )
    return day or entry.day


@dataclass
class _Terms:
    people: list[str]
    projects: list[str]
    changed: dict[str, Any]


def _string_list(value: Any, name: str, line: int, found: _Findings) -> list[str] | None:
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
    return value


def _check_terms(
    data: dict[Any, Any], front: _Front, vocab: _Context, found: _Findings, editable: bool
) -> _Terms | None:
    """people, projects, tags and uncategorized against the vocabulary; returns the fixed values."""
    people = _string_list(data.get("people"), "people", front.line_of("people"), found)
    projects = _string_list(data.get("projects"), "projects", front.line_of("projects"), found)
    tags = _string_list(data.get("tags"), "tags", front.line_of("tags"), found)
    raw_unc = data.get("uncategorized")
    unc: dict[str, list[str]] | None = {}
    if raw_unc is not None and not isinstance(raw_unc, dict):
        found.add(
            "wrong-type",
            front.line_of("uncategorized"),
            f"uncategorized: expected a mapping of lists, got {raw_unc!r}",
        )
        unc = None
    elif isinstance(raw_unc, dict):
        for sub in raw_unc:
            if sub not in UNCATEGORIZED_KEYS:
                found.add(
                    "extra-field",
                    front.line_of("uncategorized"),
                    f"uncategorized.{sub} is not a summary field",
                )
                unc = None
        if "uncategorized" in data:
            for sub in UNCATEGORIZED_KEYS:
                if sub not in raw_unc:
                    found.add(
                        "missing-field",
                        front.line_of("uncategorized"),
                        f"required field 'uncategorized.{sub}' is missing",
                    )
        for sub in UNCATEGORIZED_KEYS:
            items = _string_list(
                raw_unc.get(sub), f"uncategorized.{sub}", front.line_of("uncategorized"), found
            )
            if items is None:
                unc = None
            elif unc is not None:
                unc[sub] = items
    if people is None or projects is None or tags is None:
        return None
    can_move = editable and unc is not None
    line = front.line_of

    new_people = []
    for name in people:
        canonical = vocab.person(name)
        if canonical != name:
            found.add(
                "alias-term", line("people"), f"people: {name!r} is written {canonical!r}", editable
            )
        new_people.append(canonical)

    new_projects: list[str] = []
    new_tags: list[str] = []
    moved: dict[str, list[str]] = {k: [] for k in UNCATEGORIZED_KEYS}
    for term in projects:
        entry = vocab.lookup(term)
        if entry is None:
            found.add(
                "unknown-term",
                line("projects"),
                f"projects: {term!r} is not in the vocabulary; it belongs in uncategorized.projects",
                can_move,
            )
            moved["projects"].append(term)
        elif entry[0] == "projects":
            if entry[1] != term:
                found.add(
                    "alias-term",
                    line("projects"),
                    f"projects: {term!r} is written {entry[1]!r}",
                    editable,
                )
            new_projects.append(entry[1])
        else:
            found.add(
                "wrong-field",
                line("projects"),
                f"projects: {term!r} is one of the {entry[0]}; it belongs in tags as {tag_of(entry[1])!r}",
                editable,
            )
            new_tags.append(tag_of(entry[1]))
    for tag in tags:
        bare = tag.strip().lstrip("#").strip()
        entry = vocab.lookup(bare) if bare else None
        if entry is None:
            found.add(
                "unknown-term",
                line("tags"),
                f"tags: {tag!r} is not in the vocabulary; it belongs in uncategorized.technologies",
                can_move,
            )
            if bare:
                moved["technologies"].append(bare)
        elif entry[0] == "projects":
            found.add(
                "wrong-field",
                line("tags"),
                f"tags: {tag!r} is a project; it belongs in projects as {entry[1]!r}",
                editable,
            )
            new_projects.append(entry[1])
        else:
            canonical = tag_of(entry[1])
            if canonical != tag:
                rule = "invalid-tag" if tag_of(tag) != tag else "alias-term"
                found.add(rule, line("tags"), f"tags: {tag!r} is written {canonical!r}", editable)
            new_tags.append(canonical)
    new_unc: dict[str, list[str]] = {}
    for sub in UNCATEGORIZED_KEYS:
        kept = []
        for term in (unc or {}).get(sub, []):
            entry = vocab.lookup(term)
            if entry is None or unc is None:
                kept.append(term)
                continue
            target = "projects" if entry[0] == "projects" else "tags"
            canonical = entry[1] if target == "projects" else tag_of(entry[1])
            found.add(
                "uncategorized-known",
                line("uncategorized"),
                f"uncategorized.{sub}: {term!r} is in the vocabulary now; it belongs in {target} as {canonical!r}",
                editable,
            )
            (new_projects if target == "projects" else new_tags).append(canonical)
        new_unc[sub] = kept + moved[sub]

    for key, raw in (("people", people), ("projects", projects), ("tags", tags)):
        _report_duplicates(key, raw, line(key), found, editable)
    if unc is not None:
        for sub in UNCATEGORIZED_KEYS:
            _report_duplicates(
                f"uncategorized.{sub}", unc.get(sub, []), line("uncategorized"), found, editable
            )

    fixed_people = list(unique(new_people))
    fixed_projects = list(unique(new_projects))
    fixed_tags = list(unique(new_tags))
    changed: dict[str, Any] = {}
    if fixed_people != people:
        changed["people"] = fixed_people
    if can_move:
        if fixed_projects != projects:
            changed["projects"] = fixed_projects
        if fixed_tags != tags:
            changed["tags"] = fixed_tags
        fixed_unc = {sub: list(unique(new_unc[sub])) for sub in UNCATEGORIZED_KEYS}
        if fixed_unc != {sub: (unc or {}).get(sub, []) for sub in UNCATEGORIZED_KEYS} or (
            any(moved.values()) and "uncategorized" not in data
        ):
            changed["uncategorized"] = fixed_unc
        return _Terms(fixed_people, fixed_projects, changed)
    # Without a safe uncategorized to move into, unknown terms stay where they are.
    keep_projects = list(unique([*new_projects, *moved["projects"]]))
    keep_tags = list(
        unique([*new_tags, *(t for t in tags if vocab.lookup(t.strip().lstrip("#")) is None)])
    )
    if editable and keep_projects != projects:
        changed["projects"] = keep_projects
    if editable and keep_tags != tags:
        changed["tags"] = keep_tags
    return _Terms(fixed_people, keep_projects, changed)


def _report_duplicates(
    key: str, items: list[str], line: int, found: _Findings, editable: bool
) -> None:
    seen: set[str] = set()
    for item in items:
        k = term_key(item)
        if k in seen:
            found.add("duplicate-item", line, f"{key}: {item!r} is listed twice", editable)
        seen.add(k)


def _check_footer(
    body: str,
    body_line: int,
    people: list[str],
    projects: list[str],
    found: _Findings,
    plan: _Plan,
) -> None:
    links = [wikilink(name) for name in (*people, *projects)]
    expected = f"{FOOTER_PREFIX} {' · '.join(links)}" if links else ""
    core = MARKER.sub("", body)
    lines = core.split("\n")
    at = _footer_index(lines)
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


def _check_related(
    data: dict[Any, Any],
    front: _Front,
    own: date | None,
    known_days: Collection[date],
    found: _Findings,
    editable: bool,
) -> list[Any] | None:
    """related_dates: real, known, earlier than the day itself, once each; returns the fixed list."""
    if "related_dates" not in data or data["related_dates"] is None:
        return None
    raw = data["related_dates"]
    line = front.line_of("related_dates")
    if not isinstance(raw, list):
        found.add("wrong-type", line, f"related_dates: expected a list of dates, got {raw!r}")
        return None
    kept: list[Any] = []
    seen: set[date] = set()
    changed = False
    for item in raw:
        day: date | None = None
        if isinstance(item, datetime):
            day = item.date()
        elif isinstance(item, date):
            day = item
        elif isinstance(item, str) and _DATE_LIKE.fullmatch(item.strip()):
            day = parse_date(item.strip())
            if day is None:
                found.add(
                    "related-date-missing",
                    line,
                    f"related_dates: {item.strip()} is not a real date",
                    editable,
                )
                changed = True
                continue
        if day is None:
            found.add("wrong-type", line, f"related_dates: {item!r} is not a date")
            kept.append(item)
            continue
        if own is not None and day == own:
            found.add(
                "related-date-self",
                line,
                f"related_dates: {day} is the summary's own day",
                editable,
            )
        elif own is not None and day > own:
            found.add(
                "related-date-future",
                line,
                f"related_dates: {day} is after the summary's day {own}",
                editable,
            )
        elif day not in known_days:
            found.add(
                "related-date-missing", line, f"related_dates: no note exists for {day}", editable
            )
        elif day in seen:
            found.add("duplicate-item", line, f"related_dates: {day} is listed twice", editable)
        else:
            seen.add(day)
            kept.append(item)
            continue
        changed = True
    return kept if changed and editable else None
