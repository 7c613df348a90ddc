"""What a day says of a question's terms, turn by turn: where it names them outside its asides,
and which of those turns state a status or an event (marks the index stores per turn, see
`asides`). Search reads it to tell the days a topic is the subject of from the days that
mention it in passing.

A day's turn marks are stored as text: the asides' turn numbers (`"3 7"`) and the events', each
with its kinds (`"3d 3s 7i"`: `d` a decision, `i` an incident, `c` something finished, gone
live, or a person leaving or joining, `s` any status at all, `r` a cause), and a note's labelled line with
the number of terms its label holds (`"5:2"`: "- NAS disk: fixing, in review").
"""

from __future__ import annotations

import functools
from array import array
from bisect import bisect_right
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from vaultkit.catalog.batched import chunks
from vaultkit.index.sql import Database


@dataclass(frozen=True)
class Named:
    """The query terms a day names in what it says (not in asides), those it names in turns
    that state a decision, an incident, a completion or any status, and for each term the turns
    that say it."""

    terms: frozenset[str]
    in_decisions: frozenset[str] = frozenset()
    in_incidents: frozenset[str] = frozenset()
    in_done: frozenset[str] = frozenset()
    in_status: frozenset[str] = frozenset()
    in_labels: frozenset[str] = frozenset()  # said in a line's label: the line is about it
    in_causes: frozenset[str] = frozenset()  # named on a day that states a cause
    turns: dict[str, frozenset[int]] = field(default_factory=dict, compare=False)

    def turns_naming(self, terms: Collection[str]) -> int:
        """How many of the day's turns (asides aside) name one of `terms`."""
        return len(frozenset().union(*(self.turns.get(t, frozenset()) for t in terms)))


def named(db: Database, terms: Iterable[str], days: Collection[str]) -> dict[str, Named]:
    """The query terms each of `days` names in a turn that is not an aside, and where; days
    naming none are left out. Date terms have no positions, so they never count."""
    wanted = sorted(set(terms))
    if not wanted or not days:
        return {}
    marks = ",".join("?" * len(wanted))
    said_in: dict[str, dict[str, set[int]]] = {}
    kinds_of: dict[str, dict[str, frozenset[int]]] = {}
    labels: dict[str, set[str]] = {}
    for group in chunks(sorted(days)):
        rows = db.execute(
            "SELECT d.day, p.term, p.pos, t.ends, t.asides, t.events FROM rk_pos p "
            "JOIN rk_doc d ON d.id = p.doc JOIN rk_turns t ON t.doc = p.doc "
            f"WHERE p.term IN ({marks}) AND d.day IN ({','.join('?' * len(group))})",
            [*wanted, *group],
        )
        for day, term, blob, ends, asides, events in rows:
            bounds = ints(ends)
            at_turn = {at: bisect_right(bounds, at) for at in ints(blob)}
            said = set(at_turn.values()) - numbers(asides)
            if not said:
                continue
            said_in.setdefault(day, {}).setdefault(term, set()).update(said)
            kinds_of[day] = event_marks(events)
            heads = label_sizes(events)
            for at, turn in at_turn.items():
                start = bounds[turn - 1] if turn else 0
                if turn in said and at - start < heads.get(turn, 0):
                    labels.setdefault(day, set()).add(term)
    return {
        day: _named(found, kinds_of[day], labels.get(day, set())) for day, found in said_in.items()
    }


def _named(found: dict[str, set[int]], kinds: dict[str, frozenset[int]], labels: set[str]) -> Named:
    def stated(kind: str) -> frozenset[str]:
        turns = kinds.get(kind, frozenset())
        return frozenset(t for t, said in found.items() if said & turns)

    return Named(
        frozenset(found),
        stated("d"),
        stated("i"),
        stated("c"),
        stated("s"),
        frozenset(labels),
        # A cause is told in the write-up's words ("Token cache keyed by user only"), seldom
        # the topic's: a day stating one states it of what the day names.
        frozenset(found) if kinds.get("r") else frozenset(),
        {t: frozenset(said) for t, said in found.items()},
    )


def event_counts(db: Database, days: Collection[str], kinds: str = "di") -> dict[str, int]:
    """How many of each day's turns state an event of `kinds` (`d` a decision, `i` an incident,
    `c` a completion or a person leaving or joining), days with none left out."""
    counts: dict[str, int] = {}
    for group in chunks(sorted(days)):
        rows = db.execute(
            "SELECT d.day, t.events FROM rk_doc d JOIN rk_turns t ON t.doc = d.id "
            f"WHERE d.day IN ({','.join('?' * len(group))})",
            group,
        )
        for day, events in rows:
            marks = event_marks(events)
            stated = frozenset().union(*(marks.get(kind, frozenset()) for kind in kinds))
            if stated:
                counts[day] = len(stated)
    return counts


@functools.lru_cache(maxsize=4096)
def numbers(text: str | None) -> frozenset[int]:
    """The turn numbers of a stored list (`"3 7"`)."""
    return frozenset(int(i) for i in text.split()) if text else frozenset()


@functools.lru_cache(maxsize=4096)
def event_marks(text: str | None) -> dict[str, frozenset[int]]:
    """The turns of a day's stored events (`"3d 3s 7i"`), by kind."""
    found: dict[str, set[int]] = {}
    for mark in text.split() if text else ():
        if ":" not in mark:
            found.setdefault(mark[-1], set()).add(int(mark[:-1]))
    return {kind: frozenset(turns) for kind, turns in found.items()}


@functools.lru_cache(maxsize=4096)
def label_sizes(text: str | None) -> dict[int, int]:
    """The labelled turns of a day's stored marks (`"5:2"`) -> how many terms the label holds."""
    marks = (m.partition(":") for m in (text.split() if text else ()) if ":" in m)
    return {int(turn): int(size) for turn, _, size in marks}


def ints(blob: bytes) -> array[int]:
    """An array of unsigned ints stored as bytes (positions, turn ends)."""
    found = array("I")
    found.frombytes(blob)
    return found
