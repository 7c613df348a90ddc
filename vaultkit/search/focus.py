"""How a question's window and intent (`intent.read_query`) move the days' scores.

The window is a prior, not a wall: a day's semantic score is multiplied by

    prior(d) = OUTSIDE + (1 - OUTSIDE) * exp(-distance(d, window) / SLACK_DAYS)

(1 inside; a day three days off keeps 49%, a week off 28%, far off 20%), and the scores are
divided again by their best, so the best day in or near the window leads. A window that holds
no day matching the topic is left out (a question can name a time wrongly or name one the vault
does not have: "in December" asked in August, "four years ago" of a vault one year old), and
says so; its words count as the question's words again.

The topic's days: the question's key terms are the ones that at least half of its `SEEDS` best
days name (outside asides, `DayIndex.named`): of "the Kestrel release" the name "Kestrel" that
every day about it says, not "release", said of anything. A day is on the topic when it names
at least `ON_TOPIC` of the key terms: a day that names "K3s" answers a question about "the K3s
migration" (its notes may say "migrasi"), one that names K3s only in an aside ("K3s came up at
lunch, no news") does not.

The question's names ("K3s", "PostgreSQL", a person; `intent.names_of`) are key terms however few
of the best days say them, and a day naming none of the key names is on no topic: of "migrasi
K3s", a day on the PostgreSQL migration is another migration. A topic day is *about* the topic
(`_about`) when it names the key terms in two lines, in a line that states a status, or in a
line's label; a later passing mention is not.

The intent puts topic days first (`scoring.rank`): `latest` the newest day about the topic,
`first` the oldest (of those stating the event a question names, "the latest decision"),
`important` every topic day stating an event of the kind asked (a decision, an incident, a
completion), by importance (1-10; a completion by how well it matches). The other days keep the
hybrid score. A day about the topic with a newer one on or before as_of is "superseded": search
and recall say which day is newer.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Container, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from vaultkit.index.mentions import Named
from vaultkit.search.intent import EVENT_NAMES, Intent, Reading
from vaultkit.search.when import Window

SLACK_DAYS = 3.0  # people misremember a date by a few days
# A day far from the window keeps a fifth of its match: a question may name the time of the
# telling rather than of the event ("what did John do last year?" of a note that says "last
# year I..."), and a strong match far off must still beat a weak one inside.
OUTSIDE = 0.2
ON_TOPIC = 0.5  # the share of the key terms a day must name to be on the topic
SEEDS = 10  # the best days whose common terms are the topic's key terms
CANDIDATES = 200  # the best days by semantic score that are checked for the topic


@dataclass(frozen=True)
class Focus:
    """What the scorer needs of a reading: the window it used (None: none, or left out), the
    intent, and the days on the question's topic (sorted)."""

    reading: Reading | None = None
    window: Window | None = None
    window_note: str | None = None  # why a window the question named was left out
    on_topic: tuple[date, ...] = ()
    eventful: frozenset[date] = frozenset()  # topic days that state an event of the topic
    about: tuple[date, ...] = ()  # topic days whose subject it is, not a passing mention
    span: bool = False  # a question of a time span alone: the answer is the span's days
    # What a topic day's match is judged by: the lexical half of a fused score (None: the
    # semantic scores themselves).
    evidence: Mapping[date, float] | None = None
    # The topic's words in the other language (`bridge`): "cat" also read as "kucing".
    translated: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # The question's typing slips and the words they were read as ("happend" as "happened").
    respelled: tuple[tuple[str, str], ...] = ()
    _newer: dict[date, date] = field(default_factory=dict, compare=False, repr=False)

    @property
    def intent(self) -> Intent | None:
        return self.reading.intent if self.reading else None

    @property
    def asks_done(self) -> bool:
        """Whether the question asks when a thing was done ("kapan migrasi selesai?")."""
        return self.reading is not None and self.reading.events == "c"

    @property
    def asks_cause(self) -> bool:
        """Whether the question asks why something went wrong ("kenapa checkout down?")."""
        return self.reading is not None and self.reading.events == "r"

    def newer(self, day: date) -> date | None:
        """The newest topic day after `day`, when `day` is on the topic itself."""
        return self._newer.get(day)

    def describe(self) -> str:
        """One line for `--explain`: the intent, the window, the topic's words and days."""
        reading = self.reading
        if reading is None:
            return "no reading"
        typed = "".join(f"; {typed!r} read as {word!r}" for typed, word in self.respelled)
        if self.span and self.window is not None:
            return (
                f"a time span and no topic: the days of {_span(self.window)}, the biggest first"
                + (f", those stating a {_kinds(reading.events)} first" if reading.events else "")
                + typed
            )
        parts = []
        if reading.intent:
            said = ", ".join(repr(w) for w in reading.intent_words)
            parts.append(f"intent {reading.intent}" + (f" ({said})" if said else ""))
        else:
            parts.append("no intent (important and recent days win among comparable ones)")
        if self.window is not None:
            parts.append(f"window {_span(self.window)}, a prior")
        elif self.window_note:
            parts.append(self.window_note)
        parts.append(f"topic words {reading.subject!r}, {len(self.on_topic)} topic days")
        if self.translated:
            shown = ", ".join(f"{w} = {' / '.join(ts)}" for w, ts in self.translated)
            parts.append(f"also read as {shown}")
        return "; ".join(parts) + typed

    def span_text(self) -> str:
        """The span a question asks about alone ("'last week' (2026-07-06 .. 2026-07-12)"),
        or "" when it asks about a topic."""
        return _span(self.window) if self.span and self.window is not None else ""

    def nothing_found(self, query: str) -> str:
        """What to say when no day answers: a span without notes says which span."""
        span = self.span_text()
        return f"no notes in {span}" if span else f"no day matches {query!r}"

    def as_dict(self) -> dict[str, object]:
        out = self.reading.as_dict() if self.reading else {}
        out["window_used"] = self.window is not None
        out["window_note"] = self.window_note
        out["span"] = self.span
        out["translated"] = {word: list(translations) for word, translations in self.translated}
        out["respelled"] = dict(self.respelled)
        return out


