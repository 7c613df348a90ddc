"""Tokenizer, stopword list and a Porter stemmer (standard library only).

`tokenize(text)` is what the pure-Python scorer and the related-days graph use.
It lowercases, splits on anything that is not a letter or digit (so ``Melanie's``
gives ``melanie`` and a dropped ``s``), removes stopwords and one-letter tokens,
and applies the classic Porter (1980) stemmer, the same algorithm as SQLite
FTS5's ``porter`` tokenizer, so both back ends agree on what a term is.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["STOPWORDS", "stem", "tokenize", "words"]

_WORD = re.compile(r"[a-z0-9]+")

# A conventional English list (SMART/NLTK-like) plus chat filler. Question words
# ("what", "when") are stopwords: they carry no topic.
STOPWORDS: frozenset[str] = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "cannot",
        "could",
        "couldn",
        "did",
        "didn",
        "do",
        "does",
        "doesn",
        "doing",
        "don",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "hadn",
        "has",
        "hasn",
        "have",
        "haven",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "isn",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "ll",
        "me",
        "more",
        "most",
        "mustn",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "re",
        "same",
        "shan",
        "she",
        "should",
        "shouldn",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "ve",
        "very",
        "was",
        "wasn",
        "we",
        "were",
        "weren",
        "what",
        "whats",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "won",
        "would",
        "wouldn",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "d",
        "m",
        "o",
        "y",
        "ain",
        "ma",
        "isnt",
        "dont",
        "im",
        "ive",
        "youre",
        "thats",
        "wow",
        "oh",
        "hey",
        "hi",
        "yeah",
        "yes",
        "ok",
        "okay",
        "really",
        "so",
        "thanks",
        "thank",
        "lol",
        "haha",
        "gonna",
        "wanna",
        "kinda",
        "sorta",
        "get",
        "got",
        "gotten",
        "getting",
        "much",
        "many",
        "ever",
        "any",
        "anything",
        "something",
        "things",
        "thing",
        "like",
    ]
)


def words(text: str) -> list[str]:
    """Lowercased alphanumeric runs of ``text``, no filtering or stemming."""
    return _WORD.findall(text.lower())


def tokenize(
    text: str, *, stopwords: frozenset[str] = STOPWORDS, do_stem: bool = True
) -> list[str]:
    """Index/query terms of ``text``: words minus stopwords and 1-char tokens, stemmed."""
    out = []
    for w in _WORD.findall(text.lower()):
        if len(w) < 2 or w in stopwords:
            continue
        out.append(stem(w) if do_stem else w)
    return out


# --------------------------------------------------------------------------- Porter


def _cons(w: str, i: int) -> bool:
    c = w[i]
    if c in "aeiou":
        return False
    if c == "y":
        return i == 0 or not _cons(w, i - 1)
    return True


def _m(stem_: str) -> int:
    """Porter's measure: number of VC sequences in ``stem_``."""
    n, i, L = 0, 0, len(stem_)
    while i < L and _cons(stem_, i):
        i += 1
    while i < L:
        while i < L and not _cons(stem_, i):
            i += 1
        if i >= L:
            break
        while i < L and _cons(stem_, i):
            i += 1
        n += 1
    return n


def _has_vowel(s: str) -> bool:
    return any(not _cons(s, i) for i in range(len(s)))


def _double_cons(s: str) -> bool:
    return len(s) >= 2 and s[-1] == s[-2] and _cons(s, len(s) - 1)


def _cvc(s: str) -> bool:
    if len(s) < 3:
        return False
    return (
        _cons(s, len(s) - 3)
        and not _cons(s, len(s) - 2)
        and _cons(s, len(s) - 1)
        and s[-1] not in "wxy"
    )


def _replace(w: str, rules: list[tuple[str, str]], min_m: int) -> str:
    for suf, rep in rules:
        if w.endswith(suf):
            base = w[: len(w) - len(suf)]
            return base + rep if _m(base) > min_m else w
    return w


_STEP2 = [
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("logi", "log"),
]
_STEP3 = [
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
]
_STEP4 = [
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
]


@lru_cache(maxsize=65536)
def stem(w: str) -> str:
    """Porter (1980) stem of a lowercase word (words of <= 2 letters are unchanged)."""
    if len(w) <= 2:
        return w
    # step 1a
    if w.endswith("sses") or w.endswith("ies"):
        w = w[:-2]
    elif w.endswith("ss"):
        pass
    elif w.endswith("s"):
        w = w[:-1]
    # step 1b
    extra = False
    if w.endswith("eed"):
        if _m(w[:-3]) > 0:
            w = w[:-1]
    elif w.endswith("ed") and _has_vowel(w[:-2]):
        w, extra = w[:-2], True
    elif w.endswith("ing") and _has_vowel(w[:-3]):
        w, extra = w[:-3], True
    if extra:
        if w.endswith(("at", "bl", "iz")):
            w += "e"
        elif _double_cons(w) and w[-1] not in "lsz":
            w = w[:-1]
        elif _m(w) == 1 and _cvc(w):
            w += "e"
    # step 1c
    if w.endswith("y") and _has_vowel(w[:-1]):
        w = w[:-1] + "i"
    # steps 2, 3
    w = _replace(w, _STEP2, 0)
    w = _replace(w, _STEP3, 0)
    # step 4
    for suf in _STEP4:
        if w.endswith(suf):
            base = w[: len(w) - len(suf)]
            if _m(base) > 1:
                if suf == "ion":
                    if base.endswith(("s", "t")):
                        w = base
                else:
                    w = base
            break
    # step 5a
    if w.endswith("e"):
        base = w[:-1]
        m = _m(base)
        if m > 1 or (m == 1 and not _cvc(base)):
            w = base
    # step 5b
    if _m(w) > 1 and _double_cons(w) and w.endswith("l"):
        w = w[:-1]
    return w
