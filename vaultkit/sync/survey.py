"""The vault as sync sees it: its files by day, and what is known of each (from the catalog).

A `Survey` answers sync's stages day by day: a day's note and transcripts, its summary, their
facts, the days around it on the timeline. Two looks make one: the full look
(`full_look.full_look`) lists every folder (or, with the folders' kept listings, those that
moved) and takes each file's facts from the catalog or from the file; the daily look
(`daily_look.daily_look`) reads what changed since the last run and asks the catalog for the
rest a day at a time.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TypeVar

from vaultkit.catalog.facts import SourceFacts, SummaryFacts
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.files.layout import (
    Layout,
    VaultFiles,
)
from vaultkit.files.listing import Listings
from vaultkit.files.sources import source_digest
from vaultkit.files.storage import digest
from vaultkit.summarize.evidence import VaultNames
from vaultkit.summarize.people import names_of_vault
from vaultkit.text.vocabulary import Vocabulary

# The newest days whose files a quick survey stats every run: where notes are edited in place
# (an editor that writes the file itself moves no folder's mtime). A month of days is a few
# dozen files; an older note edited in place is seen by `sync --rescan`.
RECENT_DAYS = 31
_ARCHIVE_SEEN = "archive seen"  # a mark: an archive folder was there when a run saved
T = TypeVar("T", SourceFacts, SummaryFacts)


class Survey:
    """The vault's files by day and their facts, as sync's stages ask for them.

    `touched` are the days a daily run looks at (their files changed, or a run left them with
    something to do); None: every day (a full look). Subclasses say where paths come from."""

    def __init__(
        self,
        config: Config,
        layout: Layout,
        catalog: Catalog,
        files: VaultFiles,
        *,
        listings: Listings | None = None,
        touched: set[date] | None = None,
        extra: dict[date, Path] | None = None,
        entity_changes: set[str] | None = None,
    ) -> None:
        self.config = config
        self.layout = layout
        self.catalog = catalog
        self.files = files  # what is not a day's file: entity notes, strays, links, pipes
        self.listings = listings  # the folders' listings, when the survey keeps them
        self.touched = touched
        self.extra = extra or {}  # a backfill's other folder of notes, by day
        self.entity_changes = entity_changes or set()  # entity notes a daily look saw come or go
        self._facts: dict[str, SourceFacts | SummaryFacts] = {}  # decoded, by path
        self._shown: dict[str, list[tuple[str, tuple[str, ...]]]] = {}  # `use_names`

    # --- where a day's files are (a subclass's) -------------------------------------------

    def local_note(self, day: date) -> Path | None:
        raise NotImplementedError

    def archived_note(self, day: date) -> Path | None:
        raise NotImplementedError

    def local_transcripts(self, day: date) -> list[Path]:
        raise NotImplementedError

    def archived_transcripts(self, day: date) -> list[Path]:
        raise NotImplementedError

    def summary_path(self, day: date) -> Path | None:
        """The day's summary file, if it has one."""
        raise NotImplementedError

    def source_days(self) -> list[date]:
        """Every day with a daily note, local, archived or in the `extra` folder, in order."""
        raise NotImplementedError

    def local_days(self) -> list[date]:
        """Every day with a note in the memory folder, in order."""
        raise NotImplementedError

    def summary_days(self, since: date | None = None) -> list[date]:
        """The days with a summary file (from `since` on), in order."""
        raise NotImplementedError

    def summary_days_of(self, month: str) -> list[date]:
        """The days of a month (`YYYY-MM`) with a summary file, in order."""
        raise NotImplementedError

    def spine_around(self, day: date) -> tuple[date | None, date | None]:
        """The days before and after `day` on the timeline spine (local and archived notes)."""
        raise NotImplementedError

    def known(self, day: date) -> bool:
        """Whether the day has a note or a summary (what a related date may name)."""
        raise NotImplementedError

    def wrote_summary(self, day: date, path: Path, facts: SummaryFacts) -> None:
        """A summary this run wrote, with its facts (already put in the catalog)."""
        self._facts[os.fspath(path)] = facts

    def relinked(self, path: Path, day: date, kind: str, link: str | None) -> None:
        """A note or transcript whose managed line this run set to `link`: its row says so,
        so the next run need not read it again."""
        facts = self._known_facts(path, SourceFacts)
        if facts is not None and not facts.error:
            facts = replace(facts, link=link)
            with contextlib.suppress(OSError):  # gone since: the next run sees it
                self.catalog.put(path, facts, day=day.isoformat(), kind=kind)
                self._facts[os.fspath(path)] = facts

    # --- what is known of them ----------------------------------------------------------------

    def note_path(self, day: date) -> Path | None:
        """The daily note of a day: the local one, else the archived one, else one from `extra`."""
        return self.local_note(day) or self.archived_note(day) or self.extra.get(day)

    def transcripts_of(self, day: date) -> list[Path]:
        """A day's transcripts, local and archived; when both hold the same file, the local one."""
        local = self.local_transcripts(day)
        archived = self.archived_transcripts(day)
        if not archived:
            return local
        by_place = {p.relative_to(self.layout.archive_chats_dir): p for p in archived}
        by_place.update({p.relative_to(self.layout.chats_dir): p for p in local})
        return [by_place[place] for place in sorted(by_place)]

    def note(self, day: date) -> SourceFacts | None:
        """The facts of the day's note (None: no note, or none known)."""
        path = self.note_path(day)
        return None if path is None else self._known_facts(path, SourceFacts)

    def transcript(self, path: Path) -> SourceFacts:
        return self._known_facts(path, SourceFacts) or SourceFacts()

    def summary(self, day: date) -> SummaryFacts | None:
        """The facts of the day's summary (None: no summary file)."""
        path = self.summary_path(day)
        return None if path is None else self._known_facts(path, SummaryFacts)

    def _known_facts(self, path: Path, kind: type[T]) -> T | None:
        key = os.fspath(path)
        found = self._facts.get(key)
        if found is None:
            found = self.catalog.get(key, kind.from_json)
            if found is None:
                return None
            self._facts[key] = found
        assert isinstance(found, kind)
        return found

    def source_of(self, day: date) -> str | None:
        """The digest of what the day's summary is made from, or None when a file is unreadable."""
        note = self.note(day)
        if note is None or note.error:
            return None
        parts = []
        for path in self.transcripts_of(day):
            facts = self.transcript(path)
            if facts.error:
                return None
            parts.append((path.name, facts.digest))
        return source_digest(note.digest, parts)

    def marked_source(self, day: date) -> str | None:
        """What a summary's marker records it was made from: the day's files' digest
        (`source_of`), and after "+" the digest of what the vault's other days show the names
        it writes to be (`names_of`), when it writes any."""
        source = self.source_of(day)
        names = self.names_of(day)
        return f"{source}+{names}" if source is not None and names else source

    def use_names(self, vault: VaultNames) -> None:
        """Read the days with what the vault shows its names to be (the offline summarizer's
        knowledge: a summary written with other knowledge is written again, `names_of`)."""
        shown: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        shown_as = (("p", vault.persons), ("a", vault.animals), ("t", vault.tools))
        for kind, names in (*shown_as, ("l", vault.places), ("w", vault.located)):
            for name in names:
                words = tuple(w.casefold() for w in name.split())
                if words:
                    shown.setdefault(words[0], []).append((f"{kind}:{name}", words))
        self._shown = shown

    def names_of(self, day: date) -> str:
        """The digest of what the vault shows the names the day writes to be ("" when it writes
        none, or no knowledge of the vault's names is in use)."""
        if not self._shown:
            return ""
        note = self.note(day)
        written = set(note.written or ()) if note else set()
        for path in self.transcripts_of(day):
            written.update(self.transcript(path).written or ())
        named = sorted(
            name
            for word in written
            for name, words in self._shown.get(word, ())
            if all(w in written for w in words)
        )
        return digest("\n".join(named).encode(), 16) if named else ""

    def vault_names(self, vocabulary: Vocabulary) -> VaultNames:
        """The names the vault's notes and transcripts show to be people's, animals' and tools;
        with the offline summarizer, from now on the days are read with them (`names_of`: a
        summary written with other knowledge of its names is written again)."""
        persons, animals, tools, places, located = self.catalog.tallies.names()
        vault = names_of_vault(persons, animals, vocabulary, tools, places, located)
        if self.layout.archive_dir.is_dir():
            self.catalog.marks.set(_ARCHIVE_SEEN, "1")
        elif self.catalog.marks.get(_ARCHIVE_SEEN) == "1":  # a NAS not mounted: as it was
            vault = self._names_as_saved() or vault
        if self.config.summarizer.backend == "offline":
            self.use_names(vault)
        return vault

    def _names_as_saved(self) -> VaultNames | None:
        """The names the vault showed when the last completed sync ran (None: not recorded):
        while an archive seen before is not mounted, what its files show is not known to have
        changed, and a new day's evidence waits for it."""
        saved = json.loads(self.catalog.settings.last() or "{}").get("vault_names") or {}
        if not saved:
            return None
        kinds = ("known", "animals", "tools", "places", "located")
        return VaultNames(*(saved.get(kind, ()) for kind in kinds))

    def looked_at(self) -> Iterator[date]:
        """The days this run looks at, in order: the touched ones, or every source day."""
        if self.touched is None:
            yield from self.source_days()
        else:
            yield from sorted(self.touched)
