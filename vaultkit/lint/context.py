"""What a file's checks know about the rest of the vault: its entry, the vocabulary, the days."""

from __future__ import annotations

import json
import os
import posixpath
from collections.abc import Collection, Container, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.errors import NotAFileError
from vaultkit.files.layout import VaultFiles, scan_archive
from vaultkit.files.storage import read_bytes
from vaultkit.files.wikilinks import spine_neighbours
from vaultkit.text.vocabulary import Vocabulary


@dataclass(frozen=True)
class Entry:
    """One file to check: its path, its vault-relative name, what kind of file it is, its day."""

    path: Path
    rel: str
    kind: str  # daily, summary, transcript, entity, index, stray, note
    day: date | None = None


@dataclass(frozen=True)
class LinkTargets:
    """What a wikilink may resolve to, the way Obsidian resolves it: any file of the vault by its
    name (a note without `.md`), case aside, or by its path from the vault's root.

    `archived` days are deliberately unresolved: their daily note lives in the archive, outside
    the vault, and a link to it keeps the timeline whole. `aliases` maps a nickname to the note
    it names (Obsidian does not follow aliases in links; lint offers `[[Note|alias]]`).
    """

    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # folded name -> paths
    paths: frozenset[str] = frozenset()  # folded vault-relative paths, notes with and without .md
    archived: frozenset[str] = frozenset()  # YYYY-MM-DD
    aliases: Mapping[str, str] = field(default_factory=dict)  # folded alias -> note name

    def find(self, target: str, folder: str = "") -> tuple[str, ...]:
        """The vault paths a link target reaches: one when it resolves, none or several not."""
        key = target.casefold()
        if "/" in target:
            for base in ([folder] if folder else []) + [""]:
                path = posixpath.normpath(posixpath.join(base, key)) if base else key
                if path in self.paths or f"{path}.md" in self.paths:
                    return (path,)
            return ()
        return self.names.get(key, ())


def link_targets(config: Config, archived: Collection[date]) -> LinkTargets:
    """Every file of the vault by name and path (dot folders, such as `.obsidian`, left out)."""
    names: dict[str, list[str]] = {}
    paths: set[str] = set()
    root = config.vault_dir
    for folder, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        below = os.path.relpath(folder, root).replace(os.sep, "/")
        for name in filenames:
            rel = name if below == "." else f"{below}/{name}"
            stem = name[:-3] if name.endswith(".md") else name
            names.setdefault(stem.casefold(), []).append(rel)
            paths.add(rel.casefold())
            if name.endswith(".md"):
                paths.add(rel[:-3].casefold())
    aliases: dict[str, str] = {}
    people, terms = config.people, config.vocabulary
    from vaultkit.files.wikilinks import link_target

    for alias, target in (*people.aliases.items(), *terms.aliases.items()):
        note = link_target(target)
        if note.casefold() in names and alias.casefold() not in names:
            aliases[alias.casefold()] = note
    return LinkTargets(
        {k: tuple(sorted(v)) for k, v in names.items()},
        frozenset(paths),
        frozenset(d.isoformat() for d in archived),
        aliases,
    )


@dataclass(frozen=True)
class Context:
    """What a file's checks need to know about the rest of the vault; `links` is None where a
    check of one file alone has no vault to resolve links in (sync's validity check)."""

    vocabulary: Vocabulary
    known_days: Container[date] = frozenset()
    daily_days: Sequence[date] = ()  # sorted: local and archived daily notes
    property_types: dict[str, str] = field(default_factory=dict)
    links: LinkTargets | None = None
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
        return spine_neighbours(self.daily_days, day)[0]


def vault_context(config: Config, found: VaultFiles) -> Context:
    """The context of a whole-vault run: local and archived days, the vocabulary, property types."""
    archived = scan_archive(config.archive_dir) if config.archive_dir.is_dir() else {}
    daily = sorted(set(found.daily) | set(archived))
    known = frozenset(daily) | frozenset(found.summaries)
    vocabulary = Vocabulary(config.vocabulary, config.people)
    # Days whose note is not in the vault but whose links are meant: archived (the NAS may be
    # offline, then a summary without a local note says so).
    away = (set(archived) | set(found.summaries)) - set(found.daily)
    links = link_targets(config, away)
    return Context(vocabulary, known, daily, property_types(config.vault_dir), links)


def property_types(vault_dir: Path) -> dict[str, str]:
    """Obsidian's property types: vaultkit's own, overridden by the vault's `.obsidian/types.json`."""
    from vaultkit.pages.schema import OBSIDIAN_TYPES

    types = dict(OBSIDIAN_TYPES["types"])
    try:
        data = json.loads(read_bytes(vault_dir / ".obsidian" / "types.json"))
        vault_types = data.get("types") if isinstance(data, dict) else None
        if isinstance(vault_types, dict):
            types.update({k: v for k, v in vault_types.items() if isinstance(v, str)})
    except (OSError, ValueError, NotAFileError):
        pass  # no types.json, or one Obsidian will rewrite anyway
    return types
