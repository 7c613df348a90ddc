"""Lint and fix a vault: which files, in what order, what changed, and the final report.

With PATHS, the property-type vote counts only the files checked; names and days come from the
whole vault (a scan of names, no file is opened).
"""

from __future__ import annotations

import difflib
from collections.abc import Container, Sequence
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import UsageError
from vaultkit.files.layout import SUMMARY_NAME, Layout, VaultFiles, scan
from vaultkit.files.lock import vault_lock
from vaultkit.files.storage import digest, file_kind, read_bytes, write_atomic
from vaultkit.lint.context import Context, Entry, vault_context
from vaultkit.lint.file_checks import check_entry
from vaultkit.lint.findings import Problem, Result, problem
from vaultkit.lint.reports import FileChange, FixReport, LintReport
from vaultkit.lint.vault_checks import name_collisions, property_type_problems, unreferenced_notes
from vaultkit.model import Progress
from vaultkit.text.vocabulary import Vocabulary


def lint_vault(
    config: Config,
    paths: Sequence[Path | str] | None = None,
    *,
    progress: Progress | None = None,
) -> LintReport:
    """Check the vault's memory files (or only those below PATHS); never raises on file content."""
    layout = Layout(config)
    found = scan(layout)
    ctx = vault_context(config, found)
    entries = _entries(layout, found)
    selected = _select(layout, entries, paths) if paths else entries
    results = []
    for done, entry in enumerate(selected):
        if progress is not None and done % 100 == 0:
            progress("checking", done, len(selected))
        results.append(check_entry(entry, _read(entry.path), ctx, fix=False))
    return _report(results, entries, selected, _vault_wide(layout, found, paths, results, entries))


def fix_vault(
    config: Config,
    paths: Sequence[Path | str] | None = None,
    dry_run: bool = False,
    *,
    diff_base: Path | None = None,
    progress: Progress | None = None,
) -> FixReport:
    """Apply every safe fix atomically (or, dry run, only compute the diffs); returns what changed.

    Diffs name files relative to `diff_base` (where `git apply` will run) when they lie below it,
    else relative to the vault. Fixes are made under the vault's lock, as sync writes: a fix
    never lands in a file a running sync is about to write.
    """
    if dry_run:
        return _fix_vault(config, paths, True, diff_base, progress)
    with vault_lock(config.state_dir):
        return _fix_vault(config, paths, False, diff_base, progress)


def _fix_vault(
    config: Config,
    paths: Sequence[Path | str] | None,
    dry_run: bool,
    diff_base: Path | None,
    progress: Progress | None,
) -> FixReport:
    layout = Layout(config)
    found = scan(layout)
    ctx = vault_context(config, found)
    entries = _entries(layout, found)
    selected = _select(layout, entries, paths) if paths else entries
    before: list[Result] = []
    after: list[Result] = []
    changes: list[FileChange] = []
    for done, entry in enumerate(selected):
        if progress is not None and done % 100 == 0:
            progress("checking", done, len(selected))
        checked, fixed = _fix_entry(layout, entry, ctx, changes, dry_run, diff_base)
        before.append(checked)
        after.append(fixed)
    linked = _vault_wide(layout, found, paths, after, entries)
    return FixReport(
        tuple(changes),
        _report(after, entries, selected, linked),
        dry_run,
        before=_report(before, entries, selected, linked),
    )


def _fix_entry(
    layout: Layout,
    entry: Entry,
    ctx: Context,
    changes: list[FileChange],
    dry_run: bool,
    diff_base: Path | None,
) -> tuple[Result, Result]:
    """Fix one file (adding its change to `changes`); returns its checks before and after."""
    data = _read(entry.path)
    result = check_entry(entry, data, ctx, fix=True)
    if result.fixed is None or not isinstance(data, bytes):
        return result, result
    new = result.fixed.encode("utf-8")
    if new == data:
        return result, result
    rules = tuple(sorted({p.rule for p in result.problems if p.fixable}))
    name = _diff_name(entry, diff_base)
    changes.append(FileChange(entry.rel, rules, unified_diff(name, data, result.fixed)))
    if not dry_run:
        write_atomic(entry.path, result.fixed, expected=digest(data), within=layout.vault_dir)
    return result, check_entry(entry, new, ctx, fix=False)


def _diff_name(entry: Entry, base: Path | None) -> str:
    """The file's name in a diff: below `base` if it is there, else relative to the vault."""
    if base is not None:
        try:
            return entry.path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            pass
    return entry.rel


def check_summary_text(
    path: Path | str,
    text: str | bytes,
    vocabulary: Vocabulary,
    known_days: Container[date] = frozenset(),
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
    known_days: Container[date] = frozenset(),
) -> str | None:
    """One summary's text with every safe fix applied, or None when the file cannot be fixed."""
    entry, data = _summary_entry(path, text)
    return check_entry(entry, data, Context(vocabulary, known_days), fix=True).fixed


