"""Many strings looked for in a text at once: which occur (`n in text` for each) and where each
first does (`text.find(n)`), in one pass over the text however many strings there are.

A day names its people and terms again and again, and a long day names many: asking each of
them of each sentence reads the day once per name. Here the strings are one regular expression,
a trie of them, which at a position matches the longest string starting there; every string
starting there is a prefix of that one. Strings are matched as given (fold them first).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

_Trie = dict[str, "_Trie"]
_END = ""  # a trie node's mark: a string ends here
_LONGEST = 100  # longer strings (a name as long as a heading: rare) are looked for one by one


class Needles:
    """A set of strings to find in texts."""

    def __init__(self, needles: Iterable[str]) -> None:
        self.needles = frozenset(needles)
        self._short = frozenset(n for n in self.needles if 0 < len(n) <= _LONGEST)
        self._long = sorted(n for n in self.needles if len(n) > _LONGEST)
        self._pattern = re.compile(_trie_pattern(sorted(self._short))) if self._short else None
        self._prefixes: dict[str, tuple[str, ...]] = {}

    def found(self, text: str) -> set[str]:
        """The strings that occur in `text`."""
        out = {n for n in self._long if n in text}
        if "" in self.needles:
            out.add("")
        for _, longest in self._starts(text):
            out.update(self._prefixes_of(longest))
        return out

    def first(self, text: str) -> dict[str, int]:
        """Where each string that occurs in `text` first starts."""
        out = {n: at for n in self._long if (at := text.find(n)) >= 0}
        if "" in self.needles:
            out[""] = 0
        for at, longest in self._starts(text):
            for needle in self._prefixes_of(longest):
                out.setdefault(needle, at)
            if len(out) == len(self.needles):
                break
        return out

    def _starts(self, text: str) -> Iterator[tuple[int, str]]:
        """Each position where a string starts, with the longest one starting there."""
        if self._pattern is None:
            return
        search = self._pattern.search
        match = search(text)
        while match is not None:
            yield match.start(), match.group()
            match = search(text, match.start() + 1)  # strings may overlap

    def _prefixes_of(self, longest: str) -> tuple[str, ...]:
        prefixes = self._prefixes.get(longest)
        if prefixes is None:
            heads = (longest[:k] for k in range(1, len(longest) + 1))
            prefixes = self._prefixes[longest] = tuple(p for p in heads if p in self._short)
        return prefixes


def _trie_pattern(needles: list[str]) -> str:
    """A regular expression matching the longest of `needles` that starts where it is tried."""
    root: _Trie = {}
    for needle in needles:
        node = root
        for char in needle:
            node = node.setdefault(char, {})
        node[_END] = {}
    return _node_pattern(root)


def _node_pattern(node: _Trie) -> str:
    branches = []
    for char, below in node.items():
        if char == _END:
            continue
        chars = [char]
        while len(below) == 1 and _END not in below:  # a run without a branch: one literal
            ((char, below),) = below.items()
            chars.append(char)
        branches.append(re.escape("".join(chars)) + _node_pattern(below))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if _END in node:  # a string ends here: go on when a longer one matches (greedy), else stop
        return f"(?:{body})?"
    return body
