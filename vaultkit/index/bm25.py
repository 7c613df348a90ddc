"""An incremental BM25 index of days and their passages, in plain SQLite tables.

Tables (prefix `rk_`, so they can share a database with other tables):

* `rk_doc`: one row per day: its id, length in terms and number of passages.
* `rk_post`: the day postings, `(term, doc) -> term frequency`, clustered by term, so a query
  reads each of its terms' postings as one range.
* `rk_turns`: each day's turns as terms (one line per turn), the text its passages are cut from,
  the day's distinct terms, so removing a day touches only its own postings, and which turns are
  asides (`asides`: a topic named without its status), which `named` does not count.
* `rk_pdf`: each term's passage document frequency; `rk_stats`: each level's row count and total
  length. Together they keep every IDF exact as days come and go.
* `rk_speaker`: the speaker names seen per day (who has two turns or more: "Decided: ..." said
  once is a label). A query naming a speaker drops the name from passage matching: a speaker's
  name is in every passage of a chat and says nothing about the topic.

A passage is the turns `i-h .. i+h` around each turn `i` of a day. Text is analysed by the workspace's
`language.Analyzer` (stopwords out, Snowball stems), so the index and the queries see the same terms.

Scores are Okapi BM25 (k1=1.2, b=0.75) with Lucene's non-negative IDF `ln(1 + (N-df+.5)/(df+.5))`.
Passages also get a term-proximity bonus (BM25TP, Rasolofo and Savoy 2003, see `proximity_bonus`):
an exchange where the query's words stand next to each other ("camped" beside "mountains") beats one
where they are scattered over five turns. Whole days do not: over a whole day, nearness is chance.

A query is answered in two stages, as search engines re-rank: whole-day BM25 over every day holding
a query term (one SQL aggregate over the postings), then passages for the `RERANK_DAYS` best of those
days only, cut from their stored turns. Passages are where the cost is (a common word is in a
hundred thousand of them); a day whose whole text barely mentions the query does not hold the best
passage for it. With at most `RERANK_DAYS` matching days, every day's passages are scored.
"""

from __future__ import annotations

import functools
import math
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from itertools import accumulate
from typing import TYPE_CHECKING

from vaultkit.catalog.batched import chunks
from vaultkit.index.date_terms import day_terms, is_date_term
from vaultkit.index.mentions import ints as _ints
from vaultkit.index.proximity import PROXIMITY_DISTANCE, proximity_bonus
from vaultkit.index.sql import Database, open_sqlite
from vaultkit.text.language import Analyzer

if TYPE_CHECKING:
    from vaultkit.index.analysis import DayRows

