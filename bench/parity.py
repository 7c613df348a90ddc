"""Do the SQLite and PostgreSQL stores rank alike? Each LoCoMo dev conversation is synced into a
workspace on each store (the same config otherwise), and every question is asked of both, and
of a reader of the shared index that has no files: the top ten dates must be the same and each
score within 1e-9.

    VAULTKIT_DATABASE_URL=postgresql://... python -m bench.parity [--set search.backend=hybrid]

Without VAULTKIT_DATABASE_URL a throwaway cluster is started (`tools/pg_cluster.py`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from datetime import date
from pathlib import Path
from typing import Any

from bench import locomo
from tools import pg_cluster
from vaultkit.config import load_config
from vaultkit.search.search import searching

BENCH = Path(__file__).resolve().parent

TOP = 10
TOLERANCE = 1e-9


def rankings(config_path: Path, queries: list[dict[str, Any]], *, reading: bool) -> list[Any]:
    config = load_config(config_path, reading=reading)
    out = []
    with searching(config) as searcher:
        for q in queries:
            result = searcher.ask(q["query"], top_k=TOP, as_of=date.fromisoformat(q["as_of"]))
            out.append([(h.date.isoformat(), h.score) for h in result.hits])
    return out


def compare(a: list[Any], b: list[Any]) -> tuple[int, float]:
    """How many rankings differ in their dates, and the largest score difference."""
    differ, worst = 0, 0.0
    for x, y in zip(a, b, strict=True):
        if [d for d, _ in x] != [d for d, _ in y]:
            differ += 1
            continue
        worst = max([worst, *(abs(s - t) for (_, s), (_, t) in zip(x, y, strict=True))])
    return differ, worst


def conversation(conv: Path, overrides: list[tuple[str, Any]], run_id: str) -> dict[str, Any]:
    queries = [
        q
        for q in map(json.loads, (conv / "queries.jsonl").read_text().splitlines())
        if q.get("category") != "adversarial"
    ]
    locomo.OUT = BENCH / "out" / "parity" / "sqlite"
    local = locomo.workspace(conv, overrides, [])
    vault_id = f"parity-{run_id}-{conv.name}"
    locomo.OUT = BENCH / "out" / "parity" / "postgres"
    shared = locomo.workspace(
        conv, [*overrides, ("index", {"store": "postgres", "vault_id": vault_id})], []
    )
    reader = BENCH / "out" / "parity" / "reader" / conv.name
    if reader.exists():
        shutil.rmtree(reader)
    reader.mkdir(parents=True)
    shutil.copy(shared, reader / "memory_config.json")
    expected = rankings(local, queries, reading=False)
    rows = {}
    for who, path, reading in (
        ("writer", shared, False),
        ("reader", reader / "memory_config.json", True),
    ):
        differ, worst = compare(expected, rankings(path, queries, reading=reading))
        rows[who] = {"differ": differ, "max_score_diff": worst}
    return {"questions": len(queries), **rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=locomo.DATA)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON")
    args = parser.parse_args(argv)
    overrides = locomo.parse_overrides(args.set)
    run_id = os.urandom(3).hex()
    with pg_cluster.database():
        report = {
            conv.name: conversation(conv, overrides, run_id)
            for conv in sorted(p for p in args.data.iterdir() if (p / "queries.jsonl").exists())
        }
    print(json.dumps(report, indent=2))
    bad = any(
        r[w]["differ"] or r[w]["max_score_diff"] > TOLERANCE
        for r in report.values()
        for w in ("writer", "reader")
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
