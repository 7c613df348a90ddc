"""Questions about a time span and nothing else: "what happened last week?", "apa yang dibahas
minggu lalu", "kemarin ngapain aja?", "anything important in August?".

Such a question names no topic, so no day matches it better than another: its answer is the
span's days, the biggest first, and nothing outside the span. A question is one when what is
left of it after its time phrase, its intent and event words ("important", "decide") and the
words every question is made of (`QUESTION_WORDS`: "what did we", "happened", "apa yang",
"dibahas", "ngapain aja") holds no term. Biggest means by the day's importance (1-10, which
weighs what happened: a decision, an incident, a delivery, people leaving or joining), then by
how many of its lines state an event (a decision, an incident), then the earlier day. A question
that names events ("what did we decide last week?") puts the days that state one first.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Container, Mapping
from datetime import date

from vaultkit.index.records import DayRecord
from vaultkit.search.asking import CHAT_SPELLINGS
from vaultkit.search.intent import Reading
from vaultkit.search.scoring import Hit, Scoring, recency
from vaultkit.search.when import Window
from vaultkit.text.bilingual import translations
from vaultkit.text.language import tokenize

# What questions are made of, beside the stopwords, in English and Indonesian: asking words,
# verbs of happening and talking, recaps. None of them says what a day is about.
QUESTION_WORDS = """
    what whats which who whom whose when where why how happen happened happens happening
    going on up anything something everything stuff thing things news
    discuss discussed discussing talk talked talking say said work worked working
    recap summary summarize summarise overview highlight highlights digest review
    apa apaan siapa kapan dimana mana gimana bagaimana kenapa mengapa terjadi kejadian
    dibahas bahas membahas ngebahas diomongin ngomongin diobrolin ngobrolin obrolan
    ngapain ngapa dikerjain dikerjakan kerjain ngerjain dilakukan lakukan
    hal semua seru ringkasan rangkuman rangkum rangkumin ringkasin recapnya rekap rekapan rekapnya
    please pls plz tolong
    ae wae
""".split()  # "ae", "wae": Javanese "aja" ("ngapain ae?")


@functools.cache
def _question_terms() -> frozenset[str]:
    return frozenset(tokenize(" ".join(QUESTION_WORDS)))


def known_word(word: str) -> bool:
    """Whether a word is a question's, a chat spelling's or the bilingual lexicon's: no slip
    of typing, whether or not the notes say it (`typos`)."""
    if word in CHAT_SPELLINGS or translations(word):
        return True
    return set(tokenize(word)) <= _question_terms()


def topicless(
    reading: Reading,
    terms: Callable[[str], list[str]],
    held: Callable[[Collection[str]], Mapping[str, int]] | None = None,
) -> bool:
    """Whether a question names a time span and no topic: its subject holds only the words
    questions are made of (as `terms`, the index's analysis, reads them) and, with `held`
    (how many days hold each term), words no day holds ("what happend last week?" of a vault
    that never says "happened"): a word no note says narrows nothing."""
    if reading.window is None:
        return False
    asked = _question_terms() | set(terms(reading.window.phrase))  # "yesterday?" alone
    topic = [t for t in terms(reading.subject) if t not in asked]
    if topic and held is not None:
        return not held(topic)
    return not topic


def _days_of(window: Window, records: Mapping[date, DayRecord]) -> list[date]:
    """The indexed days inside the window: by the calendar when it is short, else by the index."""
    if window.start is not None and (window.end - window.start).days < 400:
        span = (window.end - window.start).days + 1
        calendar = (date.fromordinal(window.start.toordinal() + i) for i in range(span))
        return [d for d in calendar if d in records]
    return [d for d in records if d in window]


def span_hits(
    window: Window,
    records: Mapping[date, DayRecord],
    *,
    as_of: date,
    scoring: Scoring,
    allowed: Container[date] | None,
    events: Callable[[list[date]], Mapping[date, int]],
    wanted: str,
    top_k: int,
) -> list[Hit]:
    """The span's days, the biggest first (see the module's note), at most `top_k`. `events`
    gives days' counts of lines stating an event of the kinds the question names (`wanted`:
    `d`, `i`, `c`; a decision or an incident when it names none): days stating one come first
    when it names one ("who resigned this month?": a person leaving)."""
    days = [d for d in _days_of(window, records) if allowed is None or d in allowed]
    stated = events(days)

    def size(day: date) -> tuple[bool, int, int, int]:
        importance = records[day].importance or 0
        said = stated.get(day, 0)
        return (bool(wanted) and said > 0, importance, said, -day.toordinal())

    best = sorted(days, key=size, reverse=True)[:top_k]
    hits = []
    for rank, day in enumerate(best):
        record = records[day]
        importance = (record.importance or 0) / 10
        hits.append(
            Hit(
                day,
                1.0 - rank / (len(best) + 1),  # the order, on (0, 1]
                0.0,
                importance,
                recency((as_of - day).days, scoring.decay),
                None,
                record.path,
                record.summary,
                ordered="span",
            )
        )
    return hits