__all__ = ["PROXIMITY_DISTANCE", "RERANK_DAYS", "DayIndex", "proximity_bonus"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rk_doc(id INTEGER PRIMARY KEY, day TEXT UNIQUE, n INTEGER,
    passages INTEGER);
CREATE TABLE IF NOT EXISTS rk_post(term TEXT, doc INTEGER, tf INTEGER, PRIMARY KEY(term, doc))
    WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rk_pos(term TEXT, doc INTEGER, pos BLOB, PRIMARY KEY(term, doc))
    WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rk_turns(doc INTEGER PRIMARY KEY, ends BLOB, turns TEXT, terms TEXT,
    asides TEXT, events TEXT);
CREATE TABLE IF NOT EXISTS rk_pdf(term TEXT PRIMARY KEY, df INTEGER) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rk_speaker(day TEXT, name TEXT, PRIMARY KEY(day, name));
CREATE TABLE IF NOT EXISTS rk_stats(tbl TEXT PRIMARY KEY, n INTEGER, total INTEGER);
INSERT INTO rk_stats VALUES ('day', 0, 0), ('passage', 0, 0) ON CONFLICT DO NOTHING;
"""
RERANK_DAYS = 200  # days whose passages a query scores: the best by whole-day BM25
DATE_TERMS = 2  # each passage also holds its day's date and month (see `dates`)


class DayIndex:
    """Day and passage BM25 over SQLite; `half_window` h makes passages of 2h+1 turns."""

    def __init__(
        self,
        db: Database | None = None,
        *,
        half_window: int = 2,
        k1: float = 1.2,
        b: float = 0.75,
        analyzer: Analyzer | None = None,
        create: bool = True,
    ) -> None:
        self.db: Database = db if db is not None else open_sqlite(":memory:")
        self.h, self.k1, self.b = half_window, k1, b
        self.analyzer = analyzer or Analyzer()
        self._totals: dict[str, tuple[int, int]] | None = None
        self._df_delta: Counter[str] = Counter()
        self._stat_delta: dict[str, list[int]] = {}
        if create:  # off where the tables exist: a shared index's reader may not write
            self.db.executescript(_SCHEMA)

    def terms(self, text: str) -> list[str]:
        """A text's terms as this index's languages analyse it (the same for days and queries)."""
        return self.analyzer.terms(text)

    # --- writing ---------------------------------------------------------------------------

    def store_day(self, day: str, rows: DayRows) -> None:
        """Index (or re-index) one day from its analysed rows (`analysis.analyse_day` with this
        index's terms and window). No commit."""
        self.remove_day(day)
        (doc,) = self.db.execute(
            "INSERT INTO rk_doc(day, n, passages) VALUES (?, ?, ?) RETURNING id",
            (day, rows.length, rows.passages),
        ).fetchone()
        self.db.executemany(
            "INSERT INTO rk_post VALUES (?, ?, ?)", [(t, doc, f) for t, f in rows.counts.items()]
        )
        self.db.executemany(
            "INSERT INTO rk_pos VALUES (?, ?, ?)",
            [(t, doc, where) for t, where in rows.positions.items()],
        )
        self.db.execute(
            "INSERT INTO rk_turns VALUES (?, ?, ?, ?, ?, ?)",
            (doc, rows.turn_ends, rows.turns, rows.terms, rows.asides, rows.marks),
        )
        self._count_passages(rows.passage_df, +1)
        self._count("day", 1, rows.length)
        self._count("passage", rows.passages, rows.passage_total)
        self.db.executemany(
            "INSERT INTO rk_speaker VALUES (?, ?) ON CONFLICT DO NOTHING",
            [(day, name) for name in rows.speakers],
        )

    def remove_day(self, day: str) -> None:
        """Drop a day's rows, and its share of the statistics. No commit."""
        row = self.db.execute(
            "SELECT d.id, d.n, d.passages, t.turns, t.terms FROM rk_doc d "
            "JOIN rk_turns t ON t.doc = d.id WHERE d.day = ?",
            (day,),
        ).fetchone()
        if row is None:
            return
        doc, length, passages, turns, terms = row
        from vaultkit.index.analysis import passage_stats

        passage_df, passage_total = passage_stats(day, _split_turns(turns, passages), self.h)
        pairs = [(t, doc) for t in terms.split()]
        self.db.executemany("DELETE FROM rk_post WHERE term = ? AND doc = ?", pairs)
        self.db.executemany("DELETE FROM rk_pos WHERE term = ? AND doc = ?", pairs)
        self.db.execute("DELETE FROM rk_turns WHERE doc = ?", (doc,))
        self.db.execute("DELETE FROM rk_doc WHERE id = ?", (doc,))
        self._count_passages(passage_df, -1)
        self._count("day", -1, -length)
        self._count("passage", -passages, -passage_total)
        self.db.execute("DELETE FROM rk_speaker WHERE day = ?", (day,))

    # The statistics change with every day; a rebuild updated the same rows once a day in one
    # transaction, and on PostgreSQL each update leaves a row version that the next one must
    # step over (hours at 10k days). Summed here, written once by `flush`.

    def _count_passages(self, df: Counter[str], sign: int) -> None:
        for term, n in df.items():
            self._df_delta[term] += sign * n

    def _count(self, level: str, rows: int, total: int) -> None:
        self._totals = None
        counted = self._stat_delta.setdefault(level, [0, 0])
        counted[0] += rows
        counted[1] += total

    def flush(self) -> None:
        """Write the summed changes of the statistics. No commit."""
        changed = [(term, n) for term, n in self._df_delta.items() if n]
        if changed:
            self.db.executemany(
                "INSERT INTO rk_pdf VALUES (?, ?) "
                "ON CONFLICT(term) DO UPDATE SET df = rk_pdf.df + excluded.df",
                changed,
            )
            fallen = [(t,) for t, n in changed if n < 0]
            self.db.executemany("DELETE FROM rk_pdf WHERE term = ? AND df <= 0", fallen)
        for level, (rows, total) in self._stat_delta.items():
            self.db.execute(
                "UPDATE rk_stats SET n = n + ?, total = total + ? WHERE tbl = ?",
                (rows, total, level),
            )
        self.discard()

    def discard(self) -> None:
        """Forget the summed changes (their transaction was rolled back)."""
        self._df_delta.clear()
        self._stat_delta.clear()

    # --- reading ---------------------------------------------------------------------------

    def days(self) -> list[str]:
        """Every indexed day, in order."""
        return [r[0] for r in self.db.execute("SELECT day FROM rk_doc ORDER BY day")]

    def held(self, terms: Collection[str]) -> dict[str, int]:
        """How many days hold each of `terms` (the ones no day holds left out)."""
        self.flush()
        out: dict[str, int] = {}
        for chunk in chunks(list(terms)):
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT term, count(*) FROM rk_post WHERE term IN ({marks}) GROUP BY term"
            out.update(self.db.execute(sql, list(chunk)).fetchall())
        return out

    def speaker_terms(self) -> set[str]:
        """The first term of every speaker name (e.g. `melani` for Melanie)."""
        out = set()
        for (name,) in self.db.execute("SELECT DISTINCT name FROM rk_speaker"):
            terms = self.terms(name)
            if terms:
                out.add(terms[0])
        return out

    def day_scores(
        self, terms: Iterable[str], extra: Mapping[str, float] | None = None
    ) -> dict[str, float]:
        """BM25 of whole days for the query terms (repeats count) and the `extra` terms, each
        with its weight (a translation's share); only days matching a term."""
        query = _weighted(terms, extra)
        if not query:
            return {}
        self.flush()
        self._totals = None  # a new question: the statistics as they are now
        n, avg = self._stats("day")
        # One statement for every term's document frequency: a round trip costs more than the
        # count on a shared index across a network.
        marks = ",".join("?" * len(query))
        found = dict(
            self.db.execute(
                f"SELECT term, count(*) FROM rk_post WHERE term IN ({marks}) GROUP BY term",
                list(query),
            ).fetchall()
        )
        weights = []
        for term, repeats in query.items():
            df = found.get(term, 0)
            if df:
                weights.append((term, repeats * math.log(1 + (n - df + 0.5) / (df + 0.5))))
        if not weights:
            return {}
        k1, b = self.k1, self.b
        # The arithmetic runs in SQLite: one pass over the query terms' postings, no row in Python
        # but the result. `w` is each term's weight (IDF times its repeats in the query).
        sql = (
            "WITH w(term, weight) AS (VALUES "
            + ", ".join("(?, ?)" for _ in weights)
            + ") SELECT d.day, sum(w.weight * p.tf * ? / (p.tf + ? * (? + ? * d.n))) "
            "FROM w JOIN rk_post p ON p.term = w.term JOIN rk_doc d ON d.id = p.doc GROUP BY d.day"
        )
        params = [x for pair in weights for x in pair]
        params += [k1 + 1, k1, 1 - b, b / avg]
        return dict(self.db.execute(sql, params).fetchall())

    def window_scores(
        self,
        terms: Iterable[str],
        *,
        days: Collection[str] | None = None,
        proximity: bool = True,
        extra: Mapping[str, float] | None = None,
    ) -> dict[str, float]:
        """The best passage score of each day (of `days`, default every day) holding a query term
        or an `extra` one (weighted as `day_scores` weighs it): BM25, plus the BM25TP bonus with
        `proximity`."""
        query = _weighted(terms, extra)
        if not query:
            return {}
        self.flush()
        n, avg = self._stats("passage")
        marks = ",".join("?" * len(query))
        rows = self.db.execute(f"SELECT term, df FROM rk_pdf WHERE term IN ({marks})", list(query))
        found = dict(rows.fetchall())
        idf = {}
        for term in query:
            df = found.get(term, 0)
            if df > 0:
                idf[term] = math.log(1 + (n - df + 0.5) / (df + 0.5))
        if not idf:
            return {}
        weights = {t: query[t] * idf[t] * (self.k1 + 1) for t in idf}
        # A term weighed below a word of the question (a translation's share) brings as much less
        # to the proximity bonus.
        idf = {t: idf[t] * min(1.0, query[t]) for t in idf}
        dates = {t for t in idf if is_date_term(t)}
        out: dict[str, float] = {}
        for day, ends, hits in self._hits(list(idf), dates, days):
            dated = dates.intersection(day_terms(day))
            best = self._best_passage(ends, hits, dated, weights, idf, avg, proximity)
            if best > 0:
                out[day] = best
        return out

    def _hits(
        self, terms: list[str], dates: Collection[str], days: Collection[str] | None
    ) -> Iterator[tuple[str, array[int], dict[str, array[int]]]]:
        """(day, where each turn ends, each query term's positions) of the days holding a term.

        Date terms have no positions (they are fields of the day, not words of its turns)."""
        marks = ",".join("?" * len(terms))
        if days is None:
            chosen = (
                f"SELECT doc FROM rk_pos WHERE term IN ({marks}) UNION "
                f"SELECT doc FROM rk_post WHERE term IN ({','.join('?' * len(dates))})"
            )
            groups: list[list[str]] = [[*terms, *dates]]
        else:
            chosen = "SELECT id FROM rk_doc WHERE day IN ({})"
            wanted = sorted(days)
            groups = [list(group) for group in chunks(wanted)]
        for group in groups:
            picked = chosen.format(",".join("?" * len(group)))
            params = group
            hits: dict[int, dict[str, array[int]]] = {}
            for doc, term, blob in self.db.execute(
                f"SELECT doc, term, pos FROM rk_pos WHERE term IN ({marks}) AND doc IN ({picked})",
                [*terms, *params],
            ):
                hits.setdefault(doc, {})[term] = _ints(blob)
            for doc, day, blob in self.db.execute(
                "SELECT d.id, d.day, t.ends FROM rk_doc d JOIN rk_turns t ON t.doc = d.id "
                f"WHERE d.id IN ({picked})",
                params,
            ):
                if doc in hits or dates:
                    yield day, _ints(blob), hits.get(doc, {})

    def _best_passage(
        self,
        ends: array[int],
        hits: Mapping[str, array[int]],
        dated: Collection[str],
        weights: Mapping[str, float],
        idf: Mapping[str, float],
        avg: float,
        proximity: bool,
    ) -> float:
        """The best BM25 (+ BM25TP) of the passages around each turn of one day.

        Counts come from prefix sums over the turns; plain BM25 is cheap and the proximity bonus
        is not, so passages are tried in order of BM25 plus the most the bonus could add (each
        term at most `min(1, idf) * (k1 + 1)`), and the search stops when that bound falls below
        the best exact score: the result is exact. `dated` are the query's date terms this day
        holds: once in each passage, with no position (so no proximity bonus).
        """
        k1 = self.k1
        count = len(ends)
        spans = _spans(count, self.h)  # passage i is the turns spans[i][0] .. spans[i][1] - 1
        bounds = [0, *ends]  # turn j holds the positions bounds[j] .. bounds[j + 1] - 1
        base, slope = k1 * (1 - self.b), k1 * self.b / avg
        norms = [base + slope * (bounds[e] - bounds[s] + DATE_TERMS) for s, e in spans]
        dates = sum(weights[t] for t in dated)  # each date term once in every passage: f = 1
        bm25 = [dates / (1 + n) for n in norms] if dated else [0.0] * count
        present = [0] * count
        room = [0.0] * count  # the most the proximity bonus can add to each passage
        for term, where in hits.items():
            per_turn = [0] * count
            for at in where:
                per_turn[bisect_right(ends, at)] += 1
            upto = [0, *accumulate(per_turn)]
            found = [upto[e] - upto[s] for s, e in spans]  # the term's count in each passage
            w, extra = weights[term], min(1.0, idf[term]) * (k1 + 1)
            bm25 = [
                x + w * f / (f + n) if f else x for x, f, n in zip(bm25, found, norms, strict=True)
            ]
            present = [p + 1 if f else p for p, f in zip(present, found, strict=True)]
            room = [r + extra if f else r for r, f in zip(room, found, strict=True)]
        best = max(bm25, default=0.0)
        if not proximity or len(hits) < 2:
            return best
        hopeful = sorted(
            (
                (score + room[i], score, i)
                for i, score in enumerate(bm25)
                if present[i] > 1 and score + room[i] > best
            ),
            reverse=True,
        )
        for bound, score, i in hopeful:
            if bound <= best:
                break
            start, end = bounds[spans[i][0]], bounds[spans[i][1]]
            near = {
                t: where[bisect_left(where, start) : bisect_left(where, end)]
                for t, where in hits.items()
            }
            bonus = proximity_bonus({t: at for t, at in near.items() if at}, idf, norms[i], k1=k1)
            best = max(best, score + bonus)
        return best

    def _stats(self, level: str) -> tuple[int, float]:
        """A level's row count and average length (1 for an empty index)."""
        if self._totals is None:  # both levels in one statement, kept until the next write
            self._totals = {
                tbl: (n, total)
                for tbl, n, total in self.db.execute("SELECT tbl, n, total FROM rk_stats")
            }
        n, total = self._totals[level]
        return n, (total / n if n and total else 1.0)


@functools.lru_cache(maxsize=512)
def _spans(count: int, h: int) -> tuple[tuple[int, int], ...]:
    """(first turn, end turn) of the passage around each of `count` turns."""
    return tuple((max(0, i - h), min(count, i + h + 1)) for i in range(count))


def _split_turns(turns: str, count: int) -> list[list[str]]:
    """A day's stored turns back as term lists (a turn without terms is an empty line)."""
    return [line.split() for line in turns.split("\n")] if count else []


def _weighted(terms: Iterable[str], extra: Mapping[str, float] | None) -> dict[str, float]:
    """Each query term's weight: how often the query says it, and the `extra` terms' own."""
    query: dict[str, float] = {t: float(n) for t, n in Counter(terms).items()}
    for term, weight in (extra or {}).items():
        if weight > 0:
            query.setdefault(term, weight)
    return query
