"""Who took part in a day, or is named in it: speakers, known people, and names the text gives.

In order of evidence:

1. The speakers of `Name: text` turns. In a transcript every speaker that looks like a name
   counts; in a note, a known person, or an unknown one with two turns (one `Word: text` line
   is more likely a label than a person).
2. Known people and their nicknames (`people.known`, `people.aliases`) anywhere in the text.
3. Names the text gives a person's cue, in English or Indonesian (`evidence`): a title ("Pak
   Surya", "Mbak Laras", "Dr. Chen"), a word of speech or company ("Maya bilang", "kata Tomi",
   "sama Arif", "with Kevin", "Laras said"), a verb only people do ("Raka resigned"), a
   person's thing ("Grace's team"), being addressed ("Dewi, tolong ..."); and names listed
   with those. A capital alone, even a recurring one, says nothing.
4. The names the vault's other days show to be people's (a chat's speaker, a cued name), named
   here bare ("Rizal fixed the cache"); the names they show to be animals' are no one's.

Names are mapped through `people.aliases`, a short form of one of the day's speakers ("Mel" when
Melanie speaks) taken as that speaker, and the ones in `people.ignore` (the assistant) dropped.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable

from vaultkit.summarize.evidence import (
    ADDRESSED,
    AFTER,
    BEFORE,
    NAME,
    NOT_PEOPLE,
    OWNER_AFTER,
    POSSESSED,
    TITLED,
    NameEvidence,
    VaultNames,
    cued_people,
    name_evidence,
    owner_of_a_place,
    speaker_name,
)
from vaultkit.summarize.names import ProperName, names_nothing
from vaultkit.summarize.needles import Needles
from vaultkit.summarize.terms import may_be_tool
from vaultkit.summarize.text import Line, TokenPattern
from vaultkit.text.vocabulary import Vocabulary, term_key, unique

_NAME = NAME
# Names joined as one list ("Tomi, Maya, Putri, sama Gading"): when one is a person, all are.
# Two names and a comma only are a greeting as often ("Wow, Caroline!"): a list needs a third
# name or a conjunction.
_AND = r"\s+(?:and|dan|sama|&|or|atau)\s+"
_JOINED = TokenPattern(
    re.compile(rf"{_NAME}(?:(?:\s*,\s*(?:(?:and|dan|sama|&)\s+)?|{_AND}){_NAME})+"),
    r"[A-Z][a-z]",
    r"[a-zA-Z'-]",
)
_POSSESSIVE = re.compile(r"'s?$")
# Words that head a list of people ("## Kandidat backend", "Hadir:", "Interviewed 3 candidates").
_PEOPLE_LISTED = re.compile(
    r"\b(?:kandidat|calon|pelamar|peserta|hadir|yang hadir|undangan|wawancara|interview|"
    r"interviewed|interviews|candidates?|applicants?|attendees|participants|present|"
    r"piket|on-call|shift|anak baru|new hires|reviewers?|mentees?|murid|siswa|mahasiswa|students)\b",
    re.IGNORECASE,
)
_CUES = {
    TITLED.pattern: "a title",
    BEFORE.pattern: "a word of company or speech before it",
    AFTER.pattern.pattern: "what a person says or does after it",
    POSSESSED.pattern: "a person's thing",
    OWNER_AFTER.pattern: "a person's thing",
    ADDRESSED.pattern: "addressed",
}
_LABELS = frozenset(
    """trigger impact cause root status result answer question summary action note notes todo
    reminder update error warning info debug plan next decision incident catatan keputusan
    dampak penyebab rencana hasil tindak lanjut jadwal target storage ingress nodes node budget
    agenda owner pic deadline timeline user users assistant system bot ai human me you
    penulis pengguna asisten team tim squad group grup channel semua all anak-anak
    backend frontend infra ops devops product design qa mobile data finance hr legal
    follow-up follow-ups followup followups action actions fyi recap rekap progress blocker
    blockers risk risks risiko kendala issue issues masalah solusi fix approve approved
    context konteks""".split()
)


def people_of(
    lines: list[Line],
    names: list[ProperName],
    vocabulary: Vocabulary,
    tools: set[str],
    vault: VaultNames | None = None,
    day: NameEvidence | None = None,
) -> tuple[str, ...]:
    """The day's people, canonical, in order of first evidence; `tools` are terms found as tools
    (so `Longhorn` is never taken for a person); `vault` the names other days show to be
    people's, animals' or places (`evidence`); `day` what the day's own lines show (read
    here when not given)."""
    vault = vault or VaultNames()
    found: list[str] = []
    turns: dict[tuple[str, str], int] = Counter()
    for line in lines:
        name = speaker_name(line.speaker) if line.speaker else None
        if name:
            turns[(line.source, name)] += 1
    for (source, speaker), count in turns.items():
        if vocabulary.is_known_person(speaker):
            found.append(vocabulary.person(speaker))
        elif _looks_like_name(speaker) and (source == "chat" or count >= 2):
            found.append(speaker)
    # Headings are titles ("## Infra chat"), not sentences: their words cue no one.
    text = "\n".join(line.text for line in lines if not line.heading)
    said = "\n".join(line.said for line in lines)
    mentions = list(vocabulary.find_people_at(said))
    found += unique(name for name, _ in mentions)
    found += _named_in_text(text, vocabulary, tools)
    found += [n for n in vault.persons_in(said) if _may_be_person(n, vocabulary, tools)]
    day = day or names_shown(lines)
    somewhere = places_of(day, vault, tools, located=True)
    nobody = {term_key(a) for a in (*animals_of(day, vault), *somewhere)}
    # A list is of people when a person is in it, not a pet or a place ("Kopi sama Mochi")
    found = [name for name in found if term_key(name) not in nobody]
    inside = {n.text for n in names if n.inside} | set(found)
    found += _joined_with(found, text, vocabulary, tools, inside)
    found += _listed_with(lines, found, vocabulary, tools)
    found = [name for name in found if term_key(name) not in nobody]
    first = _first_seen(said, mentions, found)
    found.sort(key=first)
    speakers = _speaker_names(turns)
    full_name = _ShortForms({name for name in found if name in speakers})
    canonical = (vocabulary.person(full_name(name)) for name in found)
    return unique(n for n in canonical if not vocabulary.is_ignored_person(n))


def animals_of(day: NameEvidence, vault: VaultNames) -> frozenset[str]:
    """The names the vault shows to be animals', and the ones the day (`day`, its evidence)
    shows to be and never a person's: what most of the vault's files say of a name outweighs
    one cue of the day's."""
    return vault.animals | (day.animals - day.persons)


