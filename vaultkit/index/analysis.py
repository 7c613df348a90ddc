"""A day's text analysed into the rows the BM25 index stores (`bm25.DayIndex`).

The analysis depends on the day's text and the analyser alone, not on the index, so a rebuild
can run it on every core (`vaultkit.parallel`) and leave only the writes to the index's process.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate

from vaultkit.index.asides import aside, event_kinds, label_of, states
from vaultkit.index.date_terms import day_terms, is_date_term
from vaultkit.index.turns import Turn, parse_turns

Terms = Callable[[str], list[str]]


@dataclass(frozen=True)
class DayRows:
    """What the index stores of one day (see `bm25` for the tables)."""

    length: int  # the day's terms, its date terms included
    passages: int  # one per turn
    counts: dict[str, int]  # term -> frequency over the whole day
    positions: dict[str, bytes]  # term -> its positions over the turns, as array('I') bytes
    turn_ends: bytes  # the running count of terms at each turn's end, as array('I') bytes
    turns: str  # each turn's terms, a line per turn
    terms: str  # the day's distinct terms
    asides: str  # the turns that are asides (or restate the others)
    marks: str  # the turns' marks (`mentions`)
    passage_df: Counter[str]  # how many of the day's passages hold each term
    passage_total: int  # the passages' total length
    speakers: list[str]


def analyse_day(day: str, text: str, terms: Terms, half_window: int, restated: int) -> DayRows:
    """The rows of a day's text; the last `restated` turns restate the others (a summary's)."""
    turns = parse_turns(text, headings=True)
    # The day's date is a field of the day; a word of the text spelled like one is dropped.
    counts = Counter(words(terms(text)) + day_terms(day))
    per_turn = [words(terms(t.text)) for t in turns]  # each turn once, not per passage
    passage_df, passage_total = passage_stats(day, per_turn, half_window)
    lines = [_line(t) for t in turns]
    kinds = _under_a_cause(turns, [event_kinds(line) for line in lines])
    stated = [states(line, k) for line, k in zip(lines, kinds, strict=True)] + [False]
    positions: dict[str, array[int]] = {}
    for at, term in enumerate(term for turn_terms in per_turn for term in turn_terms):
        positions.setdefault(term, array("I")).append(at)
    asides = (
        str(i)
        for i in range(len(turns))
        if i >= len(turns) - restated or aside(lines[i], stated[i], stated[i + 1])
    )
    return DayRows(
        length=sum(counts.values()),
        passages=len(turns),
        counts=dict(counts),
        positions={t: where.tobytes() for t, where in positions.items()},
        turn_ends=array("I", accumulate(len(t) for t in per_turn)).tobytes(),
        turns="\n".join(" ".join(turn_terms) for turn_terms in per_turn),
        terms=" ".join(counts.keys() | positions.keys()),
        asides=" ".join(asides),
        marks=" ".join(m for i, turn in enumerate(turns) for m in _marks(i, turn, kinds[i], terms)),
        passage_df=passage_df,
        passage_total=passage_total,
        speakers=_speakers(turns),
    )


def _under_a_cause(turns: list[Turn], kinds: list[str]) -> list[str]:
    """The kinds of each turn, a cause (`r`) given to the lines under a heading that names one
    ("## Root cause", "Akar masalah:" over a list): a write-up states its cause below its title."""
    out, cause = [], False
    for turn, kind in zip(turns, kinds, strict=True):
        if turn.heading:
            cause = "r" in kind
        elif cause and "r" not in kind:
            kind += "r"
        out.append(kind)
    return out


def passage_stats(
    day: str, per_turn: list[list[str]], half_window: int
) -> tuple[Counter[str], int]:
    """How many of a day's passages hold each term, and their total length. Each passage holds
    the day's date terms besides its turns' terms."""
    dated = day_terms(day)
    df: Counter[str] = Counter()
    total = 0
    for i in range(len(per_turn)):
        window = per_turn[max(0, i - half_window) : i + half_window + 1]
        df.update({term for terms in window for term in terms})
        total += sum(map(len, window)) + len(dated)
    df.update(dict.fromkeys(dated, len(per_turn)))
    return df, total


def words(terms: list[str]) -> list[str]:
    """The terms of a text without any spelled like a date term (`dt20230603`, `mo202306`)."""
    return [t for t in terms if not (t[:2] in ("dt", "mo") and is_date_term(t))]


def _marks(i: int, turn: Turn, kinds: str, terms: Terms) -> list[str]:
    """A turn's marks (`mentions`): its event `kinds` (`asides.event_kinds`), and for a note's
    labelled line the number of terms its label holds ("3:2")."""
    marks = [f"{i}{kind}" for kind in kinds]
    # A section's heading labels its lines as a line's own label does ("- NAS: fixing").
    label = turn.text if turn.heading else "" if turn.speaker else label_of(turn.text)
    if label and (count := len(words(terms(label)))):
        marks.append(f"{i}:{count}")
    return marks


def _line(turn: Turn) -> str:
    """A turn as written: a label before a colon ("Decided:", "INCIDENT:") says what it is."""
    return f"{turn.speaker}: {turn.text}" if turn.speaker else turn.text


def _speakers(turns: list[Turn]) -> list[str]:
    """The day's speakers: who has two turns or more. A label ("Decided: ...", "Reminder: ...")
    looks like a speaker but is said once; dropping it from queries would drop a topic word."""
    said = Counter(t.speaker for t in turns if t.speaker)
    return sorted(name for name, n in said.items() if n >= 2)
