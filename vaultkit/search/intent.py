"""What a question asks beyond its topic: a time window (`when`) and which of the topic's days.

    "gimana kabar migrasi K3s sekarang?"   -> intent latest, topic "migrasi K3s"
    "when was the first Grafana alert?"    -> intent first,  topic "Grafana alert"
    "kapan keputusan final soal GPU server?" -> intent important (topic keeps its words)
    "what did Rina say about K3s last week?" -> window last week, topic "Rina say K3s"

Intents, in English and Indonesian (the first word of the question that names one wins):

- `latest`: the newest day that discusses the topic ("latest", "current", "now", "still", "so
  far", "where do things stand", "terbaru", "sekarang", "terakhir", "masih", "gimana kabar",
  "sampai mana", "sejauh ini"); how a thing turned out is where it stands last ("did we end up
  hiring someone?", "jadinya pakai vendor yang mana?", "akhirnya gimana?"); so does a check of
  where something stands ("udah cair belum?", "did she sign yet", "offer accepted?": `asking`).
- `first`: the oldest such day ("first", "earliest", "initially", "pertama", "awal", "awalnya").
- `important`: the topic's weightiest day ("the big one", "decision", "incident", "outage",
  "penting", "keputusan", "insiden", "yang parah"; "big" alone asks for a size).

The words of `latest` and `first` say how to order the days, not what they are about, so they
leave the topic; those of `important` stay, since a decision day says "decision" too. The time
phrase's words leave it as well ("last week" is not a topic).

A weekday is a time the question asks about, or part of what it asks about (`_weekday_of_topic`):
it is a window when it is relative ("last Friday", "Jumat kemarin", "Selasa lalu"), when nothing
but it is asked ("what happened on Friday?", "hari Jumat ngapain?"), or when the question asks
what was said or done then ("what did Rina say about K3s on Tuesday?", "Budi ngomong apa soal
Tailscale hari Rabu?"). Otherwise it names part of the topic, as it does when bare: "what did we
decide about deploys on Friday?", "keputusan soal deploy hari Jumat", "Friday release freeze".

The subject, the topic's words that name what the days are about, holds no question or function
word ("what did", "who", "a", "soal", "siapa yang"): `--explain` shows it as the topic words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from vaultkit.search.asking import checks_status, respell
from vaultkit.search.when import Window, read_window
from vaultkit.text.language import STOPWORDS
from vaultkit.text.lexicon import CAUSE_WORDS, LEXICON, signals

Intent = Literal["latest", "first", "important"]
MAX_QUERY_CHARS = 4096  # a question, with room to spare; a longer one is a pasted document

_WORDS: dict[Intent, tuple[str, ...]] = {
    "latest": (
        "latest", "current", "currently", "now", "still", "so far", "as of now", "these days",
        "most recent", "recent", "recently", "last time", "where do things stand",
        "where things stand", "where are we", "any news", "latest news", "status",
        "terbaru", "sekarang", "terakhir", "terkini", "masih", "gimana kabar", "apa kabar",
        "kabar terbaru", "kabar", "sampai mana", "udah sampai mana", "sudah sampai mana",
        "sejauh ini", "saat ini", "kini", "update terakhir", "update terbaru",
        "any update", "any updates", "how is", "how's", "how are",
        "gimana progress", "progresnya", "kabarnya", "perkembangan", "perkembangannya",
        "going on with", "happening with", "what's up with",
        "end up", "ended up", "in the end", "eventually", "akhirnya", "jadinya",
        "ujung-ujungnya", "pada akhirnya",
    ),
    "first": (
        "first", "earliest", "initially", "originally", "at first", "first time", "began",
        "pertama", "pertama kali", "awal", "awalnya", "mula-mula", "mulanya", "pertama-tama",
    ),
    # "Big" alone asks for a size ("how big is the download?"): only with what it qualifies.
    "important": (
        "the big one", "biggest", "big decision", "big incident", "big outage", "major incident",
        "major decision", "decision", "decide", "decided", "incident", "outage", "important",
        "milestone", "worst",
        "di-approve", "di-acc", "approve", "approved",
        "penting", "keputusan", "memutuskan", "diputuskan", "keputusan besar", "insiden besar",
        "insiden", "yang parah", "paling parah",
    ),
}  # fmt: skip
# A question of when a thing was done or a person left or joined asks for the day it happened:
# the topic's days that state it come first (events `c`), as a decision's do for `important`.
_DONE: tuple[str, ...] = (
    "done", "finish", "finished", "complete", "completed", "go live", "go-live", "went live",
    "live", "cut over", "cutover", "shipped", "launched", "released", "resign", "resigned",
    "leave", "leaving", "left", "quit", "join", "joined",
    "selesai", "kelar", "beres", "rampung", "tuntas", "rilis", "dirilis", "keluar", "cabut",
    "gabung", "bergabung", "masuk",
)  # fmt: skip
_ORDERING: frozenset[Intent] = frozenset({"latest", "first"})  # their words leave the topic
# Adjectives name the important intent when they stand for the event ("the biggest one", "what
# was important about it", "yang paling penting") or qualify one ("the worst outage"), not when
# they describe something else: "important values", "the biggest challenges", "important to
# Caroline", "penting buat anak muda" ask about those, and the day that says so.
_ADJECTIVES = frozenset({"important", "biggest", "worst", "penting"})
_STANDS_FOR_EVENT = frozenset(  # beside the function words (`language.STOPWORDS`)
    "one ones day days moment moments event events news change changes call ? , . "
    "hal hari momen kejadian waktu paling sangat lebih".split()
)
_PREDICATIVE = frozenset("to for that buat untuk bagi".split())
# Question words the stopwords (`language.STOPWORDS`) do not hold; no subject names them.
_ASKING = frozenset("whose siapa dimana mengapa berapa".split())
# Verbs that ask what was said or done at a time: with them a weekday is the time of the telling.
TELLING = frozenset(
    """say said says saying tell told discuss discussed discussing talk talked talking mention
    mentioned came come up happen happened happening do doing
    ngomong ngomongin bilang cerita dibahas bahas membahas ngebahas diomongin diobrolin
    ngobrolin ngapain terjadi dikerjain dilakukan""".split()
)
_RELATIVE = frozenset("last lalu kemarin".split())  # "last Friday", "Jumat kemarin"
_WORD_OF = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


# The kinds of event a question may ask for, by their index marks (`index.asides`).
EVENT_NAMES = {"d": "decision", "i": "incident", "c": "completion", "r": "cause"}


def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    spelled = sorted(phrases, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, spelled)) + r")(?![\w-])", re.I)


# Compiled on the first question, not at import: commands that read none do not pay for them.
@functools.cache
def _patterns() -> dict[Intent, re.Pattern[str]]:
    return {intent: _pattern(words) for intent, words in _WORDS.items()}


@functools.cache
def _kind_words() -> re.Pattern[str]:
    """Words that say what kind of day is asked for, not what it is about ("decision",
    "mutusin", "went down"): left out of the subject that picks the topic's days."""
    entries = (*_WORDS.values(), _DONE, *(LEXICON[c] for c in ("decision", "incident")))
    return _pattern(
        tuple(sorted({w for group in entries for entry in group for w in entry.split()}))
    )


