"""An incremental BM25 index of days and their passages, stored in SQLite FTS5 tables.

Tables (prefix `rk_`, so they can share a database with other tables):

* `rk_day`: FTS5, one row per day holding the day's terms and their count.
* `rk_win`: FTS5, one row per passage: turns `i-h .. i+h` around each turn `i` of the day.
* `rk_rows`, `rk_stats`: which FTS rows belong to a day, and each table's row count and total length.
  FTS5 cannot look rows up by an unindexed column, so these make removing a day and reading the
  collection statistics cost the day's rows, not a scan of the whole index.
* `rk_speaker`: the speaker names seen per day. A query naming a speaker drops the name from passage
  matching: a speaker's name is in every passage of a chat and says nothing about the topic.

Text is tokenized by `tokenize()` (stopwords out, Porter stems) before insertion and stored with FTS5's
plain `unicode61` tokenizer, so the index and the queries see the same terms.

Passages also get a term-proximity bonus (BM25TP, Rasolofo and Savoy 2003, see `proximity_bonus`):
an exchange where the query's words stand next to each other ("camped" beside "mountains") beats one
where they are scattered over five turns. Whole days do not: over a whole day, nearness is chance.

Scores are Okapi BM25 (k1=1.2, b=0.75) with Lucene's non-negative IDF `ln(1 + (N-df+.5)/(df+.5))`,
computed from the live term statistics FTS5 keeps (the `fts5vocab` views). We do not use FTS5's own
`bm25()`: its IDF `ln((N-df+.5)/(df+.5))` is clamped to ~0 for a term in more than half the rows, which
on a small vault zeroes most topic words. Adding or removing a day touches only that day's rows and
every score stays exact for the current collection.
"""

from __future__ import annotations

import math
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from vaultkit.retrieval.chunks import parse_turns
from vaultkit.retrieval.tokenize import tokenize

__all__ = ["PROXIMITY_DISTANCE", "DayIndex", "proximity_bonus"]

_SCHEMA = """
CREATE VIRTUAL TABLE IF NOT EXISTS rk_day USING fts5(terms, day UNINDEXED, n UNINDEXED,
    tokenize='unicode61');
CREATE VIRTUAL TABLE IF NOT EXISTS rk_win USING fts5(terms, day UNINDEXED, n UNINDEXED,
    tokenize='unicode61');
CREATE VIRTUAL TABLE IF NOT EXISTS rk_day_inst USING fts5vocab(rk_day, 'instance');
CREATE VIRTUAL TABLE IF NOT EXISTS rk_win_inst USING fts5vocab(rk_win, 'instance');
CREATE VIRTUAL TABLE IF NOT EXISTS rk_day_row USING fts5vocab(rk_day, 'row');
CREATE VIRTUAL TABLE IF NOT EXISTS rk_win_row USING fts5vocab(rk_win, 'row');
CREATE TABLE IF NOT EXISTS rk_speaker(day TEXT, name TEXT, PRIMARY KEY(day, name));
CREATE TABLE IF NOT EXISTS rk_rows(day TEXT, tbl TEXT, row INTEGER, n INTEGER);
CREATE INDEX IF NOT EXISTS rk_rows_day ON rk_rows(day);
CREATE TABLE IF NOT EXISTS rk_stats(tbl TEXT PRIMARY KEY, n INTEGER, total INTEGER);
INSERT OR IGNORE INTO rk_stats VALUES ('rk_day', 0, 0), ('rk_win', 0, 0);
"""
_CHUNK = 500  # SQLite's default limit on host parameters is 999
# Rows FTS5 preselects per query and table; every matching row while no more match than this.
CANDIDATES = 5000
PROXIMITY_DISTANCE = 5  # BM25TP's window: two query terms at most this many terms apart count


