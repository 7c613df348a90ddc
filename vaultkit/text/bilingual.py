"""English and Indonesian words that translate each other, for a search without a semantic model.

"when was my cat sick?" has to find the day a note says "kucing ... sakit", and "kapan Raka
resign?" the day one says "Raka quit". `to_indonesian` and `to_english` give a word's (or a
two-word phrase's) translations; `translations` gives both directions at once, the words to search
for besides the word itself.

The words come from two files in `data/`:
- `en_id.tsv.gz`: derived from Debian's `dict-freedict-eng-ind` 2022.12.07-2, the FreeDict+WikDict
  English-Indonesian dictionary (edition 2022.11.18, made from Wiktionary), and licensed
  CC-BY-SA-3.0 like its source; `id_en.tsv.gz` is the same pairs turned around (an English word
  that lists the Indonesian one earlier comes first). `tools/build_bilingual.py` rebuilds both.
- `en_id_extra.tsv`: the supplement, reviewed by hand: everyday and work words the dictionary
  misses or translates as notes in chat Indonesian do not ("resign", "cabut", "benerin", "ultah").

The supplement wins: its words come first in both directions, the dictionary's after them. A
search reads a few words, so each table is loaded as one string per word and split on lookup
(about 10 ms for both, where building the reverse at each start cost 60 ms of every search).

An English word missing from the table is tried without a regular inflection (`cats`, `decided`,
`upgrading`, `cancelled`); comparatives are not stripped. Indonesian words are looked up as
written: their affixed and casual forms are the supplement's to list, not a stemmer's to guess.
Nothing is read at import; each direction's table loads once, on its first lookup.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

__all__ = ["to_english", "to_indonesian", "translations"]

DATA = Path(__file__).resolve().parent / "data"
DICTIONARY = DATA / "en_id.tsv.gz"
REVERSE = DATA / "id_en.tsv.gz"
SUPPLEMENT = DATA / "en_id_extra.tsv"

# A stem shorter than this is no word the table holds ("bus" is not "bu" + "s").
_MIN_STEM = 3

# Each regular English suffix and what may have stood in its place, the likelier first.
_SUFFIXES = (
    ("ies", ("y",)), ("ied", ("y",)), ("s", ("",)), ("es", ("",)), ("ed", ("e", "")),
    ("ing", ("", "e")),
)  # fmt: skip

Rows = tuple[tuple[str, tuple[str, ...]], ...]
Table = dict[str, tuple[str, ...]]


def to_indonesian(word: str) -> tuple[str, ...]:
    """The Indonesian words for an English word or phrase, the supplement's first."""
    for form in _english_forms(_key(word)):
        found = _lookup(form, _supplement()[0], _table(DICTIONARY))
        if found:
            return found
    return ()


def to_english(word: str) -> tuple[str, ...]:
    """The English words for an Indonesian word or phrase, the supplement's first."""
    return _lookup(_key(word), _supplement()[1], _table(REVERSE))


def translations(word: str) -> tuple[str, ...]:
    """Both directions, each word once (Indonesian first), without `word` itself."""
    key = _key(word)
    found = dict.fromkeys((*to_indonesian(key), *to_english(key)))
    found.pop(key, None)
    return tuple(found)


def _lookup(key: str, supplement: Table, dictionary: dict[str, str]) -> tuple[str, ...]:
    """The supplement's words for `key`, then the dictionary's (split only when asked)."""
    words = supplement.get(key, ())
    raw = dictionary.get(key)
    if raw is not None:
        words = tuple(dict.fromkeys((*words, *raw.split("|"))))
    return words


def _key(word: str) -> str:
    return " ".join(word.lower().split())


def _english_forms(word: str) -> Iterator[str]:
    """The word, then the stems of a regular inflection: the shorter strip last for -s and -ed
    (uses -> use, fixes -> fix; decided -> decide, fixed -> fix), first for -ing (fixing -> fix,
    upgrading -> upgrade), and a doubled final consonant undone (cancelled, planning)."""
    yield word
    for suffix, replacements in _SUFFIXES:
        if not word.endswith(suffix):
            continue
        stem = word[: -len(suffix)]
        for ending in replacements:
            if len(stem) >= _MIN_STEM:
                yield stem + ending
        if suffix in ("ed", "ing") and len(stem) > _MIN_STEM and stem[-1] == stem[-2]:
            yield stem[:-1]


@cache
def _supplement() -> tuple[Table, Table]:
    """The supplement both ways: English -> Indonesian as written, and Indonesian -> English in
    the order of the Indonesian word's place in each English word's list."""
    rows = _rows(SUPPLEMENT.read_text(encoding="utf-8").splitlines())
    forward = {english: words for english, words in rows}
    backward: dict[str, dict[str, None]] = {}
    for place in range(max((len(words) for _, words in rows), default=0)):
        for english, words in rows:
            if place < len(words):
                backward.setdefault(words[place], {})[english] = None
    return forward, {word: tuple(english) for word, english in backward.items()}


@cache
def _table(path: Path) -> dict[str, str]:
    """A derived table (`tools/build_bilingual.py` writes it lowercased, one space between
    words, the reverse direction too): each word's translations as one string."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    return dict(line.split("\t", 1) for line in text.splitlines() if line and line[0] != "#")


def _rows(lines: Iterable[str]) -> Rows:
    """`english<TAB>indonesian|indonesian|...` lines; blank lines and `#` comments skipped."""
    rows = []
    for line in lines:
        if line.strip() and not line.startswith("#"):
            english, indonesian = line.split("\t")
            rows.append((_key(english), tuple(_key(word) for word in indonesian.split("|"))))
    return tuple(rows)
