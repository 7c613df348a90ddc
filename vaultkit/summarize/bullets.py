"""A day's bullets: its most informative lines, in the day's order, who said them kept.

Every line of the note and the transcripts is a candidate (a line too long for one bullet is
split into runs of whole sentences); a heading never is (it names a part; the lines under it
say what happened). A candidate scores for what a summary keeps:

- an event: a decision or an incident (2), a delivery, a migration, money, a deadline (1.5),
  an agreement, trouble, an explicit "important", news told with its time ("yesterday I went",
  "kemarin") (1 each);
- a write-up's key line, labelled as its cause, impact, fix, decision or follow-up ("Akar
  masalah:", "Impact:", "Fix:", "Keputusan:") (1.5), also when a note's "- Impact: ..." reads
  as a turn; and an outage's opening line, what happened with its time or duration (1.5);
- a lead: the note's prose line that opens it or a section, when it holds an event
  ("Production outage on the Payments API, 14:12 to 14:49 (37 minutes).") (1);
- facts: numbers, amounts, times and dates (1), one more for an impact, an amount or a
  duration ("3,400 failed orders", "Rp 120 juta", "37 minutes"); people other than the day's speakers and the
  vocabulary's or the day's new terms (0.75 each, at most 3); a point of the note's list (0.5);
- the day's topic: up to 2 for standing close to the words the day repeats (a centroid
  summarizer's cosine), which weigh half as much each time a picked bullet covers them
  (SumBasic's update), so the bullets cover the day instead of repeating its main thread;
- and down: small talk or a reminder (-2, unless the line also holds an event), a greeting
  at its start (-1.5), a line saying nothing happened ("Nggak ada kerjaan penting", -2), a question (-1),
  a line too short to say anything (-2), the assistant's filler (-1).

Key lines that score above nothing are picked first (what a write-up labels as its cause, its
impact or its decision is what it says matters), then the rest; the bullets keep the day's
order. Lines that score nothing become bullets only when the day holds nothing else. Near-duplicates
(a decision in the note and again in the chat) are kept once. A turn keeps its speaker
(`Rina: ...`). The count grows with the day: 2 plus a third of its informative lines, 3 to 6.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from vaultkit.summarize.greedy import Key, LazyScan
from vaultkit.summarize.needles import Needles
from vaultkit.summarize.text import Line, sentences, unticked
from vaultkit.text.events import BIG_MONEY, IMPACT, minutes_in
from vaultkit.text.frames import jokes, said_plainly
from vaultkit.text.language import tokenize
from vaultkit.text.lexicon import signals
from vaultkit.text.vocabulary import term_key

MIN_BULLETS, MAX_BULLETS = 3, 6
BULLET_CHARS = 200
LABEL_CHARS = 40  # a label this short reads as the start of each item under it
TOPIC = 2.0  # the most a sentence gains for standing on the day's topic
EMPTY_DAY = "Nothing of note was recorded for this day."
_NUMBER = re.compile(r"\d")
_WORD = re.compile(r"[^\W_]+")
_LETTER = re.compile(r"[^\W\d_]")
# The labels of a write-up's key lines: its cause, its impact, the decision, what follows.
_KEY_LABEL = re.compile(
    r"^\W*(?:(?:preliminary\s+)?root cause|cause|akar masalah|penyebab|impact|dampak|"
    r"decision|decided|keputusan|diputuskan|follow-?ups?|action items?|next steps?|"
    r"tindak lanjut|owner|pic|fix|fixed|the fix|resolution|resolved|mitigation|workaround|"
    r"perbaikan|solusi|mitigasi|penanganan)\b[^:]{0,20}:",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Candidate:
    """A sentence that may become a bullet, its score, and where it stands in the day."""

    text: str
    score: float
    order: tuple[int, int]
    reasons: tuple[str, ...] = ()
    topic: float = 0.0  # how close it stands to what the day repeats (0-1)
    terms: frozenset[str] = frozenset()
    key: bool = False  # a write-up's labelled cause, impact, decision or follow-up
    void: bool = False  # says nothing happened ("Nothing worth writing", "ga ada kerjaan")
    told: bool = False  # tells an outage with its time or duration


def bullets(
    lines: list[Line],
    names: list[str],
    assistant: frozenset[str],
    leisure: bool = False,
    weightiest: str = "",
) -> tuple[tuple[str, ...], list[Candidate]]:
    """The day's bullets and the scored candidates they were picked from (best first).

    `names` are the day's people and terms; `assistant` the speakers whose greetings and
    questions are filler (they still count when they state a fact). On a day of `leisure` (small
    talk, errands) its small talk is what happened: not marked down, and banter about work
    (a joke, a question about an outage) is marked down further. `weightiest` is the sentence
    that shows the day's weightiest event (`importance`): the line holding it is a key line, so
    what made the day matter is among its bullets ("Target kasar migrasi ... Belum fix" on a
    day whose weight is that plan)."""
    speakers = {term_key(line.speaker) for line in lines if line.speaker}
    named = [n for n in names if term_key(n) not in speakers]
    labels = {line.context for line in lines if line.labelled and len(line.context) <= LABEL_CHARS}
    said = [
        (line, i, sentence)
        for line in lines
        if not line.heading and line.text not in labels
        for i, sentence in enumerate(pieces(_with_label(line)))
        if _LETTER.search(sentence)
    ]
    terms = [frozenset(tokenize(sentence)) for _, _, sentence in said]
    topic = _Topic(terms)
    keys = Counter(k for k in (term_key(n) for n in named) if k)
    found = Needles(keys)

    def names_in(folded: str) -> int:
        return sum(keys[k] for k in found.found(folded))

    leads = _leads(lines)
    candidates = [
        _score(
            line,
            i,
            sentence,
            ts,
            names_in,
            assistant,
            topic,
            line.order in leads and i == 0,
            leisure,
        )
        for (line, i, sentence), ts in zip(said, terms, strict=True)
    ]
    if not candidates:
        return (EMPTY_DAY,), []
    candidates = _carrying(_opening(candidates), weightiest)
    ranked = sorted(candidates, key=lambda c: (-c.score, c.order))
    informative = [c for c in ranked if c.score > 0]
    wanted = min(MAX_BULLETS, max(MIN_BULLETS, 2 + len(informative) // 3))
    if leisure and len(informative) < MIN_BULLETS:
        # A day of leisure is its small talk: its few lines are what it did, but a line saying
        # nothing happened is no bullet while there is another.
        informative = [c for c in ranked if not c.void] or informative
    picked = _pick(informative or ranked, wanted, topic)
    return tuple(trim(c.text) for c in picked) or (EMPTY_DAY,), ranked


def _pick(pool: list[Candidate], wanted: int, topic: _Topic) -> list[Candidate]:
    """The best candidates in the day's order: a write-up's key lines first (what it labels as
    the cause, the impact or the decision is what it says matters), then the rest."""
    chosen: list[Candidate] = []
    seen: list[set[str]] = []
    for part in ([c for c in pool if c.key], [c for c in pool if not c.key]):
        _pick_from(part, wanted, topic, chosen, seen)
    return sorted(chosen, key=lambda c: c.order)


def _pick_from(
    pool: list[Candidate],
    wanted: int,
    topic: _Topic,
    chosen: list[Candidate],
    seen: list[set[str]],
) -> None:
    """Adds to `chosen` the best of `pool`, one at a time: after each pick its words weigh
    less (SumBasic's update), so the bullets cover the day rather than repeat its main topic;
    near-duplicates (a decision in the note and again in the chat) are skipped."""
    pool = sorted(pool, key=lambda c: (-c.score, c.order))
    # The candidate scoring best now (the earlier on a tie), as a scan of the pool best first
    # score first finds it, stopping at the first whose first score is below the best so far
    # (covered words only weigh less): lazy greedy selection, read through a max-tree.
    scan = LazyScan([c.score for c in pool], lambda i: _now(pool[i], topic))
    while scan and len(chosen) < wanted:
        best = pool[scan.pop()]
        words = set(_words(best.text))
        if not words or any(_overlap(words, other) > 0.6 for other in seen):
            continue
        chosen.append(best)
        seen.append(words)
        topic.covered(best.terms)
        scan.stale()


def _now(candidate: Candidate, topic: _Topic) -> Key:
    """A candidate's score with its topic part as the words not yet covered give it, and its
    place in the day (the earlier wins a tie)."""
    now = candidate.score - TOPIC * (candidate.topic - topic.weight(candidate.terms))
    return now, -candidate.order[0], -candidate.order[1]


class _Topic:
    """What the day keeps talking about: the words it repeats. A sentence's weight is its
    closeness to them (the cosine of its words with the day's repeated words, as centroid
    summarizers do), 0 to 1 of the best sentence's."""

    def __init__(self, terms: list[frozenset[str]]) -> None:
        counts = Counter(t for ts in terms for t in ts)
        self.repeated = {t: float(n - 1) for t, n in counts.items() if n > 1}
        self.top = 1.0
        self.top = max((self.weight(ts) for ts in terms), default=0.0) or 1.0

    def weight(self, terms: frozenset[str]) -> float:
        total = sum(self.repeated.get(t, 0.0) for t in terms)
        return total / math.sqrt(len(terms) or 1) / self.top

    def covered(self, terms: frozenset[str]) -> None:
        for term in terms:
            if term in self.repeated:
                self.repeated[term] /= 2


def _score(
    line: Line,
    i: int,
    sentence: str,
    terms: frozenset[str],
    names: Callable[[str], int],
    assistant: frozenset[str],
    day: _Topic,
    lead: bool,
    leisure: bool = False,
) -> Candidate:
    """`names` counts the day's people and terms (as `term_key`s) a folded sentence holds.
    Events count as the sentence says them plainly (`frames`): not joked about or asked."""
    plain = "" if jokes(line.said) else said_plainly(sentence)
    hits = signals(plain)
    said = signals(sentence)
    topic = day.weight(terms)
    reasons: list[str] = []
    score = 0.0

    def add(value: float, why: str) -> None:
        nonlocal score
        score += value
        reasons.append(f"{value:+g} {why}")

    for category, value in (
        ("decision", 2.0), ("agreement", 1.0), ("incident", 2.0), ("delivery", 1.5),
        ("migration", 1.5), ("money", 1.5), ("deadline", 1.5), ("trouble", 1.0),
        ("emphasis", 1.0), ("news", 1.0),
    ):  # fmt: skip
        if hits[category]:
            add(value, category)
    if topic >= 0.05:
        add(round(TOPIC * topic, 2), "the day's topic")
    if _NUMBER.search(sentence):
        add(1.0, "numbers")
        if IMPACT.search(sentence) or BIG_MONEY.search(sentence) or minutes_in(sentence):
            add(1.0, "an impact, an amount or a duration")
    key = bool(_KEY_LABEL.match(sentence) or (i == 0 and _KEY_LABEL.match(line.said)))
    if key:
        add(1.5, "a cause, an impact, a fix, a decision or what follows")
    told = not key and bool(hits["incident"] or hits["trouble"]) and minutes_in(sentence) > 0
    named = names(term_key(sentence))
    if named:
        add(0.75 * min(named, 3), f"{named} names")
    if line.item and line.source == "note":
        add(0.5, "a point of the note")
    if lead and any(hits[c] for c in _WEIGHTY):
        add(1.0, "opens the note or a section with an event")
    weighty = any(hits[c] for c in _WEIGHTY)
    if (said["small_talk"] or said["reminder"]) and not weighty and not leisure:
        add(-2.0, "small talk or a reminder")
    if _greets(sentence) and not weighty:
        add(-1.5, "a greeting")
    void = bool(said["quiet"]) and not weighty
    if void:
        add(-2.0, "says nothing happened")
    if plain != sentence and any(said[c] > hits[c] for c in _WEIGHTY):
        # Nothing said plainly (a joke, a question, a supposition) is no fact of the day;
        # an event in scare quotes weighs less.
        add(-2.0 if leisure or not plain else -1.0, "an event joked about or asked")
    if sentence.rstrip().endswith("?"):
        add(-1.0, "a question")
    if len(sentence) < 25:
        add(-2.0, "too short to say much")
    if line.speaker in assistant and score <= 0:
        add(-1.0, "the assistant's filler")
    text = unticked(f"{line.speaker}: {sentence}" if line.speaker else sentence)
    kept = topic if topic >= 0.05 else 0.0
    return Candidate(
        text, score, (line.order, i), tuple(reasons), kept, terms, key and score > 0, void, told
    )


def _opening(candidates: list[Candidate]) -> list[Candidate]:
    """The candidates with the day's first telling of an outage with its time or duration made
    a key line: what happened, when and for how long leads (later retellings in a chat do not)."""
    first = next((c for c in candidates if c.told), None)
    if first is None:
        return candidates
    why = "+1.5 what happened, when and how long (the first telling)"
    lead = replace(first, score=first.score + 1.5, reasons=(*first.reasons, why), key=True)
    return [lead if c is first else c for c in candidates]


def _carrying(candidates: list[Candidate], sentence: str) -> list[Candidate]:
    """The candidates with the first one that holds `sentence` (or stands inside it) made a
    key line."""
    folded = _folded(sentence)
    if not folded:
        return candidates
    first = next((c for c in candidates if c.score > 0 and _holds(_folded(c.text), folded)), None)
    if first is None or first.key:
        return candidates
    lead = replace(first, reasons=(*first.reasons, "the day's weightiest event"), key=True)
    return [lead if c is first else c for c in candidates]


def _folded(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _holds(candidate: str, sentence: str) -> bool:
    return bool(candidate) and (sentence in candidate or candidate in sentence)


def _greets(sentence: str) -> bool:
    """Whether a sentence opens with a greeting ("Pagi semua", "Thanks, Rina"); a greeting's
    word later in it is a time or a courtesy ("deploy Senin pagi", "nanti makasih ke Budi")."""
    return bool(signals(" ".join(sentence.split()[:3]))["greeting"])


def _leads(lines: list[Line]) -> set[int]:
    """The note's lines that open it or a section in prose (the lead a writer puts first: "Production
    outage on the Payments API, 14:12 to 14:49 (37 minutes)."), not a list's first item."""
    leads: set[int] = set()
    opening = True
    for line in lines:
        if line.source != "note":
            break
        if line.heading:
            opening = True
            continue
        if opening and not line.item and not line.speaker:
            leads.add(line.order)
        opening = False
    return leads


_WEIGHTY = ("decision", "incident", "migration", "money", "deadline", "delivery")


def _with_label(line: Line) -> str:
    """A nested item with its label before it ("1:1 with Budi: Redis upgrade plan for Q3.")
    when the label is short; a long label stands as its own candidate."""
    if line.labelled and len(line.context) <= LABEL_CHARS:
        return f"{line.context} {line.text}"
    return line.text


def pieces(text: str, limit: int = BULLET_CHARS) -> list[str]:
    """A line as bullets-to-be: whole when it fits in a bullet, else its sentences grouped in
    order into pieces that do (a point is read as one; a long paragraph is several)."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    for sentence in sentences(text):
        if out and len(out[-1]) + 1 + len(sentence) <= limit:
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return out


def trim(text: str, limit: int = BULLET_CHARS) -> str:
    """At most `limit` characters: whole sentences when they fit, else cut at a word boundary."""
    if len(text) <= limit:
        return text
    kept = ""
    for sentence in sentences(text):  # longer than a limit: split as every line is
        joined = f"{kept} {sentence}".strip()
        if len(joined) > limit:
            break
        kept = joined
    if len(kept) >= limit // 2:
        return kept
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:-(") + "…"


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text) if len(w) > 2]


def _overlap(a: set[str], b: set[str]) -> float:
    """How much of the smaller word set the other one holds (1.0: a near-duplicate)."""
    return len(a & b) / max(1, min(len(a), len(b)))
