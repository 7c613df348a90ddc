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

from vaultkit.text.lexicon import MOODS, signals

FEELING = 5  # hints a feeling said outright is worth
NEUTRAL = "neutral"


def mood_words(text: str) -> Counter[str]:
    """The moods a text says (`feel:<mood>`) and hints at (`hint:<mood>`), counted."""
    return Counter({k: n for k, n in signals(text).items() if k.startswith(("feel:", "hint:"))})


def mood_of(sentences: Iterable[str], incidents: int = 0) -> tuple[str, dict[str, int]]:
    """The mood of a day's sentences (the person's, not the assistant's), and the words behind
    it: `feel:<mood>` and `hint:<mood>` counts; `incidents` count as hints of stress."""
    return mood_of_hits(map(signals, sentences), incidents)


def mood_of_hits(
    sentences: Iterable[Counter[str]], incidents: int = 0, verdict: Counter[str] | None = None
) -> tuple[str, dict[str, int]]:
    """`mood_of` the sentences whose lexicon hits (`signals`) are `sentences`; `verdict` is
    the hits of the note's closing line when it is short ("Sedih sih.", "Productive Friday.",
    "Neutral."): a feeling said there is the person's word on the whole day, and decides."""
    hits: Counter[str] = Counter()
    for sentence in sentences:
        hits.update(sentence)
    hits["hint:stressed"] += incidents
    said = {m: hits[f"feel:{m}"] for m in MOODS}
    hinted = {m: hits[f"hint:{m}"] for m in MOODS}
    pool = {m: FEELING * said[m] + hinted[m] for m in MOODS}
    best = max(MOODS, key=lambda m: (pool[m], said[m], -MOODS.index(m)))
    shown = {k: n for k, n in sorted(hits.items()) if n and k.startswith(("feel:", "hint:"))}
    final = (*MOODS, NEUTRAL)
    closing = {m: (verdict or Counter())[f"feel:{m}"] for m in final}
    if any(closing.values()):
        pool[NEUTRAL] = 0
        return max(final, key=lambda m: (closing[m], pool[m], -final.index(m))), shown
    return (best if pool[best] else NEUTRAL), shown