def proximity_bonus(
    positions: Mapping[str, Sequence[int]],
    idf: Mapping[str, float],
    norm: float,
    *,
    k1: float = 1.2,
    max_distance: int = PROXIMITY_DISTANCE,
) -> float:
    """BM25TP's term-pair score (Rasolofo and Savoy, ECIR 2003) of one document.

    `positions` are each query term's positions in the document (stopwords already out). Every
    pair of occurrences of two different query terms at most `max_distance` apart adds
    `1 / distance**2` to both terms' accumulators `acc(t)`; the bonus is
    `sum min(1, idf(t)) * acc(t) * (k1 + 1) / (acc(t) + norm)`, saturating like BM25's term
    frequency, with `norm = k1 * (1 - b + b * length / average length)`.
    """
    hits = sorted((at, term) for term, where in positions.items() for at in where)
    acc: dict[str, float] = {}
    for i, (at, term) in enumerate(hits):
        for other_at, other in hits[i + 1 :]:
            if other_at - at > max_distance:
                break
            if other != term:
                near = 1.0 / (other_at - at) ** 2
                acc[term] = acc.get(term, 0.0) + near
                acc[other] = acc.get(other, 0.0) + near
    return sum(min(1.0, idf[t]) * a * (k1 + 1) / (a + norm) for t, a in acc.items())


