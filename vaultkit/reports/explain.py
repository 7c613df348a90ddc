"""Why a day's summary says what it says (`vaultkit explain DAY`): the offline summarizer's
reading of the day, feature by feature, beside the summary the vault holds.

The reading is the offline summarizer's whatever the workspace's summarizer is: it is what the
importance of the hybrid score rests on for every user without an LLM, and the one that can say
why. With an LLM summarizer, the day is asked of the model too, and `llm` says which fields the
gate kept from its answer and which it took from the offline reading, and why
(`summarize.grounding`). The summary on file may differ: edited by hand, or from older notes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from vaultkit.catalog.opener import open_catalog
from vaultkit.config import Config
from vaultkit.errors import NotAFileError, UsageError, VaultkitError
from vaultkit.files.layout import Layout, not_read
from vaultkit.files.sources import day_input
from vaultkit.model import DayInput
from vaultkit.pages.schema import summary_json
from vaultkit.summarize import make_summarizer
from vaultkit.summarize.base import validate_fields
from vaultkit.summarize.evidence import VaultNames
from vaultkit.summarize.offline import Explanation, OfflineSummarizer
from vaultkit.sync.full_look import FullLook, full_look
from vaultkit.text.vocabulary import Vocabulary


@dataclass(frozen=True)
class DayExplanation:
    """The offline reading of a day, its summary's fields normalized by the vocabulary, and the
    summary the vault holds (None when there is none)."""

    reading: Explanation
    note: str
    summary: str  # where the day's summary belongs
    fields: dict[str, Any]
    on_file: dict[str, Any] | None
    skipped: list[tuple[str, str]] = field(default_factory=list)  # the day's files not read
    llm: dict[str, Any] | None = None  # the LLM's reading, when the workspace uses one

    def as_dict(self) -> dict[str, Any]:
        shown = self.reading.as_dict()
        for kind in ("projects", "technologies", "libraries"):
            shown.pop(kind, None)
        skipped = [{"path": p, "reason": r} for p, r in self.skipped]
        return {
            **shown,
            **self.fields,
            "note": self.note,
            "summary": self.summary,
            "summary_on_file": self.on_file,
            "skipped": skipped,
            "llm": self.llm,
        }


def explain_day(config: Config, day: date) -> DayExplanation:
    """The features behind a day's importance, mood, people, terms and bullets."""
    catalog = open_catalog(config, read_only=True)
    try:
        return _explain(config, full_look(config, catalog), day)
    finally:
        catalog.close()


def _explain(config: Config, found: FullLook, day: date) -> DayExplanation:
    layout = found.layout
    irregular = [(p, what) for p, what in found.files.irregular if _day_of(layout, p)[0] == day]
    note = found.note_path(day)
    if note is None:
        for path, what in irregular:
            if _day_of(layout, path)[1] == "note":
                raise NotAFileError(
                    f"is {what}, not a regular file; not read",
                    path=layout.rel(path),
                    rule="not-a-file",
                )
        raise UsageError(f"no daily note for {day} in {layout.rel(config.memory_dir)}")
    vocabulary = Vocabulary(config.vocabulary, config.people)
    vault = found.vault_names(vocabulary)  # read once: the offline reading's and the LLM's
    summarizer = OfflineSummarizer(vocabulary, vault=vault)
    source = day_input(day, note, found.transcripts_of(day))
    reading = summarizer.explain(source)
    summary = vocabulary.summary(day, reading.fields)
    fields = summary_json(summary, ("projects", "tags", "uncategorized"))
    facts = found.summary(day)
    on_file = None
    if facts is not None and facts.fields is not None:
        written = facts.fields
        on_file = {
            "importance": written["importance"],
            "mood": written["mood"],
            "by_vaultkit": facts.pristine,
            "current": facts.source == found.marked_source(day),
        }
    return DayExplanation(
        reading,
        layout.rel(note),
        layout.rel(layout.summary_path(day)),
        fields,
        on_file,
        not_read(layout, irregular),
        _llm_reading(config, vocabulary, vault, source),
    )


LLM_FIELDS = ("people", "projects", "technologies", "libraries", "importance", "mood", "bullets")


def _llm_reading(
    config: Config, vocabulary: Vocabulary, vault: VaultNames, source: DayInput
) -> dict[str, Any] | None:
    """What the workspace's LLM answers for the day after the gate, and where each field came
    from: "llm", or "offline" with the gate's reason (None without an LLM summarizer)."""
    if config.summarizer.backend != "openai":
        return None
    summarizer = make_summarizer(config, vocabulary, vault)
    try:
        fields = validate_fields(summarizer.summarize(source), source.date)
    except VaultkitError as exc:
        return {"model": config.summarizer.model, "error": str(exc)}
    why = {note.split(":", 1)[0]: note for note in fields.notes}
    return {
        "model": config.summarizer.model,
        "importance": fields.importance,
        "mood": fields.mood,
        "people": list(fields.people),
        "terms": [*fields.projects, *fields.technologies, *fields.libraries],
        "bullets": list(fields.bullets),
        "sources": {
            name: "offline" if why.get(name, "").endswith("the offline reading's") else "llm"
            for name in LLM_FIELDS
        },
        "notes": list(fields.notes),
    }


def _day_of(layout: Layout, path: Path) -> tuple[date | None, str | None]:
    """The day and kind (note, transcript, summary) a vault path is named as; (None, None)."""
    known = layout.kind_of(os.fspath(path.parent), path.name)
    return (date.fromisoformat(known[0]), known[1]) if known else (None, None)