@dataclass(frozen=True)
class Reading:
    """A question as the scorer reads it: the words left for the topic, the window its time
    phrase names (None: none, or one no day could be in) and its intent (None: the default)."""

    query: str
    topic: str
    window: Window | None = None
    intent: Intent | None = None
    intent_words: tuple[str, ...] = ()
    subject: str = ""  # the topic without words of intents and events: what the days are about
    events: str = ""  # the events the question asks for: `d` decisions, `i` incidents
    # A why's reading when no day states a cause: the question as it asks otherwise.
    otherwise: tuple[Intent | None, str] | None = None

    def as_asked(self) -> Reading:
        """The reading without its why (`otherwise`), or itself."""
        if self.otherwise is None:
            return self
        intent, events = self.otherwise
        return replace(self, intent=intent, events=events, otherwise=None)

    def as_dict(self) -> dict[str, object]:
        window = self.window
        return {
            "intent": self.intent,
            "intent_words": list(self.intent_words),
            "window": None
            if window is None
            else {
                "phrase": window.phrase,
                "kind": window.kind,
                "start": window.start.isoformat() if window.start else None,
                "end": window.end.isoformat(),
            },
            "topic": self.topic,
            "subject": self.subject,
            "events": [EVENT_NAMES[k] for k in self.events],
        }