def places_of(
    day: NameEvidence, vault: VaultNames, tools: set[str], *, located: bool = False
) -> frozenset[str]:
    """The names the vault shows to be places, and the ones the day shows to be and nothing
    else: not a person's by the day's cues or the vault's, nor a tool (`tools`, as keys); with
    `located`, the names shown to be where things are too (no one, but maybe a tool)."""
    here = day.places | day.located if located else day.places
    here = here - day.persons - vault.persons
    known = vault.places | vault.located if located else vault.places
    return known | frozenset(p for p in here if term_key(p) not in tools)


def _first_seen(
    said: str, mentions: list[tuple[str, int]], names: list[str]
) -> Callable[[str], int]:
    """Where the day first names someone, by any of their names (a turn, a mention, a known
    alias): the people list's order."""
    folded = said.casefold()
    known: dict[str, int] = {}
    for name, at in mentions:
        known.setdefault(name, at)
    seen = Needles(name.casefold() for name in names).first(folded)

    def first(name: str) -> int:
        at = seen.get(name.casefold(), len(folded))
        return min(at, known.get(name, len(folded)))

    return first


def _named_in_text(text: str, vocabulary: Vocabulary, tools: set[str]) -> list[str]:
    """The names the day gives a person's cue (`evidence`). A capital alone, even a recurring
    one, is no evidence: the vault's other days say who a name bare today is."""
    cued = [_bare(m.group(1)) for m in cued_people(text)]
    return [n for n in cued if _may_be_person(n, vocabulary, tools)]


