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

The intent puts topic days first (`scoring.rank`): `latest` the newest, `first` the oldest (of
those stating the event a question names, "the latest decision"), `important` every topic day
stating an event of the kind asked (a decision, an incident), by importance (1-10). The other
days keep the hybrid score. A topic day with a newer topic day on or before as_of is
"superseded": search and recall say which day is newer.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from vaultkit.index.bm25 import Named
from vaultkit.search.intent import Intent, Reading
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
    # What a topic day's match is judged by: the lexical half of a fused score (None: the
    # semantic scores themselves).
    evidence: Mapping[date, float] | None = None
    _newer: dict[date, date] = field(default_factory=dict, compare=False, repr=False)

    @property
    def intent(self) -> Intent | None:
        return self.reading.intent if self.reading else None

    def newer(self, day: date) -> date | None:
        """The newest topic day after `day`, when `day` is on the topic itself."""
        return self._newer.get(day)

    def describe(self) -> str:
        """One line for `--explain`: the intent, the window, the topic's words and days."""
        reading = self.reading
        if reading is None:
            return "no reading"
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
        return "; ".join(parts)

    def as_dict(self) -> dict[str, object]:
        out = self.reading.as_dict() if self.reading else {}
        out["window_used"] = self.window is not None
        out["window_note"] = self.window_note
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
    named: Mapping[date, Named], ranked: Sequence[date], events: str
) -> tuple[dict[date, float], dict[date, float]]:
    """Each day's share of the key terms (the terms that half the best `SEEDS` days name), in
    what it says and in the lines that state the `events` asked for (`d` decisions, `i`
    incidents). Each key term counts the same: weighed by IDF, the name a topic repeats on
    every day it is discussed ("K3s") would count less than a word said of anything."""
    seeds = [day for day in ranked[:SEEDS] if day in named]
    counts = Counter(term for day in seeds for term in named[day].terms)
    key = {t for t, n in counts.items() if 2 * n >= len(seeds)}
    if not key:
        return {}, {}

    def share(terms: frozenset[str]) -> float:
        return len(terms & key) / len(key)

    def in_events(n: Named) -> frozenset[str]:
        return (n.in_decisions if "d" in events else frozenset()) | (
            n.in_incidents if "i" in events else frozenset()
        )

    said = {day: share(n.terms) for day, n in named.items()}
    return said, {day: share(in_events(n)) for day, n in named.items()}


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
    """Each topic day but the newest -> the newest topic day (what supersedes it)."""
    if len(on_topic) < 2:
        return {}
    newest = on_topic[-1]
    return {day: newest for day in on_topic[:-1]}


def intent_part(focus: Focus, day: date, importance: float, semantic: float) -> float:
    """Where a topic day stands in the intent's order, on (0, 1]: above every other day's
    hybrid score once 1 is added. `important`: the days that state an event of the topic (a
    decision, an incident) first, each group by importance (1-10), semantic breaking ties."""
    intent, on_topic = focus.intent, focus.on_topic
    if intent == "important":
        return ((day in focus.eventful) + (importance * 10 + semantic) / 11) / 2
    position = bisect_left(on_topic, day)
    behind = len(on_topic) - 1 - position if intent == "latest" else position
    return 1 / (1 + behind)


def _span(window: Window) -> str:
    start = window.start.isoformat() if window.start else "the start"
    return f"{window.phrase!r} ({start} .. {window.end.isoformat()})"
