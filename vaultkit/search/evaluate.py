"""`vaultkit eval`: how well search finds labelled days, and which weights would find them better.

A queries file is JSON lines `{"query", "gold_dates", "as_of"?, "category"?}`. Per query:
recall@k = share of its gold days in the top k; hit@k = 1 when any gold day is in the top k;
MRR = 1 / rank of the first gold day (0 when none is ranked). Each is averaged over queries.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import FileFormatError, UsageError
from vaultkit.index.store import open_index
from vaultkit.model import Progress
from vaultkit.search.filters import NO_FILTERS
from vaultkit.search.scoring import Scoring
from vaultkit.search.search import Searcher

ALL = "all"


@dataclass(frozen=True)
class Query:
    """One labelled question: the days whose notes hold its answer."""

    text: str
    gold: frozenset[date]
    as_of: date | None = None
    category: str = ""


@dataclass
class Row:
    """Averages over a group of queries."""

    n: int
    recall: dict[int, float]
    hit: dict[int, float]
    mrr: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "recall": {str(k): round(v, 4) for k, v in self.recall.items()},
            "hit": {str(k): round(v, 4) for k, v in self.hit.items()},
            "mrr": round(self.mrr, 4),
        }


@dataclass(frozen=True)
class SweepPoint:
    """One scoring of the sweep grid and what it achieved over all queries."""

    scoring: Scoring
    recall: float
    mrr: float
    current: bool = False


@dataclass
class Report:
    """An evaluation: rows for all queries and each category, and the sweep when asked."""

    queries: int
    ks: tuple[int, ...]
    rows: dict[str, Row]
    sweep: list[SweepPoint] = field(default_factory=list)
    sweep_k: int = 5

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "queries": self.queries,
            "k": list(self.ks),
            "results": {name: row.as_dict() for name, row in self.rows.items()},
        }
        if self.sweep:
            data["sweep"] = [
                {
                    "weights": {
                        "semantic": p.scoring.w_sem,
                        "importance": p.scoring.w_imp,
                        "recency": p.scoring.w_rec,
                    },
                    "relevance_gate": p.scoring.gate,
                    "expansion_factor": p.scoring.expansion_factor,
                    f"recall@{self.sweep_k}": round(p.recall, 4),
                    "mrr": round(p.mrr, 4),
                    "current": p.current,
                }
                for p in self.sweep
            ]
        return data


def load_queries(path: Path) -> list[Query]:
    """Read a queries file; a bad line is an error naming the file and the line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise UsageError("no such queries file", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read: {exc}", path=path) from None
    queries = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        queries.append(_query(line, path, number))
    if not queries:
        raise UsageError("no queries in the file", path=path)
    return queries


def _query(line: str, path: Path, number: int) -> Query:
    def bad(message: str) -> FileFormatError:
        return FileFormatError(message, path=path, line=number, rule="eval-query")

    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise bad(f"invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("query"), str):
        raise bad('expected an object with a "query" string')
    if not data["query"].strip():
        raise bad("the query is empty")  # as `vaultkit search` says of an empty query
    gold_raw = data.get("gold_dates")
    if not isinstance(gold_raw, list) or not gold_raw:
        raise bad('"gold_dates": expected a non-empty list of YYYY-MM-DD dates')
    gold = [parse_date(g) if isinstance(g, str) else None for g in gold_raw]
    if None in gold:
        raise bad(f'"gold_dates": not all YYYY-MM-DD dates: {gold_raw}')
    as_of = data.get("as_of")
    when = parse_date(as_of) if isinstance(as_of, str) else None
    if as_of is not None and when is None:
        raise bad(f'"as_of": expected YYYY-MM-DD, got {as_of!r}')
    category = data.get("category") or ""
    return Query(data["query"], frozenset(g for g in gold if g), when, str(category))


def evaluate_file(
    config: Config,
    path: Path,
    *,
    ks: Sequence[int] = (1, 3, 5, 10),
    as_of: date | None = None,
    exclude: Iterable[str] = (),
    sweep: bool = False,
    progress: Progress | None = None,
) -> Report:
    """Evaluate the queries of a file against the config's vault (refreshing its index first)."""
    skipped = set(exclude)
    queries = [q for q in load_queries(path) if q.category not in skipped]
    if not queries:
        raise UsageError("every query is in an excluded category", path=path)
    return evaluate(config, queries, ks=ks, as_of=as_of, sweep=sweep, progress=progress)


def evaluate(
    config: Config,
    queries: Sequence[Query],
    *,
    ks: Sequence[int] = (1, 3, 5, 10),
    as_of: date | None = None,
    sweep: bool = False,
    progress: Progress | None = None,
) -> Report:
    """Run every query once through the semantic backend, then rank with the config's scoring
    (and, with `sweep`, with each scoring of the grid: the semantic scores are reused).

    A query's `as_of` (else `as_of`, else today) is the vault as it stood that day, as for
    `search --as-of`: later days are left out.
    """
    ks = tuple(sorted(set(ks)))
    # A measurement: every file checked.
    with open_index(config, rescan=True, progress=progress) as index:
        searcher = Searcher(config, index)
        days = [q.as_of or as_of or date.today() for q in queries]
        found = []
        for done, (q, day) in enumerate(zip(queries, days, strict=True)):
            if progress is not None:
                progress("querying", done, len(queries))
            found.append(searcher.read(q.text, day, NO_FILTERS.up_to(day)))
        records = searcher.records

        def ranks(scoring: Scoring) -> list[list[date]]:
            # What `search` answers: a span question's days in its window, others by the score.
            return [
                [h.date for h in searcher.answer(read, day, top_k=len(records), scoring=scoring)]
                for read, day in zip(found, days, strict=True)
            ]

        ranked = ranks(searcher.scoring)
        rows = {ALL: _row(queries, ranked, ks)}
        for category in sorted({q.category for q in queries if q.category}):
            chosen = [i for i, q in enumerate(queries) if q.category == category]
            rows[category] = _row([queries[i] for i in chosen], [ranked[i] for i in chosen], ks)
        report = Report(len(queries), ks, rows)
        if sweep:
            k = 5 if 5 in ks else ks[-1]
            report.sweep_k = k
            points = []
            for scoring in sweep_grid(searcher.scoring):
                row = _row(queries, ranks(scoring), (k,))
                current = scoring == searcher.scoring
                points.append(SweepPoint(scoring, row.recall[k], row.mrr, current))
            points.sort(key=lambda p: (-p.recall, -p.mrr, not p.current))
            report.sweep = points
    return report


def sweep_grid(base: Scoring) -> list[Scoring]:
    """Weights on a 0.1 grid summing to 1 with semantic >= 0.4, a few gate widths and expansion
    factors; the base scoring is always included."""
    grid = {base}
    steps = [i / 10 for i in range(11)]
    for w_sem, w_imp in itertools.product(steps, steps):
        w_rec = round(1 - w_sem - w_imp, 2) + 0.0  # + 0.0: never -0.0
        if w_sem < 0.4 or w_rec < 0:
            continue
        for gate, factor in itertools.product((0.1, 0.3, 1.0), (0.0, 0.5, 0.7, 0.9)):
            grid.add(
                replace(
                    base, w_sem=w_sem, w_imp=w_imp, w_rec=w_rec, gate=gate, expansion_factor=factor
                )
            )
    return sorted(grid, key=lambda s: (-s.w_sem, -s.w_imp, s.gate, s.expansion_factor))


def _row(queries: Sequence[Query], ranked: Sequence[list[date]], ks: Sequence[int]) -> Row:
    recall = dict.fromkeys(ks, 0.0)
    hit = dict.fromkeys(ks, 0.0)
    mrr = 0.0
    for query, days in zip(queries, ranked, strict=True):
        for k in ks:
            found = len(query.gold.intersection(days[:k]))
            recall[k] += found / len(query.gold)
            hit[k] += 1.0 if found else 0.0
        first = next((i for i, d in enumerate(days, 1) if d in query.gold), None)
        mrr += 1 / first if first else 0.0
    n = len(queries) or 1
    return Row(
        len(queries),
        {k: v / n for k, v in recall.items()},
        {k: v / n for k, v in hit.items()},
        mrr / n,
    )
