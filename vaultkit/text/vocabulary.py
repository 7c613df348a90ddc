"""The controlled vocabulary: canonical terms, aliases, matching in text, and normalization."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from functools import cached_property, lru_cache

from vaultkit.config import CONFIG_NAME, Config, PeopleConfig, VocabularyConfig
from vaultkit.model import LOOKUP_KINDS, DayFields, Summary, Uncategorized
from vaultkit.text.kinds import members

_SEPARATORS = re.compile(r"[\s_\-]+")
_TAG_UNSAFE = re.compile(r"[^\w/\-]+")
_DASHES = re.compile(r"-{2,}")
# Terms this short match in lowercase only as listed ("RAG" or "Rag", not "rag"; "Go", not "go").
_CASE_SENSITIVE_MAX = 3

# The assistants captured chats are written with as speakers (`capture`): never a day's people,
# unless the person lists one in `people.known`.
ASSISTANTS = frozenset({"chatgpt", "claude", "gemini", "copilot", "codex"})


# term_key and tag_of are pure and see the same few hundred terms again and again (every summary
# lists them; `unique` keys every item): memoized, they drop out of a lint run's profile.
@lru_cache(maxsize=1 << 16)
def term_key(term: str) -> str:
    """The form two spellings of one term share: case-folded, separators as single spaces."""
    return _SEPARATORS.sub(" ", term.casefold()).strip()


@lru_cache(maxsize=1 << 16)
def tag_of(term: str) -> str:
    """A vocabulary term as its Obsidian tag: `valid_tag`, and a `/` in the term (`CI/CD`,
    `Vue/Nuxt`) is a dash, since Obsidian reads a slash in a tag as a nested tag."""
    return valid_tag(term.replace("/", "-"))


@lru_cache(maxsize=1 << 16)
def valid_tag(tag: str) -> str:
    """A tag as Obsidian accepts it: no spaces or `#`, never only digits; a `/` a person wrote
    (`lang/python`) nests, as Obsidian means it."""
    spelled = tag.strip().lstrip("#").replace("+", "plus").replace("#", "sharp")
    tag = _TAG_UNSAFE.sub("-", spelled).strip("-/")
    tag = _DASHES.sub("-", tag)
    tag = re.sub(r"/{2,}", "/", tag)
    if not tag:
        return ""
    if tag.replace("/", "").isdigit():
        tag = f"y{tag}" if len(tag) == 4 else f"n{tag}"
    return tag


def unique(items: Iterable[str]) -> tuple[str, ...]:
    """Items in first-seen order with case-insensitive duplicates and blanks dropped."""
    seen: set[str] = set()
    out = []
    for item in items:
        key = term_key(item)
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return tuple(out)


@dataclass(frozen=True)
class Terms:
    """Normalized main fields of a summary plus what fell outside the vocabulary."""

    people: tuple[str, ...]
    projects: tuple[str, ...]
    tags: tuple[str, ...]
    uncategorized: Uncategorized


class Vocabulary:
    """Looks terms up by any spelling or alias and finds them in free text."""

    def __init__(self, vocab: VocabularyConfig, people: PeopleConfig | None = None) -> None:
        people = people or PeopleConfig()
        self._terms: dict[str, tuple[str, str]] = {}
        for kind in LOOKUP_KINDS:
            for term in getattr(vocab, kind):
                self._terms.setdefault(term_key(term), (kind, term))
        self._aliases = {term_key(a): term_key(t) for a, t in vocab.aliases.items()}
        self._people = {term_key(p): p for p in people.known}
        self._ignored = {term_key(p) for p in people.ignore}
        known = {term_key(p) for p in people.known}
        self._ignored |= {a for a in ASSISTANTS if a not in known}
        self._people_aliases = {term_key(a): p for a, p in people.aliases.items()}
        self._tags = {term_key(tag_of(term)): (kind, term) for kind, term in self._terms.values()}
        term_spellings = [term for _, term in self._terms.values()]
        term_spellings += [a for a, t in vocab.aliases.items() if term_key(t) in self._terms]
        people_spellings = [*people.known, *people.aliases]
        self._exact = set(term_spellings) | set(people_spellings)
        self._spellings = (term_spellings, people_spellings)

    # The patterns are compiled when text is first searched: a lookup (a search reading its
    # question) needs none, and the terms' alternation is 2 ms to compile.
    @cached_property
    def _term_pattern(self) -> re.Pattern[str] | None:
        return _alternation(self._spellings[0])

    @cached_property
    def _people_pattern(self) -> re.Pattern[str] | None:
        return _alternation(self._spellings[1])

    def lookup(self, term: str) -> tuple[str, str] | None:
        """(kind, canonical term) for any spelling, alias or tag form of a term, else None."""
        key = term_key(term)
        key = self._aliases.get(key, key)
        return self._terms.get(key) or self._tags.get(key)

    def spellings(self, word: str) -> list[str]:
        """Every spelling of what `word` names: the term or person and its aliases (the word
        alone when the vocabulary and the people do not know it)."""
        key = term_key(word)
        term = self._terms.get(self._aliases.get(key, key))
        if term is not None:
            canonical = term_key(term[1])
            return [term[1], *(a for a, t in self._aliases.items() if t == canonical)]
        person = self._people_aliases.get(key) or self._people.get(key)
        if person is not None:
            return [person, *(a for a, p in self._people_aliases.items() if p == person)]
        return [word]

    def of_kind(self, word: str) -> list[str]:
        """Every spelling of the vocabulary's terms of the kind `word` names ("database":
        PostgreSQL, postgres, PG16; `text.kinds`), none when the word names no kind."""
        out: list[str] = []
        for member in members(term_key(word)):
            if term_key(member) in self._terms or term_key(member) in self._aliases:
                out += [s for s in self.spellings(member) if s not in out]
        return out

    def listing(self) -> dict[str, list[str]]:
        """Canonical terms per kind, known people, and `alias -> canonical` lines (for prompts)."""
        lists: dict[str, list[str]] = {k: [] for k in LOOKUP_KINDS}
        for kind, term in self._terms.values():
            lists[kind].append(term)
        lists["people"] = list(self._people.values())
        lists["aliases"] = [
            f"{alias} -> {self._terms[key][1]}"
            for alias, key in self._aliases.items()
            if key in self._terms
        ] + [f"{alias} -> {person}" for alias, person in self._people_aliases.items()]
        return lists

    def is_ignored_person(self, name: str) -> bool:
        """Names never listed among a day's people (the assistant itself, say)."""
        return term_key(self.person(name)) in self._ignored

    def person(self, name: str) -> str:
        """A person's canonical name (known list and aliases, any case), else the name as given."""
        key = term_key(name)
        return self._people_aliases.get(key) or self._people.get(key) or name.strip()

    def is_known_person(self, name: str) -> bool:
        key = term_key(name)
        return key in self._people or key in self._people_aliases

    def find_terms(self, text: str) -> dict[str, list[str]]:
        """Canonical vocabulary terms mentioned in text, by kind, in order of first mention."""
        found: dict[str, list[str]] = {"projects": [], "technologies": [], "libraries": []}
        if self._term_pattern is None:
            return found
        for match in self._term_pattern.finditer(text):
            entry = self._match_entry(match.group(0))
            if entry and entry[1] not in found[entry[0]]:
                found[entry[0]].append(entry[1])
        return found

    def find_people_at(self, text: str) -> Iterator[tuple[str, int]]:
        """Each mention of a known person in text: their canonical name and where it starts."""
        if self._people_pattern is None:
            return
        for match in self._people_pattern.finditer(text):
            name = self._match_person(match.group(0))
            if name and not self.is_ignored_person(name):
                yield name, match.start()

    def summary(self, day: date, fields: DayFields, related: Iterable[date] = ()) -> Summary:
        """The summary of a day from a summarizer's fields, its terms made canonical."""
        terms = self.normalize(fields)
        return Summary(
            date=day,
            people=terms.people,
            projects=terms.projects,
            tags=terms.tags,
            importance=fields.importance,
            mood=fields.mood,
            related_dates=tuple(related),
            uncategorized=terms.uncategorized,
            bullets=fields.bullets,
        )

    def normalize(self, fields: DayFields) -> Terms:
        """Map every term to its canonical form and kind; unknown terms go to `uncategorized`."""
        projects: list[str] = []
        tags: list[str] = []
        stray: dict[str, list[str]] = {"technologies": [], "libraries": [], "projects": []}
        for kind in LOOKUP_KINDS:
            for term in getattr(fields, kind):
                entry = self.lookup(term)
                if entry is None:
                    stray[kind].append(term)
                elif entry[0] == "projects":
                    projects.append(entry[1])
                else:
                    tags.append(tag_of(entry[1]))
        return Terms(
            people=unique(self.person(p) for p in fields.people if not self.is_ignored_person(p)),
            projects=unique(projects),
            tags=unique(t for t in tags if t),
            uncategorized=Uncategorized(
                technologies=unique(stray["technologies"]),
                libraries=unique(stray["libraries"]),
                projects=unique(stray["projects"]),
            ),
        )

    def _match_entry(self, spelling: str) -> tuple[str, str] | None:
        if _too_casual(spelling, self._exact):
            return None
        return self.lookup(spelling)

    def _match_person(self, spelling: str) -> str | None:
        if _too_casual(spelling, self._exact):
            return None
        return self.person(spelling)


