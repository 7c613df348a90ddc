"""Summaries as `vaultkit sync` writes them, for bench/generate/'s `--with-summaries`: rendered
with vaultkit's own Renderer, Vocabulary and marker, related dates chosen among earlier days that
share projects and people, and the people's and projects' notes sync writes beside them.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from bench.generate.day import Day


class SummaryWriter:
    """Renders summaries the way sync does (vaultkit's Renderer, Vocabulary and marker)."""

    def __init__(self, workspace: Path):
        from vaultkit.config import load_config
        from vaultkit.pages.render import Renderer
        from vaultkit.text.vocabulary import Vocabulary

        self.config = load_config(workspace / "memory_config.json")
        self.vocabulary = Vocabulary(self.config.vocabulary, self.config.people)
        self.renderer = Renderer(self.config.templates_dir, self.config.summarizer.heading)
        self.recent: dict[str, list[date]] = {}  # topic -> last days that had it
        self.named: dict[date, dict[str, list[str]]] = {}  # day -> its people and projects

    def related(self, d: Day) -> list[date]:
        scores: dict[date, int] = {}
        topics = [*d.projects, *d.technologies[:2], *d.people[:2]]
        for topic in topics:
            for other in self.recent.get(topic, ()):
                scores[other] = scores.get(other, 0) + 1
        best = sorted(scores, key=lambda o: (-scores[o], -o.toordinal()))[:2]
        for topic in topics:
            days = self.recent.setdefault(topic, [])
            days.append(d.day)
            if len(days) > 4:
                del days[0]
        return sorted(o for o in best if scores[o] >= 2)

    def render(
        self, d: Day, related: list[date], note_text: str, transcripts: list[tuple[str, str]]
    ) -> str:
        from vaultkit.files.sources import content_of_note, content_of_transcript, source_digest
        from vaultkit.files.storage import digest
        from vaultkit.model import DayFields
        from vaultkit.pages.schema import add_marker

        summary = self.vocabulary.summary(
            d.day,
            DayFields(
                people=tuple(d.people),
                projects=tuple(d.projects),
                technologies=tuple(d.technologies),
                libraries=tuple(d.libraries),
                importance=d.importance,
                mood=d.mood,
                bullets=tuple(d.bullets),
            ),
            related,
        )
        self.named[d.day] = {"people": list(summary.people), "projects": list(summary.projects)}
        source = source_digest(
            digest(content_of_note(note_text), 16),
            [(name, digest(content_of_transcript(text), 16)) for name, text in transcripts],
        )
        return add_marker(self.renderer.summary(summary), source)

    def side_notes(self) -> dict[Path, str]:
        """The people's and projects' notes and Obsidian's settings, as sync writes them."""
        from vaultkit.pages import entities
        from vaultkit.pages.obsidian import obsidian_settings

        notes = {
            entities.note_path(
                self.config.people_dir, self.config.projects_dir, e
            ): entities.render(e, None)
            for e in entities.collect(
                self.named, self.config.people.aliases, self.config.vocabulary.aliases
            )
        }
        return {**notes, **obsidian_settings(self.config.vault_dir, self.config.paths)}