def _summary_entry(path: Path | str, text: str | bytes) -> tuple[Entry, bytes]:
    match = SUMMARY_NAME.match(Path(path).name)
    rel = path.as_posix() if isinstance(path, Path) else path
    entry = Entry(Path(path), rel, "summary", parse_date(match.group(1)) if match else None)
    return entry, text.encode("utf-8") if isinstance(text, str) else text


def _entries(layout: Layout, found: VaultFiles) -> list[Entry]:

    def entry(path: Path, kind: str, day: date | None = None) -> Entry:
        return Entry(path, layout.rel(path), kind, day)

    entries = [entry(p, "daily", d) for d, p in found.daily.items()]
    entries += [entry(p, "summary", d) for d, p in found.summaries.items()]
    entries += [entry(p, "transcript", d) for d, ps in found.transcripts.items() for p in ps]
    entries += [entry(p, "entity") for p in found.entities]
    entries += [entry(p, "stray") for p in found.strays]
    if layout.memory_index_file.is_file():
        entries.append(entry(layout.memory_index_file, "index"))
    entries.sort(key=lambda e: e.rel)
    return entries


def _select(layout: Layout, entries: list[Entry], paths: Sequence[Path | str]) -> list[Entry]:
    """The entries below the given files or folders; a path outside the vault is a usage error."""
    vault = layout.vault_dir.resolve()
    by_rel = {e.rel: e for e in entries}
    chosen: dict[str, Entry] = {}
    for given in paths:
        path = Path(given).resolve()
        try:
            rel = path.relative_to(vault).as_posix()
        except ValueError:
            raise UsageError(f"{given}: not inside the vault {layout.vault_dir}") from None
        if path.is_dir():
            prefix = "" if rel == "." else rel + "/"
            chosen.update((e.rel, e) for e in entries if e.rel.startswith(prefix))
        elif path.exists() and not path.is_file():
            raise UsageError(f"{given}: {file_kind(path.stat().st_mode)}, not a markdown file")
        elif path.is_file():
            if not path.name.endswith(".md"):
                raise UsageError(f"{given}: not a markdown file")
            chosen[rel] = by_rel.get(rel) or Entry(layout.vault_dir / rel, rel, "note")
        else:
            raise UsageError(f"{given}: no such file or folder")
    return sorted(chosen.values(), key=lambda e: e.rel)


def _read(path: Path) -> bytes | OSError:
    try:
        return read_bytes(path)
    except OSError as exc:
        return exc


def unified_diff(name: str, old: bytes, new: str) -> str:
    """A patch `git apply` and `patch -p1` take: exact lines (a BOM and CRs included), and the
    "no newline at end of file" mark where a side lacks its last newline."""
    before = old.decode("utf-8", errors="replace")
    lines = difflib.unified_diff(
        _lines(before), _lines(new), fromfile=f"a/{name}", tofile=f"b/{name}", lineterm="\n"
    )
    out = []
    for line in lines:
        out.append(line)
        if not line.endswith("\n"):
            out.append("\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(text: str) -> list[str]:
    """Lines with their `\n` kept; only `\n` ends a line (a CR stays in its line, as git sees it)."""
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    return [*lines, parts[-1]] if parts[-1] else lines


def _vault_wide(
    layout: Layout,
    found: VaultFiles,
    paths: Sequence[Path | str] | None,
    results: list[Result],
    entries: list[Entry],
) -> list[Problem]:
    """What only the whole vault shows: notes no file links (whole-vault runs only), and what
    the walk did not read."""
    unread = _linked(layout, found, paths)
    return unread if paths else unread + unreferenced_notes(entries, results)


def _linked(layout: Layout, found: VaultFiles, paths: Sequence[Path | str] | None) -> list[Problem]:
    """What the walk did not read: a warning per linked folder (whole-vault runs only), and an
    error per name of a day's file that is not a regular file (a folder, a named pipe)."""
    wanted = [Path(p).resolve() for p in paths or ()]
    found_problems = [
        problem("not-a-file", layout.rel(path), None, f"{what}, not a regular file: not read")
        for path, what in found.irregular
        if not wanted or any(path.resolve().is_relative_to(w) for w in wanted)
    ]
    if paths:
        return found_problems
    message = (
        "a symbolic link to a folder: vaultkit reads linked files, but does not walk linked folders"
    )
    return found_problems + [
        problem("linked-folder", layout.rel(folder), None, message)
        for folder in found.linked_folders
    ]


def _report(
    results: list[Result],
    entries: list[Entry],
    selected: list[Entry],
    extra: Sequence[Problem] = (),
) -> LintReport:
    problems = [p for r in results for p in r.problems] + list(extra)
    problems += name_collisions(entries, {e.rel for e in selected})
    problems += property_type_problems(results)
    return LintReport(len(selected), tuple(sorted(problems, key=_order)))


def _order(problem: Problem) -> tuple[str, int, str]:
    return (problem.path, problem.line or 0, problem.rule)
