"""A day's mood, from a bilingual lexicon: what a person says they feel first, what the day's
events suggest second.

Two kinds of words per mood, in English and Indonesian (formal and as chats write it):

- feelings said outright: "stressed", "capek", "kesel", "happy banget", "productive day";
- hints, words of events that come with a mood: an outage or a deadline (stressed), "ugh",
  "anjir" (frustrated), "begadang" (tired), "akhirnya", "finally" (excited), "merged", "beres"
  (productive), "ketawa" (happy), "libur", "no laptop" (relaxed).

A feeling beside an intensifier ("capek banget", "really excited", "stres berat") counts twice;
a negated one ("ga capek", "not stressed") not at all. A feeling said counts as `FEELING` hints:
what a person says they feel outweighs a few hints, but not a day of them ("drained by the
evening" after an outage's twenty signs of stress is still a stressed day). An incident is a hint
of stress; `neutral` only when nothing points anywhere; ties go to the feeling said, then to the
mood listed first. The assistant's words are not the person's mood. (On the labelled dev set any
`FEELING` from 3 to 8 gives the same 46 of 52 days.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from vaultkit.summarize.lexicon import Matcher

FEELING = 5  # hints a feeling said outright is worth
MOODS = ("stressed", "frustrated", "tired", "excited", "productive", "happy", "relaxed")
NEUTRAL = "neutral"

FEELINGS: dict[str, tuple[str, ...]] = {
    "stressed": (
        "stressed", "stress", "stressful", "panic", "panicked", "panicking", "worried", "nervous",
        "anxious", "overwhelmed", "tense", "rough day", "hectic", "on edge", "freaking out",
        "stres", "setres", "panik", "pusing", "deg-degan", "degdegan", "khawatir", "cemas",
        "tegang", "was-was", "kewalahan", "mumet", "puyeng", "ketar-ketir",
    ),
    "frustrated": (
        "frustrated", "frustrating", "frustration", "annoyed", "annoying", "irritated",
        "irritating", "fed up", "pissed", "angry", "sick of", "infuriating",
        "kesel", "kesal", "bete", "sebel", "sebal", "nyebelin", "gregetan", "ngeselin", "emosi",
        "dongkol", "jengkel", "marah", "geram",
    ),
    "tired": (
        "tired", "exhausted", "exhausting", "drained", "sleepy", "burned out", "burnt out",
        "worn out", "bad sleep", "no sleep", "didn't sleep", "barely slept", "no energy",
        "capek", "cape", "capai", "lelah", "ngantuk", "tepar", "lemes", "teler", "pegel",
        "kurang tidur", "ga tidur", "gak tidur", "ga bisa tidur", "gak bisa tidur", "kecapekan",
    ),
    "excited": (
        "excited", "exciting", "thrilled", "hyped", "can't wait", "cant wait", "pumped", "stoked",
        "gak sabar", "ga sabar", "nggak sabar", "semangat", "antusias", "excited banget",
    ),
    "productive": (
        "productive", "productive day", "good day", "solid day", "got a lot done", "focused",
        "in the zone", "produktif", "fokus",
    ),
    "happy": (
        "happy", "happiest", "glad", "joyful", "delighted", "grateful", "thankful", "proud",
        "good mood", "cheerful",
        "senang", "seneng", "bahagia", "bersyukur", "hepi", "terharu", "bangga", "gembira",
    ),
    "relaxed": (
        "relaxed", "relaxing", "calm", "chill", "chilled", "chilling", "day off", "lazy",
        "laid back", "santai", "santuy", "tenang", "selow", "leha-leha", "rebahan", "adem",
    ),
}  # fmt: skip

HINTS: dict[str, tuple[str, ...]] = {
    "stressed": (
        "outage", "incident", "urgent", "deadline", "pressure", "firefighting", "escalation",
        "oh no", "how bad", "scary",
        "mepet", "dikejar", "gawat", "waduh", "insiden", "kebakaran", "serem", "ngeri",
    ),
    "frustrated": (
        "ugh", "damn", "sigh", "regret", "wasted", "again?", "hate", "embarrassing", "complained",
        "anjir", "astaga", "sial", "nyerah", "capek deh", "buang waktu", "males", "zonk",
    ),
    "tired": (
        "long night", "long day", "hours of sleep", "up until", "all-nighter", "begadang",
        "lembur", "sampe pagi", "sampai pagi",
    ),
    "excited": (
        "finally", "awesome", "amazing", "congrats", "woohoo", "yay", "can't believe",
        "akhirnya", "mantap", "mantep", "keren", "asik", "asyik", "hore", "yeay", "wih", "gokil",
    ),
    "productive": (
        "done", "finished", "shipped", "merged", "fixed", "published", "completed", "deployed",
        "closed", "released", "built",
        "beres", "kelar", "selesai", "rampung", "berhasil", "lancar", "tuntas",
    ),
    "happy": (
        "loved", "love", "fun", "celebrate", "celebrated", "celebrating", "enjoyed", "laughed",
        "alhamdulillah", "ketawa", "lucu", "syukur", "seru", "enak", "senyum",
    ),
    "relaxed": (
        "quiet", "rest", "slow day", "slow", "no work", "no laptop", "weekend", "libur", "cuti",
        "istirahat", "nyantai",
    ),
}  # fmt: skip
INTENSIFIERS = frozenset(
    """banget bgt bener parah berat sekali pol amat really very so super totally extremely
    incredibly""".split()
)
_MATCHER = Matcher(
    {**{f"feel:{m}": w for m, w in FEELINGS.items()}, **{f"hint:{m}": w for m, w in HINTS.items()}},
    INTENSIFIERS,
)


def mood_words(text: str) -> Counter[str]:
    """The moods a text says (`feel:<mood>`) and hints at (`hint:<mood>`), counted."""
    return _MATCHER.counts(text)


def mood_of(sentences: Iterable[str], incidents: int = 0) -> tuple[str, dict[str, int]]:
    """The mood of a day's sentences (the person's, not the assistant's), and the words behind
    it: `feel:<mood>` and `hint:<mood>` counts; `incidents` count as hints of stress."""
    hits: Counter[str] = Counter()
    for sentence in sentences:
        hits.update(mood_words(sentence))
    hits["hint:stressed"] += incidents
    said = {m: hits[f"feel:{m}"] for m in MOODS}
    hinted = {m: hits[f"hint:{m}"] for m in MOODS}
    pool = {m: FEELING * said[m] + hinted[m] for m in MOODS}
    best = max(MOODS, key=lambda m: (pool[m], said[m], -MOODS.index(m)))
    return (best if pool[best] else NEUTRAL), {k: n for k, n in sorted(hits.items()) if n}
