"""A question's words in the other language, for a vault that mixes English and Indonesian.

"when was my cat sick?" asks for the day a note says "Mochi (kucing) sakit"; "kapan migrasi
database selesai?" for the day one says "the database migration is done". Without a semantic
model BM25 sees no shared word, so each content word of the question (and each two-word phrase
the table knows: "root cause" is "akar masalah") brings its translations (`text.bilingual`) as
extra query terms.

A word's translations are the same meaning spelled another way: each weighs `WEIGHT` of the
word itself (a day says "kucing" or "cat", rarely both, so the meaning is not counted twice), and
a day naming one counts as naming the question's word when search asks which days are on the
topic (`Bridge.fold`), as Pirkola's structured queries treat a translation's alternatives as one
term. Weighing each a share of one word instead (1/n of it) lost to a day naming only the other
word ("when was my cat sick?" led by "the cat food came late" over "Mochi (kucing) sakit").
Names are not translated (a capitalized word inside the question, a speaker of the vault: "Sari"
is a person, not "essence"), nor the question's verbs of telling ("ngomong", "said").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from vaultkit.index.mentions import Named
from vaultkit.search.intent import TELLING
from vaultkit.text.bilingual import translations

WEIGHT = 0.5  # a translation against the word itself (docs/retrieval.md, across languages)
BOTH = ("en", "id")  # the languages the table bridges (`workspace.languages` must hold both)
MAX_TRANSLATIONS = 6  # the first ones: the supplement's and the dictionary's first senses
_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_TOKEN = re.compile(r"[\w.+-]*\w")  # a term as the vocabulary writes it: "PG16", "K3s", "vLLM"

Terms = Callable[[str], list[str]]
Spellings = Callable[[str], list[str]]  # every spelling of what a word names (`Vocabulary`)


@dataclass(frozen=True)
class Bridge:
    """A question's translated terms: each one's weight, and the question's term it stands for
    (a day naming "kucing" names the "cat" of "when was my cat sick?")."""

    weights: dict[str, float] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    said: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a word -> its translations

    def fold(self, named: Named) -> Named:
        """What a day names, its translated terms counted as the question's terms they stand
        for: the topic's coverage reads meanings, not spellings."""
        if not self.sources:
            return named
        turns: dict[str, frozenset[int]] = {}
        for term, where in named.turns.items():
            source = self._own(term)
            turns[source] = turns.get(source, frozenset()) | where
        own = self._owned
        return Named(
            own(named.terms),
            own(named.in_decisions),
            own(named.in_incidents),
            own(named.in_done),
            own(named.in_status),
            own(named.in_labels),
            own(named.in_causes),
            turns=turns,
        )

    def _owned(self, terms: frozenset[str]) -> frozenset[str]:
        return frozenset(map(self._own, terms))

    def _own(self, term: str) -> str:
        return self.sources.get(term, term)


def bridged(
    query: str,
    terms_of: Terms,
    names: Collection[str] = (),
    languages: Collection[str] = BOTH,
    kinds: Spellings | None = None,
) -> dict[str, float]:
    """The terms of the question's words' translations (and of the vocabulary's terms of a kind
    it names), each with its weight, none of the question's own terms (`bridge`)."""
    return bridge(query, terms_of, names, kinds=kinds, languages=languages).weights


def bridge(
    query: str,
    terms_of: Terms,
    names: Collection[str] = (),
    spellings: Spellings | None = None,
    *,
    kinds: Spellings | None = None,
    languages: Collection[str] = BOTH,
) -> Bridge:
    """The question's words (and the two-word phrases the table knows) in the other language;
    a name is no word to translate: one capitalized inside the question ("soal Grafana"), or
    whose term is one of `names` (the vault's speakers: "Sari" is a person, not "essence").
    With `spellings` (the vocabulary's), a term or person the question names brings its other
    spellings as sources only: a day saying "PG16" is on the topic of "the PostgreSQL migration",
    but how well a day matches stays the question's own words' (the example vault's aliases make
    "K3s" a spelling of Kubernetes; weighed as the word, "k3s migration" led with a day whose
    path says "tank/k8s"). With `kinds`, a word naming a kind of technology brings the
    vocabulary's terms of that kind as a translation does, with its weight: "when did we
    upgrade the database?" asks for the day that says "migrasi Postgres 16 selesai"."""
    own = set(terms_of(query))
    out = Bridge()
    if spellings is not None:
        _add_spellings(out, query, terms_of, own, spellings)
    if kinds is not None:
        _add_spellings(out, query, terms_of, own, kinds, WEIGHT)
    if set(BOTH) <= set(languages):  # a vault in one language has no other to bridge to
        _add_translations(out, _names_out(query, terms_of, names), terms_of, own)
    return out