def read_query(query: str, as_of: date, *, times: bool = True) -> Reading:
    """Read the time phrase (unless not `times`), then the intent, out of a question asked on
    `as_of` (its chat spellings written out: `asking`)."""
    asked = respell(query)
    window, rest = read_window(asked, as_of) if times else (None, asked)
    if window is not None and _weekday_of_topic(window, rest):
        window, rest = None, asked
    intent, words = _intent_of(rest)
    if intent not in _ORDERING and checks_status(rest, explicit=intent is not None):
        intent, words = "latest", ()  # "reimburse pas insiden udah cair belum?": where it stands
    topic = rest
    if intent in _ORDERING:
        topic = _squeeze(_patterns()[intent].sub(" ", rest))
        if intent == "latest":  # "how is the K3s move going?": the asking, not the topic
            topic = _squeeze(_HOW_GOING.sub(" ", topic))
    if not re.search(r"\w", topic):
        topic = rest if re.search(r"\w", rest) else asked  # never an empty topic
    subject = _subject_of(topic, asked)
    events = _events_of(rest)
    if "d" in events and intent in (None, "important") and _FINALLY.search(rest):
        intent = "latest"  # "when did we finally decide ...": the last decision, not the biggest
    if "c" in events:  # "kapan pembayaran yang nyangkut gara-gara insiden itu beres?": the end
        events = events.replace("i", "")
    if intent is None and "c" in events:
        intent = "important"  # "kapan migrasi selesai?": the day it was done
    if intent == "important" and not events:
        events = "di"  # "the big one", "penting": either
    reading = Reading(query, topic, window, intent, words, subject, events)
    if _asks_why(rest):  # "kenapa checkout down?": the day that states the cause, else as asked
        return replace(
            reading, intent=intent or "important", events="r", otherwise=(intent, events)
        )
    return reading


_WORD = re.compile(r"[^\W_][\w.+-]*")
# A "how is it going" question's last word ("going to" is the future: "when is Jon going to ...").
_HOW_GOING = re.compile(r"\b(?:going|coming along)\s*\??\s*$", re.IGNORECASE)


def names_of(text: str, known: Callable[[str], bool] = lambda word: False) -> list[str]:
    """The words of a subject (`Reading.subject`) that name a thing rather than describe one:
    written with a capital (the subject lowers the one a question starts with: "Kabar migrasi"),
    mixing letters and digits ("k3s", "Q4", "pg16"), or `known` (the vocabulary's terms and
    people)."""
    out = []
    for match in _WORD.finditer(text):
        word = match.group(0).strip(".+-")
        capital = word[:1].isupper()
        mixed = any(c.isdigit() for c in word) and any(c.isalpha() for c in word)
        if capital or mixed or known(word):
            out.append(word)
    return out


def _weekday_of_topic(window: Window, rest: str) -> bool:
    """Whether a weekday names part of the topic rather than the time asked about (see the
    module's note): not relative, beside a topic, in a question that asks for no telling."""
    if window.kind != "weekday" or _RELATIVE & set(_words_of(window.phrase)):
        return False
    asked = _words_of(_kind_words().sub(" ", rest))
    if TELLING & set(asked):
        return False
    return any(not _is_asking(word) for word in asked)


def _subject_of(topic: str, query: str) -> str:
    """The topic without words of intents and events (unless it has no other: "resigned?"),
    and without question and function words: what the days are about ("" for none: "who
    resigned?"). The question's first word loses its capital (a sentence's, not a
    name's) unless more of it is upper case ("API", "PostgreSQL")."""
    rest = _kind_words().sub(" ", topic)
    kept = _topic_words(rest if re.search(r"\w", rest) else topic)
    opening = _WORD.match(query.lstrip())
    if kept and opening and opening.group(0).rstrip(".") == kept[0] == topic.split()[0]:
        word = kept[0]
        if not any(c.isupper() for c in word[1:]):
            kept[0] = word[:1].lower() + word[1:]
    return " ".join(kept)


def _topic_words(text: str) -> list[str]:
    """The words of a topic as written ("SQLAlchemy 2.0", "C++"), but the asking ones."""
    words = (m.group(0).rstrip(".") for m in _WORD.finditer(text))
    return [word for word in words if not _is_asking(word)]


def _is_asking(word: str) -> bool:
    """A question word or a function word ("what's", "who", "soal", "siapa"): no topic."""
    folded = word.casefold().strip(".+-")
    return folded in STOPWORDS or folded in _ASKING or len(word) < 2


def _words_of(text: str) -> list[str]:
    return [m.group(0).casefold() for m in _WORD_OF.finditer(text)]


def _events_of(text: str) -> str:
    """The kinds of event a question names: `d` a decision, `i` an incident ("the latest
    decision", "insiden pertama")."""
    hits = signals(text)
    decided = hits["decision"] or hits["agreement"]
    # "when did Raka leave?", "who resigned this month?": the day of the leaving, not of talk.
    done = _done_pattern().search(text) is not None and (_asks_when(text) or _asks_who(text))
    return ("d" if decided else "") + ("i" if hits["incident"] else "") + ("c" if done else "")