def _joined_with(
    people: list[str], text: str, vocabulary: Vocabulary, tools: set[str], inside: set[str]
) -> list[str]:
    """Names listed together with one of the day's people ("Tomi, Maya, Putri, sama Gading");
    a name that only ever starts a sentence is not one ("Ngobrol sama Dewi": a verb, with)."""
    keys = {term_key(vocabulary.person(p)) for p in people}
    out: list[str] = []
    for match in _JOINED.finditer(text):
        names = [
            m.group(0)
            for m in re.finditer(_NAME, match.group(0))
            if not owner_of_a_place(text, match.start() + m.start())  # "Pak Gendut sama Laras"
        ]
        if len(names) < 3 and not re.search(_AND, match.group(0)):
            continue
        if any(term_key(vocabulary.person(n)) in keys for n in names):
            out += [n for n in names if n in inside and _may_be_person(n, vocabulary, tools)]
    return out


def _listed_with(
    lines: list[Line], people: list[str], vocabulary: Vocabulary, tools: set[str]
) -> list[str]:
    """The names that label the items of a list beside one of the day's people ("- Sari: 4
    tahun Go", "- Joko: 2 tahun Java"), or under words that list people ("## Kandidat backend",
    "Interviewed three candidates:"): items of one kind, so when one is a person, all are."""
    keys = {term_key(vocabulary.person(p)) for p in people}
    out: list[str] = []
    run: list[str] = []
    intro = ""  # the heading and the line above the run
    previous = -2
    before: Line | None = None
    for line in [*lines, Line("", None, "note", -2)]:
        name = speaker_name(line.speaker) if line.speaker and line.item else None
        if name is None or line.order != previous + 1:
            of_people = _PEOPLE_LISTED.search(intro) is not None
            if len(run) >= 2 and (
                of_people or any(term_key(vocabulary.person(n)) in keys for n in run)
            ):
                out += [
                    n for n in run if _looks_like_name(n) and _may_be_person(n, vocabulary, tools)
                ]
            run = []
        if name is not None and line.source == "note":
            if not run:
                above = before.said if before is not None and not before.item else ""
                intro = f"{line.section}\n{above}"
            run.append(name)
        previous = line.order
        before = line
    return out


def _may_be_person(name: str, vocabulary: Vocabulary, tools: set[str]) -> bool:
    key = term_key(name)
    return (
        key not in NOT_PEOPLE
        and key not in tools
        and not names_nothing(name)
        and vocabulary.lookup(name) is None
    )


def _bare(word: str) -> str:
    """A name without its possessive ("Surya's" -> "Surya")."""
    return _POSSESSIVE.sub("", word)


def _speaker_names(turns: dict[tuple[str, str], int]) -> set[str]:
    return {speaker for _, speaker in turns}


class _ShortForms:
    """The speaker a short form stands for ("Mel" for Melanie), when exactly one fits: the
    speakers sorted by their folded names, so the ones a form starts are side by side."""

    def __init__(self, speakers: set[str]) -> None:
        self.speakers = speakers
        pairs = sorted((s.casefold(), s) for s in speakers)
        self.keys = [key for key, _ in pairs]
        self.names = [name for _, name in pairs]

    def __call__(self, name: str) -> str:
        if len(name) < 3 or name in self.speakers:
            return name
        form = name.casefold()
        at = bisect_left(self.keys, form)
        fits = [i for i in range(at, min(at + 2, len(self.keys))) if self.keys[i].startswith(form)]
        return self.names[fits[0]] if len(fits) == 1 else name


def _looks_like_name(speaker: str) -> bool:
    words = speaker.split()
    return (
        speaker[0].isupper()
        and term_key(speaker) not in _LABELS
        and term_key(words[0]) not in _LABELS
        and not names_nothing(speaker)  # "Senin:", "Mbak:", "Everyone:"
        and not any(part.isupper() and len(part) > 1 for part in words)
        and all(w[0].isupper() for w in words)
    )


def names_shown(lines: list[Line]) -> NameEvidence:
    """What a text's lines show its names to be: people's and animals' (`evidence`)."""
    return name_evidence(lines, _looks_like_name)


