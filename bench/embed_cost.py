"""What the local embedder costs: the first build of the chunk vectors and the cost of one more day.

    python -m bench.embed_cost --days 1000 [--days 10000] [--measure-up-to 2000] [--rate R]

On a generated vault (bench/generate/, with summaries) whose config is switched to
`search.backend = "hybrid"`, `search.embedder = "local"` (needs `pip install ".[semantic]"`):
the first `vaultkit search` (index and vectors built), then a day added and `search` again (the
+1 day cost), then the same search with nothing new. With `--sample N`, only the first N days'
chunks are embedded and the full build is extrapolated from the chunk count and the measured
rate (a 10k-day vault takes hours on two cores); the report says which figures are measured.
For those larger vaults the chunk vectors are then filled with stand-ins (unit vectors drawn from
each chunk's hash, stored under the local model's name) so that what follows is measured with the
real model: the +1 day (its chunks embedded for real), a search with nothing new, searches in
process, through the CLI and through `vaultkit mcp` (the question embedded for real; scoring costs
the same whatever the vectors hold), and peak memory. Rankings there mean nothing.
Wall-clock times from `time.perf_counter` around a `vaultkit` subprocess; peak memory from
`/usr/bin/time -v` where it exists.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sqlite3
from pathlib import Path

from bench import common, generate
from bench.common import VAULTKIT, fresh_copy, run_cmd, vault_for

QUERY = "what did we decide about the payments database"


def configure(ws: Path) -> Path:
    config_path = ws / "memory_config.json"
    config = json.loads(config_path.read_text())
    config["search"] = {**config.get("search", {}), "backend": "hybrid", "embedder": "local"}
    config_path.write_text(json.dumps(config, indent=2))
    return config_path


def search(config_path: Path) -> dict[str, float]:
    return run_cmd([*VAULTKIT, "search", QUERY, "--json", "--config", str(config_path)])


def chunks(ws: Path) -> int:
    db = sqlite3.connect(ws / "vault" / ".vaultkit" / "index.sqlite")
    try:
        return int(db.execute("SELECT count(*) FROM chunks").fetchone()[0])
    finally:
        db.close()


class _StandIn:
    """Unit vectors drawn from each text's hash, under the local model's name: a vault's index and
    vector cache as the model would leave them, in minutes instead of hours."""

    def __init__(self) -> None:
        from vaultkit.index.local_embedder import MODEL

        self.model = MODEL

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)

    @staticmethod
    def _vector(text: str) -> list[float]:
        rng = random.Random(hashlib.sha256(text.encode()).digest())
        raw = [rng.gauss(0.0, 1.0) for _ in range(384)]
        norm = sum(x * x for x in raw) ** 0.5
        return [x / norm for x in raw]


def build_with(config_path: Path, embedder: object) -> int:
    from vaultkit.config import load_config
    from vaultkit.index.store import open_index

    with open_index(load_config(config_path), embedder=embedder, rescan=True) as index:  # type: ignore[arg-type]
        return int(index.db.execute("SELECT count(*) FROM chunks").fetchone()[0])


def queries(ws: Path, config_path: Path) -> dict[str, object]:
    """Searches with the real model: in process (a warm Searcher), through the CLI, through MCP."""
    inproc = common.worker("query", ws, "2")
    cli = [r["seconds"] for r in common.cli_searches(ws, 1)]
    mcp = common.mcp_round_trips(str(config_path), [q for q, _ in common.QUERIES], 2)
    return {
        "inproc_median_ms": round(inproc["warm_median_ms"], 1),
        "inproc_p95_ms": round(inproc["warm_p95_ms"], 1),
        "cli_median_ms": round(common.median(cli) * 1000),
        "mcp_median_ms": round(mcp["median_ms"]),
        "mcp_first_s": round(mcp["first_s"], 2),
    }


def measure(days: int, rate: float | None) -> dict[str, object]:
    template = vault_for(f"search-{days}", days, with_summaries=True)
    ws = fresh_copy(template, f"embed-{days}-work")
    config_path = configure(ws)
    row: dict[str, object] = {"days": days}
    if rate is not None:
        total = build_with(config_path, _StandIn())
        row.update(
            chunks=total,
            first_build_s_estimated=round(total / rate),
            note="first build estimated at the rate measured on the smaller vault; the rest "
            "measured with the real model on stand-in vectors",
        )
        plus_one_day(ws, config_path, row)
        row.update(queries(ws, config_path))
        return row
    first = search(config_path)
    row.update(
        chunks=chunks(ws),
        first_build_s=round(first["seconds"], 1),
        first_build_peak_mb=first.get("peak_mb"),
    )
    row["chunks_per_s"] = round(int(str(row["chunks"])) / first["seconds"], 2)
    plus_one_day(ws, config_path, row)
    row.update(queries(ws, config_path))
    return row


def plus_one_day(ws: Path, config_path: Path, row: dict[str, object]) -> None:
    generate.add_day(ws, with_summary=True)
    plus_one = search(config_path)
    again = search(config_path)
    row.update(
        plus_one_day_s=round(plus_one["seconds"], 2),
        noop_search_s=round(again["seconds"], 2),
        search_peak_mb=again.get("peak_mb"),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, action="append", required=True)
    parser.add_argument(
        "--measure-up-to", type=int, default=2000, help="larger vaults are estimated"
    )
    parser.add_argument("--rate", type=float, help="chunks/s measured before (for larger vaults)")
    args = parser.parse_args()
    rate = args.rate
    for days in sorted(args.days):
        row = measure(days, rate if days > args.measure_up_to else None)
        if rate is None and "chunks_per_s" in row:
            rate = float(str(row["chunks_per_s"]))
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
