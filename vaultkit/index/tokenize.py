"""Tokenizer, stopword list and a Porter stemmer (standard library only).

`tokenize(text)` is what the index, the queries and recall's excerpts use. It case-folds, splits
on anything that is not a letter, digit or combining mark of any script (so ``Melanie's`` gives
``melanie`` and a dropped ``s``, and ``Привет``, ``مرحبا`` or ``हिन्दी`` stay whole), folds
accents away in Latin words (``café`` is ``cafe``), removes stopwords and one-letter tokens, and
applies the classic Porter (1980) stemmer to ASCII words. Scripts written without spaces (Chinese,
Japanese, Korean, Thai) are split into overlapping character pairs, as search engines do
(Lucene's CJK bigrams): ``東京オフィス`` gives ``東京 京オ オフ フィ ィス``, so any two-character
word of it matches.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["STOPWORDS", "stem", "tokenize", "words"]

# Combining marks belong to their word: Devanagari's vowel signs and virama, Arabic's harakat,
# Hebrew's points, Thai's vowels (str.isalnum() and so `\w` leave them out).
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
    "\u0900-\u0dff\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd"
    "\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
)
_WORD = re.compile(f"[\\w{_MARKS}]+")  # on text whose `_` became spaces: one class is fast
# Scripts without spaces between words: Han, Hiragana, Katakana, Hangul, Thai, Lao.
_UNSPACED = (
    "\u0e00-\u0eff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\u1100-\u11ff\u3130-\u318f\uff66-\uff9f"
)
_UNSPACED_RUN = re.compile(f"[{_UNSPACED}]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+")

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
    """The case-folded words of ``text`` (unspaced scripts as character pairs), unfiltered."""
    out: list[str] = []
    for token in _WORD.findall(text.casefold().replace("_", " ")):
        out.extend(_pieces(token))
    return out


def tokenize(
    text: str, *, stopwords: frozenset[str] = STOPWORDS, do_stem: bool = True
) -> list[str]:
    """Index/query terms of ``text``: words minus stopwords and 1-char tokens, stemmed."""
    out = []
    if text.isascii():  # most notes: the plain path, twice as fast
        for w in _ASCII_WORD.findall(text.lower()):
            if len(w) > 1 and w not in stopwords:
                out.append(stem(w) if do_stem else w)
        return out
    for token in _WORD.findall(text.casefold().replace("_", " ")):
        if token.isascii():
            if len(token) > 1 and token not in stopwords:
                out.append(stem(token) if do_stem else token)
            continue
        for w in _pieces(token):
            if w in stopwords or (len(w) < 2 and w.isascii()):
                continue
            out.append(stem(w) if do_stem and w.isascii() else w)
    return out


@lru_cache(maxsize=65536)
def _pieces(token: str) -> tuple[str, ...]:
    """A token as terms: accents folded from Latin letters, unspaced scripts as character pairs
    (one character alone stays one), the rest of the token whole."""
    if token.isascii():
        return (token,)
    out: list[str] = []
    last = 0
    for run in _UNSPACED_RUN.finditer(token):
        out.extend(_folded(token[last : run.start()]))
        chars = run.group(0)
        out.extend(chars[i : i + 2] for i in range(max(1, len(chars) - 1)))
        last = run.end()
    out.extend(_folded(token[last:]))
    return tuple(out)


def _folded(word: str) -> list[str]:
    """`café` -> `cafe`: combining marks dropped after Latin letters only (in Devanagari or
    Arabic they are part of the letter)."""
    if not word:
        return []
    if word.isascii():
        return [word]
    decomposed = unicodedata.normalize("NFKD", word)
    kept: list[str] = []
    for char in decomposed:
        if unicodedata.combining(char) and kept and kept[-1].isascii():
            continue
        kept.append(char)
    return [unicodedata.normalize("NFC", "".join(kept))]


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
