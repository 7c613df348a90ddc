"""Whether a line says that something happened, or only mentions it: joking, in scare quotes,
asking, supposing. An outage joked about ("that's the real outage today", "ini insiden paling
parah, Fajar curang. Ketawa semua"), a migration in quotes ("Gilang is 'migrating' his desk"),
one asked about or supposed ("kalo Postgres kita pindah ke Aurora gimana?", "maybe we migrate
next year") is no event of the day; its words still tell what the day talked about. Negation
is the lexicon's (`text.lexicon`: "no outage today", "bukan insiden").
"""

from __future__ import annotations

import re

# Laughter and jokes, in English and Indonesian, and the emoji that laugh.
_JOKE = re.compile(
    r"\b(?:ha(?:ha)+h?|he(?:he)+|hi(?:hi)+|wk(?:wk)+\w*|lol|lmao|rofl|jk|just kidding|kidding|"
    r"joking|joked|jokes|bercanda|becanda|canda|ngakak|ketawa|tertawa|laughed|laughing|"
    r"the real (?:outage|incident|emergency|disaster|crisis)|days since (?:the )?last "
    r"(?:incident|outage)|approved by nobody)\b|[\U0001F602\U0001F923\U0001F606\U0001F639]",
    re.IGNORECASE,
)
# A word or three in quotes inside a line: scare quotes ("migrating"); a longer quote is what
# someone said, and says what it says (a joke there laughs: `jokes`).
_QUOTED = re.compile(r"[\"\u201c](\S+(?: \S+){0,2})[\"\u201d]|(?<!\w)'(\S+(?: \S+){0,2})'(?!\w)")
# Supposing, or hearing it said: no event of the day's own ("Heard Pras resigned").
_SUPPOSED = re.compile(
    r"\b(?:what if|if we|seandainya|andai|kalo|kalau|maybe|mungkin|might|could|would|wacana|"
    r"someday|suatu hari|one day|bisa jadi|siapa tahu|heard|rumor|rumour|gosip|denger-denger|"
    r"kabarnya)\b",
    re.IGNORECASE,
)


def jokes(line: str) -> bool:
    """Whether a line laughs or jokes: what it says of events is banter."""
    return _JOKE.search(line) is not None


def said_plainly(sentence: str) -> str:
    """The part of a sentence that can say an event happened: nothing of a question or of a
    supposition, and the sentence without what it holds in quotes."""
    stripped = sentence.rstrip()
    if stripped.endswith("?") or _SUPPOSED.search(sentence):
        return ""
    return _QUOTED.sub(" ", sentence)