def prior(window: Window, day: date) -> float:
    """The window's weight on a day: 1 inside, falling by e every `SLACK_DAYS` outside to a
    floor of `OUTSIDE`."""
    return OUTSIDE + (1 - OUTSIDE) * math.exp(-window.distance(day) / SLACK_DAYS)


def in_window(
    semantic: Mapping[date, float], window: Window | None
) -> tuple[dict[date, float], Window | None, str | None]:
    """The semantic scores weighted by the window's prior and divided again by their best; the
    window itself, or None and the reason when no matching day is in it."""
    if window is None:
        return dict(semantic), None, None
    if not any(day in window for day, score in semantic.items() if score > 0):
        return dict(semantic), None, f"no matching day in {_span(window)}: the window was left out"
    weighted = {day: score * prior(window, day) for day, score in semantic.items()}
    top = max(weighted.values(), default=0.0)
    return {d: s / top for d, s in weighted.items() if s > 0}, window, None


def coverage(
    named: Mapping[date, Named],
    ranked: Sequence[date],
    events: str,
    names: Collection[str] = (),
    people: Collection[str] = (),
) -> tuple[dict[date, float], dict[date, float], dict[date, float]]:
    """Each day's share of the key terms (the terms that half the best `SEEDS` days name), in
    what it says, in the lines that state the `events` asked for (`d` decisions, `i`
    incidents, `c` completions), and on the days that are about it (`_about`; 0 on the others).
    A key term weighs as many of those days as name it: the name each of them says ("K3s")
    counts more than a word some of them say ("migration", said of other things too). Weighed
    by IDF instead, the name a topic repeats on every day it is discussed would count less than
    a word said of anything.

    `names` are the terms of what the question names (`names_of`: "K3s" in "migrasi K3s", a
    person, a project): a name the best days say is a key term however few of them say it, and
    a day that names none of the key names is on no topic: "migrasi" alone is another
    migration. `people` are those of the names that are persons (known, or speakers)."""
    seeds = [day for day in ranked[:SEEDS] if day in named]
    counts = Counter(term for day in seeds for term in named[day].terms)
    weight = {t: 1 for t, n in counts.items() if 2 * n >= len(seeds) or t in names}
    key = set(weight)
    if not key:
        return {}, {}, {}
    whole = sum(weight.values())
    key_names = key & set(names)

    def share(terms: frozenset[str]) -> float:
        if key_names and not terms & key_names:
            return 0.0
        return sum(weight[t] for t in terms & key) / whole

    # A thing done is said of the thing, not of its people: "Caroline, we just finished a
    # painting" is no day she joined a group (when the topic is a person alone, of the person).
    # A project's name is the thing itself ("Batik UI v2 is done!").
    things = frozenset(key - (key_names & set(people))) or frozenset(key)

    def in_events(n: Named) -> frozenset[str]:
        return (
            (n.in_decisions if "d" in events else frozenset())
            | (n.in_incidents if "i" in events else frozenset())
            | (n.in_done & things if "c" in events else frozenset())
            | (n.in_causes if "r" in events else frozenset())
        )

    said = {day: share(n.terms) for day, n in named.items()}
    stated = {day: share(in_events(n)) for day, n in named.items()}
    about = {day: said[day] if _about(n, key) else 0.0 for day, n in named.items()}
    return said, stated, about


