"""The gate between an LLM's answer and the file: what the model says of a day is kept only where
the day's own text bears it out, and a field that fails takes the offline reading instead.

A small model, asked for JSON, answers JSON: people who never existed ("Katedrala Kadiru"), a
project from `people.ignore`, a mood no list holds, importance 1 on an outage, bullets of one
word said five times. Every check below passed all of that, so the gate checks what a reader
would check against the note:

- a person, project, technology or library is kept only if the day's note or transcripts say it
  (one of its spellings: the name or a configured alias, as a whole word); an ignored person
  (`people.ignore`, the assistant) is never kept, in any field; a term is of one kind (the first
  the answer lists it under);
- a bullet is kept once (case and spacing aside), and only if the day's text supports it: at
  least half of its content words, and two or more, occur in the day (as the index stems them,
  so "migrated" is supported by "migrasi"'s day only through the words they share);
- the mood is one of vaultkit's moods (`text.lexicon.MOODS`, or neutral).

A list that loses every item it had, a bullet list left empty, a mood outside the list: that
field is the offline reading's (`fallback`), and the gate says which fields and why (`notes`),
which sync reports for the day. Importance is the model's when it is an integer 1-10 (the answer
parser refuses anything else).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache

from vaultkit.model import DayFields, DayInput
from vaultkit.text.language import Analyzer
from vaultkit.text.lexicon import MOODS
from vaultkit.text.vocabulary import Vocabulary

NAMED = ("people", "projects", "technologies", "libraries")
MIN_SUPPORT = 2  # content words a bullet shares with its day, at the least
_MOODS = frozenset((*MOODS, "neutral"))


@dataclass(frozen=True)
class Gated:
    """An answer after the gate: its fields, and one note per field it changed (what went and
    why), in field order."""

    fields: DayFields
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Gate:
    """The gate for one workspace: its vocabulary (spellings, ignored people) and languages."""

    vocabulary: Vocabulary
    analyzer: Analyzer

    def check(self, answer: DayFields, day: DayInput, fallback: Callable[[], DayFields]) -> Gated:
        """`answer` with what the day does not bear out taken away, and a field left empty (or
        a mood off the list) replaced by `fallback()`'s (the offline reading, made once)."""
        text = _day_text(day)
        offline: list[DayFields] = []

        def reading() -> DayFields:
            if not offline:
                offline.append(fallback())
            return offline[0]

        notes: list[str] = []
        lists: dict[str, tuple[str, ...]] = {}
        for name in NAMED:
            given: tuple[str, ...] = getattr(answer, name)
            kept = tuple(n for n in given if self._grounded(n, text))
            if kept != given:
                gone = list(dict.fromkeys(n for n in given if n not in kept))  # once each
                why = f"{name}: {', '.join(gone)} not in the day's text"
                if not kept:
                    kept = getattr(reading(), name)
                    why += "; the offline reading's"
                notes.append(why)
            lists[name] = kept
        notes += _one_kind_each(lists)
        fields = replace(
            answer,
            people=lists["people"],
            projects=lists["projects"],
            technologies=lists["technologies"],
            libraries=lists["libraries"],
        )
        bullets, dropped = self._supported(answer.bullets, text)
        if dropped:
            why = f"bullets: {dropped} not supported by the day's text or said twice"
            if not bullets:
                bullets = reading().bullets
                why += "; the offline reading's"
            fields = replace(fields, bullets=bullets)
            notes.append(why)
        if answer.mood.casefold() not in _MOODS:
            fields = replace(fields, mood=reading().mood)
            notes.append(f"mood: {answer.mood!r} is not one of vaultkit's; the offline reading's")
        return Gated(replace(fields, notes=(*answer.notes, *notes)), tuple(notes))

    def _grounded(self, name: str, text: str) -> bool:
        """Whether the day says `name` (or an alias of it) as a whole word, and it is no one the
        config ignores."""
        if self.vocabulary.is_ignored_person(name):
            return False
        return any(_says(text, spelling) for spelling in self.vocabulary.spellings(name))

    def _supported(self, bullets: Iterable[str], text: str) -> tuple[tuple[str, ...], int]:
        """The bullets said once each and borne out by the day, and how many went."""
        day_terms = set(self.analyzer.terms(text))
        kept: list[str] = []
        seen: set[str] = set()
        given = list(bullets)
        for bullet in given:
            key = " ".join(bullet.casefold().split())
            terms = {t for t in self.analyzer.terms(bullet) if not t.isdigit()}
            shared = len(terms & day_terms)
            if key in seen or shared < MIN_SUPPORT or shared * 2 < len(terms):
                continue
            seen.add(key)
            kept.append(bullet)
        return tuple(kept), len(given) - len(kept)


def _one_kind_each(lists: dict[str, tuple[str, ...]]) -> list[str]:
    """A term the answer lists under several kinds stays under the first (projects, then
    technologies, then libraries); the notes say which went where."""
    notes, seen = [], set[str]()
    for name in NAMED[1:]:
        given = lists[name]
        lists[name] = tuple(t for t in given if t.casefold() not in seen)
        seen |= {t.casefold() for t in given}
        if lists[name] != given:
            twice = [t for t in given if t not in lists[name]]
            notes.append(f"{name}: {', '.join(twice)} listed under another kind first")
    return notes


def _day_text(day: DayInput) -> str:
    """The day's note and transcripts, case-folded: what a name must occur in."""
    return day.text.casefold()


def _says(text: str, name: str) -> bool:
    """Whether `text` (case-folded) holds `name` as a whole word or phrase."""
    return _pattern(name.casefold()).search(text) is not None


@cache
def _pattern(name: str) -> re.Pattern[str]:
    spaced = r"\s+".join(re.escape(part) for part in name.split())
    return re.compile(rf"(?<!\w){spaced}(?!\w)")