@functools.cache
def _done_pattern() -> re.Pattern[str]:
    return _pattern(_DONE)


def _asks_when(text: str) -> bool:
    """Whether a question asks for a time ("when", "kapan", "what day", "tanggal berapa")."""
    return (
        re.search(
            r"\b(?:when|what day|which day|what date|kapan|tanggal berapa|hari apa)\b", text, re.I
        )
        is not None
    )


def _asks_why(text: str) -> bool:
    """Whether a question asks for the cause of trouble: by its words ("what caused", "apa
    penyebab", "root cause", "the real cause") or as "why" of something gone wrong ("why did
    checkout break?", "kenapa login gagal?"). Not a reason or a view ("Why does Maria think
    it's important ...?"), nor a decision's ("why did we pick Postgres" asks for the decision)."""
    hits = signals(text)
    if hits["decision"] or _CHOSE.search(text):
        return False
    trouble = hits["incident"] or hits["trouble"] or _WENT_WRONG.search(text)
    return _CAUSED.search(text) is not None or (_WHY.search(text) is not None and bool(trouble))


_FINALLY = re.compile(
    r"\b(?:finally|ultimately|in the end|eventually|akhirnya|pada akhirnya|ujung-ujungnya)\b",
    re.IGNORECASE,
)
_WHY = re.compile(r"\b(?:why|kenapa|knp|napa|mengapa|gara-gara apa)\b", re.IGNORECASE)
# What a question says went wrong, besides the lexicon's trouble words ("why did checkout break").
_WENT_WRONG = re.compile(
    r"\b(?:break|breaks|broke|broken|fail|fails|failed|failing|crash|crashed|crashes|down|"
    r"rusak|gagal|mati|ngadat|bermasalah|hang|stuck|wrong|salah|missing|hilang|bug|bugs)\b",
    re.IGNORECASE,
)
# The cause's words a line states it with (`index.asides`), and the ways a question asks for it.
_CAUSED = re.compile(
    rf"\b(?:what caused|caused it|{CAUSE_WORDS}|apa sebab(?:nya)?|cause)\b", re.IGNORECASE
)
_CHOSE = re.compile(
    r"\b(?:pick|picked|choose|chose|chosen|pilih|milih|memilih|dipilih|go with|went with)\b",
    re.IGNORECASE,
)


def _asks_who(text: str) -> bool:
    """Whether a question asks for a person ("who", "siapa")."""
    return re.search(r"\b(?:who|siapa)\b", text, re.I) is not None


def _intent_of(text: str) -> tuple[Intent | None, tuple[str, ...]]:
    found = [
        (m.start(), intent, m)
        for intent, p in _patterns().items()
        for m in p.finditer(text)
        if not _describes_other(text, m)
    ]
    if not found:
        # A question about a decision or an incident in the summarizer's words ("mutusin",
        # "approved", "went down") asks for the day it happened: the important one.
        hits = signals(text)
        if hits["decision"] or hits["incident"]:
            return "important", ()
        return None, ()
    _, intent, _ = min(found, key=lambda item: item[0])
    return intent, tuple(
        m.group(0) for at, i, m in sorted(found, key=lambda f: f[0]) if i == intent
    )


def _describes_other(text: str, match: re.Match[str]) -> bool:
    """Whether an adjective of the important intent describes something other than an event:
    the noun it qualifies comes after it in English, before it in Indonesian."""
    word = match.group(0).casefold()
    if word not in _ADJECTIVES:
        return False
    after = re.match(r"\s*([\w-]+|[?,.])?", text[match.end() :])
    following = (after.group(1) or "").casefold() if after else ""
    if following in _PREDICATIVE:
        return True
    if word == "penting":
        before = re.search(r"([\w-]+)\s*$", text[: match.start()])
        return _other_noun(before.group(1).casefold() if before else "")
    return _other_noun(following)


def _other_noun(word: str) -> bool:
    """A word that names something other than an event (not a function word either)."""
    if not word or word in _STANDS_FOR_EVENT or word in STOPWORDS:
        return False
    hits = signals(word)
    return not hits["decision"] and not hits["incident"]


def _squeeze(text: str) -> str:
    return re.sub(r"\s+([,?!.])", r"\1", re.sub(r"\s+", " ", text)).strip(" ,?!.")
