"""A question's typing slips, read as the word the notes hold: "happend" as "happened",
"finaly" as "finally", "recieve" as "receive".

A word is read again only when nothing vouches for it: the notes never say it (its term is in
no indexed day), it is no word of the bilingual lexicon, of a question or of the time phrases,
it is written in lower case (a capital is a name's, and a name the notes do not hold is the
question's to ask) and it has at least `MIN_LETTERS` letters. Its reading is the word one
slip away (a letter left out, one typed twice or extra, two letters swapped; not one letter
for another, which turns "bunny" into "funny") that the most days hold. A slip that no day
holds, or a word of the notes, stays as typed.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Collection, Iterator, Mapping

MIN_LETTERS = 6  # shorter words have too many neighbours one slip away
_WORD = re.compile(r"(?<![\w'-])([a-z]+)(?![\w'-])")

Terms = Callable[[str], list[str]]
Held = Callable[[Collection[str]], Mapping[str, int]]  # terms -> days holding each


def respelled(
    query: str, terms: Terms, held: Held, known: Callable[[str], bool]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The query with each slip read as its word, and the (typed, read) pairs."""
    pairs: dict[str, str] = {}
    for word in dict.fromkeys(m.group(1) for m in _WORD.finditer(query)):
        if len(word) < MIN_LETTERS or known(word):
            continue
        own = terms(word)
        if not own or held(own):
            continue
        reading = _likeliest(word, terms, held)
        if reading is not None:
            pairs[word] = reading
    if not pairs:
        return query, ()
    text = _WORD.sub(lambda m: pairs.get(m.group(1), m.group(1)), query)
    return text, tuple(pairs.items())


def _likeliest(word: str, terms: Terms, held: Held) -> str | None:
    """The word one slip from `word` whose term the most days hold (ties: the term first in
    alphabetical order), spelled as the likeliest slip (`_one_slip`'s order), or None."""
    by_term: dict[str, list[str]] = {}
    for candidate in dict.fromkeys(_one_slip(word)):
        found = terms(candidate)
        if len(found) == 1:
            by_term.setdefault(found[0], []).append(candidate)
    counts = held(list(by_term))
    if not counts:
        return None
    best = max(sorted(counts), key=lambda t: counts[t])
    return by_term[best][0]


def _one_slip(word: str) -> Iterator[str]:
    """The words `word` may have been meant as, the commonest slip first: a letter left out
    (put back), two swapped, one typed twice or extra (taken out)."""
    for i in range(len(word) + 1):
        for letter in string.ascii_lowercase:
            yield word[:i] + letter + word[i:]
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
