"""Picking the best of a pool again and again while the pool's keys fall, reading only the part
of the pool that can win: the bullets' lazy greedy selection (`bullets._pick`).

The pool is read as a scan reads it: in the order of each item's first score, best first; the
scan's best is the first item, then each later item whose key beats it, and the scan stops at
the first item whose first score is below the best key so far. Keys never rise (the topic's
words only weigh less as bullets are picked), so a key computed earlier bounds the key now. A
max-tree over those bounds finds the next item that may beat the best without reading the items
between; each key is computed again at most once per fall (`stale`), when the tree offers it.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable

Key = tuple[float, int, int]  # (score now, then what breaks a tie): the larger the better
_Entry = tuple[Key, int]  # a key and the item's place in the scan
_GONE: _Entry = ((-math.inf, 0, 0), -1)


class LazyScan:
    """A pool of items in the scan's order: `scores` their first scores (falling), `key(i)` item
    i's key now (its score now first), which may only fall between calls of `stale`."""

    def __init__(self, scores: list[float], key: Callable[[int], Key]) -> None:
        self._key = key
        self._negated = [-s for s in scores]  # rising, for bisect
        self._size = size = 1 << max(0, len(scores) - 1).bit_length()
        tree = self._tree = [_GONE] * (2 * size)
        for i in range(len(scores)):
            tree[size + i] = (key(i), i)
        for node in range(size - 1, 0, -1):
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
        self._fresh = [0] * len(scores)  # the fall each bound was computed after
        self._falls = 0
        self._first = 0
        self._left = len(scores)

    def __len__(self) -> int:
        return self._left

    def stale(self) -> None:
        """Keys may have fallen: each is computed again when it may matter."""
        self._falls += 1

    def pop(self) -> int:
        """The item the scan picks now (its place in the pool), taken out of the pool."""
        while self._tree[self._size + self._first] is _GONE:
            self._first += 1
        best = self._first
        best_key = self._exact(best)
        low = best + 1
        while True:
            high = bisect_right(self._negated, -best_key[0])  # where the scan stops
            top_key, top = self._max(low, high)
            if top_key <= best_key:
                break
            if self._fresh[top] != self._falls:
                self._exact(top)
                continue
            if self._negated[top] > -top_key[0]:
                # Its key is above its first score, so a better key before it may stop the scan
                # first: take the first item whose key beats the best instead, as the scan does.
                top = self._first_above(low, high, best_key)
                if self._fresh[top] != self._falls:
                    self._exact(top)
                    continue
            # The scan reaches it (no item before it stops the scan or beats it) and it beats
            # the best so far.
            best, best_key, low = top, self._tree[self._size + top][0], top + 1
        self._set(best, _GONE)
        self._left -= 1
        return best

    def _exact(self, i: int) -> Key:
        if self._fresh[i] != self._falls:
            self._fresh[i] = self._falls
            self._set(i, (self._key(i), i))
        return self._tree[self._size + i][0]

    def _set(self, i: int, entry: _Entry) -> None:
        node = self._size + i
        self._tree[node] = entry
        node //= 2
        while node:
            self._tree[node] = max(self._tree[2 * node], self._tree[2 * node + 1])
            node //= 2

    def _max(self, low: int, high: int) -> _Entry:
        """The greatest entry of the items low..high-1."""
        best = _GONE
        low, high = low + self._size, high + self._size
        while low < high:
            if low & 1:
                best = max(best, self._tree[low])
                low += 1
            if high & 1:
                high -= 1
                best = max(best, self._tree[high])
            low, high = low // 2, high // 2
        return best

    def _first_above(self, low: int, high: int, key: Key) -> int:
        """The first of the items low..high-1 whose bound is above `key` (one is)."""
        tree, lefts, rights = self._tree, [], []
        low, high = low + self._size, high + self._size
        while low < high:
            if low & 1:
                lefts.append(low)
                low += 1
            if high & 1:
                high -= 1
                rights.append(high)
            low, high = low // 2, high // 2
        node = next(n for n in (*lefts, *reversed(rights)) if tree[n][0] > key)
        while node < self._size:
            node = 2 * node if tree[2 * node][0] > key else 2 * node + 1
        return node - self._size