def vault_names(files: Iterable[NameEvidence], vocabulary: Vocabulary) -> VaultNames:
    """The vault's people, animals, tools and places from its files' evidence
    (`names_of_vault`)."""
    persons: Counter[str] = Counter()
    animals: Counter[str] = Counter()
    tools: Counter[str] = Counter()
    places: Counter[str] = Counter()
    located: Counter[str] = Counter()
    for evidence in files:
        persons.update(evidence.persons)
        animals.update(evidence.animals)
        tools.update(evidence.tools)
        places.update(evidence.places)
        located.update(evidence.located)
    return names_of_vault(persons, animals, vocabulary, tools, places, located)


def names_of_vault(
    persons: Counter[str],
    animals: Counter[str],
    vocabulary: Vocabulary,
    tools: Counter[str] | None = None,
    places: Counter[str] | None = None,
    located: Counter[str] | None = None,
) -> VaultNames:
    """The vault's people, animals, tools and places from how many files show each name to be
    a person's, an animal's, a tool and a place: a name is what most of the files that show it
    say (a cat whose birthday one note tells is a cat still; a tie is neither, each day
    decides), and a vocabulary term, a listed place or an ignored name is no one and no new
    tool. A name shown to be where things are ("di Gowa", "di Overleaf") is somewhere, no one,
    when that outweighs its person's cues, and not when some file shows it to be a tool; a name
    shown to be a place is one when more files say so than say it is a tool."""
    tools = tools or Counter()
    places = places or Counter()
    somewhere = places + (located or Counter())

    def most(name: str, counts: Counter[str], *others: Counter[str]) -> bool:
        return all(counts[name] > other[name] for other in others)

    people = [
        p
        for p in persons
        if most(p, persons, animals, tools, somewhere)
        and _may_be_person(p, vocabulary, set())
        and not vocabulary.is_ignored_person(p)
    ]
    pets = [a for a in animals if most(a, animals, persons, tools) and not names_nothing(a)]

    def place(name: str, counts: Counter[str], *, strong: bool) -> bool:
        # A place's own cues outvote a tool's ("dari Sanur ke Renon 45 menit" in three files,
        # "the Sanur branch" in one); where a thing is ("di X") gives way to any.
        outvoted = counts[name] > tools[name] if strong else not tools[name]
        return (
            most(name, counts, persons, animals)
            and outvoted
            and not names_nothing(name)
            and vocabulary.lookup(name) is None
            and not vocabulary.is_known_person(name)
        )

    where = [p for p in places if place(p, places, strong=True)]
    located_ = [p for p in somewhere if p not in where and place(p, somewhere, strong=False)]
    found = [
        t
        for t in tools
        if most(t, tools, persons, animals)
        and t not in where
        and may_be_tool(t)
        and vocabulary.lookup(t) is None
        and not vocabulary.is_known_person(t)
        and not vocabulary.is_ignored_person(t)
        and not names_nothing(t)
    ]
    return VaultNames(sorted(people), sorted(pets), sorted(found), sorted(where), sorted(located_))


def why_person(
    name: str, lines: list[Line], vocabulary: Vocabulary, vault: VaultNames | None = None
) -> str:
    """Why a day lists `name` as a person: the first evidence it has, as `vaultkit explain`
    shows it ("a chat's speaker", "a title: Pak Hendra", "named by other days")."""
    for line in lines:
        speaker = speaker_name(line.speaker) if line.speaker else None
        if speaker and vocabulary.person(speaker) == name:
            return "speaks in a chat" if line.source == "chat" else "speaks in the note"
    if vocabulary.is_known_person(name):
        return "a known person (people.known, people.aliases)"
    said = "\n".join(line.said for line in lines)
    for match in cued_people(said):
        if vocabulary.person(_bare(match.group(1))) == name:
            return f"{_CUES.get(match.re.pattern, 'a cue')}: {match.group(0).strip()}"
    if vault is not None and name in vault.persons:
        return "named bare; other days of the vault show a person"
    return "listed with the day's people"
