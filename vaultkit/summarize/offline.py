"""The offline summarizer: deterministic, no network, no model; English and Indonesian.

It reads a day's note and transcripts (`text`) and fills the summary fields from what is there:

- people: speakers, known people, and names the text introduces (`people`)
- projects, technologies, libraries: the vocabulary's terms found in the text, and the terms it
  does not know (`terms`), which normalization then moves to `uncategorized`
- importance and mood: from the day's weightiest event on the 1-10 scale (`importance`)
- bullets: the most informative sentences, in the day's order (`bullets`)

`explain` returns the same fields with the reasons behind each (`vaultkit explain DAY`).

It reads at most `MAX_DAY_CHARS` of a day (`portion`): its cost grows in step with a day's size,
and a day larger than that is a paste (a log, an export) more than a day's notes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from vaultkit.config import VocabularyConfig
from vaultkit.model import DayFields, DayInput
from vaultkit.summarize.base import validate_fields
from vaultkit.summarize.bullets import Candidate, bullets
from vaultkit.summarize.evidence import NameEvidence, VaultNames
from vaultkit.summarize.importance import Reading, weigh_day
from vaultkit.summarize.names import parts_of_longer, proper_names
from vaultkit.summarize.people import animals_of, names_shown, people_of, places_of, why_person
from vaultkit.summarize.portion import Portion, first_part
from vaultkit.summarize.terms import beside_a_tools_noun, named_terms, new_terms
from vaultkit.summarize.text import Line, day_lines
from vaultkit.text.vocabulary import Vocabulary, term_key

__all__ = [
    "MAX_DAY_CHARS",
    "Explanation",
    "OfflineSummarizer",
    "file_evidence",
    "importance",
    "mood",
]

LEISURE = 3  # the importance of a day of small talk, errands and chores, at most
MAX_DAY_CHARS = 2_000_000
"""The most of a day the offline summarizer reads: its note, then its transcripts, up to this
many characters (2 MB of plain text, about 4 s of work on a 2-vCPU machine, where its time per
MB stays about the same from 0.2 to 8 MB: docs/benchmarks.md). Days are a few KB; the rest of
a larger one is left out, and sync says so for the day."""


@dataclass(frozen=True)
class Explanation:
    """A day's fields and why: the features behind its importance and mood, the new terms it
    found, and how each candidate bullet scored."""

    day: date
    fields: DayFields
    reading: Reading  # the importance's features and sizes, the mood's words
    new_terms: dict[str, list[str]]
    candidates: tuple[Candidate, ...]
    read: Portion | None = None  # the part of the day read, when it is not all of it
    people_evidence: dict[str, str] | None = None  # each person, and why

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit explain --json` object."""
        f = self.fields
        return {
            "date": self.day.isoformat(),
            "read": self.read.as_dict() if self.read else None,
            "importance": f.importance,
            "importance_level": self.reading.level,
            "importance_reason": self.reading.reason(),
            "importance_features": self.reading.why(),
            "mood": f.mood,
            "mood_words": self.reading.mood_hits,
            "people": list(f.people),
            "people_evidence": self.people_evidence or {},
            "projects": list(f.projects),
            "technologies": list(f.technologies),
            "libraries": list(f.libraries),
            "new_terms": self.new_terms,
            "bullets": list(f.bullets),
            "candidates": [
                {"text": c.text, "score": round(c.score, 2), "reasons": list(c.reasons)}
                for c in self.candidates
            ],
        }