class DayIndex:
    """Day and passage BM25 over FTS5; `half_window` h makes passages of 2h+1 turns."""

    def __init__(
        self,
        db: sqlite3.Connection | None = None,
        *,
        half_window: int = 2,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> None:
        self.db = db if db is not None else sqlite3.connect(":memory:")
        self.h, self.k1, self.b = half_window, k1, b
        self.db.executescript(_SCHEMA)

    def add_day(self, day: str, text: str) -> None:
        """Index (or re-index) one day's text; only that day's rows change. No commit."""
        self.remove_day(day)
        turns = parse_turns(text)
        self._insert("rk_day", day, [tokenize(text)])
        per_turn = [tokenize(t.text) for t in turns]  # each turn once, not once per passage
        passages = [
            [term for terms in per_turn[max(0, i - self.h) : i + self.h + 1] for term in terms]
            for i in range(len(turns))
        ]
        self._insert("rk_win", day, passages)
        self.db.executemany(
            "INSERT OR IGNORE INTO rk_speaker VALUES (?, ?)",
            [(day, t.speaker) for t in turns if t.speaker],
        )

    def _insert(self, table: str, day: str, documents: list[list[str]]) -> None:
        """Insert a day's rows with explicit rowids, so their bookkeeping needs no lookup."""
        last = self.db.execute(f"SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT 1").fetchone()
        first = (last[0] if last else 0) + 1
        rows = [(first + i, " ".join(terms), day, len(terms)) for i, terms in enumerate(documents)]
        self.db.executemany(f"INSERT INTO {table}(rowid, terms, day, n) VALUES (?, ?, ?, ?)", rows)
        self.db.executemany(
            "INSERT INTO rk_rows VALUES (?, ?, ?, ?)", [(day, table, r[0], r[3]) for r in rows]
        )
        self.db.execute(
            "UPDATE rk_stats SET n = n + ?, total = total + ? WHERE tbl = ?",
            (len(rows), sum(r[3] for r in rows), table),
        )

    def remove_day(self, day: str) -> None:
        """Drop a day's rows. No commit."""
        rows = self.db.execute("SELECT tbl, row, n FROM rk_rows WHERE day = ?", (day,)).fetchall()
        for table in {r[0] for r in rows}:
            mine = [(row, length) for tbl, row, length in rows if tbl == table]
            self.db.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(r,) for r, _ in mine])
            self.db.execute(
                "UPDATE rk_stats SET n = n - ?, total = total - ? WHERE tbl = ?",
                (len(mine), sum(length for _, length in mine), table),
            )
        self.db.execute("DELETE FROM rk_rows WHERE day = ?", (day,))
        self.db.execute("DELETE FROM rk_speaker WHERE day = ?", (day,))

    def days(self) -> list[str]:
        """Every indexed day, in order."""
        return [r[0] for r in self.db.execute("SELECT day FROM rk_day ORDER BY day")]

    def speaker_terms(self) -> set[str]:
        """The first term of every speaker name (e.g. `melani` for Melanie)."""
        out = set()
        for (name,) in self.db.execute("SELECT DISTINCT name FROM rk_speaker"):
            terms = tokenize(name)
            if terms:
                out.add(terms[0])
        return out

    def day_scores(self, terms: list[str]) -> dict[str, float]:
        """BM25 of whole days for the query terms (only days matching a term)."""
        return dict(self._bm25_postings("rk_day", terms).values())

    def window_scores(self, terms: list[str], *, proximity: bool = True) -> dict[str, float]:
        """The best passage score of each day: BM25, plus the BM25TP bonus with `proximity`."""
        out: dict[str, float] = {}
        for day, score in self._bm25_candidates("rk_win", terms, proximity=proximity).values():
            if score > out.get(day, 0.0):
                out[day] = score
        return out

    def _bm25_candidates(
        self, table: str, terms: Iterable[str], *, proximity: bool = False
    ) -> dict[int, tuple[str, float]]:
        """`{rowid: (day, BM25)}` of the rows of `table` matching one of `terms` (repeats count);
        with `proximity`, plus `proximity_bonus` for rows holding two different query terms.
        Best for a table of many short rows (passages).

        FTS5 picks the candidate rows (`MATCH ... ORDER BY rank LIMIT`, in C); they are rescored
        here with the exact statistics. Whenever at most `CANDIDATES` rows match, that is every
        matching row and the scores are exact; beyond, the rows FTS5's own BM25 ranks lower are
        left out, which only differs from ours for terms in over half the rows.
        """
        query = Counter(terms)
        n, total = self.db.execute(
            "SELECT n, total FROM rk_stats WHERE tbl = ?", (table,)
        ).fetchone()
        if not query or not n:
            return {}
        avg = total / n or 1.0
        idf = {}
        for term in query:
            row = self.db.execute(f"SELECT doc FROM {table}_row WHERE term = ?", (term,)).fetchone()
            if row:
                idf[term] = math.log(1 + (n - row[0] + 0.5) / (row[0] + 0.5))
        if not idf:
            return {}
        match = " OR ".join(f'"{term}"' for term in idf)
        k1, b = self.k1, self.b
        out: dict[int, tuple[str, float]] = {}
        for rowid, day, length, text in self.db.execute(
            f"SELECT rowid, day, n, terms FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT ?",
            (match, CANDIDATES),
        ):
            positions: dict[str, list[int]] = {}
            for at, word in enumerate(text.split()):
                if word in idf:
                    positions.setdefault(word, []).append(at)
            norm = k1 * (1 - b + b * length / avg)
            score = sum(
                query[t] * idf[t] * len(at) * (k1 + 1) / (len(at) + norm)
                for t, at in positions.items()
            )
            if proximity and len(positions) > 1:
                score += proximity_bonus(positions, idf, norm, k1=k1)
            out[rowid] = (day, score)
        return out

    def _bm25_postings(self, table: str, terms: Iterable[str]) -> dict[int, tuple[str, float]]:
        """`{rowid: (day, BM25)}` of every row of `table` matching one of `terms` (repeats count),
        from the term postings. Best for a table of few, long rows (whole days)."""
        query = Counter(terms)
        n, total = self.db.execute(
            "SELECT n, total FROM rk_stats WHERE tbl = ?", (table,)
        ).fetchone()
        if not query or not n:
            return {}
        avg = total / n or 1.0
        found: dict[str, dict[int, int]] = {}  # term -> row -> frequency of the term
        for term in query:
            rows = self.db.execute(
                f"SELECT doc, count(*) FROM {table}_inst WHERE term = ? GROUP BY doc", (term,)
            ).fetchall()
            if rows:
                found[term] = dict(rows)
        ids = sorted({doc for per_doc in found.values() for doc in per_doc})
        meta: dict[int, tuple[str, int]] = {}
        for i in range(0, len(ids), _CHUNK):
            part = ids[i : i + _CHUNK]
            sql = f"SELECT rowid, day, n FROM {table} WHERE rowid IN ({','.join('?' * len(part))})"
            meta.update((rowid, (day, length)) for rowid, day, length in self.db.execute(sql, part))
        k1, b = self.k1, self.b
        out: dict[int, tuple[str, float]] = {}
        for term, per_doc in found.items():
            idf = math.log(1 + (n - len(per_doc) + 0.5) / (len(per_doc) + 0.5))
            for doc, f in per_doc.items():
                day, length = meta[doc]
                score = query[term] * idf * f * (k1 + 1) / (f + k1 * (1 - b + b * length / avg))
                out[doc] = (day, out[doc][1] + score if doc in out else score)
        return out
