"""Lint and fix a vault: which files, in what order, what changed, and the final report.

With PATHS, the property-type vote counts only the files checked; names and days come from the
whole vault (a scan of names, no file is opened).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Collection, Sequence
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.lint.context import Context, Entry, vault_context
from vaultkit.lint.file_checks import check_entry
from vaultkit.lint.findings import Result
from vaultkit.lint.reports import FileChange, FixReport, LintReport
from vaultkit.lint.vault_checks import name_collisions, property_type_problems
from vaultkit.model import Problem
from vaultkit.storage import digest, write_atomic
from vaultkit.vault import SUMMARY_NAME, VaultFiles, parse_date, scan
from vaultkit.vocabulary import Vocabulary


def lint_vault(config: Config, paths: Sequence[Path | str] | None = None) -> LintReport:
    """Check the vault's memory files (or only those below PATHS); never raises on file content."""
    found = scan(config)
    ctx = vault_context(config, found)
    entries = _entries(config, found)
    selected = _select(config, entries, paths) if paths else entries
    results = [check_entry(e, _read(e.path), ctx, fix=False) for e in selected]
    return _report(results, entries, selected)


def fix_vault(
    config: Config, paths: Sequence[Path | str] | None = None, dry_run: bool = False
) -> FixReport:
    """Apply every safe fix atomically (or, dry run, only compute the diffs); returns what changed."""
    found = scan(config)
    ctx = vault_context(config, found)
    entries = _entries(config, found)
    selected = _select(config, entries, paths) if paths else entries
    results: list[Result] = []
    changes: list[FileChange] = []
    for entry in selected:
        results.append(_fix_entry(entry, ctx, changes, dry_run))
    return FixReport(tuple(changes), _report(results, entries, selected), dry_run)


def _fix_entry(entry: Entry, ctx: Context, changes: list[FileChange], dry_run: bool) -> Result:
    """Fix one file (adding its change to `changes`); returns its checks as it is afterwards."""
    data = _read(entry.path)
    result = check_entry(entry, data, ctx, fix=True)
    if result.fixed is None or not isinstance(data, bytes):
        return result
    new = result.fixed.encode("utf-8")
    if new == data:
        return result
    rules = tuple(sorted({p.rule for p in result.problems if p.fixable}))
    changes.append(FileChange(entry.rel, rules, _diff(entry.rel, data, result.fixed)))
    if not dry_run:
        write_atomic(entry.path, result.fixed, expected=digest(data))
    return check_entry(entry, new, ctx, fix=False)


def check_summary_text(
    path: Path | str,
    text: str | bytes,
    vocabulary: Vocabulary,
    known_days: Collection[date] = frozenset(),
) -> list[Problem]:
    """The problems of one summary file's content, without scanning the vault (for sync/reconcile).

    `known_days` are the days that have a note (for related_dates); the file name gives the day.
    """
    entry, data = _summary_entry(path, text)
    ctx = Context(vocabulary, known_days)
    return sorted(check_entry(entry, data, ctx, fix=False).problems, key=_order)


def fix_summary_text(
    path: Path | str,
    text: str | bytes,
    vocabulary: Vocabulary,
    known_days: Collection[date] = frozenset(),
) -> str | None:
    """One summary's text with every safe fix applied, or None when the file cannot be fixed."""
    entry, data = _summary_entry(path, text)
    return check_entry(entry, data, Context(vocabulary, known_days), fix=True).fixed


def _summary_entry(path: Path | str, text: str | bytes) -> tuple[Entry, bytes]:
    match = SUMMARY_NAME.match(Path(path).name)
    rel = path.as_posix() if isinstance(path, Path) else path
    entry = Entry(Path(path), rel, "summary", parse_date(match.group(1)) if match else None)
    return entry, text.encode("utf-8") if isinstance(text, str) else text


def _entries(config: Config, found: VaultFiles) -> list[Entry]:
    prefix = len(str(config.vault_dir)) + 1
    slash = os.sep != "/"

    def entry(path: Path, kind: str, day: date | None = None) -> Entry:
        rel = str(path)[prefix:]  # every scanned path lies below the vault folder
        return Entry(path, rel.replace(os.sep, "/") if slash else rel, kind, day)

    entries = [entry(p, "daily", d) for d, p in found.daily.items()]
    entries += [entry(p, "summary", d) for d, p in found.summaries.items()]
    entries += [entry(p, "transcript", d) for d, ps in found.transcripts.items() for p in ps]
    entries += [entry(p, "stray") for p in found.strays]
    if config.index_file.is_file():
        entries.append(entry(config.index_file, "index"))
    entries.sort(key=lambda e: e.rel)
    return entries


def _select(config: Config, entries: list[Entry], paths: Sequence[Path | str]) -> list[Entry]:
    """The entries below the given files or folders; a path outside the vault is a usage error."""
    vault = config.vault_dir.resolve()
    by_rel = {e.rel: e for e in entries}
    chosen: dict[str, Entry] = {}
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
            chosen[rel] = by_rel.get(rel) or Entry(config.vault_dir / rel, rel, "note")
        else:
            raise UsageError(f"{given}: no such file or folder")
    return sorted(chosen.values(), key=lambda e: e.rel)


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


def _report(results: list[Result], entries: list[Entry], selected: list[Entry]) -> LintReport:
    problems = [p for r in results for p in r.problems]
    problems += name_collisions(entries, {e.rel for e in selected})
    problems += property_type_problems(results)
    return LintReport(len(selected), tuple(sorted(problems, key=_order)))


def _order(problem: Problem) -> tuple[str, int, str]:
    return (problem.path, problem.line or 0, problem.rule)
