"""Who took part in a day, or is named in it: speakers, known people, and names the text gives.

In order of evidence:

1. The speakers of `Name: text` turns. In a transcript every speaker that looks like a name
   counts; in a note, a known person, or an unknown one with two turns (one `Word: text` line
   is more likely a label than a person).
2. Known people and their nicknames (`people.known`, `people.aliases`) anywhere in the text.
3. Names the text introduces, in English or Indonesian: after a title or kinship word ("Pak
   Surya", "Bu Rina", "Mbak Laras", "Dr. Chen"), beside a word of speech or company ("Maya
   bilang", "kata Tomi", "sama Arif", "bareng Dimas", "with Kevin", "Laras said"), or a
   capitalized word that recurs in the day, never written in lowercase, and is neither a
   vocabulary term, a tool, a place nor a word of the calendar, and stands at least once inside
   a sentence: a capital at a sentence's start ("Wow", "Anything") says nothing.

Names are mapped through `people.aliases`, a short form of one of the day's speakers ("Mel" when
Melanie speaks) taken as that speaker, and the ones in `people.ignore` (the assistant) dropped.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable

from vaultkit.summarize.names import NOT_NAMES, PLACES, ProperName, parts_of_longer
from vaultkit.summarize.needles import Needles
from vaultkit.summarize.text import Line, TokenPattern
from vaultkit.text.vocabulary import Vocabulary, term_key, unique

_NAME = r"[A-Z][a-z][a-zA-Z'-]+"
_PERSON = re.compile(rf"{_NAME}(?:'s?)?")
_TITLES = (
    "Pak|Bu|Bapak|Ibu|Mas|Mbak|Kak|Bang|Om|Tante|Mr\\.?|Mrs\\.?|Ms\\.?|Dr\\.?|Prof\\.?|Uncle|Aunt"
)
_TITLED = re.compile(rf"\b(?:{_TITLES})\s+({_NAME})")
_BEFORE = re.compile(
    r"\b(?:told|asked|thanks to|meeting with|call with|talked to|talked with|chat with|"
    r"lunch with|dinner with|1:1 with|sama|dengan|bareng|kata|ditemani|ngobrol sama|call sama|"
    r"meeting sama|ketemu|nanya ke|minta ke|bilang ke)\s+"
    rf"({_NAME})"
)
_AFTER = TokenPattern(
    re.compile(
        rf"\b({_NAME})\s+(?:said|says|told|asked|wants|thinks|suggested|replied|mentioned|"
        r"emailed|called|sent|from the|\(the|\(a|\(an|"
        r"bilang|nanya|minta|usul|ngusulin|cerita|ngabarin|setuju|jawab|bales|balas|kirim|"
        r"datang|dateng|ikut|nelpon|telpon|chat|ngajak|ngeledek|\(si|\(temen|\(adik|\(kakak)\b"
    ),
    r"\b[A-Z][a-z]",
    r"[a-zA-Z'-]",
)
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
_WHOLE_WORD = re.compile(r"[\w'-]+")
# The letters besides A-Z a-z that a regular expression's IGNORECASE matches to one of them.
_ASCII_CASES = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
# Capitalized words that are not people beside those that name nothing: places and firms.
_NOT_PEOPLE = (
    NOT_NAMES
    | PLACES
    | frozenset(
        """google amazon microsoft apple telegram discord whatsapp slack zoom obsidian github
    gitlab""".split()
    )
)
# Words after which a capitalized word names a place or a thing, hardly ever a person.
_THING_BEFORE = frozenset(
    """in on at into onto of the a an via run running use using used pitch pitched about
    install installed deploy deployed chose choose versus vs di pakai pake soal tentang pasang
    nyoba coba""".split()
)
_LABELS = frozenset(
    """trigger impact cause root status result answer question summary action note notes todo
    reminder update error warning info debug plan next decision incident catatan keputusan
    dampak penyebab rencana hasil tindak lanjut jadwal target storage ingress nodes node budget
    agenda owner pic deadline timeline user users assistant system bot ai human me you
    penulis pengguna asisten""".split()
)


def people_of(
    lines: list[Line], names: list[ProperName], vocabulary: Vocabulary, tools: set[str]
) -> tuple[str, ...]:
    """The day's people, canonical, in order of first evidence; `tools` are terms found as tools
    (so `Longhorn` is never taken for a person)."""
    found: list[str] = []
    turns: dict[tuple[str, str], int] = Counter()
    for line in lines:
        if line.speaker:
            turns[(line.source, line.speaker)] += 1
    for (source, speaker), count in turns.items():
        if vocabulary.is_known_person(speaker):
            found.append(vocabulary.person(speaker))
        elif _looks_like_name(speaker) and (source == "chat" or count >= 2):
            found.append(speaker)
    text = "\n".join(line.text for line in lines)
    said = "\n".join(line.said for line in lines)
    mentions = list(vocabulary.find_people_at(said))
    found += unique(name for name, _ in mentions)
    found += _named_in_text(names, text, vocabulary, tools)
    found += _joined_with(found, text, vocabulary, tools)
    first = _first_seen(said, mentions, found)
    found.sort(key=first)
    speakers = _speaker_names(turns)
    full_name = _ShortForms({name for name in found if name in speakers})
    canonical = (vocabulary.person(full_name(name)) for name in found)
    return unique(n for n in canonical if not vocabulary.is_ignored_person(n))


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


def _named_in_text(
    names: list[ProperName], text: str, vocabulary: Vocabulary, tools: set[str]
) -> list[str]:
    cued = [
        m.group(1)
        for pattern in (_TITLED, _BEFORE, _AFTER)
        for m in pattern.finditer(text)
        if pattern is _TITLED
        or not _in_longer_name(
            text[max(0, m.start(1) - 40) : m.start(1)], text[m.end(1) : m.end(1) + 40]
        )
    ]
    counts: Counter[str] = Counter()
    inside: set[str] = set()
    parts = parts_of_longer(names)
    for name in names:
        if (
            name.single
            and not name.firm
            and _PERSON.fullmatch(name.text)
            and name.text not in parts
            and name.before not in _THING_BEFORE  # "in Senopati", "run Qdrant": a place, a thing
        ):
            counts[_bare(name.text)] += 1
            if name.inside:
                inside.add(_bare(name.text))
    recurring = [w for w, n in counts.items() if n >= 2 and w in inside]
    if recurring:
        lowercase = lowercase_words(text)
        recurring = [w for w in recurring if w.lower() not in lowercase]
    return [_bare(n) for n in [*cued, *recurring] if _may_be_person(_bare(n), vocabulary, tools)]


def lowercase_words(text: str) -> set[str]:
    """The words the day writes starting in lowercase ("kopi", "rust": common words), each
    whole (letters, digits, `'` and `-`), in the form that a name (ASCII, as `_PERSON` reads
    one) matching it case-insensitively has once `str.lower()`ed: one pass over the day rather
    than one per name."""
    return {w.translate(_ASCII_CASES).lower() for w in _WHOLE_WORD.findall(text) if w[0].islower()}


def _joined_with(
    people: list[str], text: str, vocabulary: Vocabulary, tools: set[str]
) -> list[str]:
    """Names listed together with one of the day's people ("Tomi, Maya, Putri, sama Gading")."""
    keys = {term_key(vocabulary.person(p)) for p in people}
    out: list[str] = []
    for match in _JOINED.finditer(text):
        names = re.findall(_NAME, match.group(0))
        if len(names) < 3 and not re.search(_AND, match.group(0)):
            continue
        if any(term_key(vocabulary.person(n)) in keys for n in names):
            out += [n for n in names if _may_be_person(n, vocabulary, tools)]
    return out


def _may_be_person(name: str, vocabulary: Vocabulary, tools: set[str]) -> bool:
    key = term_key(name)
    return key not in _NOT_PEOPLE and key not in tools and vocabulary.lookup(name) is None


def _bare(word: str) -> str:
    """A name without its possessive ("Surya's" -> "Surya")."""
    return _POSSESSIVE.sub("", word)


def _in_longer_name(before: str, after: str) -> bool:
    """Whether a capitalized word is part of a longer name ("Uptime Kuma", "PT Lintas Data",
    "Blok M"); titles ("Pak Surya") and the calendar ("Rina Jumat ini") do not count."""
    prev = re.search(r"([A-Z][\w'-]*)\s+$", before)
    nxt = re.match(r"\s+([A-Z0-9][\w'-]*)", after)
    return any(m is not None and term_key(m.group(1)) not in _NOT_PEOPLE for m in (prev, nxt))


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
        and not any(part.isupper() and len(part) > 1 for part in words)
        and all(w[0].isupper() for w in words)
    )
