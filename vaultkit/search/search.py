"""A query against the vault's index: the best days, scored by the hybrid formula
(`scoring`) from the semantic part a backend gives (`backends`), within the filters."""

from __future__ import annotations

import contextlib
from collections.abc import Container, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any

from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.index.date_terms import is_date_term
from vaultkit.index.mentions import event_counts, named
from vaultkit.index.store import SearchIndex, open_index
from vaultkit.model import Progress
from vaultkit.pages.schema import summary_json
from vaultkit.search.backends import lexical_part, make_backend
from vaultkit.search.bridge import bridge
from vaultkit.search.filters import NO_FILTERS, Filters
from vaultkit.search.focus import (
    CANDIDATES,
    Focus,
    coverage,
    in_window,
    newer_map,
    topic_days,
)
from vaultkit.search.intent import MAX_QUERY_CHARS, names_of, read_query
from vaultkit.search.scoring import Hit, Scoring, rank
from vaultkit.search.span import known_word, span_hits, topicless
from vaultkit.search.typos import respelled

if TYPE_CHECKING:
    from vaultkit.text.vocabulary import Vocabulary


@dataclass(frozen=True)
class SearchResult:
    """The ranked days for a query, best first, and what the user should hear about it."""

    query: str
    as_of: date
    hits: list[Hit] = field(default_factory=list)
    backend: str = "bm25"
    warnings: tuple[str, ...] = ()
    focus: Focus = field(default_factory=Focus)

    def as_dict(self) -> dict[str, Any]:
        """The `vaultkit search --json` object."""
        return {
            "query": self.query,
            "as_of": self.as_of.isoformat(),
            "results": [hit_dict(h) for h in self.hits],
            "warnings": list(self.warnings),
            "reading": self.focus.as_dict(),
        }


_HIT_FIELDS = ("mood", "people", "projects", "tags", "bullets")  # a hit's summary, in its JSON


def hit_dict(hit: Hit) -> dict[str, Any]:
    """One hit as JSON: the keys scripts rely on first (`importance` is the day's 1-10, null without a
    summary), then the importance part of the score (`importance_score`, on [0, 1]) and the rest
    of the day's summary, so an agent needs no second call; then `newer`, a newer day on the
    question's topic (this one may be stale), and `led_by`, the intent that put it first."""
    summary = hit.summary
    shown = (
        summary_json(summary, _HIT_FIELDS)
        if summary
        else {key: None if key == "mood" else [] for key in _HIT_FIELDS}
    )
    return {
        "date": hit.date.isoformat(),
        "score": round(hit.score, 6),
        "semantic": round(hit.semantic, 6),
        "importance": summary.importance if summary else None,
        "recency": round(hit.recency, 6),
        "via": hit.via.isoformat() if hit.via else None,
        "path": hit.path,
        "importance_score": round(hit.importance, 6),
        **shown,
        "newer": hit.newer.isoformat() if hit.newer else None,
        "led_by": hit.ordered,
    }


def search(
    config: Config,
    query: str,
    *,
    top_k: int | None = None,
    as_of: date | None = None,
    filters: Filters = NO_FILTERS,
    rescan: bool = False,
    progress: Progress | None = None,
) -> SearchResult:
    """The best days for `query`, scored by the hybrid formula with 1-hop expansion.

    Refreshes the index first (only changed days cost work; `rescan` stats every file instead of
    the quick check, for notes edited in place long ago). `as_of` is the vault as it stood that
    day: "today" for recency, and no day after it is returned (without it: today, and every day
    counts, a later one as today). The filters restrict which days may appear, expanded ones
    included.
    """
    with searching(config, rescan=rescan, progress=progress) as searcher:
        return searcher.ask(query, top_k=top_k, as_of=as_of, filters=filters)


@contextlib.contextmanager
def searching(
    config: Config, *, rescan: bool = False, progress: Progress | None = None
) -> Iterator[Searcher]:
    """A Searcher over the vault's index, refreshed first, closed at the end of the block."""
    with open_index(config, rescan=rescan, progress=progress) as index:
        yield Searcher(config, index)