class OfflineSummarizer:
    """Deterministic summaries from what a day's note and transcripts say, in either language."""

    name = "offline"
    independent = True  # a day's summary depends on that day alone: days may run on every core

    def __init__(
        self,
        vocabulary: Vocabulary,
        max_chars: int = MAX_DAY_CHARS,
        vault: VaultNames | None = None,
    ) -> None:
        self.vocabulary = vocabulary
        self.max_chars = max_chars
        self.vault = vault or VaultNames()  # the names other days show to be people or pets

    def summarize(self, day: DayInput) -> DayFields:
        """The fields of one day's summary, from its note and transcripts."""
        return self.explain(day, why=False).fields

    def portion(self, day: DayInput) -> Portion | None:
        """How much of the day it reads, when not all of it (`MAX_DAY_CHARS`)."""
        return self._first_part(day)[1]

    def explain(self, day: DayInput, *, why: bool = True) -> Explanation:
        """The fields of one day's summary and the reasons behind them (without `why`, not the
        evidence for each person, which only `vaultkit explain` shows)."""
        day, read = self._first_part(day)
        lines = day_lines(day)
        text = "\n".join(line.said for line in lines)  # a label may be a term ("Homelab: ...")
        known = self.vocabulary.find_terms(text)
        tools, people, unknown = _names_read(lines, self.vocabulary, self.vault)
        # A capitalized name alone ("Timeline Spine", an anime's title) is a term of the day but
        # no sign of work; the vocabulary's terms and the tools are.
        work = [t for ts in (*known.values(), *tools.values()) for t in ts]
        terms = [t for ts in (*known.values(), *unknown.values()) for t in ts]
        assistant = frozenset(
            name for name in _speakers(lines) if self.vocabulary.is_ignored_person(name)
        )
        reading = weigh_day(lines, len(people), work, assistant)
        leisure = reading.level <= LEISURE  # its small talk is what the day was (its events)
        picked, candidates = bullets(
            lines, [*people, *terms], assistant, leisure, reading.weightiest
        )
        fields = DayFields(
            people=people,
            projects=(*known["projects"], *unknown["projects"]),
            technologies=(*known["technologies"], *unknown["technologies"]),
            libraries=(*known["libraries"], *unknown["libraries"]),
            importance=reading.importance,
            mood=reading.mood,
            bullets=picked,
        )
        return Explanation(
            day.date,
            validate_fields(fields, day.date),
            reading,
            unknown,
            tuple(candidates),
            read,
            {p: why_person(p, lines, self.vocabulary, self.vault) for p in people} if why else None,
        )

    def _first_part(self, day: DayInput) -> tuple[DayInput, Portion | None]:
        limit = f"the offline summarizer reads at most {self.max_chars:,} characters of a day"
        return first_part(day, self.max_chars, limit)


def _names_read(
    lines: list[Line], vocabulary: Vocabulary, vault: VaultNames
) -> tuple[dict[str, list[str]], tuple[str, ...], dict[str, list[str]]]:
    """The day's tools (named as tools are: installed, used, coded), its people, and every term
    the vocabulary does not know (the tools, and the names around them that say they are
    tools); a pet "named Biskuit" is no tool, nor anyone."""
    day = names_shown(lines)  # the day's own evidence, read once
    animals = animals_of(day, vault)
    pets = {term_key(a) for a in animals}
    tools = {
        kind: [t for t in ts if term_key(t) not in pets]
        for kind, ts in new_terms(lines, vocabulary).items()
    }
    names = proper_names(lines)
    tool_keys = {term_key(t) for ts in tools.values() for t in ts}
    tool_keys |= {term_key(t) for t in vault.tools}
    people = people_of(lines, names, vocabulary, tool_keys, vault, day)
    places = places_of(day, vault, tool_keys)
    unknown = named_terms(lines, names, vocabulary, people, tools, animals, vault.tools, places)
    return tools, people, unknown


def file_evidence(text: str, *, chat: bool) -> NameEvidence:
    """What one note or transcript, read alone, shows its names to be: people's, animals' and
    places' (`evidence`), and tools' (what its words say is used, installed, coded or versioned,
    `terms.new_terms`, or stands beside a tool's noun, with no vocabulary: the config's terms
    are left out where the vault's names are counted; not a name said to be a tool by the talk
    of work around it alone, which a person's name often is). Sync keeps this per file; the vault's names are what most of
    its files say."""
    day = DayInput(date.min, "", (("chat", text),)) if chat else DayInput(date.min, text)
    lines = day_lines(day)
    found = names_shown(lines)
    # A heading is a title, in title case: "## Merchant Portal v1.0 live!" versions no "Portal".
    terms = new_terms([line for line in lines if not line.heading], _NO_VOCABULARY)
    names = proper_names(lines)
    named = [t for kind in ("technologies", "libraries") for t in terms[kind]]
    named += beside_a_tools_noun(lines, names)
    parts = parts_of_longer(names)  # "Portal" of "Merchant Portal v1.1": a part, no name
    people = found.animals | found.persons
    tools = frozenset(t for t in named if t not in people and t not in parts)
    return replace(found, tools=tools, places=found.places - tools, located=found.located - tools)


def importance(text: str, vocabulary: Vocabulary | None = None) -> int:
    """The importance the offline summarizer gives a text (a day of one note)."""
    summarizer = OfflineSummarizer(vocabulary or Vocabulary(_EMPTY_VOCABULARY))
    return summarizer.summarize(DayInput(date(2000, 1, 1), text)).importance


def mood(text: str, vocabulary: Vocabulary | None = None) -> str:
    """The mood the offline summarizer gives a text."""
    summarizer = OfflineSummarizer(vocabulary or Vocabulary(_EMPTY_VOCABULARY))
    return summarizer.summarize(DayInput(date(2000, 1, 1), text)).mood


def _speakers(lines: list[Line]) -> set[str]:
    return {line.speaker for line in lines if line.speaker}


_EMPTY_VOCABULARY = VocabularyConfig()
_NO_VOCABULARY = Vocabulary(_EMPTY_VOCABULARY)
