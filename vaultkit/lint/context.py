"""What a file's checks know about the rest of the vault: its entry, the vocabulary, the days."""

from __future__ import annotations

import bisect
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.vault import VaultFiles, scan_archive
from vaultkit.vocabulary import Vocabulary


@dataclass(frozen=True)
class Entry:
    """One file to check: its path, its vault-relative name, what kind of file it is, its day."""

    path: Path
    rel: str
    kind: str  # daily, summary, transcript, index, stray, note
    day: date | None = None


@dataclass(frozen=True)
class Context:
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


def vault_context(config: Config, found: VaultFiles) -> Context:
    """The context of a whole-vault run: local and archived days, the vocabulary, property types."""
    archived = scan_archive(config.archive_dir) if config.archive_dir.is_dir() else {}
    daily = sorted(set(found.daily) | set(archived))
    known = frozenset(daily) | frozenset(found.summaries)
    vocabulary = Vocabulary(config.vocabulary, config.people)
    return Context(vocabulary, known, daily, property_types(config))


def property_types(config: Config) -> dict[str, str]:
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