class Searcher:
    """Search over an open index; `eval` keeps one to run many queries (and many scorings)."""

    def __init__(self, config: Config, index: SearchIndex) -> None:
        self.config = config
        self.index = index
        self.backend = make_backend(config, lambda word: self.vocabulary().of_kind(word))
        self.records = index.records()
        self.scoring = Scoring.of(config)
        self._vocabulary: Vocabulary | None = None

    def vocabulary(self) -> Vocabulary:
        """The config's vocabulary and people, built on the first question that needs them."""
        if self._vocabulary is None:
            from vaultkit.text.vocabulary import Vocabulary

            self._vocabulary = Vocabulary(self.config.vocabulary, self.config.people)
        return self._vocabulary

    def known(self, word: str) -> bool:
        """Whether the vocabulary or the people of the config know the word."""
        vocabulary = self.vocabulary()
        return vocabulary.lookup(word) is not None or vocabulary.is_known_person(word)

    def ask(
        self,
        query: str,
        *,
        top_k: int | None = None,
        as_of: date | None = None,
        filters: Filters = NO_FILTERS,
    ) -> SearchResult:
        """A user's question, as `search` takes it: checked, filters made canonical, the vault
        as it stood on `as_of`, and what the user should hear about it."""
        if not query.strip():
            raise UsageError("the query is empty")
        if len(query) > MAX_QUERY_CHARS:
            raise UsageError(
                f"the query is {len(query):,} characters long; at most {MAX_QUERY_CHARS:,} "
                "(ask a question, not a document)"
            )
        top_k = self.config.search.top_k if top_k is None else top_k
        if top_k < 1:
            raise UsageError(f"top_k: expected an integer >= 1, got {top_k}")
        filters = filters.canonical(self.config.people, self.config.vocabulary)
        if as_of is not None:
            filters = filters.up_to(as_of)
        day = as_of or date.today()
        result = self.search(query, top_k=top_k, as_of=day, filters=filters)
        said = tuple(dict.fromkeys(self.backend.warnings))  # asked twice: said once
        self.backend.warnings.clear()
        warnings = (*self.index.warnings, *said, *self.filter_warnings(filters))
        return replace(result, warnings=warnings)

    def filter_warnings(self, filters: Filters) -> list[str]:
        """A person, project or tag filter that no day of the index has, with the closest one."""
        from vaultkit.text.vocabulary import did_you_mean

        warnings = []
        for value, name, field_name in (
            (filters.person, "person", "people"),
            (filters.project, "project", "projects"),
            (filters.tag, "tag", "tags"),
        ):
            if value is None:
                continue
            known = {v for values in self.records.listed(field_name).values() for v in values}
            wanted = value.lstrip("#").casefold()
            if not any(v.casefold() == wanted for v in known):
                warnings.append(f"no day has the {name} {value!r}{did_you_mean(value, known)}")
        return warnings

    def allowed(self, filters: Filters) -> Container[date] | None:
        """The days the filters allow (None: every day)."""
        if filters.empty:
            return None
        if filters.dates_only:  # the common case (`--as-of`): no record needs reading
            return filters.day_range()
        return {d for d, r in self.records.items() if filters.admits(r)}

    def semantic(
        self, query: str, filters: Filters = NO_FILTERS
    ) -> tuple[dict[date, float], Container[date] | None]:
        """The backend's scores for a query and the days the filters allow (None: every day)."""
        allowed = self.allowed(filters)
        return self.backend.scores(self.index, query, allowed), allowed

    def read(
        self, query: str, as_of: date, filters: Filters = NO_FILTERS
    ) -> tuple[dict[date, float], Container[date] | None, Focus]:
        """A question's semantic scores (of its topic words, weighted by its window), the days
        the filters allow, and its focus: the window, the intent and the days on its topic."""
        days = self.index.days
        query, slips = respelled(query, days.terms, days.held, known_word)
        reading = read_query(query, as_of)
        if reading.window is not None and topicless(reading, days.terms, days.held):
            allowed = self.allowed(filters)
            return {}, allowed, Focus(reading, reading.window, span=True, respelled=slips)
        semantic, allowed = self.semantic(reading.topic, filters)
        semantic, window, note = in_window(semantic, reading.window)
        if reading.window is not None and window is None:
            # The window is left out, so its words are the question's again ("4 years ago").
            reading = replace(read_query(query, as_of, times=False), window=reading.window)
            semantic, allowed = self.semantic(reading.topic, filters)
        # The topic's days are the ones that name its key terms, the words its best matches
        # share: a lexical notion, read on the lexical half of a fused score (the time-aware dev
        # set with the hybrid, latest R@1: 0.786 on the fused score, 0.843 on the lexical one).
        lexical = lexical_part(self.backend)
        if lexical is not None:
            lexical = in_window(lexical, window)[0]
        basis = semantic if lexical is None else lexical
        ranked = sorted(basis, key=lambda d: (-basis[d], -d.toordinal()))[:CANDIDATES]
        terms = [t for t in days.terms(reading.subject) if not is_date_term(t)]
        # A day may say it in the other language.
        vocabulary = self.vocabulary()
        speakers = days.speaker_terms()
        translated = bridge(
            reading.subject,
            days.terms,
            speakers,
            vocabulary.spellings,
            kinds=vocabulary.of_kind,
            languages=days.analyzer.languages,
        )
        found = named(days.db, [*terms, *translated.sources], [d.isoformat() for d in ranked])
        held = {date.fromisoformat(d): translated.fold(n) for d, n in found.items()}
        names: set[str] = set()
        people: set[str] = set()
        for word in names_of(reading.subject, self.known):
            spelled = {t for s in vocabulary.spellings(word) for t in days.terms(s)}
            names |= spelled
            if vocabulary.is_known_person(word) or spelled & speakers:
                people |= spelled
        shares, in_events, about = coverage(held, ranked, reading.events, names, people)
        eventful = frozenset(topic_days(in_events, window, allowed))
        if not eventful and reading.otherwise is not None:
            # No day states the cause ("still no cause tonight"): the question as it asks
            # otherwise, the weightiest outage or the best match.
            reading = reading.as_asked()
            shares, in_events, about = coverage(held, ranked, reading.events, names, people)
            eventful = frozenset(topic_days(in_events, window, allowed))
        on_topic = topic_days(shares, window, allowed)
        subject = topic_days(about, window, allowed)
        newer = newer_map(topic_days(about, None, allowed))
        focus = Focus(
            reading,
            window,
            note,
            on_topic,
            eventful,
            subject,
            evidence=lexical,
            translated=tuple(translated.said.items()),
            respelled=slips,
            _newer=newer,
        )
        return semantic, allowed, focus

    def search(
        self,
        query: str,
        *,
        top_k: int,
        as_of: date,
        filters: Filters = NO_FILTERS,
        scoring: Scoring | None = None,
    ) -> SearchResult:
        reading = self.read(query, as_of, filters)
        hits = self.answer(reading, as_of, top_k=top_k, scoring=scoring)
        return SearchResult(query, as_of, hits, self.backend.name, focus=reading[2])

    def answer(
        self,
        reading: tuple[dict[date, float], Container[date] | None, Focus],
        as_of: date,
        *,
        top_k: int,
        scoring: Scoring | None = None,
    ) -> list[Hit]:
        """The days that answer a question `read` gave: a span question's days inside its
        window, biggest first; any other's by the hybrid score (`eval` ranks with this too)."""
        semantic, allowed, focus = reading
        if focus.span and focus.window is not None:
            db = self.index.days.db

            wanted = focus.reading.events if focus.reading else ""

            def events(days: list[date]) -> dict[date, int]:
                counts = event_counts(db, [d.isoformat() for d in days], wanted or "di")
                return {date.fromisoformat(d): n for d, n in counts.items()}

            return span_hits(
                focus.window,
                self.records,
                as_of=as_of,
                scoring=scoring or self.scoring,
                allowed=allowed,
                events=events,
                wanted=wanted,
                top_k=top_k,
            )
        return rank(
            semantic,
            self.records,
            as_of=as_of,
            scoring=scoring or self.scoring,
            top_k=top_k,
            allowed=allowed,
            focus=focus,
        )