def _too_casual(spelling: str, exact: set[str]) -> bool:
    """A short all-lowercase spelling ("go", "rag") is a word, not a term, unless listed so."""
    return len(spelling) <= _CASE_SENSITIVE_MAX and spelling.islower() and spelling not in exact


def _alternation(spellings: list[str]) -> re.Pattern[str] | None:
    """One regex matching any spelling on word boundaries, longest first, separators flexible."""
    parts = sorted({s.strip() for s in spellings if s.strip()}, key=len, reverse=True)
    if not parts:
        return None
    escaped = [r"[\s_\-]+".join(re.escape(w) for w in _SEPARATORS.split(p)) for p in parts]
    return re.compile(r"(?<![\w.])(?:" + "|".join(escaped) + r")(?![\w])", re.IGNORECASE)


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name most like `name` (case and separators aside), if any is close."""
    import difflib

    by_key = {term_key(k): k for k in known}
    found = difflib.get_close_matches(term_key(name), list(by_key), n=1, cutoff=0.6)
    return by_key[found[0]] if found else None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """` (did you mean 'X'?)`, or nothing when no known name is close."""
    match = closest(name, known)
    return f" (did you mean {match!r}?)" if match else ""


def config_warnings(config: Config) -> list[str]:
    """Mistakes in the config that are not errors: an alias pointing at no term or person."""
    vocab, people = config.vocabulary, config.people
    terms = [*vocab.projects, *vocab.technologies, *vocab.libraries]
    keys = {term_key(t) for t in terms}
    warnings = []
    for alias, target in vocab.aliases.items():
        if term_key(target) not in keys:
            warnings.append(
                f"{CONFIG_NAME}: vocabulary.aliases.{alias}: {target!r} is not in the "
                f"vocabulary's lists{did_you_mean(target, terms)}; the alias is ignored"
            )
    known = {term_key(p) for p in people.known}
    for alias, target in people.aliases.items():
        if people.known and term_key(target) not in known:
            warnings.append(
                f"{CONFIG_NAME}: people.aliases.{alias}: {target!r} is not in people.known"
                f"{did_you_mean(target, people.known)}"
            )
    return warnings