def _add_translations(out: Bridge, words: list[str], terms_of: Terms, own: set[str]) -> None:
    """The translations of the question's words (`""` where a name stood), a two-word phrase the
    table knows before its words ("root cause" is "akar masalah", not "akar" and "sebab")."""
    words = [w.casefold() for w in words]
    i = 0
    while i < len(words):
        if not words[i]:  # a name's place
            i += 1
            continue
        whole = i + 1 < len(words) and bool(words[i + 1])
        source = " ".join(words[i : i + 2]) if whole else words[i]
        found = _translated(source, terms_of, own) if whole else {}
        if not found:
            source = words[i]
            found = _translated(source, terms_of, own) if terms_of(source) else {}  # stopwords
        stands_for = (terms_of(source) or [source])[0]
        if found:  # after the vocabulary's terms of a kind the word names, if any
            out.said[source] = (*out.said.get(source, ()), *_alternatives(source, terms_of, own))
        for term, weight in found.items():
            out.weights[term] = out.weights.get(term, 0.0) + weight
            out.sources.setdefault(term, stands_for)
        i += len(source.split())


def _add_spellings(
    out: Bridge,
    query: str,
    terms_of: Terms,
    own: set[str],
    spellings: Spellings,
    weight: float = 0.0,
) -> None:
    """The other spellings of the vocabulary's terms and people the question names (a word, or
    two words as one: "Payments API"), each standing for the word, and weighing `weight` of
    it in the lexical score (none: a spelling only tells which days are on the topic)."""
    tokens = _TOKEN.findall(query)
    for size in (2, 1):
        for i in range(len(tokens) - size + 1):
            written = " ".join(tokens[i : i + size])
            known = spellings(written)
            if not known or known == [written]:
                continue
            stands_for = (terms_of(written) or [written.casefold()])[0]
            if weight:  # a kind read as its terms is shown as a translation is
                out.said[written.casefold()] = tuple(known)
            for spelling in known:
                for term in terms_of(spelling):
                    if term not in own:
                        out.sources.setdefault(term, stands_for)
                        if weight:
                            out.weights[term] = max(out.weights.get(term, 0.0), weight)


def _names_out(query: str, terms_of: Terms, names: Collection[str]) -> list[str]:
    """The question's words with its names and its verbs of telling ("ngomong", "said": the
    question's frame, not its topic) left out, each leaving a gap no phrase spans."""
    out = []
    for i, match in enumerate(_WORD.finditer(query)):
        word = match.group(0)
        terms = terms_of(word)
        name = (i > 0 and word[0].isupper()) or bool(terms and terms[0] in names)
        out.append("" if name or word.casefold() in TELLING else word)
    return out


def _translated(text: str, terms_of: Terms, own: set[str]) -> dict[str, float]:
    """The terms of `text`'s translations, each translation weighing `WEIGHT` (its terms share
    it: "akar masalah" is one translation of "root cause")."""
    out: dict[str, float] = {}
    for terms in _alternatives(text, terms_of, own).values():
        for term in terms:
            out[term] = max(out.get(term, 0.0), WEIGHT / len(terms))
    return out


def _alternatives(text: str, terms_of: Terms, own: set[str]) -> dict[str, list[str]]:
    """`text`'s translations that add a term to the question's, each with those terms."""
    found = {}
    for translation in translations(text)[:MAX_TRANSLATIONS]:
        terms = [t for t in terms_of(translation) if t not in own]
        if terms:
            found[translation] = terms
    return found