def _about(named: Named, key: set[str]) -> bool:
    """Whether a day is about the topic, not only naming it: it names the key terms in two of
    its turns or more, in one that states where something stands (a status, a decision, an
    incident, a completion), or in a line's label ("- NAS: fixing"). A passing mention is one
    line that says nothing of it."""
    return named.turns_naming(key) >= 2 or bool((named.in_status | named.in_labels) & key)


def topic_days(
    shares: Mapping[date, float], window: Window | None, allowed: Container[date] | None
) -> tuple[date, ...]:
    """The days on the question's topic, inside (or near) the window when there is one."""
    days = [
        day
        for day, share in shares.items()
        if share >= ON_TOPIC - 1e-9
        and (allowed is None or day in allowed)
        and (window is None or window.distance(day) <= SLACK_DAYS)
    ]
    return tuple(sorted(days))


def newer_map(on_topic: tuple[date, ...]) -> dict[date, date]:
    """Each topic day but the newest -> the newest topic day (what supersedes it): of the days
    about the topic, so a later passing mention supersedes nothing."""
    if len(on_topic) < 2:
        return {}
    newest = on_topic[-1]
    return {day: newest for day in on_topic[:-1]}


def intent_part(focus: Focus, day: date, importance: float, semantic: float) -> float:
    """Where a topic day stands in the intent's order, on (0, 1]: above every other day's
    hybrid score once 1 is added. `important`: the days that state an event of the topic (a
    decision, an incident, a completion) first, each group by importance (1-10), semantic
    breaking ties. `latest`: the newest day about the topic (`_about`) leads."""
    intent, on_topic = focus.intent, focus.on_topic
    # Why it broke: of the days that state a cause, the one that says it best (a why no day
    # answers is read as asked otherwise: `Reading.otherwise`).
    if intent == "important" and (focus.asks_done or focus.asks_cause):
        # When a thing was done: the day that says so best; a big day that lists it among
        # others ("K3s: done, blog: live") says it in passing.
        return ((day in focus.eventful) + (semantic * 10 + importance) / 11) / 2
    if intent == "important":
        return ((day in focus.eventful) + (importance * 10 + semantic) / 11) / 2
    if intent == "latest" and focus.about:
        on_topic = focus.about
    position = bisect_left(on_topic, day)
    behind = len(on_topic) - 1 - position if intent == "latest" else position
    return 1 / (1 + behind)


def _kinds(events: str) -> str:
    return " or ".join(EVENT_NAMES[k] for k in events)


def _span(window: Window) -> str:
    start = window.start.isoformat() if window.start else "the start"
    return f"{window.phrase!r} ({start} .. {window.end.isoformat()})"
